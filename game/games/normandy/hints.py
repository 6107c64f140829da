"""Normandy's hint (CM-7, CM-20), which never peeks: the face-down cards and the stock's cards
never seen are dealt again among their places (a card seen once, then hidden again by an undo,
stays where it is) and the moves weighed over those worlds (game/hints/weigh.py); with nothing
unseen the position itself is searched. A card goes home first when no card left could need it.
When no line is found, rules of thumb from what the player can see."""

from __future__ import annotations

from typing import Any

from game.core.i18n import tr
from game.games.normandy.rules import NormandyState
from game.games.normandy.solver import SOLVER
from game.hints.base import Hint, empties, no_more_moves, turns_up
from game.hints.spec import HintSpec
from game.rules.base import DEAL_MOVE, MOVE, Move, Variant
from game.rules.pile import FOUNDATION, TABLEAU
from game.solver.sampling import FLAT, Place
from game.solver.two_decks import heights, safe_home_alternate


def hidden_places(s: NormandyState, seen: frozenset[object]) -> list[Place]:
    """The face-down cards and the stock's places never seen (see the rules' ``seen``)."""
    down = [("tableau", i, k) for i in range(len(s.tableau)) for k in range(s.down[i]) if ("t", i, k) not in seen]
    return down + [("stock", FLAT, k) for k in range(len(s.stock)) if ("s", k) not in seen]


def safe(rules: Variant[Any], s: NormandyState, m: Move) -> bool:
    """CM-20 with two decks in alternating colours: a card home that no card left could need."""
    if m.kind != MOVE or m.dst.kind != FOUNDATION or m.src.kind != TABLEAU:
        return False
    column = s.tableau[m.src.idx]
    return bool(column) and safe_home_alternate(column[-1], heights(s.foundations))


def rule_of_thumb(rules: Variant[Any], s: NormandyState, legal: list[Move]) -> Hint:
    """From what the player sees: a card home, a face-down card turned up, a column emptied, a run
    moved onto a card, then a deal; else any move left."""
    moves = [m for m in legal if m.kind == MOVE and m.src.kind == TABLEAU]
    for m in moves:
        if m.dst.kind == FOUNDATION:
            return Hint(m, tr("This card can go to its foundation."))
    for m in moves:
        if turns_up(rules, s, m):
            return Hint(m, tr("This turns up a face-down card."))
    for m in moves:
        if empties(rules, s, m) and s.tableau[m.dst.idx]:
            return Hint(m, tr("This empties a column."))
    if DEAL_MOVE in legal:
        return Hint(DEAL_MOVE, tr("No move makes progress: deal from the stock."))
    if moves:
        return Hint(moves[0], tr("A legal move."))
    return no_more_moves()


HINTS = HintSpec(
    SOLVER, hidden_places, rule_of_thumb, safe=safe, samples=4, most=8, nodes=1_500, checks=2, budget=5_000
)
