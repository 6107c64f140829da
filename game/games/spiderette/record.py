"""Spiderette (SPEC ST): the stock and four completed-suit slots above seven columns; a tap
selects and a second tap places, a tap on the stock deals."""

from __future__ import annotations

from game.core.cards import SUIT_SYMBOLS
from game.core.i18n import Figure, ptr, tr
from game.games.guide import RUN, Controls, Section, goal, layout, moves, stock, suit_run_controls, tip
from game.games.record import Game
from game.games.spiderette.rules import COLUMNS, SUITS, Spiderette, SpideretteState
from game.play.policies import SuitRunInteraction
from game.rules.pile import FOUNDATIONS, STOCK_PILE, TABLEAUS, Pile
from game.rules.table import DOWN, EMPTY_MARK, Slot, TableSpec


def suit_name(suit: int) -> str:
    return (tr("Spades"), tr("Hearts"), tr("Diamonds"), tr("Clubs"))[suit]


def table(s: SpideretteState) -> TableSpec:
    top = (Slot(STOCK_PILE), Slot(None), Slot(None), *(Slot(FOUNDATIONS[i]) for i in range(SUITS)))
    return TableSpec((top, tuple(Slot(TABLEAUS[i], DOWN) for i in range(COLUMNS))), fan_room=3.0)


def labels(s: SpideretteState) -> dict[Pile, str]:
    out: dict[Pile, str] = {f: "K" for f in FOUNDATIONS[:SUITS]}
    if not s.stock:
        out[STOCK_PILE] = EMPTY_MARK
    return out


def status(s: SpideretteState) -> list[str]:
    """The deals left, the suits completed (which ones) and the face-down cards."""
    gone = " ".join(SUIT_SYMBOLS[x] for x in s.completed)
    return [
        Figure(tr("Deals {n}", n=s.deals_left), ptr("narrow", "Deals {n}", n=s.deals_left)),
        (tr("Completed {n}/4", n=len(s.completed)) + (f" ({gone})" if gone else "")),
        tr("Face down {n}", n=sum(s.down)),
    ]


def result_lines(s: SpideretteState) -> list[str]:
    """The completed suits, in the order they left."""
    return [tr("Completed suits: {list}", list=", ".join(suit_name(x) for x in s.completed))]


def guide() -> list[Section]:
    return [
        goal(tr("Build the four suits from king down to ace; a finished suit leaves the table. Four gone wins.")),
        layout(
            tr(
                "One deck. Seven columns of 1 to 7 cards, only the last card of each face up; the other 24 "
                "cards wait in the stock."
            )
        ),
        moves(
            tr(
                "A card goes on any card one rank higher, whatever its suit, but only a run of one suit "
                "moves together. An empty column takes any card or run."
            )
        ),
        stock(
            tr(
                "Tapping the stock deals one card onto every column, and the last three cards onto the "
                "first three columns; no column may be empty then."
            )
        ),
        tip(tr("Build in suit whenever you can, and keep an empty column as long as you can.")),
    ]


def controls() -> Controls:
    """CM-2: a tap selects and outlines, a second tap places; CM-3: a double tap sends a run to its
    best place (:class:`~game.play.policies.SuitRunInteraction`); ST-3: the stock and D deal."""
    return suit_run_controls(tr("Deals a card onto every column."))


def words() -> list[Section]:
    return [(tr("Completed suit"), tr("A run of one suit from king to ace: it leaves the table by itself."))]


GAME = Game(
    rules=Spiderette(),
    title=lambda: tr("Spiderette"),
    blurb=lambda: tr("One deck in seven columns: build K to A in one suit."),
    stars=lambda o: 3,
    table=table,
    hints_at="game.games.spiderette.hints:HINTS",
    solver_at="game.games.spiderette.solver:SOLVER",
    interaction=SuitRunInteraction,
    labels=labels,
    status=status,
    result_lines=result_lines,
    guide=guide,
    controls=controls,
    terms=frozenset({RUN}),
    words=words,
)
