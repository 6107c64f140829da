"""A drag in progress on a table: the cards lifted, where they are drawn, and which pile they would
land on (the one their rectangle overlaps most, else the one under the pointer). Geometry only:
what the drop means is the interaction's to say."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.pile import Pile
from game.view.layout import Rect
from game.view.sprites import Sprite
from game.view.table_view import TableView


@dataclass
class Drag:
    pile: Pile
    index: int
    sprites: list[Sprite]
    grab: tuple[float, float]  # pointer offset from the first card's corner
    pos: tuple[float, float]  # where the first card is drawn now
    target: Pile | None = None
    target_legal: bool = False  # decided when the target changes, not every frame

    def follow(self, pointer: tuple[float, float]) -> None:
        self.pos = (pointer[0] - self.grab[0], pointer[1] - self.grab[1])

    @property
    def fan_step(self) -> tuple[float, float]:
        """How the lifted cards are spread (as they were on their pile)."""
        if len(self.sprites) < 2:
            return (0.0, 0.0)
        a, b = self.sprites[0].rect, self.sprites[1].rect
        return (b.x - a.x, b.y - a.y)

    def drop_target(self, view: TableView, pointer: tuple[float, float]) -> Pile | None:
        card = Rect(self.pos[0], self.pos[1], view.layout.card_w, view.layout.card_h)
        best, best_area = None, 0.0
        for pile in view.layout.piles:
            if pile != self.pile:
                area = view.drop_zone(pile).overlap(card)
                if area > best_area:
                    best, best_area = pile, area
        if best is None:
            hit = view.hit(pointer)
            best = hit[0] if hit else None
        return best


def lift(view: TableView, pile: Pile, index: int, pointer: tuple[float, float], now: float) -> Drag | None:
    """Start dragging the cards of ``pile`` from ``index`` up, held where the pointer took them."""
    sprites = view.pile_sprites(pile, index)
    if not sprites:
        return None
    here = sprites[0].position(now)
    return Drag(pile, index, sprites, (pointer[0] - here[0], pointer[1] - here[1]), here)
