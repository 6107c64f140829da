"""Addiction, also Gaps or Montana (SPEC AD): four rows of thirteen with four gaps; Auto, Redeal
and Give up have buttons of their own (its scene)."""

from __future__ import annotations

from game.core.cards import NO_CARD, card_symbol_text
from game.core.i18n import Figure, ptr, tr
from game.games import options
from game.games.addiction.interaction import AddictionInteraction
from game.games.addiction.rules import GRID_CELLS, Addiction, AddictionState, card_for_gap
from game.games.guide import REDEAL, Controls, Section, goal, layout, moves, same_as_tap, tip
from game.games.record import Game
from game.rules.pile import Pile
from game.rules.table import EMPTY_MARK, WRAPPING, Slot, TableSpec


def table(s: AddictionState) -> TableSpec:
    return TableSpec(tuple(tuple(Slot(GRID_CELLS[r * 13 + c]) for c in range(13)) for r in range(4)), shape=WRAPPING)


def labels(s: AddictionState) -> dict[Pile, str]:
    """Each gap shows what it takes: "2" in the first column, the one card, or a dead mark."""
    out: dict[Pile, str] = {}
    for k, c in enumerate(s.grid):
        if c == NO_CARD:
            wanted = card_for_gap(s.grid, k)
            out[GRID_CELLS[k]] = (
                "2" if wanted is None else EMPTY_MARK if wanted == NO_CARD else card_symbol_text(wanted)
            )
    return out


def guide() -> list[Section]:
    return [
        goal(tr("Arrange each row from 2 to king in one suit.")),
        layout(tr("The 52 cards in four rows of 13; the aces are taken out, leaving four gaps.")),
        moves(
            tr(
                "A gap takes the card of the same suit one rank higher than the card on its left; a gap in "
                "the first column takes any 2. A gap right of a king or of another gap takes nothing."
            )
        ),
        (
            # TRANSLATORS: Addiction's redeal shuffles the loose cards and deals them again (ja 配り直し),
            # unlike a redeal that turns the waste back into the stock
            ptr("shuffle", "Redeals"),
            tr(
                "When no card can move, Redeal keeps each row's sequence from the left and deals the other "
                "cards again, as many times as set for the game. Auto plays a move for you; Give up ends "
                "the game with its score."
            ),
        ),
        tip(tr("Start a row with the 2 whose suit already has the most cards in order.")),
    ]


def controls() -> Controls:
    """AD-5: a tap moves a card to its gap, or fills a gap with its card; a choice waits for a second
    tap on the place wanted. No selection otherwise: a double tap and a long press are taps too."""
    return Controls(
        tap=tr(
            "Moves a card to the gap it fits, or fills a gap with the card that fits it. Where the first "
            "column gives a choice (which 2, or which gap), the choices are outlined: tap the one you want."
        ),
        double_tap=same_as_tap(),
        drag=tr("Carries a card to the gap you drop it on."),
        long_press=same_as_tap(),
        enter=tr("Does what a tap does, on the focused card or gap."),
        stock_key=ptr("shuffle", "Redeals the cards not in place, when no card can move."),
    )


def option_name(key: str) -> str:
    """Addiction's one option is its redeals, which shuffle the loose cards (ja 配り直し), not
    a turn of the waste back into the stock: its own word."""
    return ptr("shuffle", "Redeals") if key == "redeals" else options.option_name(key)


def option_value(key: str, value: str) -> str:
    """A chip of the home tile: as short as the language allows (Italian abbreviates)."""
    # TRANSLATORS: a small button among four on Addiction's home tile ("Redeals 3"); abbreviate if need be
    return ptr("shuffle option", "Redeals {n}", n=value) if key == "redeals" else options.option_value(key, value)


def status(s: AddictionState) -> list[str]:
    """The redeals left; short, as the home tile's chip says them."""
    n = s.redeals_left
    return [Figure(ptr("shuffle", "Redeals {n}", n=n), ptr("shuffle option", "Redeals {n}", n=n))]


GAME = Game(
    rules=Addiction(),
    title=lambda: tr("Addiction"),
    blurb=lambda: tr("Fill each gap with the next card of the suit on its left."),
    stars=lambda o: 2,
    table=table,
    hints_at="game.games.addiction.hints:HINTS",
    solver_at="game.games.addiction.solver:SOLVER",
    interaction=AddictionInteraction,
    labels=labels,
    status=status,
    score_text=lambda n: tr("Score {n}/48", n=n),
    scene="game.games.addiction.scene:AddictionScene",
    guide=guide,
    controls=controls,
    terms=frozenset({REDEAL}),
    option_name=option_name,
    option_value=option_value,
)
