"""Aces Up (SPEC AU, as KPat): the stock, the four piles growing down and the discard pile in one
row, as KPat lays them; a tap selects a top card and a second tap places it, a double tap discards
it, a tap on the stock deals."""

from __future__ import annotations

from game.core.i18n import tr
from game.games.acesup.interaction import AcesUpInteraction
from game.games.acesup.rules import PILES, AcesUp, AcesUpState
from game.games.figures import cards_left
from game.games.guide import Controls, Section, build_controls, goal, layout, moves, stock, tip
from game.games.record import Game
from game.rules.pile import DISCARD_PILE, STOCK_PILE, TABLEAUS, Pile
from game.rules.table import DOWN, EMPTY_MARK, Slot, TableSpec


def table(s: AcesUpState) -> TableSpec:
    """KPat's row: the stock on the left, the four piles, the discard pile on the right."""
    row = (Slot(STOCK_PILE), *(Slot(TABLEAUS[i], DOWN) for i in range(PILES)), Slot(DISCARD_PILE))
    return TableSpec((row,), fan_room=2.6)


def labels(s: AcesUpState) -> dict[Pile, str]:
    """An empty stock is never dealt again (AU-4)."""
    return {} if s.stock else {STOCK_PILE: EMPTY_MARK}


def status(s: AcesUpState) -> list[str]:
    """The stock left (AU-4) and the cards still to discard (AU-5: all but the four aces)."""
    return [tr("Stock {n}", n=len(s.stock)), cards_left(48 - len(s.discard))]


def guide() -> list[Section]:
    return [
        goal(tr("Discard every card but the four aces, so that each column holds one ace alone.")),
        layout(tr("Four columns of one face-up card each; the other 48 cards are the stock.")),
        moves(
            tr(
                "A column's top card is discarded when another column's top card is of the same suit and "
                "higher; aces are high. An empty column takes the top card of any other column."
            )
        ),
        stock(tr("Tap the stock to deal one card onto each of the four columns. There is no redeal.")),
        tip(tr("Keep an empty column for a card that covers a low card of its suit, and bury no ace.")),
    ]


def controls() -> Controls:
    """CM-2: a tap selects the top card and outlines its places; CM-3: a double tap discards it,
    else moves it into an empty pile; AU-4: the stock and D deal."""
    return build_controls()._replace(
        tap=tr(
            "Selects a column's top card and outlines every place it may go with a dotted frame; a tap on "
            "one of them moves it there, a tap on the card again lets it go."
        ),
        double_tap=tr("Discards the card, or else moves it into an empty column."),
        drag=tr(
            "Carries a column's top card to the place you drop it on; where it may not go, it flies back "
            "and the reason is shown."
        ),
        stock_key=tr("Deals a card onto every column."),
    )


def words() -> list[Section]:
    return [(tr("Discard pile"), tr("Where the discarded cards lie; they never come back into play."))]


GAME = Game(
    rules=AcesUp(),
    title=lambda: tr("Aces Up"),
    blurb=lambda: tr("Four columns: discard the lower card of a suit until only the aces are left."),
    stars=lambda o: 3,
    table=table,
    hints_at="game.games.acesup.hints:HINTS",
    solver_at="game.games.acesup.solver:SOLVER",
    interaction=AcesUpInteraction,
    labels=labels,
    status=status,
    guide=guide,
    controls=controls,
    words=words,
)
