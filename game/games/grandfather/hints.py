"""Grandfather's hint (CM-7, CM-20), which never peeks: the face-down cards never seen are dealt
again among their places (the same worlds for the same visible position) and the moves weighed over
them (game/hints/weigh.py), with the share said. With nothing unseen the position itself is searched.
When no line is found, rules of thumb from what the player can see: a card home, a face-down card
turned up, cards put into order, then the redeal while one is left."""

from __future__ import annotations

from typing import Any

from game.core.i18n import tr
from game.games.grandfather.rules import GrandfatherState
from game.games.grandfather.solver import SOLVER
from game.hints.base import Hint, no_more_moves, turns_up
from game.hints.spec import HintSpec
from game.rules.base import MOVE, REDEAL_MOVE, Move, Variant
from game.rules.pile import FOUNDATION, TABLEAU
from game.solver.sampling import Place, face_down_places


def hidden_places(s: GrandfatherState, seen: frozenset[object]) -> list[Place]:
    """The face-down cards the player has not seen (a redeal turns seen cards face down again)."""
    return face_down_places(s, seen)


def safe(rules: Variant[Any], s: GrandfatherState, m: Move) -> bool:
    """CM-20: once no redeal is left, any card home (built down by suit, no card can ever need it:
    its one-lower card is home already). While a redeal is left, sending a card home changes how the
    piles fall again, so it is weighed like any move."""
    return not s.redeals and m.kind == MOVE and m.dst.kind == FOUNDATION


def rule_of_thumb(rules: Variant[Any], s: GrandfatherState, legal: list[Move]) -> Hint:
    moves = [m for m in legal if m.kind == MOVE]
    for m in moves:
        if m.dst.kind == FOUNDATION:
            return Hint(m, tr("This card can go to its foundation."))
    for m in moves:
        if turns_up(rules, s, m):
            return Hint(m, tr("This turns up a face-down card."))
    for m in moves:
        if m.dst.kind == TABLEAU and s.tableau[m.dst.idx]:
            return Hint(m, tr("This moves cards into order."))
    if REDEAL_MOVE in legal:
        return Hint(REDEAL_MOVE, tr("No move makes progress: redeal the columns."))
    if moves:
        return Hint(moves[0], tr("A legal move."))
    return no_more_moves()


HINTS = HintSpec(SOLVER, hidden_places, rule_of_thumb, safe=safe, nodes=1_000, checks=3, budget=4_000)
