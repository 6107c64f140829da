"""Drawing a table: the felt, the empty-pile marks, the cards (resting, moving, turning over) and
hit-testing a point against them. The scene decides what to show; this draws it."""

from __future__ import annotations

import itertools
from collections.abc import Iterable

import pygame

from game.core.cards import Card
from game.core.look import FELTS, look
from game.rules.base import PileContents
from game.rules.pile import Pile, Role, role_of
from game.view import fonts
from game.view.cards import CardArt
from game.view.layout import DOWN, EMPTY_MARK, RECYCLE_MARK, Rect, TableLayout, TableSpec, table_layout
from game.view.sprites import GLOW_TIME, Placement, Sprite, Sprites
from game.view.widgets import rect

_LAYER: dict[tuple[int, int], pygame.Surface] = {}  # the felt and resting cards of the table shown
_LAYER_KEY: list[object] = [None]  # what _LAYER shows now
_BACKGROUNDS = itertools.count(1)

MARK = (255, 255, 255, 60)
MARK_TEXT = (225, 240, 230)


class TableView:
    def __init__(self, spec: TableSpec, size: tuple[int, int], speed: float, chrome: bool = True) -> None:
        self.spec = spec.for_window(size)  # the shape the window lays out: the keys walk its rows
        self.chrome = chrome
        self.room: float | None = None  # the columns' share of their fan room (None: what the window allows)
        self.sprites = Sprites(speed, reduced=look().reduced_motion)
        self.layout: TableLayout = table_layout(self.spec, size, chrome=chrome)
        self.art = CardArt(round(self.layout.card_w), round(self.layout.card_h))
        self.look = look()
        self._background: pygame.Surface | None = None
        self._labels: dict[Pile, str] = {}
        self.dimmed: frozenset[Pile] = frozenset()  # piles whose resting cards are shaded (blocked)
        self._shade: pygame.Surface | None = None
        self._background_version = 0
        self._drawn: object = None
        self.kept: tuple[Pile, int] | None = None  # the focused card, kept readable (keep_readable)

    # -- geometry -------------------------------------------------------------------------------

    def relayout(self, spec: TableSpec, size: tuple[int, int], contents: PileContents) -> None:
        """A new window size (or table shape): new geometry, cards redrawn at the new size, and
        every card put straight in its new place — no flight across the screen on a resize."""
        self.spec = spec.for_window(size)
        self.layout = table_layout(self.spec, size, chrome=self.chrome, room=self.room)
        cw, ch = round(self.layout.card_w), round(self.layout.card_h)
        if (cw, ch) != (self.art.w, self.art.h) or self.look != look():  # a new size, deck or back
            self.art = CardArt(cw, ch)
            self.look = look()
        self.sprites.reduced = look().reduced_motion
        self._background = None
        placements = self.placements(contents)
        speed, self.sprites.speed = self.sprites.speed, 0.0
        self.sprites.sync(placements, 0.0)
        self.sprites.speed = speed

    def placements(self, contents: PileContents) -> list[Placement]:
        out = []
        for pile, (cards, down) in contents.items():
            if pile not in self.layout.piles:
                continue
            keep = self.kept[1] if self.kept is not None and self.kept[0] == pile else None
            rects = self.layout.card_rects(pile, down, len(cards) - down, keep)
            out += [Placement(c, pile, i, i >= down, rects[i]) for i, c in enumerate(cards)]
        return out

    def keep_readable(self, focus: tuple[Pile, int] | None, contents: PileContents, now: float) -> None:
        """The focused card shows its index even in a folded column (a long column at 480x320
        in the large-print deck folds some face-up cards to an edge): its cards move to open it."""
        if focus == self.kept:
            return
        self.kept = focus
        self.sprites.sync(self.placements(contents), now, 0.0, 0.0)

    def drop_zone(self, pile: Pile) -> Rect:
        """The area where dropping cards means this pile: its base and all its cards, and for a
        column the space below its last card."""
        zone = self.layout.piles[pile]
        for s in self.sprites.items:
            if s.pile == pile:
                zone = zone.union(s.rect)
        if self.layout.fans.get(pile) is not None and self.layout.fans[pile].fan == "down":
            zone = zone.union(Rect(zone.x, zone.y, zone.w, max(zone.h, self.layout.card_h * 1.6)))
        return zone

    def target_rect(self, pile: Pile) -> Rect:
        """Where the next card on this pile would go (the top card's rect, or the base)."""
        top = max((s for s in self.sprites.items if s.pile == pile), key=lambda s: s.index, default=None)
        return top.rect if top is not None else self.layout.piles[pile]

    def hit(self, pos: tuple[float, float]) -> tuple[Pile, int] | None:
        """The card (pile, index) or empty pile (pile, -1) under a point; the topmost wins."""
        for s in reversed(self.sprites.items):
            if s.rect.contains(pos):
                return s.pile, s.index
        for pile, r in self.layout.piles.items():
            if r.contains(pos):
                return pile, -1
        return None

    def deal_origin(self) -> tuple[float, float]:
        """Where a new deal's cards fly in from: the stock if there is one, else above the table."""
        for pile, r in self.layout.piles.items():
            if role_of(pile) is Role.STOCK:
                return (r.x, r.y)
        return (self.layout.table.center[0], -self.layout.card_h)

    def pile_sprites(self, pile: Pile, from_index: int = 0) -> list[Sprite]:
        return sorted(
            (s for s in self.sprites.items if s.pile == pile and s.index >= from_index), key=lambda s: s.index
        )

    # -- drawing --------------------------------------------------------------------------------

    def set_labels(self, labels: dict[Pile, str]) -> None:
        """Marks on empty piles (A on a foundation, ⟳ on a stock that can be turned again)."""
        if labels != self._labels:
            self._labels = dict(labels)
            self._background = None

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.blit(self._ensure_background(surface.get_size()), (0, 0))

    def _ensure_background(self, size: tuple[int, int]) -> pygame.Surface:
        if self._background is None or self._background.get_size() != size:
            self._background = self._make_background(size)
            self._background_version = next(_BACKGROUNDS)  # unique across views: it keys the shared layer
        return self._background

    def _make_background(self, size: tuple[int, int]) -> pygame.Surface:
        felt, edge = FELTS[look().table]
        small = pygame.Surface((16, 16))
        for y in range(16):  # a soft light from above: lighter at the top centre, darker at the edges
            for x in range(16):
                d = min(1.0, (((x - 7.5) / 9) ** 2 + ((y - 4) / 14) ** 2) ** 0.5)
                small.set_at((x, y), tuple(round(a + (b - a) * d) for a, b in zip(felt, edge, strict=True)))
        bg = pygame.transform.smoothscale(small, size)
        radius = max(3, round(self.layout.card_w * 0.07))
        for pile, r in self.layout.piles.items():
            if role_of(pile) is Role.TIER:
                continue  # a tier's own shape (a triangle, peaks) needs no outlines where cards have gone
            mark = pygame.Surface((round(r.w), round(r.h)), pygame.SRCALPHA)
            pygame.draw.rect(mark, (255, 255, 255, 28), mark.get_rect(), border_radius=radius)
            pygame.draw.rect(mark, MARK, mark.get_rect(), width=2, border_radius=radius)
            label = self._labels.get(pile)
            if label == RECYCLE_MARK:
                _draw_recycle(mark, MARK_TEXT)
            elif label == EMPTY_MARK:
                _draw_cross(mark, MARK_TEXT)
            elif label and fonts.fits(label, r.w * 0.9, bold=True):  # not on a tiny preview
                text = fonts.fit_text(label, int(r.h * 0.3), MARK_TEXT, r.w * 0.9, bold=True)
                mark.blit(text, text.get_rect(center=mark.get_rect().center))
            bg.blit(mark, (round(r.x), round(r.y)))
        return bg.convert() if pygame.display.get_surface() is not None else bg

    def draw_table(self, surface: pygame.Surface, now: float, hidden: Iterable[Sprite] = ()) -> None:
        """The felt and every card, the resting ones from a cached layer (UI-7: a drag or a flight
        redraws only what moves over it). The layer is rebuilt when a card comes to rest or leaves
        its place, the window changes size, or a label or a shade changes."""
        skip = {id(s) for s in hidden}
        resting = [s for s in self.sprites.items if id(s) not in skip and not s.moving(now)]
        size = surface.get_size()
        background = self._ensure_background(size)
        key = (self._background_version, self.dimmed, tuple((s.card, s.face_up, s.rect) for s in resting))
        layer = _LAYER.get(size)
        if layer is None:  # one layer for whichever table is shown: a window-sized surface per table
            plain = pygame.Surface(size)  # would add up as games are visited (8 MiB each at 1080p)
            _LAYER.clear()
            layer = _LAYER[size] = plain.convert() if pygame.display.get_surface() else plain
            _LAYER_KEY[0] = None
        if _LAYER_KEY[0] != key:
            layer.blit(background, (0, 0))
            self._draw_resting(layer, resting)
            _LAYER_KEY[0] = key
        self._drawn = key
        surface.blit(layer, (0, 0))
        self._draw_moving(surface, now, skip)

    def layer_key(self) -> object:
        """What the felt and resting cards showed at the last draw_table (equal: nothing changed)."""
        return self._drawn

    def draw_cards(self, surface: pygame.Surface, now: float, hidden: Iterable[Sprite] = ()) -> None:
        """Resting cards in table order, then moving ones on top, skipping ``hidden`` (being dragged)."""
        skip = {id(s) for s in hidden}
        self._draw_resting(surface, [s for s in self.sprites.items if id(s) not in skip and not s.moving(now)])
        self._draw_moving(surface, now, skip)

    def _draw_resting(self, surface: pygame.Surface, resting: list[Sprite]) -> None:
        for s in resting:
            self.draw_card(surface, s.card, s.face_up, (s.rect.x, s.rect.y))
            if s.pile in self.dimmed:
                surface.blit(self.shade(), (round(s.rect.x), round(s.rect.y)))

    def _draw_moving(self, surface: pygame.Surface, now: float, skip: set[int]) -> None:
        moving = [s for s in self.sprites.items if id(s) not in skip and s.moving(now)]
        for s in sorted(moving, key=lambda s: ((s.tween.t0 + s.tween.delay) if s.tween else 0.0, s.index)):
            self.draw_card(surface, s.card, s.shown_face_up(now), s.position(now), s.width_scale(now))
            if s.glowing(now):  # reduced motion: where a card went is outlined for a moment
                strength = min(1.0, (s.glow_until - now) / GLOW_TIME * 1.5)
                colour = (255, 214, 64) if strength > 0.5 else (220, 190, 90)
                self.frame(surface, s.rect, colour, max(2, round(3 * strength)))

    def shade(self) -> pygame.Surface:
        """A card-shaped veil for cards that cannot be played yet (they still read clearly)."""
        size = (self.art.w, self.art.h)
        if self._shade is None or self._shade.get_size() != size:
            self._shade = pygame.Surface(size, pygame.SRCALPHA)
            radius = max(3, round(self.art.w * 0.08))
            pygame.draw.rect(self._shade, (10, 40, 25, 70), self._shade.get_rect(), border_radius=radius)
        return self._shade

    def draw_card(
        self, surface: pygame.Surface, card: Card, face_up: bool, pos: tuple[float, float], scale: float = 1.0
    ) -> None:
        image = self.art.face(card) if face_up else self.art.back()
        if scale < 0.999:
            w = max(1, round(image.get_width() * scale))
            image = pygame.transform.smoothscale(image, (w, image.get_height()))
            pos = (pos[0] + (self.art.w - w) / 2, pos[1])
        surface.blit(image, (round(pos[0]), round(pos[1])))

    def frame(self, surface: pygame.Surface, r: Rect, color: tuple[int, int, int], width: int) -> None:
        pygame.draw.rect(
            surface, color, rect(r).inflate(width, width), width=width, border_radius=max(4, round(r.w * 0.08))
        )


