"""Card art, drawn at the exact size shown so it is crisp from a phone to 4K, cached per size.

Each face is drawn three times larger and smooth-scaled down once (anti-aliased edges, suits and
text), then ``convert_alpha()``-ed for fast blits. Faces have big indices — rank and suit side by
side in the top-left corner and the suit again in the top-right, so a card is readable from the
strip that shows in a fanned column — and the same, turned, at the bottom. Number cards carry
their pips; aces one large suit; kings, queens and jacks a framed portrait panel with a crown, a
diadem or a cap, each in its own colours.
"""

from __future__ import annotations

import math

import pygame

from game.core.cards import RANK, RANK_LETTERS, RED, SUIT, Card
from game.view import fonts
from game.view.layout import INDEX, index_fraction
from game.view.look import BACK_COLOURS, FOUR_COLOUR, LARGE_PRINT, look

PIPS_FROM = 56  # px wide: smaller number cards show one large suit instead of their pips

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
        # per card drawn: its rank's ink, its corner and the card, at SS x (tests check that the
        # index is whole and on the card at every size)
        self.index_boxes: dict[Card, tuple[pygame.Rect, pygame.Rect, pygame.Rect]] = {}

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

    def _draw_face(self, c: Card) -> pygame.Surface:
        big, r = self._canvas()
        self._paper(big, r, PAPER, EDGE)
        rank, suit = RANK[c], SUIT[c]
        ink = FOUR_INKS[suit] if self.deck == FOUR_COLOUR else INK[RED[c]]
        W, H = r.w, r.h
        label = "10" if rank == 10 else RANK_LETTERS[rank - 1]
        share = index_fraction(self.w)
        index_h = int(H * share)
        rank_surf = fonts.font(index_h, bold=True).render(label, True, ink)
        pad = int(W * 0.06)
        top = int(H * 0.005)
        at = (pad - int(index_h * 0.03), top - int(index_h * 0.16))
        glyph = rank_surf.get_bounding_rect().move(at)  # the ink of the rank, a Q's tail included
        # A Q's tail reaches lower than the other letters, where the next card of a fanned column
        # covers it and the Q reads as an O: such a letter is drawn smaller, its top where the others'
        # top is, until it ends where a K ends.
        shown = fonts.font(index_h, bold=True).render("K", True, ink).get_bounding_rect().move(at).bottom
        size = index_h
        while glyph.bottom > shown and size > index_h * 0.7:
            size = int(size * 0.95)
            rank_surf = fonts.font(size, bold=True).render(label, True, ink)
            ink_box = rank_surf.get_bounding_rect()
            at = (at[0], glyph.top - ink_box.top)
            glyph = ink_box.move(at)
        corner = pygame.Surface((W, max(int(H * (share + 0.01)), glyph.bottom + SS)), pygame.SRCALPHA)
        self.index_boxes[c] = (glyph, corner.get_rect(), r.copy())
        corner.blit(rank_surf, at)
        pip = int(index_h * 0.62)
        draw_suit(
            corner,
            suit,
            pygame.Rect(pad + rank_surf.get_width() + int(W * 0.015), top + int(index_h * 0.14), pip, pip),
            ink,
        )
        draw_suit(corner, suit, pygame.Rect(W - pad - pip, top + int(index_h * 0.14), pip, pip), ink)
        grown = max(0.0, share - INDEX)  # small cards have larger indices: the middle gives way
        body = pygame.Rect(int(W * 0.2), int(H * (0.22 + grown)), int(W * 0.6), int(H * (0.56 - 2 * grown)))
        self._body(big, rank, suit, ink, body, glyph.bottom + SS)
        big.blit(corner, (0, 0))  # the indices last: nothing of the middle covers them
        big.blit(pygame.transform.rotate(corner, 180), (0, H - corner.get_height()))
        return big

    def _body(
        self, big: pygame.Surface, rank: int, suit: int, ink: tuple[int, int, int], body: pygame.Rect, clear: int
    ) -> None:
        """The middle of a face: its pips, the ace's suit or a court panel (one suit when small).
        A court panel starts below ``clear`` (the index's lowest ink: a Q's tail), and ends as far
        above the bottom, so the indices never run into it."""
        W, H = big.get_size()
        if self.w < PIPS_FROM or self.deck == LARGE_PRINT:  # one suit in the middle: read at a glance
            if rank <= 10:
                s = min(body.w, body.h)
                draw_suit(big, suit, pygame.Rect(body.centerx - s // 2, body.centery - s // 2, s, s), ink)
            else:
                self._court(big, rank, suit, ink, _below(body, clear, H))
        elif rank == 1:
            s = int(min(body.w, body.h) * (0.95 if suit == 0 else 0.8))
            draw_suit(big, suit, pygame.Rect(body.centerx - s // 2, body.centery - s // 2, s, s), ink)
        elif rank <= 10:
            self._pips(big, rank, suit, ink, body)
        else:
            self._court(big, rank, suit, ink, _below(body.inflate(int(W * 0.08), int(H * 0.06)), clear, H))

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


def _below(panel: pygame.Rect, clear: int, height: int) -> pygame.Rect:
    """``panel`` shrunk evenly from top and bottom to start at ``clear`` (if it started above)."""
    cut = clear - panel.top
    if cut <= 0 or panel.h - 2 * cut < panel.h * 0.5:
        return panel
    return pygame.Rect(panel.x, panel.y + cut, panel.w, panel.h - 2 * cut)


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
