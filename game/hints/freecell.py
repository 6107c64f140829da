"""FreeCell's hint (CM-7): every card is visible, so the hint is the next move of a solution; a
rule of thumb while none is found: home first, then building on a column, then freeing a cell."""

from __future__ import annotations

from typing import Any

from game.core.i18n import tr
from game.hints.base import Hint, HintJob, Searching, no_more_moves, solved_or
from game.rules.base import MOVE, Move, Variant
from game.rules.freecell import FreeCellState
from game.rules.pile import CELL, FOUNDATION, TABLEAU
from game.solver.freecell import SOLVER
from game.solver.tasks import SolverTask


def hint_job(rules: Variant[Any], s: FreeCellState, seen: frozenset[object], legal: list[Move]) -> HintJob:
    task = SolverTask(SOLVER, s, max_nodes=SOLVER.hint_nodes)
    return Searching(task, lambda r: solved_or(r, rules, s, lambda: rule_of_thumb(s, legal), legal))


def rule_of_thumb(s: FreeCellState, legal: list[Move]) -> Hint:
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
            return Hint(m, tr("This builds a run and uncovers a card."))
    if moves:
        return Hint(moves[0], tr("A legal move; think a few moves ahead before using a free cell."))
    return no_more_moves()
