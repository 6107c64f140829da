"""Intents: what the player means, whatever the device. Scenes receive only these."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

Point = tuple[float, float]


class Tap(NamedTuple):
    pos: Point


class DoubleTap(NamedTuple):
    pos: Point


class LongPress(NamedTuple):
    pos: Point


class SecondaryTap(NamedTuple):
    """A right click: for what a long press does on a touch screen."""

    pos: Point


class DragStart(NamedTuple):
    pos: Point  # where the press began


class DragMove(NamedTuple):
    pos: Point


class DragEnd(NamedTuple):
    pos: Point
    cancelled: bool = False


class Hover(NamedTuple):
    """The mouse moved with no button down (no equivalent on touch)."""

    pos: Point


class FocusMove(NamedTuple):
    dx: int
    dy: int


class Activate(NamedTuple):
    pass


class Cancel(NamedTuple):
    pass


class Action(NamedTuple):
    """A named command: one of :class:`Command`, or a game's own (a grid's "auto")."""

    name: str


class TextInput(NamedTuple):
    text: str


class Scroll(NamedTuple):
    """The wheel: ``lines`` to move the view down (negative: up); Page Up / Page Down: ``page``,
    and ``lines`` -1 or 1, a view's height less a line, so that no line is passed unseen."""

    lines: float
    page: bool = False

    def pixels(self, view: float, line: float) -> float:
        """How far the view moves, for a view this high whose lines are this far apart."""
        return self.lines * (max(line, view - line) if self.page else line)


Intent = (
    Tap
    | DoubleTap
    | LongPress
    | SecondaryTap
    | DragStart
    | DragMove
    | DragEnd
    | Hover
    | FocusMove
    | Activate
    | Cancel
    | Action
    | TextInput
    | Scroll
)


class Command(StrEnum):
    """The named commands of :class:`Action`: keys, toolbar buttons and panels send these."""

    UNDO = "undo"
    REDO = "redo"
    HINT = "hint"
    RESTART = "restart"
    NEW_DEAL = "new_deal"
    SETTINGS = "settings"
    COPY_ID = "copy_id"
    BACK = "back"
    DEAL = "deal"
    FULLSCREEN = "fullscreen"
    QUIT = "quit"
    PASTE = "paste"
    BACKSPACE = "backspace"
    RULES = "rules"
    RECORDS = "records"
    MUTE = "mute"
    READ_TABLE = "read_table"  # CM-19: the whole table, pile by pile
    REPEAT = "repeat"  # CM-19: the last announcement again
    NEXT_GROUP = "next_group"  # CM-18: Tab, to the next group of controls (the table, the toolbar)
    PREV_GROUP = "prev_group"  # CM-18: Shift+Tab
    FIRST_CARD = "first_card"  # CM-10: Home, to the focused column's first face-up card
    LAST_CARD = "last_card"  # CM-10: End, to its top card
    SEND_HOME = "send_home"  # CM-3 by keys: the focused card goes where a double tap sends it
