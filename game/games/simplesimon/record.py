"""Simple Simon (SPEC SS): the four places of the suits gone home above ten columns, every card face
up; a tap selects and a second tap places."""

from __future__ import annotations

from game.core.cards import SUIT_SYMBOLS
from game.core.i18n import tr
from game.games.guide import RUN, Controls, Section, goal, layout, moves, suit_run_controls, tip
from game.games.record import Game
from game.games.simplesimon.rules import COLUMNS, SUITS, SimpleSimon, SimpleSimonState
from game.play.policies import SuitRunInteraction
from game.rules.pile import FOUNDATIONS, TABLEAUS, Pile
from game.rules.table import DOWN, Slot, TableSpec


def suit_name(suit: int) -> str:
    return (tr("Spades"), tr("Hearts"), tr("Diamonds"), tr("Clubs"))[suit]


def table(s: SimpleSimonState) -> TableSpec:
    """The suits' places centred over the ten columns."""
    top = (Slot(None), Slot(None), Slot(None), *(Slot(FOUNDATIONS[i]) for i in range(SUITS)), Slot(None), Slot(None))
    return TableSpec((top, tuple(Slot(TABLEAUS[i], DOWN) for i in range(COLUMNS))), fan_room=3.2)


def labels(s: SimpleSimonState) -> dict[Pile, str]:
    return {f: "K" for f in FOUNDATIONS[:SUITS]}


def status(s: SimpleSimonState) -> list[str]:
    """The suits completed (which ones)."""
    gone = " ".join(SUIT_SYMBOLS[x] for x in s.completed)
    return [tr("Completed {n}/4", n=len(s.completed)) + (f" ({gone})" if gone else "")]


def result_lines(s: SimpleSimonState) -> list[str]:
    """The completed suits, in the order they went home."""
    return [tr("Completed suits: {list}", list=", ".join(suit_name(x) for x in s.completed))]


def guide() -> list[Section]:
    return [
        goal(tr("Build the four suits from king down to ace; a finished suit goes home. Four home wins.")),
        layout(tr("One deck, every card face up, in ten columns of 8, 8, 8, 7, 6, 5, 4, 3, 2 and 1 cards. No stock.")),
        moves(
            tr(
                "A card goes on any card one rank higher, whatever its suit, but only a run of one suit "
                "moves together. An empty column takes any card or run."
            )
        ),
        tip(tr("Build in suit whenever you can, and keep an empty column as long as you can.")),
    ]


def controls() -> Controls:
    """CM-2: a tap selects and outlines, a second tap places; CM-3: a double tap sends a run to its
    best place (:class:`~game.play.policies.SuitRunInteraction`)."""
    return suit_run_controls(None)


def words() -> list[Section]:
    return [(tr("Completed suit"), tr("A run of one suit from king to ace: it leaves the table by itself."))]


GAME = Game(
    rules=SimpleSimon(),
    title=lambda: tr("Simple Simon"),
    blurb=lambda: tr("Every card face up in ten columns: build K to A in one suit."),
    stars=lambda o: 3,
    table=table,
    hints_at="game.games.simplesimon.hints:HINTS",
    solver_at="game.games.simplesimon.solver:SOLVER",
    interaction=SuitRunInteraction,
    labels=labels,
    status=status,
    result_lines=result_lines,
    guide=guide,
    controls=controls,
    terms=frozenset({RUN}),
    words=words,
)
