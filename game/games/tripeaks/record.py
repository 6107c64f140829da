"""TriPeaks (SPEC TP): three peaks of overlapping cards; play the uncovered ones onto the waste one
rank up or down, by taps."""

from __future__ import annotations

from game.core.cards import NO_CARD
from game.core.i18n import tr
from game.games import options
from game.games.figures import cards_left
from game.games.guide import Controls, Section, goal, layout, moves, same_as_tap, stock, tip, turns_the_stock
from game.games.record import Game
from game.games.tripeaks.rules import (
    LAST_PEAK_BONUS,
    LATTICE_ROW,
    LATTICE_X,
    PEAK_BONUS,
    PEAK_PLACES,
    PLACES,
    TOPS,
    TriPeaks,
    TriPeaksState,
    face_up,
)
from game.play.policies import TapToPlayInteraction
from game.rules.pile import STOCK_PILE, WASTE_PILE, Pile
from game.rules.table import EMPTY_MARK, RIGHT, Placed, Slot, TableSpec

# TP-1: each card half a card lower than the row above and half over the two cards below it
PEAK_LATTICE = tuple(Placed(PEAK_PLACES[k], LATTICE_X[k], LATTICE_ROW[k] / 2) for k in range(PLACES))
# under the peaks: the stock and the waste, whose last three cards show (the chain just played)
BELOW = ((Slot(STOCK_PILE), Slot(WASTE_PILE, RIGHT, 3), Slot(None)),)


def table(s: TriPeaksState) -> TableSpec:
    return TableSpec(BELOW, placed=PEAK_LATTICE)


def labels(s: TriPeaksState) -> dict[Pile, str]:
    return {STOCK_PILE: EMPTY_MARK}  # TP-3: no redeal


def blocked(s: TriPeaksState) -> frozenset[Pile]:
    """The cards still covered by the row below: shaded, face down, until both cards over them go (TP-2)."""
    return frozenset(PEAK_PLACES[k] for k, c in enumerate(s.peaks) if c != NO_CARD and not face_up(s.peaks, k))


def status(s: TriPeaksState) -> list[str]:
    left = sum(1 for c in s.peaks if c != NO_CARD)
    return [cards_left(left), tr("Stock {n}", n=len(s.stock)), tr("Chain {n}", n=s.chain)]


def guide() -> list[Section]:
    return [
        goal(tr("Clear all 28 cards of the three peaks onto the waste.")),
        layout(
            tr(
                "Three peaks of overlapping cards in four rows of 3, 6, 9 and 10; only the bottom row is face "
                "up. The other 23 cards are the stock, and one more starts the waste."
            )
        ),
        moves(
            tr(
                "A card that no other card overlaps goes onto the waste if it is one rank higher or lower, "
                "whatever its suit; a king and an ace connect unless that option is off. A card turns face up "
                "once both cards overlapping it are gone."
            )
        ),
        stock(tr("Tap the stock to turn a new card onto the waste. There is no redeal.")),
        (
            tr("Score"),
            tr(
                "Each card of a chain (the cards played since the stock was last turned) scores one more than "
                "the one before: 1, 2, 3… Clearing the top of a peak adds 15, the last peak 30. Undo takes "
                "the points back."
            ),
        ),
        tip(tr("Free the face-down cards first, and keep a chain going as long as you can before you turn the stock.")),
    ]


def controls() -> Controls:
    """TP-2, TP-3: one tap plays an uncovered card onto the waste, or turns the stock; there is no
    selection, so a double tap and a long press are taps too (``TapToPlayInteraction``)."""
    return Controls(
        tap=tr(
            "Plays an uncovered card onto the waste when it is one rank higher or lower; a tap on the stock "
            "turns a new card."
        ),
        double_tap=same_as_tap(),
        drag=tr("Carries an uncovered card to the waste."),
        long_press=same_as_tap(),
        enter=tr("Plays the focused card onto the waste, or turns the stock."),
        stock_key=turns_the_stock(),
    )


def score_parts(s: TriPeaksState, seconds: float) -> list[str]:
    """TP-4 on the win panel: the chains' points and the peaks' bonuses (no time bonus)."""
    cleared = sum(s.peaks[t] == NO_CARD for t in TOPS)
    bonus = cleared * PEAK_BONUS + (LAST_PEAK_BONUS - PEAK_BONUS if cleared == len(TOPS) else 0)
    return [tr("chains {n}", n=s.score - bonus), tr("peaks {n}", n=bonus)]


def words() -> list[Section]:
    """The glossary's words for what only TriPeaks has (CM-14)."""
    return [
        (tr("Peak"), tr("One of the three piles of overlapping cards; clearing its top card scores a bonus.")),
        (tr("Chain"), tr("The cards played one after another without turning the stock.")),
    ]


def option_name(key: str) -> str:
    """TP-2's option on a dialog row: whether the king and the ace are next to each other."""
    return tr("K and A connect") if key == "wrap" else options.option_name(key)


def option_beside(key: str, value: str) -> str:
    """A value beside the option's name ("K and A connect  On  Off")."""
    if key == "wrap":
        return tr("On") if value == "on" else tr("Off")
    return options.value_text(key, value)


def option_value(key: str, value: str) -> str:
    """A chip of the home tile, standing alone."""
    if key == "wrap":
        # TRANSLATORS: a small button on TriPeaks' home tile: kings and aces connect (or not); keep it short
        return tr("K–A on") if value == "on" else tr("K–A off")
    return options.option_value(key, value)


GAME = Game(
    rules=TriPeaks(),
    title=lambda: tr("TriPeaks"),
    blurb=lambda: tr("Clear three peaks onto the waste, one rank up or down."),
    stars=lambda o: 3 if o.get("wrap") == "off" else 2,
    table=table,
    hints_at="game.games.tripeaks.hints:HINTS",
    solver_at="game.games.tripeaks.solver:SOLVER",
    interaction=TapToPlayInteraction,
    labels=labels,
    blocked=blocked,
    status=status,
    guide=guide,
    controls=controls,
    words=words,
    score_parts=score_parts,
    option_name=option_name,
    option_value=option_value,
    option_beside=option_beside,
)
