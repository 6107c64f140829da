"""The hint of the Forty Thieves family (CM-7, CM-20), which never peeks: every column card is face
up, and the stock's cards not turned yet are dealt again among the stock's places (a card turned once, then
put back by an undo, is known where it lies) and the moves weighed over those worlds
(game/hints/weigh.py); once the stock is all seen (a redeal comes only then), the position itself
is searched. A card goes
home first when no card left could need it: an ace or a two, or a card both of whose cards one
rank lower (the only cards that go on it, built in suit) are home. When no line is found, a fixed
order of rules of thumb."""

from __future__ import annotations

from typing import Any

from game.core.i18n import tr
from game.hints.base import Hint, no_more_moves, turn_the_stock
from game.hints.spec import HintSpec
from game.rules.base import DRAW, MOVE, RECYCLE, Move, Variant
from game.rules.pile import FOUNDATION, TABLEAU, WASTE
from game.rules.thieves import ThievesState, fits
from game.solver.sampling import FLAT, Place
from game.solver.spec import SolverSpec
from game.solver.two_decks import heights, safe_home


def hidden_places(s: ThievesState, seen: frozenset[object]) -> list[Place]:
    """The stock's places never turned (``seen`` holds the places turned, see the rules' ``seen``)."""
    return [("stock", FLAT, k) for k in range(len(s.stock)) if ("s", k) not in seen]


def safe(rules: Variant[Any], s: ThievesState, m: Move) -> bool:
    """CM-20 with two decks built in suit: a card home that no card left could need."""
    if m.kind != MOVE or m.dst.kind != FOUNDATION or m.src.kind not in (TABLEAU, WASTE):
        return False
    cards = s.waste if m.src.kind == WASTE else s.tableau[m.src.idx]
    return bool(cards) and safe_home(cards[-1], heights(s.foundations))


def rule_of_thumb(rules: Variant[Any], s: ThievesState, legal: list[Move]) -> Hint:
    """From what the player sees: a card home, the waste's card onto its suit, a card onto its
    suit that empties a column or unburies one, then the stock; else any move left. It says that
    no card can move only when none can."""
    moves = [m for m in legal if m.kind == MOVE]
    onto_cards = [m for m in moves if m.dst.kind == TABLEAU and s.tableau[m.dst.idx]]
    for m in moves:
        if m.dst.kind == FOUNDATION:
            return Hint(m, tr("This card can go to its foundation."))
    for m in onto_cards:
        if m.src.kind == WASTE:
            return Hint(m, tr("This brings the waste card into play."))
    for m in onto_cards:
        if len(s.tableau[m.src.idx]) == 1:
            return Hint(m, tr("This empties a column."))
    for m in onto_cards:
        column = s.tableau[m.src.idx]
        if not fits(column[-1], column[-2]):  # it was not on its own suit already
            return Hint(m, tr("This builds a run and frees the card under it."))
    for m in legal:
        if m.kind == DRAW:
            return turn_the_stock(m, bool(moves))
        if m.kind == RECYCLE:
            return Hint(m, tr("Turn the waste over to go through the stock again."))
    if moves:
        return Hint(moves[0], tr("A legal move."))
    return no_more_moves()


def thieves_hints(solver: SolverSpec) -> HintSpec:
    """The hint of a game of the family, from its solver."""
    return HintSpec(solver, hidden_places, rule_of_thumb, safe=safe, samples=6, most=12, nodes=6_000, checks=2)
