"""TriPeaks' hint (CM-7, CM-20), which never peeks: the face-down cards of the peaks and the stock
cards never turned are dealt again among their places (the same worlds for the same visible
position) and the plays weighed over those worlds (game/hints/weigh.py), with the share said; a
stock turn only when no play keeps as many worlds winnable. TriPeaks has no move that is always
right; ties go to the play that turns up a card, then to the one that keeps the run going longest
among the cards in sight. With nothing hidden left, the position itself is searched. When no line
is found, a rule of thumb from the cards in sight: the play that turns up a face-down card, else
the one that starts the longest chain, else the stock."""

from __future__ import annotations

from typing import Any

from game.core.cards import NO_CARD
from game.core.i18n import tr
from game.games.tripeaks.rules import COVERS, TriPeaksState, connects, face_up, uncovered
from game.games.tripeaks.solver import SOLVER
from game.hints.base import Hint, no_more_moves
from game.hints.spec import HintSpec
from game.rules.base import DRAW, DRAW_MOVE, MOVE, Move, Variant
from game.solver.sampling import FLAT, Place, unseen_places

CHAIN_DEPTH = 6  # how far a chain is followed


def hidden_places(s: TriPeaksState, seen: frozenset[object]) -> list[Place]:
    """The face-down cards of the peaks and the stock's cards, except those the player has seen
    (a card turned up and then undone is known where it lies)."""
    down = [
        ("peaks", FLAT, k) for k, c in enumerate(s.peaks) if c != NO_CARD and not face_up(s.peaks, k) and c not in seen
    ]
    return down + unseen_places(s, "stock", seen)


def turns_up(s: TriPeaksState, m: Move) -> bool:
    """Playing this card uncovers a face-down one."""
    peaks = tuple(NO_CARD if k == m.src.idx else c for k, c in enumerate(s.peaks))
    return any(face_up(peaks, j) for j in COVERS[m.src.idx])


def progress(rules: Variant[Any], s: TriPeaksState, m: Move) -> int:
    """CM-20's ties: a card turned up first, then the longest run the play starts among the cards
    in sight; the stock last."""
    if m.kind != MOVE:
        return 0
    return 10 * turns_up(s, m) + chain(s, m.src.idx)


def rule_of_thumb(rules: Variant[Any], s: TriPeaksState, legal: list[Move]) -> Hint:
    """From the face-up cards only: free a face-down card, else follow the longest chain, else turn the stock."""
    plays = [m for m in legal if m.kind == MOVE]
    for m in plays:
        if turns_up(s, m):
            return Hint(m, tr("This turns up a face-down card."))
    if plays:
        best = max(plays, key=lambda m: chain(s, m.src.idx))
        return Hint(best, tr("This card continues the longest chain."))
    if any(m.kind == DRAW for m in legal):
        return Hint(DRAW_MOVE, tr("No card connects: turn the stock."))
    return no_more_moves()


def chain(s: TriPeaksState, first: int, depth: int = CHAIN_DEPTH) -> int:
    """How many cards in a row can be played from ``first`` on, among the cards face up now."""
    peaks = list(s.peaks)
    free = set(uncovered(s.peaks))
    best = 0

    def walk(top: int, n: int) -> None:
        nonlocal best
        best = max(best, n)
        if n >= depth:
            return
        for k in list(free):
            card = peaks[k]
            if card != NO_CARD and connects(card, top, s.wrap):
                peaks[k] = NO_CARD
                walk(card, n + 1)
                peaks[k] = card

    card = peaks[first]
    peaks[first] = NO_CARD
    walk(card, 1)
    return best


# some 150,000 positions a second (tools/bench_hints.py)
HINTS = HintSpec(SOLVER, hidden_places, rule_of_thumb, progress=progress, nodes=20_000, checks=3, budget=70_000)
