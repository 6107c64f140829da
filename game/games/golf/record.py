"""Golf (SPEC GO): seven columns; play their last cards onto the waste one rank up or down."""

from __future__ import annotations

from game.core.i18n import tr
from game.games.figures import cards_left
from game.games.golf.rules import Golf, GolfState
from game.games.guide import Controls, Section, goal, layout, moves, same_as_tap, stock, tip, turns_the_stock
from game.games.record import Game
from game.play.policies import TapToPlayInteraction
from game.rules.pile import STOCK_PILE, TABLEAUS, WASTE_PILE, Pile
from game.rules.table import DOWN, EMPTY_MARK, RIGHT, Slot, TableSpec


def table(s: GolfState) -> TableSpec:
    """GO-3: the stock at the upper left (seed 004's glossary), the waste beside it, the columns below."""
    columns = tuple(Slot(TABLEAUS[i], DOWN) for i in range(7))
    # five cards a column, never more: a short window may not squeeze them
    return TableSpec(((Slot(STOCK_PILE), Slot(WASTE_PILE, RIGHT, 3)), columns), fan_room=1.2, tight_room=1.0)


def labels(s: GolfState) -> dict[Pile, str]:
    return {STOCK_PILE: EMPTY_MARK}


def status(s: GolfState) -> list[str]:
    return [cards_left(sum(len(c) for c in s.tableau)), tr("Stock {n}", n=len(s.stock))]


def guide() -> list[Section]:
    return [
        goal(tr("Move all 35 cards of the seven columns to the waste.")),
        layout(tr("Seven columns of five face-up cards; the stock and the waste at the top left.")),
        moves(
            tr(
                "A column's last card goes onto the waste if it is one rank higher or lower, whatever its "
                "suit. Kings and aces do not connect."
            )
        ),
        stock(tr("Tap the stock to turn a new card onto the waste. There is no redeal.")),
        tip(tr("Look for the longest chain before you play, and turn the stock only when nothing else goes.")),
    ]


def controls() -> Controls:
    """GO-2, GO-3: one tap plays a column's last card onto the waste, or turns the stock; there is
    no selection, so a double tap and a long press are taps too (``TapToPlayInteraction``)."""
    return Controls(
        tap=tr(
            "Plays a column's last card onto the waste when it is one rank higher or lower; a tap on the "
            "stock turns a new card."
        ),
        double_tap=same_as_tap(),
        drag=tr("Carries a column's last card to the waste."),
        long_press=same_as_tap(),
        enter=tr("Plays the focused card onto the waste, or turns the stock."),
        stock_key=turns_the_stock(),
    )


GAME = Game(
    rules=Golf(),
    title=lambda: tr("Golf"),
    blurb=lambda: tr("Clear the columns onto the waste, one rank up or down."),
    stars=lambda o: 2,
    table=table,
    hints_at="game.games.golf.hints:HINTS",
    solver_at="game.games.golf.solver:SOLVER",
    interaction=TapToPlayInteraction,
    labels=labels,
    status=status,
    guide=guide,
    controls=controls,
)
