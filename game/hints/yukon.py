"""Yukon's hint (CM-7), which never peeks: the face-down cards are dealt at random among their
places several times (the same arrangements for the same visible position), each is solved within
a small budget, and the move most winning lines share is the hint, with the share said. With no
face-down card left the position itself is solved. When no line is found, rules of thumb from what
the player can see: turn up a face-down card, send a card home, put cards into order."""

from __future__ import annotations

from typing import Any

from game.core.i18n import tr
from game.hints.base import Hint, HintJob, Ready, no_more_moves, sampled_or_solved, turns_up
from game.rules.base import MOVE, Move, Variant
from game.rules.pile import FOUNDATION, TABLEAU
from game.rules.yukon import YukonState
from game.solver.problems import YUKON_SOLVER
from game.solver.sampling import arrangements, face_down_places

SAMPLES = 6  # arrangements of the face-down cards a hint is tried on


def yukon_arrangements(s: YukonState, count: int) -> list[YukonState]:
    """The face-down cards (nothing else is hidden), dealt again among their places."""
    return arrangements(s, face_down_places(s), count)


def hint_job(rules: Variant[Any], s: YukonState, seen: frozenset[object], legal: list[Move]) -> HintJob:
    if not legal:
        return Ready(no_more_moves())
    arranged = yukon_arrangements(s, SAMPLES) if any(s.down) else None
    return sampled_or_solved(rules, s, YUKON_SOLVER, arranged, legal, lambda: rule_of_thumb(rules, s, legal))


def rule_of_thumb(rules: Variant[Any], s: YukonState, legal: list[Move]) -> Hint:
    moves = [m for m in legal if m.kind == MOVE]
    for m in moves:
        if turns_up(rules, s, m):
            return Hint(m, tr("This turns up a face-down card."))
    for m in moves:
        if m.dst.kind == FOUNDATION:
            return Hint(m, tr("This card can go to its foundation."))
    for m in moves:
        if m.dst.kind == TABLEAU and s.tableau[m.dst.idx]:
            return Hint(m, tr("This moves cards into order."))
    if moves:
        return Hint(moves[0], tr("A legal move."))
    return no_more_moves()
