"""Buttons, panels and toasts: the few widgets the table and its dialogs need."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.view import fonts
from game.view.layout import Rect

TEXT = (245, 245, 240)
DIM_TEXT = (150, 160, 155)
BUTTON = (38, 52, 48)
BUTTON_ON = (214, 170, 60)
PANEL = (250, 248, 240)
PANEL_TEXT = (30, 34, 32)
FOCUS = (255, 214, 64)


@dataclass
class Button:
    rect: Rect
    label: str
    action: str
    enabled: bool = True
    selected: bool = False  # a chosen option in a group

    def hit(self, pos: tuple[float, float]) -> bool:
        return self.enabled and self.rect.contains(pos)


def rect(r: Rect) -> pygame.Rect:
    return pygame.Rect(round(r.x), round(r.y), round(r.w), round(r.h))


def button_text_size(b: Button) -> int:
    """The size a button's label fits at: about a third of its height, smaller if it is wide."""
    r = rect(b.rect)
    return fonts.fitting_size(b.label, int(r.h * 0.36), r.w - 10, bold=b.selected)


def draw_button(
    surface: pygame.Surface, b: Button, focused: bool = False, light: bool = False, text_size: int = 0
) -> None:
    """``text_size``: the label's size, shared with the button's row (0: its own best fit)."""
    r = rect(b.rect)
    radius = max(4, r.h // 5)
    if light:
        fill = BUTTON_ON if b.selected else (226, 222, 210)
        ink = PANEL_TEXT if b.enabled else (160, 160, 150)
    else:
        fill = BUTTON_ON if b.selected else BUTTON
        ink = (20, 20, 20) if b.selected else (TEXT if b.enabled else DIM_TEXT)
    pygame.draw.rect(surface, fill, r, border_radius=radius)
    if focused:
        pygame.draw.rect(surface, FOCUS, r.inflate(6, 6), width=3, border_radius=radius + 3)
    label = fonts.fit_text(b.label, text_size or int(r.h * 0.36), ink, r.w - 10, bold=b.selected)
    surface.blit(label, label.get_rect(center=r.center))


def draw_panel(surface: pygame.Surface, r: Rect, dim: bool = True) -> None:
    """A light card-like panel, over a dimmed table."""
    if dim:
        surface.blit(_veil(surface.get_size()), (0, 0))
    pr = rect(r)
    pr.size = (max(0, pr.w), max(0, pr.h))  # a window shrunk past the panel's margins: nothing to draw
    for spread, layer in _shadow(pr.w, pr.h):  # a soft shadow, a little below the panel
        surface.blit(layer, (pr.x - spread, pr.y - spread + 6))
    pygame.draw.rect(surface, PANEL, pr, border_radius=14)


@lru_cache(maxsize=2)
def _veil(size: tuple[int, int]) -> pygame.Surface:
    """The shade over a table under a panel, made once per window size (not every frame)."""
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 120))
    return shade


@lru_cache(maxsize=8)
def _shadow(w: int, h: int) -> tuple[tuple[int, pygame.Surface], ...]:
    layers = []
    for spread, opacity in ((10, 24), (6, 36), (3, 48)):
        layer = pygame.Surface((w + 2 * spread, h + 2 * spread), pygame.SRCALPHA)
        pygame.draw.rect(layer, (0, 0, 0, opacity), layer.get_rect(), border_radius=14 + spread)
        layers.append((spread, layer))
    return tuple(layers)


def draw_toast(surface: pygame.Surface, message: str, bottom: float, size: int, opacity: float = 1.0) -> None:
    """A short message in a dark pill, centred above ``bottom``."""
    w = surface.get_width()
    label = fonts.fit_text(message, size, TEXT, w * 0.9)
    box = label.get_rect()
    box.inflate_ip(size * 1.4, size * 0.8)
    box.midbottom = (w // 2, int(bottom))
    pill = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(pill, (16, 18, 20, int(225 * opacity)), pill.get_rect(), border_radius=box.h // 2)
    label = label.copy()
    label.set_alpha(int(255 * opacity))
    pill.blit(label, label.get_rect(center=pill.get_rect().center))
    surface.blit(pill, box)


def text_end(label: pygame.Surface, width: float) -> pygame.Surface | None:
    """The right-hand end of a rendered line that shows ``width`` px of it (a field shows the end of
    a long entry, where the typing is); the whole line if it fits; None if there is no room at all."""
    shown = min(label.get_width(), int(width))
    if shown <= 0:
        return None
    if shown == label.get_width():
        return label
    return label.subsurface(pygame.Rect(label.get_width() - shown, 0, shown, label.get_height()))


def dotted_frame(surface: pygame.Surface, r: Rect, color: tuple[int, int, int], width: int = 3, dash: int = 9) -> None:
    """A dotted outline: the mark of a legal destination (SPEC CM-2)."""
    pr = rect(r)
    for x0, y0, x1, y1 in (
        (pr.left, pr.top, pr.right, pr.top),
        (pr.right, pr.top, pr.right, pr.bottom),
        (pr.right, pr.bottom, pr.left, pr.bottom),
        (pr.left, pr.bottom, pr.left, pr.top),
    ):
        length = max(abs(x1 - x0), abs(y1 - y0))
        steps = max(1, length // dash)
        for k in range(0, steps, 2):
            a, b = k / steps, min(1.0, (k + 1) / steps)
            pygame.draw.line(
                surface,
                color,
                (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b),
                width,
            )
