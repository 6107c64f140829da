"""FreeCell (SPEC FC): free cells and foundations above eight columns, every card face up."""

from __future__ import annotations

from game.core.i18n import tr
from game.games.freecell.rules import FreeCell, FreeCellState
from game.games.guide import RUN, Section, goal, layout, moves, tip
from game.games.record import Game
from game.rules.pile import CELLS, FOUNDATIONS, TABLEAUS, Pile
from game.rules.table import DOWN, Slot, TableSpec


def table(s: FreeCellState) -> TableSpec:
    top = (*(Slot(CELLS[i]) for i in range(4)), *(Slot(FOUNDATIONS[i]) for i in range(4)))
    return TableSpec((top, tuple(Slot(TABLEAUS[i], DOWN) for i in range(8))), fan_room=2.4)


def labels(s: FreeCellState) -> dict[Pile, str]:
    return {f: "A" for f in FOUNDATIONS[:4]}


def guide() -> list[Section]:
    return [
        goal(tr("Move every card to the foundations, built up by suit from the ace.")),
        layout(tr("All 52 cards face up in eight columns, with four free cells and four foundations above them.")),
        moves(
            tr(
                "Build the columns down in alternate colours. A free cell holds any one card. Several cards "
                "move together when there are enough free cells and empty columns to carry them."
            )
        ),
        tip(tr("Free cells fill up fast: plan a few moves ahead before using one.")),
    ]


GAME = Game(
    rules=FreeCell(),
    title=lambda: tr("FreeCell"),
    blurb=lambda: tr("Every card face up; four free cells to work with."),
    stars=lambda o: 2,
    table=table,
    hints_at="game.games.freecell.hints:HINTS",
    solver_at="game.games.freecell.solver:SOLVER",
    labels=labels,
    guide=guide,
    terms=frozenset({RUN}),
)
