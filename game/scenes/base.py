"""Scenes and the scene stack. The app feeds the top scene intents, fixed-step updates and draws;
an overlay scene (a dialog, a result panel) is drawn over the scenes below it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.input.intents import Intent

if TYPE_CHECKING:
    from game.scenes.host import SceneHost


class Scene:
    overlay = False  # drawn over the scene below (dialogs, panels)
    pauses_play = True  # the game clock below stops while this is on top (not for a column's run panel)
    opened_by_the_game = False  # opened by what happened (a win), not by a press: what it says waits
    # for what is being said (the last move, auto-collect's cards home) instead of cutting it off
    damage: list[pygame.Rect] | None = None  # the last frame changed only these (None: everywhere)

    def __init__(self, app: SceneHost) -> None:
        self.app = app

    def enter(self) -> None:
        """Pushed on the stack (or uncovered again)."""

    def exit(self) -> None:
        """Popped off the stack."""

    def handle(self, intent: Intent) -> None:
        """One intent from the input layer."""

    def update(self, dt: float) -> None:
        """One fixed step of ``dt`` seconds."""

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """Draw; ``alpha`` is how far the app is between two fixed steps (for interpolation)."""

    def frame_key(self) -> object:
        """What this scene shows, as a value that changes whenever its picture would (UI-7): the
        app redraws only when a key changes or an event came. By default it changes every frame
        (always redrawn); a scene that knows when it is still says so."""
        return self.app.frames

    def working(self) -> bool:
        """True while the scene computes something a slice per step (a hint, a winnable deal): the
        loop then keeps stepping at full rate instead of resting, though it has nothing to draw."""
        return False

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size (resize, fullscreen, rotation): lay out again, keep the game."""

    def say(self, message: str) -> None:
        """Show a short message for a few seconds. A scene that shows none keeps this default, and
        the app gives its messages to the scene beneath (see :func:`says`)."""

    def spoken(self) -> str:
        """What the scene says when it opens or comes back on top (CM-19); "" for nothing."""
        return ""

    def focus_changed(self, active: bool) -> None:
        """The window lost or regained the focus (or was minimised / restored)."""

    def quit(self) -> None:
        """The app is closing: save what must be saved."""


def says(scene: Scene) -> bool:
    """Whether ``scene`` shows messages (it has a ``say`` of its own)."""
    return type(scene).say is not Scene.say


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].enter()
        return scene

    def remove(self, scene: Scene) -> None:
        if scene in self.scenes:
            if scene is self.top:
                self.pop()
            else:
                self.scenes.remove(scene)
                scene.exit()

    def replace(self, scene: Scene) -> None:
        """Swap the whole stack for one scene."""
        while self.scenes:
            self.scenes.pop().exit()
        self.push(scene)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the top one and, under overlays, those beneath."""
        out: list[Scene] = []
        for scene in reversed(self.scenes):
            out.append(scene)
            if not scene.overlay:
                break
        return list(reversed(out))
