"""What a game's table looks like, as data: rows of slots, a tier of overlapping cards, the way
each pile fans, and the marks on empty piles. A game's record declares its table with these; the
view turns them into geometry (``game/view/layout.py``). Pure: no pygame, no sizes in pixels."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import NamedTuple

from game.rules.pile import Pile

STACK, DOWN, RIGHT, LEFT = "stack", "down", "right", "left"  # LEFT: a RIGHT fan, mirrored
WRAPPING = "wrapping"  # a table of equal rows of places (a grid), each wrapped in two on a tall window
RECYCLE_MARK = "<recycle>"  # a label for an empty stock that can be turned again
EMPTY_MARK = "<none>"  # a label for an empty stock that cannot


class Slot(NamedTuple):
    pile: Pile | None  # None: an empty place in the row
    fan: str = STACK
    fan_cards: int = 1  # RIGHT: how many top cards show side by side


class Placed(NamedTuple):
    """A pile of a tier of overlapping cards (a triangle, peaks), at a place of a lattice: ``x`` in
    steps of a card and its gap from the tier's left, ``y`` in card heights from its top (a half
    step each way puts a card half over the two below it)."""

    pile: Pile
    x: float
    y: float


@dataclass(frozen=True)
class TableSpec:
    rows: tuple[tuple[Slot, ...], ...]
    fan_room: float = 2.4  # card heights below a fanned row's cards, for its columns to grow
    side: tuple[Pile, ...] = ()  # piles stacked in a column right of the rows (foundations beside the columns)
    shape: str = "rows"  # "rows", or WRAPPING: rows of places that wrap onto two lines on a tall window
    placed: tuple[Placed, ...] = ()  # a tier of overlapping cards, above the rows (which are centred then)
    tight_room: float = 0.0  # the least fan room a short window may squeeze to (see the view's least_room)
    mirror: bool = True  # False: a picture with no hand (a clock face), the same for either hand (UI-9)
    tall: tuple[tuple[Slot, ...], ...] = ()  # rows for a window taller than wide, where the rows are too wide

    def for_window(self, size: tuple[int, int]) -> TableSpec:
        """The table as a window of ``size`` lays it out: its ``tall`` rows on a window taller than
        wide (a clock face above its columns, not beside them), else its rows."""
        if self.tall and size[1] > size[0]:
            return replace(self, rows=self.tall, tall=())
        return self
