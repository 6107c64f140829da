"""Intents: what the player means, whatever the device. Scenes receive only these."""

from __future__ import annotations

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
    """A named command: undo, redo, hint, new_deal, fullscreen, restart, deal, back, quit."""

    name: str


class TextInput(NamedTuple):
    text: str


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
)

UNDO, REDO, HINT, NEW_DEAL, FULLSCREEN, RESTART, DEAL, BACK, QUIT = (
    "undo",
    "redo",
    "hint",
    "new_deal",
    "fullscreen",
    "restart",
    "deal",
    "back",
    "quit",
)
