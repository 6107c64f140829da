"""Grandfather (SPEC GF, as KPat): the redeal's place and four foundations above seven piles; a tap
selects and a second tap places, a tap on the redeal's place deals the piles again."""

from __future__ import annotations

from game.core.i18n import tr
from game.games.figures import redeals_to_come
from game.games.grandfather.interaction import GrandfatherInteraction
from game.games.grandfather.rules import COLUMNS, Grandfather, GrandfatherState
from game.games.guide import REDEAL, Controls, Section, build_controls, goal, layout, moves, stock, tip
from game.games.record import Game
from game.rules.pile import FOUNDATIONS, STOCK_PILE, TABLEAUS, Pile
from game.rules.table import DOWN, EMPTY_MARK, Slot, TableSpec


def table(s: GrandfatherState) -> TableSpec:
    top = (Slot(STOCK_PILE), Slot(None), *(Slot(FOUNDATIONS[i]) for i in range(4)), Slot(None))
    return TableSpec((top, tuple(Slot(TABLEAUS[i], DOWN) for i in range(COLUMNS))), fan_room=3.6)


def labels(s: GrandfatherState) -> dict[Pile, str]:
    out: dict[Pile, str] = {f: "A" for f in FOUNDATIONS[:4]}
    out[STOCK_PILE] = str(s.redeals) if s.redeals else EMPTY_MARK
    return out


def status(s: GrandfatherState) -> list[str]:
    return [redeals_to_come(s.redeals), tr("Face down {n}", n=sum(s.down))]


def guide() -> list[Section]:
    return [
        goal(tr("Move every card to the foundations, built up by suit from the ace.")),
        layout(
            tr(
                "Seven columns: a peak of face-down cards under one face-up card each, and on the six right "
                "columns four more face-up cards. There is no stock."
            )
        ),
        moves(
            tr(
                "Any face-up card moves with all the cards on it onto the card of its suit one rank higher. "
                "An empty column takes only a king, with its cards."
            )
        ),
        stock(
            tr(
                "Twice, when you ask, the columns are picked up in order and redealt in the same pattern, "
                "without shuffling; the foundations stay."
            )
        ),
        tip(tr("Turn up the face-down cards before you redeal.")),
    ]


def controls() -> Controls:
    base = build_controls()
    return Controls(
        tap=base.tap,
        double_tap=base.double_tap,
        drag=base.drag,
        long_press=base.long_press,
        enter=base.enter,
        stock_key=tr("Redeals the columns, twice at most."),
    )


GAME = Game(
    rules=Grandfather(),
    title=lambda: tr("Grandfather"),
    blurb=lambda: tr("Seven columns built down by suit; redeal them twice."),
    stars=lambda o: 3,
    table=table,
    hints_at="game.games.grandfather.hints:HINTS",
    solver_at="game.games.grandfather.solver:SOLVER",
    interaction=GrandfatherInteraction,
    labels=labels,
    status=status,
    guide=guide,
    controls=controls,
    terms=frozenset({REDEAL}),
)
