"""The status bar at the top of a table and the toolbar of buttons at the bottom."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.core.i18n import Figure
from game.view import fonts
from game.view.layout import Rect
from game.view.widgets import TEXT, Button, button_text_size, draw_button

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
    surface.blit(_bar_shade(round(r.w), round(r.h), opacity), (round(r.x), round(r.y)))


@lru_cache(maxsize=8)
def _bar_shade(w: int, h: int, opacity: int) -> pygame.Surface:
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    layer.fill((0, 0, 0, opacity))
    return layer


@dataclass(frozen=True)
class StatusFit:
    """How the status bar's figures fit: the share of the width they take, the spacing between
    them, whether the game's name is shown, and the figures shown (the first ``len(shown)``)."""

    room: float
    sep: str
    with_heading: bool
    shown: tuple[str, ...]


def status_text_size(top: Rect) -> int:
    return max(fonts.SMALLEST, int(top.h * 0.44))


def fit_status(top: Rect, heading: str, parts: list[str]) -> StatusFit:
    """On a narrow window the figures come first: the name gives up its place (the window's title
    still has it), then the spacing tightens, then the figures take their shorter words (a
    ``Figure``'s short form), and only then do the last figures wait for a wider window — the text
    never shrinks past readable."""
    fit = _fit_status(top, heading, parts)
    shorter = [p.short if isinstance(p, Figure) else p for p in parts]
    if len(fit.shown) < len(parts) and shorter != parts:
        short = _fit_status(top, heading, shorter)
        if len(short.shown) > len(fit.shown):
            return short
    return fit


def _fit_status(top: Rect, heading: str, parts: list[str]) -> StatusFit:
    size = status_text_size(top)
    least = max(fonts.SMALLEST, int(size * 0.8))  # the figures may shrink this far before giving way
    ways: tuple[tuple[float, str, bool], ...] = (
        (0.55, "   ", True),
        (0.75, "   ", False),
        (0.75, "  ", False),
    )  # (room, spacing, heading shown)
    if not fonts.fits(heading, top.w * 0.2):
        ways = ways[1:]  # a name too long for its corner gives up its place at once
    room, sep, with_heading = next(  # the first way whose figures all fit, at the least size at most
        (way for way in ways if fonts.fits(way[1].join(parts), top.w * way[0], least, bold=True)),
        ways[-1],
    )
    shown = list(parts)
    while len(shown) > 1 and not fonts.fits(sep.join(shown), top.w * room, bold=True):
        shown.pop()
    return StatusFit(room, sep, with_heading, tuple(shown))


def draw_status_bar(surface: pygame.Surface, top: Rect, heading: str, parts: list[str], deal_text: str) -> Rect:
    """The game's name on the left, the figures in the middle, the deal on the right (as
    ``fit_status`` fits them); returns where the deal is written (a tap there copies its ID)."""
    _shade(surface, top, 90)
    size = status_text_size(top)
    pad = top.h * 0.3
    deal = fonts.fit_text(deal_text, size, DEAL_TEXT, top.w * 0.2)
    where = deal.get_rect(midright=(top.w - pad, top.h / 2))
    surface.blit(deal, where)
    fit = fit_status(top, heading, parts)
    middle = fonts.fit_text(fit.sep.join(fit.shown), size, TEXT, top.w * fit.room, bold=True)
    centre = top.w / 2 if fit.with_heading else (top.w - where.w - pad) / 2
    surface.blit(middle, middle.get_rect(center=(centre, top.h / 2)))
    if fit.with_heading:
        title = fonts.fit_text(heading, size, TEXT, top.w * 0.2)
        surface.blit(title, (pad, (top.h - title.get_height()) / 2))
    return Rect(where.x - 6, 0, where.w + 12, top.h)


def draw_toolbar(surface: pygame.Surface, bar: Rect, buttons: list[Button], focused: int | None = None) -> None:
    """The buttons share one text size, the largest at which every label fits its button;
    ``focused``: the button the keys are on (CM-18), drawn with the focus ring."""
    _shade(surface, bar, 70)
    size = min((button_text_size(b) for b in buttons), default=0)
    for k, b in enumerate(buttons):
        draw_button(surface, b, focused=k == focused, text_size=size)
