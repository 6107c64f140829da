"""Gesture recognition: pointer downs, moves and ups (mouse or finger) become taps, double-taps,
long presses and drags. Pure logic fed with timestamps — no pygame, tested with fake time.

One pointer at a time: a second finger while the first is down is ignored, so a palm or a second
touch on a kiosk cannot start a competing gesture.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.input.intents import DoubleTap, DragEnd, DragMove, DragStart, Intent, LongPress, Point, Tap


@dataclass(frozen=True)
class GestureConfig:
    """Every threshold of the input layer in one place. Distances are in pixels at a UI scale of 1
    (``scale`` multiplies them for dense or large screens); times in seconds."""

    drag_distance: float = 10.0  # movement past this turns a press into a drag
    double_tap_time: float = 0.35  # a second tap within this...
    double_tap_distance: float = 28.0  # ...and this close is a double tap
    long_press_time: float = 0.55  # held still this long is a long press
    scale: float = 1.0


@dataclass
class _Press:
    pointer: object
    start: Point
    time: float
    dragging: bool = False
    long_pressed: bool = False
    stale: bool = False  # the second half of a tap meant for the screen before (see cancel): it does nothing


class GestureRecognizer:
    def __init__(self, config: GestureConfig | None = None) -> None:
        self.config = config or GestureConfig()
        self._press: _Press | None = None
        self._last_tap: tuple[Point, float] | None = None
        self._left_behind: float | None = None  # when the last tap on the screen before a switch was made

    @property
    def pressed(self) -> bool:
        return self._press is not None

    @property
    def dragging(self) -> bool:
        return self._press is not None and self._press.dragging

    def down(self, pos: Point, time: float, pointer: object = "mouse") -> list[Intent]:
        if self._press is not None:
            return []  # another pointer is already in charge
        left, self._left_behind = self._left_behind, None
        stale = left is not None and time - left <= self.config.double_tap_time
        self._press = _Press(pointer, pos, time, stale=stale)
        return []

    def move(self, pos: Point, time: float, pointer: object = "mouse") -> list[Intent]:
        p = self._press
        if p is None or p.pointer != pointer or p.long_pressed or p.stale:
            return []
        if p.dragging:
            return [DragMove(pos)]
        if _distance(pos, p.start) > self.config.drag_distance * self.config.scale:
            p.dragging = True
            self._last_tap = None
            return [DragStart(p.start), DragMove(pos)]
        return []

    def up(self, pos: Point, time: float, pointer: object = "mouse") -> list[Intent]:
        p = self._press
        if p is None or p.pointer != pointer:
            return []
        self._press = None
        if p.dragging:
            return [DragEnd(pos)]
        if p.long_pressed or p.stale:
            return []
        last = self._last_tap
        cfg = self.config
        if (
            last is not None
            and time - last[1] <= cfg.double_tap_time
            and _distance(pos, last[0]) <= cfg.double_tap_distance * cfg.scale
        ):
            self._last_tap = None
            return [DoubleTap(pos)]
        self._last_tap = (pos, time)
        return [Tap(pos)]

    def tick(self, time: float) -> list[Intent]:
        """Call every frame: a press held still long enough becomes a long press."""
        p = self._press
        if p is None or p.dragging or p.long_pressed or p.stale:
            return []
        if time - p.time >= self.config.long_press_time:
            p.long_pressed = True
            self._last_tap = None
            return [LongPress(p.start)]
        return []

    def cancel(self) -> list[Intent]:
        """Forget the press in progress (window lost focus, scene changed). A tap just made was
        meant for the screen it was made on (CM-16): a press that follows it within the double
        tap time — the second half of a double tap, which a quick hand makes before any eye has
        seen the new screen — does nothing at all on the next one: no tap, no double tap, no
        drag, no long press. So a double tap that skips the win cascade cannot also close (or
        press a button of) the win panel, nor a double tap on a dialog's button act on the table
        beneath it."""
        if self._last_tap is not None:
            self._left_behind = self._last_tap[1]
        self._last_tap = None
        p, self._press = self._press, None
        if p is not None and p.dragging:
            return [DragEnd(p.start, cancelled=True)]
        return []


def _distance(a: Point, b: Point) -> float:
    return float(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5)
