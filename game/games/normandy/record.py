"""Normandy's record (SPEC NO): eight foundations above eight columns, the stock beside them on the
right, nine cards wide. Played as the build games are (select then place, drag, double tap home),
and a tap on the stock deals a row."""

from __future__ import annotations

from game.core.i18n import Figure, ptr, tr
from game.games.figures import cards_left
from game.games.guide import Controls, Section, build_controls, goal, layout, moves, stock, tip
from game.games.normandy.interaction import NormandyInteraction
from game.games.normandy.rules import COLUMNS, DECK, FOUNDATION_COUNT, Normandy, NormandyState, home_count
from game.games.record import Game
from game.rules.pile import FOUNDATIONS, STOCK_PILE, TABLEAUS, Pile
from game.rules.table import DOWN, EMPTY_MARK, Slot, TableSpec


def table(s: NormandyState) -> TableSpec:
    """The eight foundations over the eight columns, the stock on the right as in KPat."""
    top = tuple(Slot(FOUNDATIONS[i]) for i in range(FOUNDATION_COUNT))
    columns = tuple(Slot(TABLEAUS[i], DOWN) for i in range(COLUMNS))
    return TableSpec((top, columns), fan_room=4.0, side=(STOCK_PILE,))


def labels(s: NormandyState) -> dict[Pile, str]:
    out = {f: "A" for f in FOUNDATIONS[:FOUNDATION_COUNT]}
    if not s.stock:
        out[STOCK_PILE] = EMPTY_MARK
    return out


def status(s: NormandyState) -> list[str]:
    """The deals left in the stock (NO-3), the face-down cards and the cards still to send home."""
    deals = len(s.stock) // COLUMNS
    return [
        Figure(tr("Deals {n}", n=deals), ptr("narrow", "Deals {n}", n=deals)),
        tr("Face down {n}", n=sum(s.down)),
        cards_left(len(DECK) - home_count(s)),
    ]


def guide() -> list[Section]:
    return [
        goal(tr("Move all 104 cards of the two decks to the eight foundations, each built up by suit from the ace.")),
        layout(
            tr(
                "Eight columns of three cards, the first face down; eight foundations; the other 80 cards are "
                "the stock. The game is also called Gypsy."
            )
        ),
        moves(
            tr(
                "Build the columns down in alternate colours: a red 6 on a black 7. A run in sequence, "
                "alternating red and black, moves together, however long; an empty column takes any card or "
                "run. A foundation's top card may come back onto a column."
            )
        ),
        stock(tr("Tap the stock to deal one card onto each column, whenever you like. There is no redeal.")),
        tip(tr("Before each deal, turn up the face-down cards and build long runs: a deal covers every column.")),
    ]


def controls() -> Controls:
    return build_controls()._replace(stock_key=tr("Deals a card onto every column."))


GAME = Game(
    rules=Normandy(),
    title=lambda: tr("Normandy"),
    blurb=lambda: tr("Two decks, eight columns built down in alternate colours; the stock deals a row at a tap."),
    stars=lambda o: 2,
    table=table,
    hints_at="game.games.normandy.hints:HINTS",
    solver_at="game.games.normandy.solver:SOLVER",
    interaction=NormandyInteraction,
    labels=labels,
    status=status,
    guide=guide,
    controls=controls,
)
