"""The reasons shared by several variants' ``explain`` — one wording for one rule everywhere."""

from __future__ import annotations

from game.core.cards import Card, can_stack_alternate, card_symbol_text
from game.core.i18n import tr
from game.rules.pile import FOUNDATION, Pile
from game.rules.piles import Column


def column_source_reason(column: Column, down: int, size: int, run_start: int, run_rule: str) -> str | None:
    """Why the last ``size`` cards of ``column`` cannot be picked up, or None if they can.
    ``run_start`` is where the movable run begins; ``run_rule`` says what a movable run is."""
    if not column:
        return tr("That column is empty.")
    if size > len(column):
        return tr("That column does not have that many cards.")
    if len(column) - size < down:
        return tr("Face-down cards cannot move.")
    if len(column) - size < run_start:
        return run_rule
    return None


def alternate_destination_reason(
    moving: Card, dst: Pile, size: int, tableau: tuple[Column, ...], empty_rule: str
) -> str:
    """Why ``moving`` (heading ``size`` cards) cannot go to ``dst`` in a game that builds the
    foundations up by suit and the columns down in alternate colours."""
    if dst.kind == FOUNDATION:
        if size != 1:
            return tr("Cards go to a foundation one at a time.")
        return tr("A foundation builds up by suit from the ace.")
    target = tableau[dst.idx]
    if not target:
        return empty_rule
    if not can_stack_alternate(moving, target[-1]):
        return not_on(moving, target[-1], tr("A card goes on one of the other colour and one rank higher."))
    return tr("That move is not allowed here.")


def not_on(moving: Card, target: Card, rule: str) -> str:
    """A building rule broken, the two cards named before the rule, as the games played onto the
    waste name theirs: "9♥ cannot go on J♠. A card goes on one of the other colour…"."""
    card, under = card_symbol_text(moving), card_symbol_text(target)
    return tr("{card} cannot go on {target}. {rule}", card=card, target=under, rule=rule)


def alternate_run_rule() -> str:
    return tr("Only a run in sequence, alternating red and black, moves together.")


def recycle_reason(stock: Column, waste: Column) -> str:
    """Why the waste cannot be turned back into the stock now."""
    if stock:
        return tr("The stock still has cards to turn.")
    if not waste:
        return tr("The waste is empty: there is nothing to turn over.")
    return tr("No redeals are left.")
