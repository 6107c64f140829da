"""Forty & Eight's record (SPEC FE): eight foundations above eight columns, the stock and the waste
beside them, nine cards wide, so the table fits the smallest window. Played as the build
games are (select then place, drag, double tap home): the generic interaction serves, and a tap on
the empty stock turns the waste back over while the redeal is left."""

from __future__ import annotations

from game.core.i18n import tr
from game.games.figures import cards_left, redeals_to_come
from game.games.fortyeight.rules import COLUMNS, FortyEight
from game.games.guide import Section, goal, layout, one_card_in_suit_moves, stock, tip, top_card_controls
from game.games.record import Game
from game.rules.pile import FOUNDATIONS, STOCK_PILE, TABLEAUS, WASTE_PILE, Pile
from game.rules.table import DOWN, EMPTY_MARK, RECYCLE_MARK, Slot, TableSpec
from game.rules.thieves import DECK, FOUNDATION_COUNT, ThievesState, home_count


def table(s: ThievesState) -> TableSpec:
    """The eight foundations above the eight columns, the stock and the waste beside them on the
    right, where KPat has them."""
    top = tuple(Slot(FOUNDATIONS[i]) for i in range(FOUNDATION_COUNT))
    columns = tuple(Slot(TABLEAUS[i], DOWN) for i in range(COLUMNS))
    return TableSpec((top, columns), fan_room=2.6, side=(STOCK_PILE, WASTE_PILE))


def labels(s: ThievesState) -> dict[Pile, str]:
    """Every empty foundation starts from an ace; an empty stock turns the waste over once (FE-3)."""
    out = {f: "A" for f in FOUNDATIONS[:FOUNDATION_COUNT]}
    if not s.stock:
        out[STOCK_PILE] = RECYCLE_MARK if s.redeals and s.waste else EMPTY_MARK
    return out


def status(s: ThievesState) -> list[str]:
    """The stock left, the redeal left (FE-3) and the cards still to send home (FE-4)."""
    return [
        tr("Stock {n}", n=len(s.stock)),
        redeals_to_come(s.redeals),
        cards_left(len(DECK) - home_count(s)),
    ]


def guide() -> list[Section]:
    return [
        goal(tr("Move all 104 cards of the two decks to the eight foundations, each built up by suit from the ace.")),
        layout(
            tr(
                "Eight columns of four cards, all face up; eight foundations; the other cards are the stock, "
                "whose first card starts the waste."
            )
        ),
        one_card_in_suit_moves(),
        stock(
            tr(
                "Tap the stock to turn one card onto the waste, whose top card can be played. Once the stock is "
                "empty, a tap turns the waste back over into the stock, once: the second time the stock is "
                "empty, the game ends."
            )
        ),
        tip(
            tr(
                "On the first pass, play what builds the columns and keep the rest for the second: the waste "
                "comes back in the same order."
            )
        ),
    ]


GAME = Game(
    rules=FortyEight(),
    title=lambda: tr("Forty & Eight"),
    blurb=lambda: tr("Two decks, eight columns built down in suit, one card at a time; the waste goes back once."),
    stars=lambda o: 3,
    table=table,
    hints_at="game.games.fortyeight.hints:HINTS",
    solver_at="game.games.fortyeight.solver:SOLVER",
    labels=labels,
    status=status,
    guide=guide,
    controls=top_card_controls,
)
