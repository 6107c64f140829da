"""Grandfather's Clock (SPEC GC, as KPat): the twelve foundations round a clock face — ten to two
across the top, nine and three at the sides, eight to four across the bottom — and the eight piles
inside it, four each side of its centre. A tap selects the top card, a second tap places it."""

from __future__ import annotations

from game.core.i18n import tr
from game.games.figures import cards_left
from game.games.grandfathersclock.rules import COLUMNS, HOUR_PILES, ClockState, GrandfathersClock, clock_count
from game.games.guide import Controls, Section, build_controls, goal, layout, moves, tip
from game.games.record import Game
from game.rules.pile import TABLEAUS, Pile
from game.rules.table import DOWN, Slot, TableSpec

NOTHING = Slot(None)


def hour(h: int) -> Slot:
    """The clock's pile at ``h`` o'clock."""
    return Slot(HOUR_PILES[h - 1])


def table(s: ClockState) -> TableSpec:
    """GC-1: a clock face eleven places wide, the piles inside it (KPat sets them beside it, which
    a narrow window cannot fit). The left-handed table is not mirrored: the hours stay clockwise."""
    top = (NOTHING, hour(10), NOTHING, hour(11), NOTHING, hour(12), NOTHING, hour(1), NOTHING, hour(2), NOTHING)
    left = tuple(Slot(TABLEAUS[i], DOWN) for i in range(COLUMNS // 2))
    right = tuple(Slot(TABLEAUS[i], DOWN) for i in range(COLUMNS // 2, COLUMNS))
    middle = (hour(9), *left, NOTHING, *right, hour(3))
    bottom = (NOTHING, hour(8), NOTHING, hour(7), NOTHING, hour(6), NOTHING, hour(5), NOTHING, hour(4), NOTHING)
    return TableSpec((top, middle, bottom), fan_room=3.0, mirror=False, tall=tall())  # a clock has no hand


def tall() -> tuple[tuple[Slot, ...], ...]:
    """On a window taller than wide: the clock a square of four rows, eleven to two across its top
    and eight to five across its bottom, above the eight columns side by side."""
    edge = (NOTHING, NOTHING)
    ring = (
        (*edge, hour(11), hour(12), hour(1), hour(2), *edge),
        (*edge, hour(10), NOTHING, NOTHING, hour(3), *edge),
        (*edge, hour(9), NOTHING, NOTHING, hour(4), *edge),
        (*edge, hour(8), hour(7), hour(6), hour(5), *edge),
    )
    return (*ring, tuple(Slot(TABLEAUS[i], DOWN) for i in range(COLUMNS)))


def labels(s: ClockState) -> dict[Pile, str]:
    return {}


def status(s: ClockState) -> list[str]:
    """The cards still to put on the clock (GC-4)."""
    return [cards_left(52 - clock_count(s))]


def guide() -> list[Section]:
    return [
        goal(tr("Put every card on the clock: each of its twelve piles builds up to the card of its hour.")),
        layout(
            tr(
                "One deck. Twelve foundations round a clock, each started with one card: the 9 of diamonds at "
                "twelve o'clock, then one rank higher and the next suit (spades, hearts, clubs, diamonds) at "
                "each hour round the dial, the ace left out: the queen of clubs at three, the 3 of hearts at "
                "six, the 6 of spades at nine. Inside the clock, eight columns of five cards, all face up. "
                "No stock."
            )
        ),
        moves(
            tr(
                "A foundation builds up in suit, the king followed by the ace, and ends on the card of its "
                "hour: the jack at eleven, the queen at twelve, the ace at one. On the columns, only the top "
                "card moves, onto any card one rank higher whatever its suit; an empty column takes any card."
            )
        ),
        tip(tr("Look for the next card each hour needs, and keep a column empty for the card that frees the most.")),
    ]


def controls() -> Controls:
    """CM-2, CM-3 (:class:`~game.games.grandfathersclock.interaction.ClockInteraction`): one card at a time."""
    return build_controls()._replace(
        tap=tr(
            "Selects the top card of a column and outlines every place it may go with a dotted frame; a tap "
            "on one of them moves it there, a tap on the card again lets it go."
        ),
        drag=tr(
            "Carries the top card of a column to the pile you drop it on; where it may not go, it flies back "
            "and the reason is shown."
        ),
    )


def words() -> list[Section]:
    """The clock's piles are foundations of their own kind: the glossary's word for them."""
    return [
        (
            tr("Foundation"),
            tr(
                "One of the twelve piles round the clock, built up by suit from its first card to the card of its hour."
            ),
        )
    ]


GAME = Game(
    rules=GrandfathersClock(),
    title=lambda: tr("Grandfather's Clock"),
    blurb=lambda: tr("Twelve foundations round a clock; eight columns built down whatever the suit."),
    stars=lambda o: 1,
    table=table,
    hints_at="game.games.grandfathersclock.hints:HINTS",
    solver_at="game.games.grandfathersclock.solver:SOLVER",
    labels=labels,
    status=status,
    guide=guide,
    controls=controls,
    words=words,
)
