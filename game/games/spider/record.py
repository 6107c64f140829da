"""Spider, 1, 2 or 4 suits (SPEC SP): the stock and eight completed-suit slots above ten columns;
taps move at once (SP-9), the segment panel and the honest verdict live in its scene."""

from __future__ import annotations

from game.core.cards import SUIT_SYMBOLS
from game.core.i18n import Figure, ntr, ptr, tr
from game.games.guide import RUN, Controls, Section, goal, layout, moves, stock, tip
from game.games.record import Game
from game.games.spider.interaction import SpiderInteraction
from game.games.spider.rules import SUITS_OF, Spider, SpiderState
from game.rules.pile import FOUNDATIONS, STOCK_PILE, TABLEAUS, Pile
from game.rules.table import DOWN, EMPTY_MARK, Slot, TableSpec


def suit_name(suit: int) -> str:
    return (tr("Spades"), tr("Hearts"), tr("Diamonds"), tr("Clubs"))[suit]


def suits_in_play(s: SpiderState) -> list[int]:
    return sorted(set(SUITS_OF[s.suits]))


def table(s: SpiderState) -> TableSpec:
    top = (Slot(STOCK_PILE), Slot(None), *(Slot(FOUNDATIONS[i]) for i in range(8)))
    return TableSpec((top, tuple(Slot(TABLEAUS[i], DOWN) for i in range(10))), fan_room=2.6)


def labels(s: SpiderState) -> dict[Pile, str]:
    out: dict[Pile, str] = {f: "K" for f in FOUNDATIONS[:8]}
    if not s.stock:
        out[STOCK_PILE] = EMPTY_MARK
    return out


def status(s: SpiderState) -> list[str]:
    """SP-20: deals left, completed N/8 with the count per suit, face-down cards."""
    per_suit = " ".join(f"{SUIT_SYMBOLS[x]}{s.completed.count(x)}" for x in suits_in_play(s))
    return [
        # TRANSLATORS: the status bar's "Deals {n}" (deals left in the stock) where the bar is narrow
        Figure(tr("Deals {n}", n=s.deals_left), ptr("narrow", "Deals {n}", n=s.deals_left)),
        tr("Completed {n}/8", n=len(s.completed)) + f" ({per_suit})",
        tr("Face down {n}", n=sum(s.down)),
    ]


def result_lines(s: SpiderState) -> list[str]:
    """SP-18: the completed suits, by suit."""
    parts = [f"{suit_name(x)} {s.completed.count(x)}" for x in suits_in_play(s)]
    return [tr("Completed suits: {list}", list=", ".join(parts))]


def heading(s: SpiderState) -> str:
    return ntr("Spider · 1 suit", "Spider · {n} suits", s.suits)


def guide() -> list[Section]:
    return [
        goal(tr("Build eight runs from king down to ace, each in one suit; a finished run leaves the table.")),
        layout(
            tr(
                "Ten columns of 54 cards (6 on the first four, 5 on the others), only the last card face "
                "up; 50 cards wait in the stock."
            )
        ),
        moves(
            tr(
                "A card goes on any card one rank higher, whatever its suit, but only a run of one suit "
                "moves together. An empty column takes any card or run."
            )
        ),
        stock(
            tr("Tapping the stock deals one card onto every column, five times in all; no column may be empty then.")
        ),
        tip(tr("Build in suit whenever you can, and keep an empty column as long as you can.")),
    ]


def controls() -> Controls:
    """SP-9: a tap moves at once, by a fixed order, with no selection; a second quick tap is a second
    move; SP-10: a drag goes where it is dropped; SP-11, SP-19: the segment panel; SP-6: D deals."""
    return Controls(
        tap=tr(
            "Moves the card, with the cards on it, at once to the best place: where it completes a suit, "
            "else onto its own suit, else onto another suit, else into an empty column. Only a run of one "
            "suit moves together."
        ),
        double_tap=tr("Two quick taps are two moves."),
        drag=tr("Carries a run to the column you drop it on: the sure way to put it on another suit."),
        long_press=tr("Opens the column's panel: choose how many cards to take and where they go."),
        enter=tr(
            "Opens the focused column's panel: the arrows choose the cards and their place, Enter moves "
            "them, Esc closes it. On the stock, Enter deals."
        ),
        stock_key=tr("Deals a card onto every column."),
    )


GAME = Game(
    rules=Spider(),
    title=lambda: tr("Spider"),
    blurb=lambda: tr("Build K to A in one suit; completed suits leave the table."),
    stars=lambda o: {"1": 1, "2": 3, "4": 4}.get(o.get("suits", "2"), 3),
    table=table,
    hints_at="game.games.spider.hints:HINTS",
    solver_at="game.games.spider.solver:SOLVER",
    interaction=SpiderInteraction,
    heading=heading,
    labels=labels,
    status=status,
    result_lines=result_lines,
    scene="game.games.spider.scene:SpiderScene",
    guide=guide,
    controls=controls,
    terms=frozenset({RUN}),
)
