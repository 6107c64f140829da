"""Forty Thieves' record (SPEC FT): the stock, the waste and eight foundations in one row above ten
columns, which is as wide as the columns' row, so the table fits the smallest window. Played as
the build games are (select then place, drag, double tap home): the generic interaction serves."""

from __future__ import annotations

from game.core.i18n import tr
from game.games.figures import cards_left
from game.games.fortythieves.rules import COLUMNS, FortyThieves
from game.games.guide import Section, goal, layout, one_card_in_suit_moves, stock, tip, top_card_controls
from game.games.record import Game
from game.rules.pile import FOUNDATIONS, STOCK_PILE, TABLEAUS, WASTE_PILE, Pile
from game.rules.table import DOWN, EMPTY_MARK, Slot, TableSpec
from game.rules.thieves import DECK, FOUNDATION_COUNT, ThievesState, home_count


def table(s: ThievesState) -> TableSpec:
    """The stock, the waste and the eight foundations above the ten columns: ten places a row."""
    top = (Slot(STOCK_PILE), Slot(WASTE_PILE), *(Slot(FOUNDATIONS[i]) for i in range(FOUNDATION_COUNT)))
    return TableSpec((top, tuple(Slot(TABLEAUS[i], DOWN) for i in range(COLUMNS))), fan_room=2.6)


def labels(s: ThievesState) -> dict[Pile, str]:
    """Every empty foundation starts from an ace; an empty stock never turns again (FT-3)."""
    out = {f: "A" for f in FOUNDATIONS[:FOUNDATION_COUNT]}
    if not s.stock:
        out[STOCK_PILE] = EMPTY_MARK
    return out


def status(s: ThievesState) -> list[str]:
    """The stock left (FT-3 turns it once) and the cards still to send home (FT-4)."""
    return [tr("Stock {n}", n=len(s.stock)), cards_left(len(DECK) - home_count(s))]


def guide() -> list[Section]:
    return [
        goal(tr("Move all 104 cards of the two decks to the eight foundations, each built up by suit from the ace.")),
        layout(tr("Ten columns of four cards, all face up; eight foundations; the other 64 cards are the stock.")),
        one_card_in_suit_moves(),
        stock(tr("Tap the stock to turn one card onto the waste, whose top card can be played. There is no redeal.")),
        tip(
            tr(
                "Empty a column early and keep it for the card that frees the most; look at the waste before "
                "turning the stock, as a card buried there comes back only when those above it are played."
            )
        ),
    ]


GAME = Game(
    rules=FortyThieves(),
    title=lambda: tr("Forty Thieves"),
    blurb=lambda: tr("Two decks, ten columns built down in suit, one card at a time; the stock turns only once."),
    stars=lambda o: 4,
    table=table,
    hints_at="game.games.fortythieves.hints:HINTS",
    solver_at="game.games.fortythieves.solver:SOLVER",
    labels=labels,
    status=status,
    guide=guide,
    controls=top_card_controls,
)
