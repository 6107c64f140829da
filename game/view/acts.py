"""What a button does, as a typed value (CM-18): a plain name for a command of its screen
("undo", "close", a :class:`~game.input.intents.Command`), or one of the values below for a
choice that carries data — never a string a screen takes apart. A screen acts on them with
``match`` (or ``isinstance``); the focus by keys and the speech carry them untouched.

Pure: no pygame, so that every layer that names a button's action can import it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Choose:
    """An option set to a value: Settings' "Animation: Off", the New deal dialog's "Draw: 3", an
    option on a home tile (``variant``: the tile's game)."""

    name: str
    value: str
    variant: str = ""


@dataclass(frozen=True)
class Cycle:
    """An option whose values do not fit side by side on its home tile's row (a family of five
    games): one chip that shows the value chosen and, on a tap, chooses the next one (after the last,
    the first). ``variant``: the tile's game."""

    name: str
    variant: str


NEXT_MARK = " ▶"  # drawn after the value on a :class:`Cycle` chip; said as "tap for the next"


def following(values: Sequence[T], chosen: T) -> T:
    """The value after ``chosen`` (the first after the last, or where ``chosen`` is not among them)."""
    return values[(list(values).index(chosen) + 1) % len(values)] if chosen in values else values[0]


@dataclass(frozen=True)
class ForGame:
    """A button of a game's home tile (or of its line in a small screen's list): ``what`` it does
    ("continue", "new", "demo", "rules") with the game ``variant``."""

    what: str
    variant: str


@dataclass(frozen=True)
class Turn:
    """A step through a list: the home screen's pages ("page"), a chooser of Records ("game", "group"),
    History's filter."""

    what: str
    step: int


@dataclass(frozen=True)
class Pick:
    """One of a list, by its place: History's row, a run's destination on the segment panel, a
    Settings section's tab (``what`` names the list)."""

    what: str
    index: int


@dataclass(frozen=True)
class Digit:
    """A key of the PIN pad."""

    digit: str


Act = str | Choose | Cycle | ForGame | Turn | Pick | Digit  # what a button does
