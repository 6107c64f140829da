"""Canfield's hint (CM-7, CM-20), which never peeks: the reserve's face-down cards and the stock's
cards never turned are dealt again among their places (a card once seen is known where it lies,
even after an undo turned it down again) and the moves weighed over those worlds
(game/hints/weigh.py). A card goes home first when no card left could need it (the rank rule,
counted from the deal's base rank: the base card and the next always). With nothing hidden left,
the position itself is searched. When no line is found, a fixed order of rules of thumb."""

from __future__ import annotations

from typing import Any

from game.core.i18n import tr
from game.games.canfield.rules import RESERVE_PILE, CanfieldState
from game.games.canfield.solver import SOLVER
from game.hints.base import Hint, no_more_moves, turn_the_stock
from game.hints.spec import HintSpec, goes_home_safely
from game.rules.base import DRAW, MOVE, RECYCLE, Move, Variant
from game.rules.pile import FOUNDATION, TABLEAU, WASTE
from game.solver.sampling import Place, unseen_places


def hidden_places(s: CanfieldState, seen: frozenset[object]) -> list[Place]:
    """The reserve's cards never turned up and the stock's never turned."""
    return unseen_places(s, "reserve", seen) + unseen_places(s, "stock", seen)


def safe(rules: Variant[Any], s: CanfieldState, m: Move) -> bool:
    """CM-20: a card home that no card left could need, counted from the base rank."""
    return goes_home_safely(rules, s, m, base=s.base)


def rule_of_thumb(rules: Variant[Any], s: CanfieldState, legal: list[Move]) -> Hint:
    """From what the player can see: play from the reserve, send a card home, bring the waste card
    into play, move a whole column so the reserve fills it, then the stock; else any move left.
    It says that no card can move only when none can."""
    moves = [m for m in legal if m.kind == MOVE]
    for m in moves:
        if m.src == RESERVE_PILE:
            return Hint(m, tr("This plays a card from the reserve and turns up the next."))
    for m in moves:
        if m.dst.kind == FOUNDATION:
            return Hint(m, tr("This card can go to its foundation."))
    for m in moves:
        if m.src.kind == WASTE:
            return Hint(m, tr("This brings the waste card into play."))
    for m in moves:
        if m.src.kind == TABLEAU and m.dst.kind == TABLEAU and m.size == len(s.tableau[m.src.idx]) and s.reserve:
            return Hint(m, tr("This empties a column, and the reserve fills it."))
    for m in legal:
        if m.kind == DRAW:
            return turn_the_stock(m, bool(moves))
        if m.kind == RECYCLE:
            return Hint(m, tr("Turn the waste over to go through the stock again."))
    if moves:
        return Hint(moves[0], tr("A legal move."))
    return no_more_moves()


HINTS = HintSpec(SOLVER, hidden_places, rule_of_thumb, safe=safe, nodes=1_500, checks=3, budget=6_000)
