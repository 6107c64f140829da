"""Card art, drawn at the exact size shown so it is crisp from a phone to 4K, cached per size.

Each face is drawn three times larger and smooth-scaled down once (anti-aliased edges, suits and
text), then ``convert_alpha()``-ed for fast blits. Faces have big indices — rank and suit side by
side in the top-left corner and the suit again in the top-right, so a card is readable from the
strip that shows in a fanned column — and the same, turned, at the bottom. Number cards carry
their pips; aces one large suit; kings, queens and jacks a framed portrait panel with a crown, a
diadem or a cap, each in its own colours.
"""

from __future__ import annotations

from typing import NamedTuple

import pygame

from game.core.cards import RANK, RANK_LETTERS, RED, SUIT, Card
from game.core.look import BACK_COLOURS, FOUR_COLOUR, LARGE_PRINT, index_scale, look
from game.view import fonts
from game.view.corner import CornerIndex, IndexBoxes
from game.view.fans import index_fraction
from game.view.suits import draw_suit

PIPS_FROM = 56  # px wide: smaller number cards show one large suit instead of their pips
BODY_CLEAR = 0.03  # paper between the corner indices and the middle, in card heights
COURT_WIDER = 0.08  # a court card's panel is this much wider than the pips' box, in card widths

SS = 3  # supersampling factor
PAPER = (252, 251, 246)
EDGE = (150, 150, 140)
INK = {False: (22, 22, 26), True: (200, 16, 46)}
# four colours (UI-9): spades black, hearts red, diamonds blue, clubs green; the shapes differ too
FOUR_INKS = {0: (22, 22, 26), 1: (200, 16, 46), 2: (18, 84, 196), 3: (14, 122, 52)}
BACK_EDGE = (240, 236, 222)
COURT_COLOURS = {
    11: ((214, 232, 228), (40, 120, 110)),
    12: ((246, 222, 228), (170, 60, 100)),
    13: ((248, 236, 200), (170, 120, 20)),
}

# Pip positions for 2..10 in a unit box (x 0..1, y 0..1); flipped pips are in the lower half.
PIPS: dict[int, list[tuple[float, float]]] = {
    2: [(0.5, 0.0), (0.5, 1.0)],
    3: [(0.5, 0.0), (0.5, 0.5), (0.5, 1.0)],
    4: [(0, 0), (1, 0), (0, 1), (1, 1)],
    5: [(0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)],
    6: [(0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    7: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    8: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)],
    9: [(0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1)],
    10: [(0, 0), (1, 0), (0.5, 1 / 6), (0, 1 / 3), (1, 1 / 3), (0, 2 / 3), (1, 2 / 3), (0.5, 5 / 6), (0, 1), (1, 1)],
}


class FaceBoxes(NamedTuple):
    """Where a face's ink lies (supersampled pixels): the top index (the bottom one is it turned
    over), the middle's ink, and the height of the corner strip the index is drawn on."""

    top_index: IndexBoxes
    middle: pygame.Rect
    corner_height: int


