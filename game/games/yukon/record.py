"""Yukon (SPEC YU): seven columns, any face-up card moves with everything on it; foundations at
the side."""

from __future__ import annotations

from game.core.i18n import tr
from game.games.guide import Section, goal, layout, moves, tip
from game.games.record import Game
from game.games.yukon.rules import Yukon, YukonState
from game.rules.pile import FOUNDATIONS, TABLEAUS, Pile
from game.rules.table import DOWN, Slot, TableSpec


def table(s: YukonState) -> TableSpec:
    return TableSpec((tuple(Slot(TABLEAUS[i], DOWN) for i in range(7)),), fan_room=3.6, side=FOUNDATIONS[:4])


def labels(s: YukonState) -> dict[Pile, str]:
    return {f: "A" for f in FOUNDATIONS[:4]}


def guide() -> list[Section]:
    return [
        goal(tr("Move every card to the foundations, built up by suit from the ace.")),
        layout(
            tr(
                "Seven columns: the first is one card, the others 1 to 6 face-down cards with five face-up "
                "cards on them. There is no stock."
            )
        ),
        moves(
            tr(
                "Any face-up card moves with all the cards on it, in order or not, onto a card of the other "
                "colour one rank higher. An empty column takes only a king, with its cards."
            )
        ),
        tip(tr("Work first on the columns with the most face-down cards.")),
    ]


GAME = Game(
    rules=Yukon(),
    title=lambda: tr("Yukon"),
    blurb=lambda: tr("Build down in alternate colours; any face-up card moves with all the cards on it."),
    stars=lambda o: 3,
    table=table,
    hints_at="game.games.yukon.hints:HINTS",
    solver_at="game.games.yukon.solver:SOLVER",
    labels=labels,
    guide=guide,
)
