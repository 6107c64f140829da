"""Golf's hint (CM-7, CM-20), which never peeks: the stock's cards not yet turned are dealt again
among their places and the plays weighed over those worlds (game/hints/weigh.py); every column
card is face up, so once the stock is all seen the position itself is searched. Golf has no move
that is always right; ties go to the play that starts the longest chain among the cards in sight.
When no line is found, that play; the stock when nothing connects."""

from __future__ import annotations

from typing import Any

from game.core.i18n import tr
from game.games.golf.rules import GolfState, connects
from game.games.golf.solver import SOLVER as GOLF_SOLVER
from game.hints.base import Hint, no_more_moves
from game.hints.spec import HintSpec
from game.rules.base import DRAW, DRAW_MOVE, MOVE, Move, Variant
from game.solver.sampling import Place, unseen_places

CHAIN_DEPTH = 6  # how far a chain is followed


def hidden_places(s: GolfState, seen: frozenset[object]) -> list[Place]:
    """The stock's cards not turned yet (every column card is face up)."""
    return unseen_places(s, "stock", seen)


def progress(rules: Variant[Any], s: GolfState, m: Move) -> int:
    """CM-20's ties: the longer the chain of plays a card starts, the better; the stock last."""
    return chain(s, m) if m.kind == MOVE else 0


def rule_of_thumb(rules: Variant[Any], s: GolfState, legal: list[Move]) -> Hint:
    plays = [m for m in legal if m.kind == MOVE]
    if plays:
        best = max(plays, key=lambda m: chain(s, m))
        return Hint(best, tr("This card continues the longest chain."))
    if any(m.kind == DRAW for m in legal):
        return Hint(DRAW_MOVE, tr("No card connects: turn the stock."))
    return no_more_moves()


def chain(s: GolfState, first: Move, depth: int = CHAIN_DEPTH) -> int:
    """How many cards in a row can be played after ``first`` (visible cards only)."""
    tableau = [list(c) for c in s.tableau]
    top = tableau[first.src.idx].pop()
    best = 0

    def walk(top: int, n: int) -> None:
        nonlocal best
        best = max(best, n)
        if n >= depth:
            return
        for col in tableau:
            if col and connects(col[-1], top):
                card = col.pop()
                walk(card, n + 1)
                col.append(card)

    walk(top, 1)
    return best


# Golf's positions are single ints: some 270,000 a second (tools/bench_hints.py)
HINTS = HintSpec(GOLF_SOLVER, hidden_places, rule_of_thumb, progress=progress, nodes=30_000, checks=3, budget=120_000)
