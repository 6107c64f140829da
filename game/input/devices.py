"""The one input layer: pygame's mouse, finger and key events become the same intents.

Mouse events that SDL synthesises from touch carry ``event.touch``; they are dropped because the
finger events themselves are handled — otherwise every tap would count twice.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.input.gestures import GestureConfig, GestureRecognizer
from game.input.intents import (
    Action,
    Activate,
    Cancel,
    Command,
    FocusMove,
    Hover,
    Intent,
    Scroll,
    SecondaryTap,
    TextInput,
)

ARROWS = {
    pygame.K_LEFT: FocusMove(-1, 0),
    pygame.K_RIGHT: FocusMove(1, 0),
    pygame.K_UP: FocusMove(0, -1),
    pygame.K_DOWN: FocusMove(0, 1),
}
PLAIN_KEYS: dict[int, Intent] = {
    pygame.K_RETURN: Activate(),
    pygame.K_KP_ENTER: Activate(),
    pygame.K_SPACE: Activate(),
    pygame.K_ESCAPE: Cancel(),
    pygame.K_h: Action(Command.HINT),
    pygame.K_n: Action(Command.NEW_DEAL),
    pygame.K_u: Action(Command.UNDO),
    pygame.K_d: Action(Command.DEAL),
    pygame.K_r: Action(Command.RESTART),
    pygame.K_F11: Action(Command.FULLSCREEN),
    pygame.K_PAGEUP: Scroll(-12.0),
    pygame.K_PAGEDOWN: Scroll(12.0),
    pygame.K_F1: Action(Command.RULES),
    pygame.K_m: Action(Command.MUTE),
}


class InputLayer:
    def __init__(self, window_size: Callable[[], tuple[int, int]], config: GestureConfig | None = None) -> None:
        self.gestures = GestureRecognizer(config)
        self._window_size = window_size
        self.text_mode = False  # while a text field has the focus, letters are text, not commands

    def translate(self, event: pygame.event.Event, now: float) -> list[Intent]:
        t = event.type
        if t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION) and getattr(event, "touch", False):
            return []  # SDL made this from a finger; the FINGER* event is handled instead
        if t == pygame.MOUSEBUTTONDOWN:
            if event.button == 1:
                return self.gestures.down(event.pos, now)
            if event.button == 3:
                return [SecondaryTap(event.pos)]
            return []
        if t == pygame.MOUSEBUTTONUP:
            return self.gestures.up(event.pos, now) if event.button == 1 else []
        if t == pygame.MOUSEMOTION:
            if self.gestures.pressed:
                return self.gestures.move(event.pos, now)
            return [Hover(event.pos)]
        if t in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
            w, h = self._window_size()
            pos = (event.x * w, event.y * h)
            pointer = ("finger", event.finger_id)
            if t == pygame.FINGERDOWN:
                return self.gestures.down(pos, now, pointer)
            if t == pygame.FINGERMOTION:
                return self.gestures.move(pos, now, pointer)
            return self.gestures.up(pos, now, pointer)
        if t == pygame.MOUSEWHEEL:
            return [Scroll(-3.0 * event.y)]  # the wheel turned away from the player: the view goes up
        if t == pygame.TEXTINPUT and self.text_mode:
            return [TextInput(event.text)]
        if t == pygame.KEYDOWN:
            return self._key(event)
        return []

    def _key(self, event: pygame.event.Event) -> list[Intent]:
        mods = event.mod
        command = bool(mods & (pygame.KMOD_CTRL | pygame.KMOD_META))
        shift = bool(mods & pygame.KMOD_SHIFT)
        key = event.key
        if command and key == pygame.K_z:
            return [Action(Command.REDO if shift else Command.UNDO)]
        if command and key == pygame.K_y:
            return [Action(Command.REDO)]
        if command and key == pygame.K_v:
            return [Action(Command.PASTE)]
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and mods & pygame.KMOD_ALT:
            return [Action(Command.FULLSCREEN)]
        if key in ARROWS:
            return [ARROWS[key]]
        if self.text_mode and key not in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
            return [Action(Command.BACKSPACE)] if key == pygame.K_BACKSPACE else []
        if command:
            return []
        intent = PLAIN_KEYS.get(key)
        return [intent] if intent is not None else []

    def tick(self, now: float) -> list[Intent]:
        return self.gestures.tick(now)

    def cancel(self) -> list[Intent]:
        return self.gestures.cancel()
