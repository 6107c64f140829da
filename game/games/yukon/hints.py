"""Yukon's hint (CM-7, CM-20), which never peeks: the face-down cards are dealt again among their
places (the same worlds for the same visible position) and the moves weighed over them
(game/hints/weigh.py), with the share said; a card goes home first when no card left could need
it. With no face-down card left the position itself is searched. When no line is found, rules of
thumb from what the player can see: turn up a face-down card, send a card home, put cards into
order."""

from __future__ import annotations

from typing import Any

from game.core.i18n import tr
from game.games.yukon.rules import YukonState
from game.games.yukon.solver import SOLVER as YUKON_SOLVER
from game.hints.base import Hint, no_more_moves, turns_up
from game.hints.spec import HintSpec, goes_home_safely
from game.rules.base import MOVE, Move, Variant
from game.rules.pile import FOUNDATION, TABLEAU
from game.solver.sampling import Place, arrangements, face_down_places


def yukon_arrangements(s: YukonState, count: int) -> list[YukonState]:
    """The face-down cards (nothing else is hidden), dealt again among their places."""
    return arrangements(s, face_down_places(s), count)


def hidden_places(s: YukonState, seen: frozenset[object]) -> list[Place]:
    """The face-down cards (nothing else is hidden)."""
    return face_down_places(s)


def safe(rules: Variant[Any], s: YukonState, m: Move) -> bool:
    """CM-20: a card home that no card left could need (an ace or a two always)."""
    return goes_home_safely(rules, s, m)


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


# budgets measured on this machine (tools/bench_hints.py): Yukon's search takes some 8,000 positions a second
HINTS = HintSpec(YUKON_SOLVER, hidden_places, rule_of_thumb, safe=safe, nodes=1_000, checks=3, budget=4_000)
