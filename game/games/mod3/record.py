"""Mod 3 (SPEC MO, as KPat): three rows of eight building piles with the aces pile at the right of
the first, and the fourth row of eight with the stock at its right, as KPat lays them; a tap
selects a top card and a second tap places it, a tap on the stock deals."""

from __future__ import annotations

from game.core.i18n import tr
from game.games.figures import cards_left
from game.games.guide import Controls, Section, build_controls, goal, layout, moves, stock, tip
from game.games.mod3.interaction import Mod3Interaction
from game.games.mod3.rules import ACES_PILE, BUILD_PILES, COLUMNS, ROWS, WIDTH, Mod3, Mod3State, base_rank, built_count
from game.games.record import Game
from game.rules.pile import STOCK_PILE, TABLEAUS, Pile
from game.rules.table import DOWN, EMPTY_MARK, Slot, TableSpec


def table(s: Mod3State) -> TableSpec:
    """MO-1, KPat's table: the building rows, the aces at the right of the first; the fourth row,
    its places growing down, the stock at its right."""
    rows = []
    for r in range(ROWS):
        side = Slot(ACES_PILE) if r == 0 else Slot(None)
        rows.append((*(Slot(BUILD_PILES[r * WIDTH + c]) for c in range(WIDTH)), side))
    rows.append((*(Slot(TABLEAUS[i], DOWN) for i in range(COLUMNS)), Slot(STOCK_PILE)))
    return TableSpec(tuple(rows), fan_room=2.1, tight_room=0.8)


def labels(s: Mod3State) -> dict[Pile, str]:
    """An empty building place shows the rank that starts its row; the aces pile an A."""
    out: dict[Pile, str] = {BUILD_PILES[i]: str(base_rank(i // WIDTH)) for i in range(ROWS * WIDTH)}
    out[ACES_PILE] = "A"
    if not s.stock:
        out[STOCK_PILE] = EMPTY_MARK
    return out


def status(s: Mod3State) -> list[str]:
    """The stock left (MO-3) and the cards still to build (MO-4: all but the eight aces)."""
    return [tr("Stock {n}", n=len(s.stock)), cards_left(96 - built_count(s))]


def guide() -> list[Section]:
    return [
        goal(tr("Build every card but the aces on the top three rows.")),
        layout(
            tr(
                "Two decks. Three rows of eight building places and a fourth row of eight places, one "
                "face-up card on each; the aces pile, and the other 72 cards in the stock."
            )
        ),
        moves(
            tr(
                "The first row builds 2, 5, 8, J, the second 3, 6, 9, Q, the third 4, 7, 10, K, each pile in "
                "the suit of its first card: an empty place of a row takes only the card that starts it, "
                "and a dealt card that starts no sequence takes nothing. The top card of any pile of the "
                "four rows moves onto the pile that takes it, or into an empty place of the fourth row; "
                "aces go to the aces pile. A place of the fourth row that empties is filled at once from "
                "the stock."
            )
        ),
        stock(tr("Tap the stock to deal one card onto each place of the fourth row. There is no redeal.")),
        tip(tr("Clear the dealt cards that start no sequence off the top rows early, and free the aces.")),
    ]


def controls() -> Controls:
    """CM-2: a tap selects the top card and outlines its places; CM-3: a double tap sends it to the
    aces or its building pile; MO-3: the stock and D deal."""
    return build_controls()._replace(
        tap=tr(
            "Selects the top card of a pile and outlines every place it may go with a dotted frame; a tap on "
            "one of them moves it there, a tap on the card again lets it go."
        ),
        double_tap=tr(
            "Sends the card to the aces pile or onto the building pile that takes it, or else into an empty place."
        ),
        drag=tr(
            "Carries the top card of a pile to the place you drop it on; where it may not go, it flies back "
            "and the reason is shown."
        ),
        stock_key=tr("Deals a card onto each place of the fourth row."),
    )


def words() -> list[Section]:
    return [
        (
            tr("Building pile"),
            tr(
                "A place of the top three rows, built in one suit three ranks at a time: 2-5-8-J on the first "
                "row, 3-6-9-Q on the second, 4-7-10-K on the third."
            ),
        ),
        (tr("Aces pile"), tr("Where the aces go; they never come back into play.")),
        (
            tr("Column"),
            tr("A place of the fourth row: the cards dealt onto it overlap downward, and only the top one moves."),
        ),
    ]


GAME = Game(
    rules=Mod3(),
    title=lambda: tr("Mod 3"),
    blurb=lambda: tr("Two decks: build 2-5-8-J, 3-6-9-Q and 4-7-10-K in suit on three rows."),
    stars=lambda o: 2,
    table=table,
    hints_at="game.games.mod3.hints:HINTS",
    solver_at="game.games.mod3.solver:SOLVER",
    interaction=Mod3Interaction,
    labels=labels,
    status=status,
    guide=guide,
    controls=controls,
    words=words,
)