class CardArt:
    """Faces and back for one card size, deck and back (UI-9). Build one per size and look; faces
    are made on first use."""

    def __init__(self, width: int, height: int, deck: str | None = None, back: str | None = None) -> None:
        self.w, self.h = max(8, int(width)), max(11, int(height))
        self.deck = deck or look().deck
        self.back_name = back or look().back
        self.radius = max(3, round(self.w * 0.07))
        self._faces: dict[Card, pygame.Surface] = {}
        self._back: pygame.Surface | None = None
        self._corner: CornerIndex | None = None
        # per card drawn, where its ink went (at SS x): tests check that nothing touches
        self.boxes: dict[Card, FaceBoxes] = {}

    def face(self, c: Card) -> pygame.Surface:
        surf = self._faces.get(c)
        if surf is None:
            surf = self._faces[c] = self._finish(self._draw_face(c), PAPER)
        return surf

    def back(self) -> pygame.Surface:
        if self._back is None:
            self._back = self._finish(self._draw_back(), BACK_EDGE)
        return self._back

    # -- drawing at SS x ------------------------------------------------------------------------

    def _canvas(self) -> tuple[pygame.Surface, pygame.Rect]:
        big = pygame.Surface((self.w * SS, self.h * SS), pygame.SRCALPHA)
        return big, big.get_rect()

    def _finish(self, big: pygame.Surface, paper: tuple[int, int, int]) -> pygame.Surface:
        """Scale down, then lay the card on an opaque card of its paper, one pixel inside its edge:
        smooth-scaling leaves the inside a shade short of opaque (alpha 253), which let the card
        beneath show through; the outermost pixel keeps its smoothed edge."""
        small = pygame.transform.smoothscale(big, (self.w, self.h))
        card = pygame.Surface((self.w, self.h), pygame.SRCALPHA)
        pygame.draw.rect(card, paper, pygame.Rect(1, 1, self.w - 2, self.h - 2), border_radius=max(1, self.radius - 1))
        card.blit(small, (0, 0))
        return card.convert_alpha() if pygame.display.get_surface() is not None else card

    def _paper(
        self, big: pygame.Surface, r: pygame.Rect, fill: tuple[int, int, int], edge: tuple[int, int, int]
    ) -> None:
        rad = self.radius * SS
        pygame.draw.rect(big, edge, r, border_radius=rad)
        pygame.draw.rect(big, fill, r.inflate(-2 * SS, -2 * SS), border_radius=rad - SS)

    def corner_index(self) -> CornerIndex:
        """The corner index's geometry for this size and deck (UI-9: the large-print deck's is larger)."""
        if self._corner is None:
            share = index_fraction(self.w, index_scale(self.deck))
            self._corner = CornerIndex(self.w * SS, self.h * SS, share, SS)
        return self._corner

    def _draw_face(self, c: Card) -> pygame.Surface:
        big, r = self._canvas()
        self._paper(big, r, PAPER, EDGE)
        rank, suit = RANK[c], SUIT[c]
        ink = FOUR_INKS[suit] if self.deck == FOUR_COLOUR else INK[RED[c]]
        W, H = r.w, r.h
        index = self.corner_index()
        corner = pygame.Surface((W, index.bottom + SS), pygame.SRCALPHA)
        boxes = index.draw(corner, "10" if rank == 10 else RANK_LETTERS[rank - 1], suit, ink)
        # the middle lies between the two indices, with paper between: no pip or panel touches them
        clear = index.bottom + max(2 * SS, round(H * BODY_CLEAR))
        body = pygame.Rect(int(W * 0.2), clear, int(W * 0.6), H - 2 * clear - 1)  # a polygon's edge: 1 px more
        area = body.inflate(int(W * COURT_WIDER) + 2, 2).clip(r)  # drawn apart, to measure its ink
        middle = pygame.Surface(area.size, pygame.SRCALPHA)
        if body.h >= 4 * SS:
            self._body(middle, rank, suit, ink, body.move(-area.x, -area.y))
        big.blit(middle, area.topleft)
        big.blit(corner, (0, 0))
        big.blit(pygame.transform.rotate(corner, 180), (0, H - corner.get_height()))
        self.boxes[c] = FaceBoxes(boxes, middle.get_bounding_rect().move(area.topleft), corner.get_height())
        return big

    def _body(self, big: pygame.Surface, rank: int, suit: int, ink: tuple[int, int, int], body: pygame.Rect) -> None:
        """The middle of a face: its pips, the ace's suit or a court panel (one suit when small)."""
        W = self.w * SS
        if self.w < PIPS_FROM or self.deck == LARGE_PRINT:  # one suit in the middle: read at a glance
            if rank <= 10:
                s = min(body.w, body.h)
                draw_suit(big, suit, pygame.Rect(body.centerx - s // 2, body.centery - s // 2, s, s), ink)
            else:
                self._court(big, rank, suit, ink, body)
        elif rank == 1:
            s = int(min(body.w, body.h) * (0.95 if suit == 0 else 0.8))
            draw_suit(big, suit, pygame.Rect(body.centerx - s // 2, body.centery - s // 2, s, s), ink)
        elif rank <= 10:
            self._pips(big, rank, suit, ink, body)
        else:
            self._court(big, rank, suit, ink, body.inflate(int(W * COURT_WIDER), 0))

    def _pips(self, big: pygame.Surface, rank: int, suit: int, ink: tuple[int, int, int], body: pygame.Rect) -> None:
        s = int(body.w * (0.44 if rank <= 5 else 0.34 if rank <= 8 else 0.29))
        inner = body.inflate(-s, -s)
        for u, v in PIPS[rank]:
            cx, cy = inner.x + u * inner.w, inner.y + v * inner.h
            pip = pygame.Surface((s, s), pygame.SRCALPHA)
            draw_suit(pip, suit, pip.get_rect(), ink)
            if v > 0.5:
                pip = pygame.transform.rotate(pip, 180)
            big.blit(pip, (cx - s / 2, cy - s / 2))

    def _court(self, big: pygame.Surface, rank: int, suit: int, ink: tuple[int, int, int], panel: pygame.Rect) -> None:
        light, accent = COURT_COLOURS[rank]
        rad = self.radius * SS
        pygame.draw.rect(big, accent, panel, border_radius=rad)
        pygame.draw.rect(big, light, panel.inflate(-2 * SS, -2 * SS), border_radius=rad)
        inner = panel.inflate(-int(panel.w * 0.12), -int(panel.h * 0.08))
        pygame.draw.rect(big, accent, inner, width=max(1, SS), border_radius=rad)
        cx = inner.centerx
        emblem = pygame.Rect(0, 0, int(inner.w * 0.7), int(inner.h * 0.3))
        emblem.midtop = (cx, inner.y + int(inner.h * 0.08))
        _emblem(big, rank, emblem, accent, ink)
        letter = fonts.font(int(inner.h * 0.36), bold=True).render("JQK"[rank - 11], True, ink)
        big.blit(letter, letter.get_rect(center=(cx, inner.y + int(inner.h * 0.62))))
        s = int(inner.w * 0.2)
        for corner in (inner.topleft, (inner.right - s, inner.bottom - s)):
            draw_suit(big, suit, pygame.Rect(corner[0] + SS * 2, corner[1] + SS * 2, s - SS * 4, s - SS * 4), ink)

    def _draw_back(self) -> pygame.Surface:
        big, r = self._canvas()
        BACK_BASE, BACK_LINE = BACK_COLOURS[self.back_name]
        self._paper(big, r, BACK_EDGE, EDGE)
        inner = r.inflate(-int(r.w * 0.12), -int(r.w * 0.12))
        rad = self.radius * SS
        pygame.draw.rect(big, BACK_BASE, inner, border_radius=rad)
        pattern = pygame.Surface(inner.size, pygame.SRCALPHA)
        step = max(6, inner.w // 7)
        width = max(1, SS)
        for k in range(-inner.h // step - 2, inner.w // step + inner.h // step + 2):
            x = k * step
            pygame.draw.line(pattern, BACK_LINE, (x, 0), (x + inner.h, inner.h), width)
            pygame.draw.line(pattern, BACK_LINE, (x, inner.h), (x + inner.h, 0), width)
        mask = pygame.Surface(inner.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=rad)
        pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        big.blit(pattern, inner.topleft)
        pygame.draw.rect(
            big, BACK_EDGE, inner.inflate(-int(inner.w * 0.1), -int(inner.w * 0.1)), width=max(1, SS), border_radius=rad
        )
        medal = pygame.Rect(0, 0, int(inner.w * 0.42), int(inner.w * 0.42))
        medal.center = inner.center
        pygame.draw.ellipse(big, BACK_BASE, medal)
        pygame.draw.ellipse(big, BACK_EDGE, medal, width=max(1, SS * 2))
        s = int(medal.w * 0.5)
        draw_suit(big, 0, pygame.Rect(medal.centerx - s // 2, medal.centery - s // 2, s, s), BACK_EDGE)
        return big


def _emblem(
    big: pygame.Surface, rank: int, box: pygame.Rect, accent: tuple[int, int, int], ink: tuple[int, int, int]
) -> None:
    """A crown (king), a diadem (queen) or a feathered cap (jack)."""
    x, y, w, h = box
    if rank == 13:
        pts = [
            (x, y + h),
            (x, y + h * 0.3),
            (x + w * 0.25, y + h * 0.65),
            (x + w * 0.5, y),
            (x + w * 0.75, y + h * 0.65),
            (x + w, y + h * 0.3),
            (x + w, y + h),
        ]
        pygame.draw.polygon(big, accent, pts)
        for u in (0.0, 0.5, 1.0):
            pygame.draw.circle(big, ink, (x + u * w, y + (0.3 if u != 0.5 else 0.0) * h), h * 0.12)
    elif rank == 12:
        pygame.draw.ellipse(big, accent, pygame.Rect(x + w * 0.1, y + h * 0.45, w * 0.8, h * 0.55))
        for u in (0.25, 0.5, 0.75):
            pts = [
                (x + (u - 0.1) * w, y + h * 0.6),
                (x + u * w, y + h * (0.05 if u == 0.5 else 0.25)),
                (x + (u + 0.1) * w, y + h * 0.6),
            ]
            pygame.draw.polygon(big, accent, pts)
        pygame.draw.circle(big, ink, (x + w * 0.5, y + h * 0.7), h * 0.13)
    else:
        pygame.draw.ellipse(big, accent, pygame.Rect(x + w * 0.12, y + h * 0.4, w * 0.76, h * 0.6))
        pts = [(x + w * 0.55, y + h * 0.5), (x + w * 0.95, y), (x + w * 0.7, y + h * 0.55)]
        pygame.draw.polygon(big, ink, pts)
