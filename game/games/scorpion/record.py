"""Scorpion (SPEC SC): seven columns, the stock and the four places of the runs that left the table
in a column at their right."""

from __future__ import annotations

from game.core.cards import SUIT_SYMBOLS
from game.core.i18n import tr
from game.games.guide import RUN, Controls, Section, build_controls, goal, layout, moves, same_as_tap, stock, tip
from game.games.record import Game
from game.games.scorpion.interaction import ScorpionInteraction
from game.games.scorpion.rules import COLUMNS, SUITS, Scorpion, ScorpionState
from game.rules.pile import FOUNDATIONS, STOCK_PILE, TABLEAUS, Pile
from game.rules.table import DOWN, EMPTY_MARK, Slot, TableSpec


def table(s: ScorpionState) -> TableSpec:
    return TableSpec(
        (tuple(Slot(TABLEAUS[i], DOWN) for i in range(COLUMNS)),), fan_room=3.6, side=(STOCK_PILE, *FOUNDATIONS[:SUITS])
    )


def labels(s: ScorpionState) -> dict[Pile, str]:
    out: dict[Pile, str] = {f: "K" for f in FOUNDATIONS[:SUITS]}
    if not s.stock:
        out[STOCK_PILE] = EMPTY_MARK
    return out


def suit_name(suit: int) -> str:
    return (tr("Spades"), tr("Hearts"), tr("Diamonds"), tr("Clubs"))[suit]


def status(s: ScorpionState) -> list[str]:
    """The stock (dealt or not), the suits completed and the face-down cards left."""
    gone = " ".join(SUIT_SYMBOLS[x] for x in s.completed)
    completed = tr("Completed {n}/4", n=len(s.completed)) + (f" ({gone})" if gone else "")
    dealt = tr("Stock {n}", n=len(s.stock))
    return [dealt, completed, tr("Face down {n}", n=sum(s.down))]


def result_lines(s: ScorpionState) -> list[str]:
    return [tr("Completed suits: {list}", list=", ".join(suit_name(x) for x in s.completed))]


def guide() -> list[Section]:
    return [
        goal(tr("Build four runs from king down to ace, each in one suit; a finished run leaves the table.")),
        layout(
            tr(
                "Seven columns of seven cards; in the four left columns the first three cards are face down. "
                "The last three cards are the stock."
            )
        ),
        moves(
            tr(
                "Any face-up card moves with all the cards on it, in order or not, onto the last card of "
                "another column when that card is of its suit and one rank higher. An empty column takes "
                "only a king, with its cards. A face-down card turns up once uncovered."
            )
        ),
        stock(tr("Tapping the stock deals its three cards, one onto each of the three left columns. Only once.")),
        tip(
            tr(
                "Free the face-down cards of the left columns before you deal, since the dealt cards cover "
                "them; an empty column is worth keeping for a king."
            )
        ),
    ]


def controls() -> Controls:
    """The build games' way (CM-2), a double tap sends a card to a place it may go (there are no
    foundations), and D deals (SC-3)."""
    return build_controls()._replace(
        double_tap=tr("Moves the card, with the cards on it, to a place it may go."),
        long_press=same_as_tap(),
        stock_key=tr("Deals the stock's three cards onto the three left columns."),
    )


def words() -> list[Section]:
    return [
        (
            tr("Completed suit"),
            tr("A run from king down to ace of one suit: it leaves the table at once, and four of them win."),
        )
    ]


GAME = Game(
    rules=Scorpion(),
    title=lambda: tr("Scorpion"),
    blurb=lambda: tr("Build down by suit; any face-up card moves with all the cards on it."),
    stars=lambda o: 4,
    table=table,
    hints_at="game.games.scorpion.hints:HINTS",
    solver_at="game.games.scorpion.solver:SOLVER",
    interaction=ScorpionInteraction,
    labels=labels,
    status=status,
    result_lines=result_lines,
    guide=guide,
    controls=controls,
    terms=frozenset({RUN}),
    words=words,
)
