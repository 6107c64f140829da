"""Pyramid (SPEC PY): remove pairs that add up to 13 from a pyramid of 28 cards."""

from __future__ import annotations

from game.core.cards import NO_CARD
from game.core.i18n import tr
from game.games.figures import redeals_left
from game.games.guide import REDEAL, Controls, Section, goal, layout, moves, same_as_tap, stock, tip, turns_the_stock
from game.games.pyramid.interaction import PyramidInteraction
from game.games.pyramid.rules import PYRAMID_SLOTS, Pyramid, PyramidState, available_slots
from game.games.record import Game
from game.rules.pile import DISCARD_PILE, STOCK_PILE, WASTE_PILE, Pile
from game.rules.table import EMPTY_MARK, RECYCLE_MARK, RIGHT, Placed, Slot, TableSpec

# PY-1: row r's cards half a step in from row r - 1's on each side and half a card lower
PYRAMID_PLACES = tuple(
    Placed(PYRAMID_SLOTS[r * (r + 1) // 2 + i], (6 - r) / 2 + i, r / 2) for r in range(7) for i in range(r + 1)
)
# under it: the stock, the waste showing its top three, and the pairs removed
BELOW = ((Slot(STOCK_PILE), Slot(WASTE_PILE, RIGHT, 3), Slot(None), Slot(DISCARD_PILE)),)


def table(s: PyramidState) -> TableSpec:
    return TableSpec(BELOW, placed=PYRAMID_PLACES)


def labels(s: PyramidState) -> dict[Pile, str]:
    if s.stock:
        return {}
    return {STOCK_PILE: RECYCLE_MARK if s.waste and s.redeals_left > 0 else EMPTY_MARK}


def blocked(s: PyramidState) -> frozenset[Pile]:
    """The pyramid's cards still covered by the row below: shaded until they are free (PY-3)."""
    free = set(available_slots(s.pyramid))
    return frozenset(PYRAMID_SLOTS[k] for k, c in enumerate(s.pyramid) if c != NO_CARD and k not in free)


def status(s: PyramidState) -> list[str]:
    left = sum(1 for c in s.pyramid if c != NO_CARD)
    return [tr("Pyramid {n}", n=left), tr("Stock {n}", n=len(s.stock)), redeals_left(s.redeals_left)]


def guide() -> list[Section]:
    return [
        goal(tr("Remove all 28 cards of the pyramid.")),
        layout(
            tr("Seven rows, each half over the row above; the rest of the deck is the stock, with the waste beside it.")
        ),
        moves(
            tr(
                "Remove two uncovered cards whose values add up to 13 (J is 11, Q is 12); a king goes alone. "
                "A card is uncovered when no card of the row below lies on it; the stock's and the waste's "
                "top cards pair too."
            )
        ),
        stock(
            tr("Tap the stock to turn a card onto the waste; the waste can be turned back twice (three passes in all).")
        ),
        tip(tr("Free the cards that block others first.")),
    ]


def controls() -> Controls:
    """PY-4: tap a card, then its partner; a king goes alone; with a card selected the stock pairs it
    with the stock's top card. A double tap pairs the card with its first partner, a drop on a
    partner pairs the two (``PyramidInteraction``, ``Pyramid.drop_move``)."""
    return Controls(
        tap=tr(
            "Selects a card and outlines its partners, the cards it adds up to 13 with; a tap on one "
            "removes both. A king goes with one tap. With a card selected, a tap on the stock pairs it "
            "with the stock's top card; else the stock turns a card onto the waste."
        ),
        double_tap=tr("Removes the card with a partner, if it has one (a king alone)."),
        drag=tr("Drop a card on its partner to remove both."),
        long_press=same_as_tap(),
        enter=tr("Selects the focused card; Enter on one of its partners then removes both. A king goes at once."),
        stock_key=turns_the_stock(),
    )


GAME = Game(
    rules=Pyramid(),
    title=lambda: tr("Pyramid"),
    blurb=lambda: tr("Remove pairs that add up to 13; a king goes alone."),
    stars=lambda o: 3,
    table=table,
    hints_at="game.games.pyramid.hints:HINTS",
    solver_at="game.games.pyramid.solver:SOLVER",
    interaction=PyramidInteraction,
    labels=labels,
    blocked=blocked,
    status=status,
    guide=guide,
    controls=controls,
    terms=frozenset({REDEAL}),
)
