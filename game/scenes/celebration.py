"""A win worth celebrating (SPEC UI-9): the cards leave the table one after another and bounce
down the window, leaving trails, as in the classic solitaire — then the win panel. A tap, a click
or a key skips it. With reduced motion it is calm: the table stays still and "You won!" fades in.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.core.cards import Card
from game.core.i18n import tr
from game.core.look import look
from game.input.intents import (
    Action,
    Activate,
    Cancel,
    DoubleTap,
    DragStart,
    FocusMove,
    Intent,
    LongPress,
    Scroll,
    SecondaryTap,
    Tap,
)
from game.scenes.base import Scene
from game.view import fonts

if TYPE_CHECKING:
    from game.scenes.host import SceneHost
    from game.scenes.table import TableScene

GRAVITY = 2400.0  # px/s², on a window 1000 px tall (scaled to the window)
BOUNCE = 0.72  # the share of speed a card keeps at each bounce
LAUNCH_EVERY = 0.07  # seconds between two cards leaving
LONGEST = 6.0  # seconds, at most
CALM = 1.2  # reduced motion: the banner's fade
# What skips the celebration: a deliberate tap, press or key — not a pointer's mere motion
SKIP = (Tap, DoubleTap, LongPress, SecondaryTap, DragStart, FocusMove, Activate, Cancel, Action, Scroll)


@dataclass
class Flying:
    card: Card
    x: float
    y: float
    vx: float
    vy: float


class CelebrationScene(Scene):
    overlay = True

    def __init__(self, app: SceneHost, table: TableScene, seed: int | None = None) -> None:
        super().__init__(app)
        self.table = table
        self.calm = look().reduced_motion
        self.t = 0.0
        self.done = False
        rng = random.Random(seed)
        sprites = sorted(table.view.sprites.items, key=lambda s: -s.order)  # the top cards first
        self.waiting = [(s.card, s.rect.x, s.rect.y) for s in sprites if s.face_up][:52]
        self.rng = rng
        self.flying: list[Flying] = []
        self.launched = 0
        self.trail: pygame.Surface | None = None

    def update(self, dt: float) -> None:
        if self.done:
            return
        self.t += dt
        if self.calm:
            if self.t >= CALM + 0.6:
                self.finish()
            return
        w, h = self.app.window_size()
        scale = h / 1000
        while self.waiting and self.launched * LAUNCH_EVERY <= self.t:
            card, x, y = self.waiting.pop(0)
            speed = self.rng.uniform(180, 420) * scale * self.rng.choice((-1, 1))
            self.flying.append(Flying(card, x, y, speed, -self.rng.uniform(0, 700) * scale))
            self.launched += 1
        floor = h - self.table.view.art.h
        for f in self.flying:
            f.vy += GRAVITY * scale * dt
            f.x += f.vx * dt
            f.y += f.vy * dt
            if f.y > floor:
                f.y, f.vy = floor, -abs(f.vy) * BOUNCE
        art_w = self.table.view.art.w
        self.flying = [f for f in self.flying if -art_w < f.x < w]
        if self.t > LONGEST or (not self.waiting and not self.flying):
            self.finish()

    def finish(self) -> None:
        """The celebration ends (or is skipped): the win panel."""
        if not self.done:
            self.done = True
            self.app.push_panel("won", self.table)
            self.app.stack.remove(self)  # under the panel: the table is not said again in between

    def handle(self, intent: Intent) -> None:
        """A tap, a click, a press, a key: straight to the win panel. The mouse merely moving (or
        a drag's motion and end) does not skip it: a hand reaching for the mouse to double-click
        would end the cascade with a twitch, and its two clicks would then land on the win panel
        (CM-16). The second half of a double tap on the cascade is kept from the panel by the
        input layer (``GestureRecognizer.cancel``)."""
        if isinstance(intent, SKIP):
            self.finish()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.damage = None
        if self.calm:
            self._banner(surface, min(1.0, self.t / CALM))
            return
        if self.trail is None or self.trail.get_size() != surface.get_size():
            self.trail = surface.copy()  # the table as it was won: the cards leave their trails on it
        for f in self.flying:
            self.trail.blit(self.table.view.art.face(f.card), (round(f.x), round(f.y)))
        surface.blit(self.trail, (0, 0))

    def _banner(self, surface: pygame.Surface, strength: float) -> None:
        w, h = surface.get_size()
        touch = self.table.view.layout.touch
        text = fonts.fit_text(tr("You won!"), int(touch * 0.9), (255, 255, 255), w * 0.8, bold=True)
        box = text.get_rect(center=(w // 2, h // 2)).inflate(touch, touch * 0.5)
        veil = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (20, 60, 40, round(220 * strength)), veil.get_rect(), border_radius=16)
        surface.blit(veil, box)
        text.set_alpha(round(255 * strength))
        surface.blit(text, text.get_rect(center=box.center))
