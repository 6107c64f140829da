"""Canfield (SPEC CF): stock, waste and foundations above the reserve and four columns; played as
the build games are (select then place, drag, double tap home), so the generic interaction serves."""

from __future__ import annotations

from game.core.i18n import ntr, tr
from game.games import options
from game.games.canfield.rules import COLUMNS, PER_CARD, RESERVE_PILE, Canfield, CanfieldState, home_count, rank_text
from game.games.figures import redeals_left
from game.games.guide import (
    BASE,
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
from game.games.record import Game
from game.rules.pile import FOUNDATIONS, STOCK_PILE, TABLEAUS, WASTE_PILE, Pile
from game.rules.table import DOWN, EMPTY_MARK, RECYCLE_MARK, RIGHT, Slot, TableSpec


def table(s: CanfieldState) -> TableSpec:
    """The stock and the waste above the reserve, the foundations above the columns. The reserve
    fans downwards so its size shows; a gap keeps it apart from the columns, so the left-handed
    table moves it under the stock, on the right, and the columns as one block to the left."""
    top = (
        Slot(STOCK_PILE),
        Slot(WASTE_PILE, RIGHT, 3 if s.draw == 3 else 1),
        Slot(None),
        *(Slot(FOUNDATIONS[i]) for i in range(4)),
    )
    below = (Slot(RESERVE_PILE, DOWN), Slot(None), Slot(None), *(Slot(TABLEAUS[i], DOWN) for i in range(COLUMNS)))
    return TableSpec((top, below), fan_room=2.6)


def labels(s: CanfieldState) -> dict[Pile, str]:
    """An empty foundation shows the rank it starts from; an empty stock whether it can turn again."""
    out = {f: rank_text(s.base) for f in FOUNDATIONS[:4]}
    if not s.stock:
        out[STOCK_PILE] = RECYCLE_MARK if s.waste else EMPTY_MARK
    return out


def status(s: CanfieldState) -> list[str]:
    """The reserve first (the game's measure of progress), the base rank, the stock, the redeals."""
    return [
        tr("Reserve {n}", n=len(s.reserve)),
        tr("Base {rank}", rank=rank_text(s.base)),
        tr("Stock {n}", n=len(s.stock)),
        redeals_left(None),
    ]


def guide() -> list[Section]:
    return [
        goal(
            tr(
                "Move all 52 cards to the four foundations. The card dealt to the first foundation sets the "
                "base rank: every foundation starts with that rank and builds up by suit, from the king on to "
                "the ace."
            )
        ),
        layout(
            tr(
                "A reserve of 13 cards, only its top card face up; four columns of one card; one card on the "
                "first foundation; the other 34 cards are the stock."
            )
        ),
        moves(
            tr(
                "Build the columns down in alternate colours, a king on an ace too. A column's run moves as one "
                "or from any of its cards (with the option Runs: whole, only its top card or the whole run). "
                "The reserve's top card goes to a column or a foundation. An empty column is filled at once "
                "from the reserve; once the reserve is empty, with the waste's top card when you choose. "
                "Cards on the foundations stay there."
            )
        ),
        stock(
            tr(
                "Tap the stock to turn three cards (one in draw 1) onto the waste, whose top card can be "
                "played. When the stock is empty, tap it to turn the waste over, as often as you like."
            )
        ),
        (tr("Score"), tr("Each card on a foundation scores 5, the base card dealt there too: 260 for a win.")),
        tip(
            tr(
                "Play out the reserve first: each card taken from it turns up the next, and a column you empty "
                "takes one at once."
            )
        ),
    ]


def score_parts(s: CanfieldState, seconds: float) -> list[str]:
    """CF-6 on the win panel: "52 cards × 5" (issue 36 item 16)."""
    # TRANSLATORS: how Canfield's score is made, after "Score 260 =": cards home times 5 points
    return [ntr("1 card × {points}", "{n} cards × {points}", home_count(s), points=PER_CARD)]


def controls() -> Controls:
    """The build games' way (CM-2, CM-3), and D turns the stock (CF-5)."""
    return build_controls()._replace(stock_key=turns_the_stock())


def words() -> list[Section]:
    """The glossary's word for what only Canfield has (CM-14)."""
    return [(tr("Reserve"), tr("Cards dealt apart at the start, face down but the top one, which can be played."))]


def option_name(key: str) -> str:
    """CF-3's option on a dialog row: how much of a run may move."""
    return tr("Runs") if key == "moves" else options.option_name(key)


def option_beside(key: str, value: str) -> str:
    """A value beside the option's name ("Runs  Any part  Whole")."""
    if key == "moves":
        return tr("Any part") if value == "runs" else tr("Whole")
    return options.value_text(key, value)


def option_value(key: str, value: str) -> str:
    """A chip of the home tile, standing alone."""
    if key == "moves":
        # TRANSLATORS: a small button on Canfield's home tile: any part of a run may move; keep it short
        return tr("Runs: any part") if value == "runs" else tr("Runs: whole")
    return options.option_value(key, value)


GAME = Game(
    rules=Canfield(),
    title=lambda: tr("Canfield"),
    blurb=lambda: tr("Play out a reserve of 13; the foundations start from the rank of the first card dealt."),
    stars=lambda o: 3 if o.get("draw") == "1" else 4,
    table=table,
    hints_at="game.games.canfield.hints:HINTS",
    solver_at="game.games.canfield.solver:SOLVER",
    heading=lambda s: tr("Canfield · draw {n}", n=s.draw),
    labels=labels,
    status=status,
    score_parts=score_parts,
    guide=guide,
    controls=controls,
    terms=frozenset({RUN, REDEAL, BASE}),
    words=words,
    option_name=option_name,
    option_value=option_value,
    option_beside=option_beside,
)
