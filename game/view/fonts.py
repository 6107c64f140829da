"""The shipped font (Noto Sans CJK JP subset: Latin, ♠♥♦♣, kana, kanji) and a cache of rendered text.

The default pygame font has neither the card suits nor Japanese, so every piece of text the game
draws comes through here.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.resources import data_dir

FONT_DIR = data_dir("assets") / "fonts"
REGULAR = FONT_DIR / "NotoSansJP-Subset-Regular.otf"
BOLD = FONT_DIR / "NotoSansJP-Subset-Bold.otf"

Color = tuple[int, int, int] | tuple[int, int, int, int]


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(BOLD if bold else REGULAR), max(6, int(size)))


@lru_cache(maxsize=512)
def text(message: str, size: int, color: Color, bold: bool = False) -> pygame.Surface:
    """``message`` rendered anti-aliased at ``size`` px (cached: HUD text changes rarely)."""
    return font(size, bold).render(message, True, color)


def fit_text(message: str, size: int, color: Color, max_width: float, bold: bool = False) -> pygame.Surface:
    """Rendered at ``size`` or smaller, so that it fits ``max_width``."""
    surf = text(message, size, color, bold)
    while surf.get_width() > max_width and size > 8:
        size = int(size * 0.9)
        surf = text(message, size, color, bold)
    return surf
