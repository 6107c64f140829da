"""The loops that drive the app, frame after frame, with one ``App.step`` for both (UI-1, UI-7,
UI-12): 60 frames a second while anything moves; at rest, waiting for input in short sleeps
(waking a few times a second for clocks and timers), so an idle table costs next to no CPU.

- :func:`run`, the desktop's: it sleeps between frames.
- :func:`run_async`, a coroutine that awaits between frames: the browser's page (pygbag) runs the
  game as a task of its own event loop, which gets the thread back at every ``await``;
  ``python -m game --asyncio`` runs it on the desktop too, and the tests drive it.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.app import App

FRAME = 1 / 60  # seconds a frame takes while anything moves
MAX_FRAME_GAP = 0.25  # a longer pause (a dragged window, a breakpoint) does not fast-forward the game
REST_WAKE = 0.25  # at rest, the loop wakes this often (seconds) for clocks and timers
REST_POLL = 0.02  # and looks for input this often (at most a frame late)


def run(app: App, max_frames: int | None = None) -> None:
    """The desktop's loop; closes the app when it ends. Measured under X11: pygame's event.wait
    with a timeout costs ~2.8 % of a core by itself at rest; these short sleeps ~0.4 %
    (tools/bench_idle.py)."""
    clock = pygame.time.Clock()
    last = time.perf_counter()
    try:
        while app.running:
            last = _step(app, last)
            if _done(app, max_frames):
                break
            if app.resting:
                end = time.perf_counter() + REST_WAKE
                while time.perf_counter() < end and not pygame.event.peek():
                    time.sleep(REST_POLL)
                clock.tick()  # restart the frame clock after the rest
            else:
                clock.tick(60)
    finally:
        app.close()


async def run_async(app: App, max_frames: int | None = None) -> None:
    """The same loop as a coroutine that awaits after every frame — a frame's remaining time while
    anything moves, short sleeps at rest — and closes the app when it ends."""
    last = time.perf_counter()
    try:
        while app.running:
            began = last
            last = _step(app, last)
            if _done(app, max_frames):
                break
            if app.resting:
                end = time.perf_counter() + REST_WAKE
                while time.perf_counter() < end and not pygame.event.peek():
                    await asyncio.sleep(REST_POLL)
            else:
                await asyncio.sleep(max(0.0, FRAME - (time.perf_counter() - began)))
    finally:
        app.close()


def _step(app: App, last: float) -> float:
    """One frame of the time passed since ``last`` (a rest is as long as it lasted, at most a
    wake-up's; a gap while moving is clamped); returns the time it started."""
    now = time.perf_counter()
    app.step(min(now - last, REST_WAKE if app.resting else MAX_FRAME_GAP))
    return now


def _done(app: App, max_frames: int | None) -> bool:
    return max_frames is not None and app.frames >= max_frames
