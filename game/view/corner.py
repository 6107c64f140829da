"""A card face's corner index: the rank with its suit beside it, and the suit again in the other
top corner where there is room — as large as the layout's index band allows and never touching.

The layout (``game/view/fans.py``) decides how much of the card's height the index may take — the
visible strip of a card in a fanned column; this fits the ink into that band exactly: the rank's
ink from the band's top to its bottom (a Q's tail, a J's hook and the digits' round bottoms
included), its suit beside it. A label too wide for its room (a 10 on a narrow card, or in the
large-print deck) is condensed; if even that would not fit, the whole index is drawn smaller. The
second suit in the top-right corner is drawn only where the widest label, its suit and that corner
suit fit with paper between them, on every card of the size alike. Everything here works at the
card art's supersampled size.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.view import fonts
from game.view.fans import INDEX_TOP
from game.view.suits import draw_suit

PAD = 0.06  # paper left and right of the index, in card widths
SUIT_SIZE = 0.83  # the suit beside the rank, in rank heights
GAP = 0.1  # between the rank and its suit, in rank heights
CONDENSED = 0.7  # a wide label may be drawn this narrow, no narrower
CORNER_CLEAR = 0.08  # at least this much paper (in card widths) before the suit in the other corner
WIDEST = "10"


@dataclass(frozen=True)
class IndexBoxes:
    """Where an index's ink lies on its corner (supersampled pixels): the rank, its suit, and the
    suit in the other corner (None where it has no room)."""

    rank: pygame.Rect
    suit: pygame.Rect
    corner_suit: pygame.Rect | None


@lru_cache(maxsize=1)
def _cap_ratio() -> float:
    """A capital's ink height in font sizes (the shipped font's K)."""
    return fonts.font(100, bold=True).render("K", True, (0, 0, 0)).get_bounding_rect().h / 100


def _ink(label: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """Just the ink of ``label`` rendered at ``size``: no space above or around it."""
    surf = fonts.font(size, bold=True).render(label, True, colour)
    return surf.subsurface(surf.get_bounding_rect()).copy()


class CornerIndex:
    """The index's geometry for one card size (``width`` x ``height``, supersampled) and index band
    (``share``: where the ink must end, in card heights), worked out once for all 52 faces."""

    def __init__(self, width: int, height: int, share: float, pixel: int) -> None:
        self.width = width
        self.pad = round(width * PAD)
        self.top = round(height * INDEX_TOP)
        cap = max(pixel * 4, int(height * share) - self.top)
        ten = _ink(WIDEST, self._size(cap), (0, 0, 0))
        ten_ratio = ten.get_width() / ten.get_height()  # a 10's width in rank heights
        room = width - 2 * self.pad
        # a 10 condensed as far as it may be, its gap and its suit must fit across: else smaller all over
        cap = min(cap, int(room / (ten_ratio * CONDENSED + GAP + SUIT_SIZE)))
        self.cap = cap
        self.bottom = self.top + cap  # no ink below this line
        self.size = self._size(cap)
        self.suit_size = round(cap * SUIT_SIZE)
        self.gap = max(2 * pixel, round(cap * GAP))  # a clear pixel of paper, once scaled down
        self.label_room = room - self.gap - self.suit_size  # the widest a label may be
        # the suit again in the other corner: where an uncondensed 10, its suit, clear paper and that suit fit
        clear = max(width * CORNER_CLEAR, 2 * self.gap)
        self.corner_suit = ten_ratio * cap + self.gap + self.suit_size + clear + self.suit_size <= room

    @staticmethod
    def _size(cap: int) -> int:
        """A font size whose capitals are at least ``cap`` tall (the ink is then scaled to fit)."""
        return max(6, round(cap / _cap_ratio()) + 1)

    def draw(self, corner: pygame.Surface, label: str, suit: int, colour: tuple[int, int, int]) -> IndexBoxes:
        """Draw the index on ``corner`` (the card's top strip) and say where its ink went."""
        ink = _ink(label, self.size, colour)
        w, h = ink.get_size()
        scale = self.cap / h  # every label exactly the band's height: a Q's tail and a J's hook inside it
        shape = (min(self.label_room, max(1, round(w * scale))), self.cap)
        if shape != (w, h):
            ink = pygame.transform.smoothscale(ink, shape)
        rank = pygame.Rect(self.pad, self.top, *shape)
        corner.blit(ink, rank.topleft)
        y = self.top + (self.cap - self.suit_size) // 2
        beside = pygame.Rect(rank.right + self.gap, y, self.suit_size, self.suit_size)
        _suit(corner, suit, beside, colour)
        other = None
        if self.corner_suit:
            other = pygame.Rect(self.width - self.pad - self.suit_size, y, self.suit_size, self.suit_size)
            _suit(corner, suit, other, colour)
        return IndexBoxes(rank, beside, other)


def _suit(surface: pygame.Surface, suit: int, box: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """A suit inside ``box``: a polygon's far edge is drawn on the pixel past its last coordinate,
    so the shape is given one pixel less each way."""
    draw_suit(surface, suit, pygame.Rect(box.x, box.y, box.w - 1, box.h - 1), colour)
