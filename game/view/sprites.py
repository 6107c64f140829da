"""Card sprites: where each card is drawn, and how it gets from one place to the next (SPEC UI-3).

After every change of position the scene calls :meth:`Sprites.sync` with where every card should
now rest. Each card keeps its sprite — matched by card and place, so two decks' twin cards keep
theirs too — and a sprite whose place changed glides there from where it is drawn now; one whose
face changed turns over. Nothing here knows the rules: only cards, places and time.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from game.core.cards import Card
from game.rules.pile import Pile, layer_of
from game.view.layout import Rect
from game.view.tween import Tween

MOVE_TIME = 0.24  # seconds for a typical move at speed 1
FLIP_TIME = 0.16
GLOW_TIME = 0.45  # reduced motion (UI-9): a card that changed place or side glows this long instead


@dataclass(frozen=True)
class Placement:
    card: Card
    pile: Pile
    index: int
    face_up: bool
    rect: Rect


@dataclass
class Sprite:
    card: Card
    pile: Pile
    index: int
    face_up: bool
    rect: Rect  # where it rests
    tween: Tween | None = None
    flip_start: float | None = None  # the time a turn-over began
    flip_time: float = FLIP_TIME
    order: int = 0
    glow_until: float = 0.0  # reduced motion: shown where it went, without travelling

    def glowing(self, now: float) -> bool:
        return now < self.glow_until

    def position(self, now: float) -> tuple[float, float]:
        if self.tween is not None and not self.tween.done(now):
            return self.tween.value(now)
        return (self.rect.x, self.rect.y)

    def moving(self, now: float) -> bool:
        return (self.tween is not None and not self.tween.done(now)) or self.flipping(now) or self.glowing(now)

    def flipping(self, now: float) -> bool:
        return self.flip_start is not None and now < self.flip_start + self.flip_time

    def shown_face_up(self, now: float) -> bool:
        """The side to draw: during a turn-over the old side shows until half-way."""
        if self.flipping(now) and self.flip_start is not None and now < self.flip_start + self.flip_time / 2:
            return not self.face_up
        return self.face_up

    def width_scale(self, now: float) -> float:
        if not self.flipping(now) or self.flip_start is None:
            return 1.0
        t = (now - self.flip_start) / self.flip_time
        return abs(1 - 2 * t)


@dataclass
class Sprites:
    speed: float = 1.0  # 0: no animation
    items: list[Sprite] = field(default_factory=list)
    reduced: bool = False  # reduced motion (UI-9): cards jump to their place and glow there

    def sync(
        self,
        placements: list[Placement],
        now: float,
        delay: float = 0.0,
        stagger: float = 0.0,
        enter_from: tuple[float, float] | None = None,
    ) -> None:
        """Move every sprite to its new place. ``delay`` holds the motion back; ``stagger`` adds
        that much more for each further card that moves (a deal, a redeal). Cards that were not on
        the table before appear in place, or fly in from ``enter_from`` (a new deal from the stock)."""
        old: dict[Card, list[Sprite]] = defaultdict(list)
        for s in self.items:
            old[s.card].append(s)
        new: list[Sprite] = []
        pending: list[Placement] = []
        for p in placements:  # same card, same place: the same sprite
            match = next((s for s in old[p.card] if s.pile == p.pile and s.index == p.index), None)
            if match is not None:
                old[p.card].remove(match)
                new.append(self._update(match, p, now, delay))
            else:
                pending.append(p)
        moved = 0
        for p in _row_by_row(pending):  # a deal lays cards row by row, left to right, like hands do
            candidates = old[p.card]
            if candidates:
                sprite = self._update(candidates.pop(0), p, now, delay + stagger * moved)
            else:
                sprite = Sprite(p.card, p.pile, p.index, p.face_up, p.rect)
                if enter_from is not None and self.speed > 0:
                    sprite.rect = Rect(enter_from[0], enter_from[1], p.rect.w, p.rect.h)
                    sprite.face_up = False
                    sprite = self._update(sprite, p, now, delay + stagger * moved)
            if sprite.tween is not None:
                moved += 1
            new.append(sprite)
        for order, s in enumerate(sorted(new, key=lambda s: placements_order(s))):
            s.order = order
        self.items = sorted(new, key=lambda s: s.order)

    def _update(self, s: Sprite, p: Placement, now: float, delay: float) -> Sprite:
        here = s.position(now)
        s.pile, s.index = p.pile, p.index
        if self.reduced and ((here[0], here[1]) != (p.rect.x, p.rect.y) or s.face_up != p.face_up):
            s.tween, s.flip_start, s.face_up, s.rect = None, None, p.face_up, p.rect
            s.glow_until = now + delay + GLOW_TIME
            return s
        if (here[0], here[1]) != (p.rect.x, p.rect.y) and self.speed > 0:
            distance = ((here[0] - p.rect.x) ** 2 + (here[1] - p.rect.y) ** 2) ** 0.5
            duration = min(0.42, max(0.12, MOVE_TIME * (distance / max(1.0, 6 * p.rect.w)) ** 0.5)) / self.speed
            s.tween = Tween(here, (p.rect.x, p.rect.y), now, duration, delay)
        else:
            s.tween = None
        if s.face_up != p.face_up:
            s.face_up = p.face_up
            if self.speed > 0:
                s.flip_time = FLIP_TIME / self.speed
                travel = s.tween.delay + s.tween.duration if s.tween else delay
                s.flip_start = now + max(delay, travel - s.flip_time)
        s.rect = p.rect
        return s

    def place(self, sprites: list[Sprite], pos: tuple[float, float], step: tuple[float, float]) -> None:
        """Rest sprites where they are drawn now (the end of a drag), so their next move starts there."""
        for k, s in enumerate(sprites):
            s.rect = Rect(pos[0] + k * step[0], pos[1] + k * step[1], s.rect.w, s.rect.h)
            s.tween = None

    def fly_back(
        self, sprites: list[Sprite], start: tuple[float, float], step: tuple[float, float], now: float
    ) -> None:
        """An illegal drop: the cards return to where they rest (SPEC CM-4)."""
        for k, s in enumerate(sprites):
            here = (start[0] + k * step[0], start[1] + k * step[1])
            duration = 0.0 if self.speed <= 0 or self.reduced else 0.28 / self.speed
            s.tween = Tween(here, (s.rect.x, s.rect.y), now, duration, ease="out_back")

    def busy(self, now: float) -> bool:
        return any(s.moving(now) for s in self.items)

    def at(self, pile: Pile, index: int) -> Sprite | None:
        for s in self.items:
            if s.pile == pile and s.index == index:
                return s
        return None


def _row_by_row(pending: list[Placement]) -> list[Placement]:
    """The order cards arriving at once are laid: the first card each pile gets, left to right,
    then the second, and so on. A pile's first new card counts as row one even when the pile
    already holds cards, so a deal onto every column lands left to right, not shortest column first."""
    rows: dict[Pile, int] = defaultdict(int)
    keyed = []
    for p in sorted(pending, key=lambda p: (p.pile.kind, p.pile.idx, p.index)):
        keyed.append(((rows[p.pile], layer_of(p.pile), p.pile.idx), p))
        rows[p.pile] += 1
    return [p for _, p in sorted(keyed, key=lambda kp: kp[0])]


def placements_order(s: Sprite) -> tuple[int, int, int]:
    """Sprites in the order their piles' kinds are laid (``PileKind.layer``), then by pile and card."""
    return (layer_of(s.pile), s.pile.idx, s.index)
