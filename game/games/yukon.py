"""Yukon (SPEC YU): seven columns, any face-up card moves with everything on it; foundations at
the side."""

from __future__ import annotations

from game.core.i18n import tr
from game.games.record import Game
from game.rules.base import FOUNDATIONS, TABLEAUS, Pile
from game.rules.yukon import Yukon, YukonState
from game.view.layout import DOWN, Slot, TableSpec


def table(s: YukonState) -> TableSpec:
    return TableSpec((tuple(Slot(TABLEAUS[i], DOWN) for i in range(7)),), fan_room=3.6, side=FOUNDATIONS[:4])


def labels(s: YukonState) -> dict[Pile, str]:
    return {f: "A" for f in FOUNDATIONS[:4]}


GAME = Game(
    rules=Yukon(),
    title=lambda: tr("Yukon"),
    blurb=lambda: tr("Like Klondike, but any face-up card moves with all the cards on it."),
    stars=lambda o: 3,
    table=table,
    hints_at="game.hints.yukon:hint_job",
    solver_at="game.solver.problems:YUKON_SOLVER",
    labels=labels,
)
