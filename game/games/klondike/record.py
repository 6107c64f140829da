"""Klondike (SPEC KL): stock, waste and foundations above seven columns."""

from __future__ import annotations

from game.core.i18n import tr
from game.games.figures import redeals_left
from game.games.guide import (
    REDEAL,
    RUN,
    Controls,
    Section,
    build_controls,
    goal,
    layout,
    moves,
    stock,
    tip,
    turns_the_stock,
)
from game.games.klondike.rules import WIN_BONUS, Klondike, KlondikeState, win_bonus
from game.games.record import Game
from game.rules.pile import FOUNDATIONS, STOCK_PILE, TABLEAUS, WASTE_PILE, Pile
from game.rules.table import DOWN, EMPTY_MARK, RECYCLE_MARK, RIGHT, Slot, TableSpec


def table(s: KlondikeState) -> TableSpec:
    top = (
        Slot(STOCK_PILE),
        Slot(WASTE_PILE, RIGHT, 3 if s.draw == 3 else 1),
        Slot(None),
        *(Slot(FOUNDATIONS[i]) for i in range(4)),
    )
    return TableSpec((top, tuple(Slot(TABLEAUS[i], DOWN) for i in range(7))), fan_room=2.1)


def labels(s: KlondikeState) -> dict[Pile, str]:
    out = {f: "A" for f in FOUNDATIONS[:4]}
    if not s.stock:
        can_turn = s.waste and (s.redeals_left is None or s.redeals_left > 0)
        out[STOCK_PILE] = RECYCLE_MARK if can_turn else EMPTY_MARK
    return out


def status(s: KlondikeState) -> list[str]:
    return [redeals_left(s.redeals_left)]


def score_parts(s: KlondikeState, seconds: float) -> list[str]:
    """KL-10: the moves' score, the win bonus and the time bonus."""
    bonus = win_bonus(int(seconds)) if GAME.rules.is_won(s) else 0
    parts = [tr("moves {n}", n=s.score)]
    if bonus:
        parts += [tr("win {n}", n=WIN_BONUS), tr("time {n}", n=bonus - WIN_BONUS)]
    return parts


def guide() -> list[Section]:
    return [
        goal(tr("Move all 52 cards to the four foundations, each built up by suit from the ace to the king.")),
        layout(
            tr("Seven columns of 1 to 7 cards, only the last card of each face up; the other 24 cards are the stock.")
        ),
        moves(
            tr(
                "Build the columns down in alternate colours: a red 6 on a black 7. A run in sequence moves "
                "as one, an empty column takes only a king, and a face-down card turns up once uncovered."
            )
        ),
        stock(
            tr(
                "Tap the stock to turn one card (three in draw 3) onto the waste, whose top card can be "
                "played. When the stock is empty, tap it to turn the waste over, as often as the redeals allow."
            )
        ),
        tip(tr("Turn up face-down cards first, and empty a column only when a king is ready to fill it.")),
    ]


def controls() -> Controls:
    """The build games' way (CM-2, CM-3), and D turns the stock (KL-5, KL-6)."""
    return build_controls()._replace(stock_key=turns_the_stock())


GAME = Game(
    rules=Klondike(),
    title=lambda: tr("Klondike"),
    score_parts=score_parts,
    blurb=lambda: tr("Build down in alternate colours; send every card home by suit."),
    stars=lambda o: 3 if o.get("draw") == "3" else 2,
    table=table,
    hints_at="game.games.klondike.hints:HINTS",
    solver_at="game.games.klondike.solver:SOLVER",
    heading=lambda s: tr("Klondike · draw {n}", n=s.draw),
    labels=labels,
    status=status,
    guide=guide,
    controls=controls,
    terms=frozenset({RUN, REDEAL}),
)
