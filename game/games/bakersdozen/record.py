"""Baker's Dozen (SPEC BD): four foundations above thirteen columns, every card face up; played as
the build games are (select then place, drag, double tap home), so the generic interaction serves."""

from __future__ import annotations

from game.core.i18n import tr
from game.games.bakersdozen.rules import COLUMNS, BakersDozen, DozenState
from game.games.guide import Controls, Section, build_controls, goal, layout, moves, tip
from game.games.record import Game
from game.rules.pile import FOUNDATIONS, TABLEAUS, Pile
from game.rules.table import DOWN, EMPTY_MARK, Slot, TableSpec


def table(s: DozenState) -> TableSpec:
    """The foundations in a row above the thirteen columns."""
    top = tuple(Slot(FOUNDATIONS[i]) for i in range(4))
    return TableSpec((top, tuple(Slot(TABLEAUS[i], DOWN) for i in range(COLUMNS))), fan_room=2.4)


def labels(s: DozenState) -> dict[Pile, str]:
    """An empty foundation takes an ace; an emptied column is crossed out: nothing goes there (BD-2)."""
    out = {f: "A" for f in FOUNDATIONS[:4]}
    out |= {TABLEAUS[i]: EMPTY_MARK for i, col in enumerate(s.tableau) if not col}
    return out


def guide() -> list[Section]:
    return [
        goal(tr("Move every card to the foundations, built up by suit from the ace.")),
        layout(
            tr(
                "Thirteen columns of four cards, all face up; before play, every king is put under the other "
                "cards of its column. There is no stock."
            )
        ),
        moves(
            tr(
                "A column's last card goes onto the last card of another column one rank higher, whatever its "
                "suit, or to its foundation. Cards move one at a time. A column once emptied stays empty: no "
                "card may be put there. Cards on the foundations stay there."
            )
        ),
        tip(
            tr(
                "Free the aces and twos first, and do not bury a low card under a higher one you cannot move "
                "again: with no free cell and no empty column, a buried card waits until every card on it has "
                "somewhere to go."
            )
        ),
    ]


def controls() -> Controls:
    """The build games' way (CM-2, CM-3), said of one card: only a column's last card moves (BD-2)."""
    return build_controls()._replace(
        tap=tr(
            "Selects a column's last card and outlines every place it may go with a dotted frame; a tap on "
            "one of them moves it there, a tap on the card again lets it go."
        ),
        drag=tr(
            "Carries a column's last card to the pile you drop it on; where it may not go, it flies back and "
            "the reason is shown."
        ),
    )


GAME = Game(
    rules=BakersDozen(),
    title=lambda: tr("Baker's Dozen"),
    blurb=lambda: tr("Thirteen open columns, kings at the bottom; build down whatever the suit."),
    stars=lambda o: 2,
    table=table,
    hints_at="game.games.bakersdozen.hints:HINTS",
    solver_at="game.games.bakersdozen.solver:SOLVER",
    labels=labels,
    guide=guide,
    controls=controls,
)
