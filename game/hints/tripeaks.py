"""TriPeaks' hint (CM-7), which never peeks: the face-down cards of the peaks and the stock cards
never turned are dealt at random among their places several times (the same arrangements for the
same visible position), each arrangement is searched within a small budget, and the play that
keeps the most of them winnable is the hint, with the share said: where the winning lines
disagree, the plays they start most are checked on every arrangement won (a stock turn only when
it keeps more than any play: see game/solver/sampling.py). With nothing hidden left, the position
itself is solved. When no line is found, a rule of thumb from the cards in sight: the play that
turns up a face-down card, else the one that starts the longest chain among the face-up cards,
else the stock."""

from __future__ import annotations

from typing import Any

from game.core.cards import NO_CARD
from game.core.i18n import tr
from game.hints.base import Hint, HintJob, Ready, no_more_moves, sampled_or_solved
from game.rules.base import DRAW, DRAW_MOVE, MOVE, Move, Variant
from game.rules.tripeaks import COVERS, TriPeaksState, connects, face_up, uncovered
from game.solver.sampling import FLAT, Place, arrangements, unseen_places
from game.solver.tripeaks import SOLVER

SAMPLES = 6  # arrangements of the unseen cards a hint is tried on
CHAIN_DEPTH = 6  # how far the rule of thumb follows a chain


def hidden_places(s: TriPeaksState, seen: frozenset[object]) -> list[Place]:
    """The face-down cards of the peaks and the stock's cards, except those the player has seen
    (a card turned up and then undone is known where it lies)."""
    down = [
        ("peaks", FLAT, k) for k, c in enumerate(s.peaks) if c != NO_CARD and not face_up(s.peaks, k) and c not in seen
    ]
    return down + unseen_places(s, "stock", seen)


def hint_job(rules: Variant[Any], s: TriPeaksState, seen: frozenset[object], legal: list[Move]) -> HintJob:
    if not legal:
        return Ready(no_more_moves())
    hidden = hidden_places(s, seen)
    arranged = arrangements(s, hidden, SAMPLES) if hidden else None
    return sampled_or_solved(rules, s, SOLVER, arranged, legal, lambda: rule_of_thumb(s, legal))


def rule_of_thumb(s: TriPeaksState, legal: list[Move]) -> Hint:
    """From the face-up cards only: free a face-down card, else follow the longest chain, else turn the stock."""
    plays = [m for m in legal if m.kind == MOVE]
    for m in plays:
        peaks = tuple(NO_CARD if k == m.src.idx else c for k, c in enumerate(s.peaks))
        if any(face_up(peaks, j) for j in COVERS[m.src.idx]):
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
