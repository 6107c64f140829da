"""Which parts of the window a frame changed, so that only those are presented (UI-7).

A table's frame is its still part — the felt and resting cards (one cached layer), marks, the
status bar and toolbar, a message — and what moves over it: dragged and flying cards. When the
still part is the same as in the last frame, only the places the moving cards left and reached
need presenting; any other change presents the whole window.
"""

from __future__ import annotations

import pygame

from game.view.drag import Drag
from game.view.layout import Rect
from game.view.table_view import TableView
from game.view.widgets import rect

SPILL = 12  # px around a moving card: its shadow and anti-aliased edges


class Damage:
    def __init__(self) -> None:
        self._still: object = None
        self._movers: list[Rect] = []

    def frame(self, still: object, movers: list[Rect], size: tuple[int, int]) -> list[pygame.Rect] | None:
        """The rectangles to present for a frame whose still part is ``still`` and whose moving
        cards cover ``movers``; None for the whole window."""
        previous, self._still = self._still, still
        before, self._movers = self._movers, movers
        if previous is None or previous != still:
            return None
        window = pygame.Rect(0, 0, *size)
        return [rect(r.grown(SPILL)).clip(window) for r in before + movers]

    def forget(self) -> None:
        """The next frame presents the whole window (the scene was covered, resized, replaced)."""
        self._still = None


def moving_bounds(view: TableView, drag: Drag | None, now: float) -> list[Rect]:
    """Where cards in motion are drawn this frame: the dragged cards and flying sprites."""
    cw, ch = view.layout.card_w, view.layout.card_h
    out = [Rect(*s.position(now), cw, ch) for s in view.sprites.items if s.moving(now)]
    if drag is not None:
        (x, y), (dx, dy), n = drag.pos, drag.fan_step, len(drag.sprites) - 1
        out.append(Rect(min(x, x + n * dx), min(y, y + n * dy), cw + abs(n * dx), ch + abs(n * dy)))
    return out
