"""How a game's options read: an option's name on a dialog row ("Redeals"), a value on a chip that
stands alone ("Redeals ∞", "2♠♥"), and a value beside its option's name ("∞"). A game whose option
means something else than the same key in another game (one game's redeal shuffles the loose cards,
another's turns the waste over) gives its own words through its record (``Game.option_name``,
``Game.option_value``)."""

from __future__ import annotations

from game.core.i18n import ptr, tr

SUITS = {"1": "1♠", "2": "2♠♥", "4": "4♠♥♦♣"}


def option_name(key: str) -> str:
    """An option's name on a dialog row."""
    return {"draw": tr("Draw"), "redeals": tr("Redeals"), "suits": tr("Suits")}.get(key, key)


def value_text(key: str, value: str) -> str:
    """A value where its option's name stands beside it: "3", "∞", "2♠♥"."""
    if key == "suits":
        return SUITS.get(value, value)
    return "∞" if value == "unlimited" else value


def option_value(key: str, value: str) -> str:
    """A value on a chip that stands alone: "Draw 3", "Redeals ∞", "2♠♥"."""
    shown = value_text(key, value)
    if key == "suits":
        return shown
    # TRANSLATORS: a small button among others ("Redeals 3"); keep it short, abbreviate if need be
    return tr("Draw {n}", n=shown) if key == "draw" else ptr("option", "Redeals {n}", n=shown)
