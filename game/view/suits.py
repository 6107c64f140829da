"""The four suits drawn as vector shapes at any size (the font's ♠♥♦♣ would be too coarse to
supersample): the card faces' pips and indices use them."""

from __future__ import annotations

import math

import pygame


def _heart(n: int = 48) -> list[tuple[float, float]]:
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((x, -y))
    return _normalise(pts)


def _normalise(pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    w, h = max(xs) - min(xs), max(ys) - min(ys)
    s = max(w, h)
    return [((x - min(xs)) / s + (1 - w / s) / 2, (y - min(ys)) / s + (1 - h / s) / 2) for x, y in pts]


HEART = _heart()
SPADE_BODY = [(x, 0.82 - y * 0.82) for x, y in _heart()]  # upside-down heart, leaving room for the stem


def draw_suit(surface: pygame.Surface, suit: int, rect: pygame.Rect, color: tuple[int, int, int]) -> None:
    """A suit symbol filling ``rect`` (square-ish), drawn as vector shapes."""
    x, y, w, h = rect

    def pt(u: float, v: float) -> tuple[float, float]:
        return (x + u * w, y + v * h)

    if suit == 1:  # heart
        pygame.draw.polygon(surface, color, [pt(u, 0.05 + v * 0.9) for u, v in HEART])
    elif suit == 2:  # diamond
        pygame.draw.polygon(surface, color, [pt(0.5, 0.0), pt(0.9, 0.5), pt(0.5, 1.0), pt(0.1, 0.5)])
    elif suit == 0:  # spade
        pygame.draw.polygon(surface, color, [pt(u, v * 0.95) for u, v in SPADE_BODY])
        pygame.draw.polygon(surface, color, [pt(0.5, 0.55), pt(0.72, 1.0), pt(0.28, 1.0)])
    else:  # club
        r = w * 0.24
        for cu, cv in ((0.5, 0.27), (0.25, 0.57), (0.75, 0.57)):
            pygame.draw.circle(surface, color, pt(cu, cv), r)
        pygame.draw.polygon(surface, color, [pt(0.5, 0.45), pt(0.7, 1.0), pt(0.3, 1.0)])
        pygame.draw.circle(surface, color, pt(0.5, 0.55), r * 0.6)
