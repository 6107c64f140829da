"""FreeCell (SPEC FC): free cells and foundations above eight columns, every card face up; and its
family (FC-7), chosen by the option ``game``."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from game.core.i18n import tr
from game.games import options
from game.games.freecell.rules import (
    BAKERS,
    EIGHT_OFF,
    FORECELL,
    FREECELL,
    LAYOUTS,
    SEAHAVEN,
    FreeCell,
    FreeCellState,
)
from game.games.guide import RUN, Section, goal, layout, moves, tip
from game.games.record import Game
from game.rules.pile import CELLS, FOUNDATIONS, TABLEAUS, Pile
from game.rules.table import DOWN, Slot, TableSpec

NAMES: dict[str, Callable[[], str]] = {
    FREECELL: lambda: tr("FreeCell"),
    BAKERS: lambda: tr("Baker's Game"),
    EIGHT_OFF: lambda: tr("Eight Off"),
    FORECELL: lambda: tr("Forecell"),
    SEAHAVEN: lambda: tr("Seahaven Towers"),
}
# Stars out of 5 (CM-14, CM-17): FreeCell's are seed 004's; the family's follow how many deals the
# solver wins and how little room the game leaves (see the notes of FC-7 in docs/rules.md).
STARS = {FREECELL: 2, BAKERS: 4, EIGHT_OFF: 2, FORECELL: 3, SEAHAVEN: 3}


def table(s: FreeCellState) -> TableSpec:
    lay = s.layout
    cells = tuple(Slot(CELLS[i]) for i in range(lay.cells))
    homes = tuple(Slot(FOUNDATIONS[i]) for i in range(4))
    columns = tuple(Slot(TABLEAUS[i], DOWN) for i in range(lay.columns))
    if lay.cells > 4:  # Eight Off: the eight cells above the columns, the foundations beside them
        return TableSpec((cells, columns), fan_room=2.4, side=FOUNDATIONS[:4])
    gap = (Slot(None),) * (lay.columns - 8)  # Seahaven Towers: the cells left, the foundations right
    return TableSpec(((*cells, *gap, *homes), columns), fan_room=2.4)


def labels(s: FreeCellState) -> dict[Pile, str]:
    out = {f: "A" for f in FOUNDATIONS[:4]}
    if s.layout.kings_only:  # FC-7: an empty column takes only a king
        out |= {t: "K" for t in TABLEAUS[: s.layout.columns]}
    return out


def heading(s: FreeCellState) -> str:
    return NAMES[s.game]()


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
        (
            tr("Variations"),
            tr(
                "Baker's Game: as FreeCell, but the columns are built down by suit. Eight Off: built by suit, "
                "with eight free cells, four of them filled at the deal; an empty column takes only a king. "
                "Forecell: the four free cells are filled at the deal; an empty column takes only a king. "
                "Seahaven Towers: ten columns built by suit, four free cells of which two are filled at the "
                "deal; an empty column takes only a king. Where only a king may fill an empty column, only "
                "the free cells help a run move together."
            ),
        ),
        tip(tr("Free cells fill up fast: plan a few moves ahead before using one.")),
    ]


def option_name(key: str) -> str:
    """FC-7's option on a dialog row: which game of the family."""
    return tr("Variation") if key == "game" else options.option_name(key)


def option_value(key: str, value: str) -> str:
    """A game of the family by its name, on a chip or beside the option's name."""
    name = NAMES.get(value) if key == "game" else None
    return name() if name is not None else options.option_value(key, value)


def option_beside(key: str, value: str) -> str:
    name = NAMES.get(value) if key == "game" else None
    return name() if name is not None else options.value_text(key, value)


BLURBS: dict[str, Callable[[], str]] = {
    FREECELL: lambda: tr("Every card face up; four free cells to work with."),
    BAKERS: lambda: tr("FreeCell built down by suit: every card face up, four free cells."),
    EIGHT_OFF: lambda: tr(
        "Eight free cells, four filled at the deal; build down by suit, only kings on empty columns."
    ),
    FORECELL: lambda: tr("The four free cells filled at the deal; alternate colours, only kings on empty columns."),
    SEAHAVEN: lambda: tr("Ten columns built down by suit, two of four free cells filled; only kings on empty columns."),
}


def variation(chosen: Mapping[str, str]) -> str:
    """The game of the family ``chosen`` (FreeCell itself for an unknown value)."""
    game = chosen.get("game", FREECELL)
    return game if game in LAYOUTS else FREECELL


def named(chosen: Mapping[str, str]) -> str:
    return NAMES[variation(chosen)]()


def described(chosen: Mapping[str, str]) -> str:
    return BLURBS[variation(chosen)]()


def stars(chosen: Mapping[str, str]) -> int:
    return STARS[variation(chosen)]


GAME = Game(
    rules=FreeCell(),
    title=lambda: tr("FreeCell"),
    blurb=BLURBS[FREECELL],
    stars=stars,
    table=table,
    hints_at="game.games.freecell.hints:HINTS",
    solver_at="game.games.freecell.solver:SOLVER",
    heading=heading,
    labels=labels,
    guide=guide,
    terms=frozenset({RUN}),
    option_name=option_name,
    option_value=option_value,
    option_beside=option_beside,
    named=named,
    described=described,
)
