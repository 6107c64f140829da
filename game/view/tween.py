"""Tweens: a value moving from A to B over time, eased. Time is passed in, never read here."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_sine(t: float) -> float:
    return -(math.cos(math.pi * t) - 1) / 2


def ease_out_back(t: float) -> float:
    c1, c3 = 1.2, 2.2
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


@dataclass
class Tween:
    """Moves a point from ``start`` to ``end`` between ``t0 + delay`` and that plus ``duration``."""

    start: tuple[float, float]
    end: tuple[float, float]
    t0: float
    duration: float
    delay: float = 0.0
    ease: str = "out_cubic"

    def progress(self, now: float) -> float:
        if self.duration <= 0:
            return 1.0
        return min(1.0, max(0.0, (now - self.t0 - self.delay) / self.duration))

    def done(self, now: float) -> bool:
        return now >= self.t0 + self.delay + self.duration

    def value(self, now: float) -> tuple[float, float]:
        p = self.progress(now)
        e = EASES[self.ease](p)
        return (self.start[0] + (self.end[0] - self.start[0]) * e, self.start[1] + (self.end[1] - self.start[1]) * e)


def linear(t: float) -> float:
    return t


EASES: dict[str, Callable[[float], float]] = {
    "out_cubic": ease_out_cubic,
    "in_out_sine": ease_in_out_sine,
    "out_back": ease_out_back,
    "linear": linear,
}