def _draw_recycle(mark: pygame.Surface, color: tuple[int, int, int]) -> None:
    """A circular arrow, drawn (the font has none)."""
    r = mark.get_rect()
    size = int(min(r.w, r.h) * 0.44)
    box = pygame.Rect(0, 0, size, size)
    box.center = r.center
    width = max(2, size // 9)
    pygame.draw.arc(mark, color, box, 0.6, 5.6, width)
    tip = (box.centerx + size / 2 * 0.83, box.centery - size / 2 * 0.56)
    a = size * 0.22
    pygame.draw.polygon(
        mark,
        color,
        [(tip[0] - a, tip[1] - a * 0.2), (tip[0] + a * 0.6, tip[1] - a * 0.7), (tip[0] + a * 0.3, tip[1] + a * 0.9)],
    )


def _draw_cross(mark: pygame.Surface, color: tuple[int, int, int]) -> None:
    r = mark.get_rect()
    s = min(r.w, r.h) * 0.16
    width = max(2, int(s / 3))
    cx, cy = r.center
    pygame.draw.line(mark, color, (cx - s, cy - s), (cx + s, cy + s), width)
    pygame.draw.line(mark, color, (cx - s, cy + s), (cx + s, cy - s), width)


def draw_table(
    spec: TableSpec, contents: PileContents, labels: dict[Pile, str], size: tuple[int, int]
) -> pygame.Surface:
    """A position drawn small and still, with no status bar or toolbar (the home screen's tiles)."""
    view = TableView(spec, size, 0.0, chrome=False)
    view.room = preview_room(spec, contents, size)
    view.relayout(spec, size, contents)
    view.set_labels(labels)
    surface = pygame.Surface(size)
    view.draw_background(surface)
    view.draw_cards(surface, 0.0)
    return surface


def preview_room(spec: TableSpec, contents: PileContents, size: tuple[int, int]) -> float | None:
    """The fan room a still picture of one position needs: the least share of it in which no column
    of that position folds a card — its cards as large as the picture allows, since it never grows."""
    for room in (0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0):
        layout = table_layout(spec.for_window(size), size, chrome=False, room=room)
        fanned = [(p, c) for p, c in contents.items() if p in layout.fans and layout.fans[p].fan == DOWN]
        if all(layout.fan(p, down, len(cards) - down).folded == 0 for p, (cards, down) in fanned):
            return room
    return None
