"""The status bar at the top of a table and the toolbar of buttons at the bottom."""

from __future__ import annotations

import pygame

from game.view import fonts
from game.view.layout import Rect
from game.view.widgets import TEXT, Button, draw_button

DEAL_TEXT = (200, 225, 255)


def toolbar_buttons(bar: Rect, touch: float, actions: list[tuple[str, str]]) -> list[Button]:
    """One button per (action, label), as wide as fits (never narrower than a finger allows when
    the window has the room), centred in the toolbar."""
    if not actions:
        return []
    gap = touch * 0.15
    width = min(touch * 2.6, (bar.w - gap * (len(actions) + 1)) / len(actions))
    height = min(touch, bar.h - gap)
    x = bar.x + (bar.w - (width * len(actions) + gap * (len(actions) - 1))) / 2
    y = bar.y + (bar.h - height) / 2
    return [
        Button(Rect(x + i * (width + gap), y, width, height), label, name) for i, (name, label) in enumerate(actions)
    ]


def _shade(surface: pygame.Surface, r: Rect, opacity: int) -> None:
    layer = pygame.Surface((round(r.w), round(r.h)), pygame.SRCALPHA)
    layer.fill((0, 0, 0, opacity))
    surface.blit(layer, (round(r.x), round(r.y)))


def draw_status_bar(surface: pygame.Surface, top: Rect, heading: str, parts: list[str], deal_text: str) -> Rect:
    """The game's name on the left, the figures in the middle, the deal on the right; returns
    where the deal is written (a tap there copies its ID)."""
    _shade(surface, top, 90)
    size = int(top.h * 0.42)
    pad = top.h * 0.3
    middle = fonts.fit_text("   ".join(parts), size, TEXT, top.w * 0.55, bold=True)
    surface.blit(middle, middle.get_rect(center=(top.w / 2, top.h / 2)))
    title = fonts.fit_text(heading, size, TEXT, top.w * 0.2)
    surface.blit(title, (pad, (top.h - title.get_height()) / 2))
    deal = fonts.fit_text(deal_text, size, DEAL_TEXT, top.w * 0.2)
    where = deal.get_rect(midright=(top.w - pad, top.h / 2))
    surface.blit(deal, where)
    return Rect(where.x - 6, 0, where.w + 12, top.h)


def draw_toolbar(surface: pygame.Surface, bar: Rect, buttons: list[Button]) -> None:
    _shade(surface, bar, 70)
    for b in buttons:
        draw_button(surface, b)
