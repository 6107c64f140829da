"""FreeCell (SPEC FC): free cells and foundations above eight columns, every card face up."""

from __future__ import annotations

from game.core.i18n import tr
from game.games.record import Game
from game.rules.base import CELLS, FOUNDATIONS, TABLEAUS, Pile
from game.rules.freecell import FreeCell, FreeCellState
from game.view.layout import DOWN, Slot, TableSpec


def table(s: FreeCellState) -> TableSpec:
    top = (*(Slot(CELLS[i]) for i in range(4)), *(Slot(FOUNDATIONS[i]) for i in range(4)))
    return TableSpec((top, tuple(Slot(TABLEAUS[i], DOWN) for i in range(8))), fan_room=2.4)


def labels(s: FreeCellState) -> dict[Pile, str]:
    return {f: "A" for f in FOUNDATIONS[:4]}


GAME = Game(
    rules=FreeCell(),
    title=lambda: tr("FreeCell"),
    blurb=lambda: tr("Every card face up; four free cells to work with."),
    stars=lambda o: 2,
    table=table,
    hints_at="game.hints.freecell:hint_job",
    solver_at="game.solver.freecell:SOLVER",
    labels=labels,
)
