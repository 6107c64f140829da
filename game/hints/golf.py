"""Golf's hint (CM-7): the playable card that leaves the longest chain of further plays among the
visible cards; the stock when nothing connects."""

from __future__ import annotations

from typing import Any

from game.core.i18n import tr
from game.hints.base import Hint, HintJob, Ready, no_more_moves
from game.rules.base import DRAW, DRAW_MOVE, MOVE, Move, Variant
from game.rules.golf import GolfState, connects


def hint_job(rules: Variant[Any], s: GolfState, seen: frozenset[object], legal: list[Move]) -> HintJob:
    plays = [m for m in legal if m.kind == MOVE]
    if plays:
        best = max(plays, key=lambda m: chain(s, m))
        return Ready(Hint(best, tr("This card continues the longest chain.")))
    if any(m.kind == DRAW for m in legal):
        return Ready(Hint(DRAW_MOVE, tr("No card connects: turn the stock.")))
    return Ready(no_more_moves())


def chain(s: GolfState, first: Move, depth: int = 6) -> int:
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
