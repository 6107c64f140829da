"""FreeCell's hint (CM-7, CM-20): every card is visible, so the hint is the next move of a solution
(found once: the next hints, the verdict and the demo share it); a card goes home first when no
card left could need it. A rule of thumb while no solution is found: home first, then building on
a column, then freeing a cell."""

from __future__ import annotations

from typing import Any

from game.core.i18n import tr
from game.games.freecell.rules import FreeCellState
from game.games.freecell.solver import SOLVER
from game.hints.base import Hint, no_more_moves
from game.hints.spec import HintSpec, goes_home_safely
from game.rules.base import MOVE, Move, Variant
from game.rules.pile import CELL, FOUNDATION, TABLEAU
from game.solver.sampling import Place


def nothing_hidden(s: Any, seen: frozenset[object]) -> list[Place]:
    """Every card is face up from the deal."""
    return []


def safe(rules: Variant[Any], s: FreeCellState, m: Move) -> bool:
    """CM-20: a card home that no card left could need (an ace or a two always). Built by suit
    (FC-7), only the card below it in its suit could need it, and that card is home already."""
    if s.layout.by_suit:
        return m.kind == MOVE and m.dst.kind == FOUNDATION and m.src.kind != FOUNDATION
    return goes_home_safely(rules, s, m)


def rule_of_thumb(rules: Variant[Any], s: FreeCellState, legal: list[Move]) -> Hint:
    moves = [m for m in legal if m.kind == MOVE]
    for m in moves:
        if m.dst.kind == FOUNDATION:
            return Hint(m, tr("This card can go to its foundation."))
    for m in moves:
        if m.src.kind == CELL and m.dst.kind == TABLEAU and s.tableau[m.dst.idx]:
            return Hint(m, tr("This frees a cell."))
    for m in moves:
        if (
            m.src.kind == TABLEAU
            and m.dst.kind == TABLEAU
            and s.tableau[m.dst.idx]
            and m.size < len(s.tableau[m.src.idx])
        ):
            return Hint(m, tr("This builds a run and frees the card under it."))
    if moves:
        return Hint(moves[0], tr("A legal move; think a few moves ahead before using a free cell."))
    return no_more_moves()


HINTS = HintSpec(SOLVER, nothing_hidden, rule_of_thumb, safe=safe, budget=300_000)
