"""The one input layer: pygame's mouse, finger and key events become the same intents.

Mouse events that SDL synthesises from touch carry ``event.touch``; they are dropped because the
finger events themselves are handled — otherwise every tap would count twice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

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

PLAIN, COMMAND, COMMAND_SHIFT, ALT, SHIFT = "", "ctrl", "ctrl+shift", "alt", "shift"  # modifiers a key is held with
PLAYING, ALWAYS, TYPING = "playing", "always", "typing"  # when a key counts (see Binding.when)


class Binding(NamedTuple):
    """One key of the game, and the intent it sends. This table is the only place keys are mapped:
    the input layer reads it, and the Rules screen lists every entry (CM-10, CM-18), so what the
    screen says and what the keys do cannot drift apart."""

    key: int
    intent: Intent
    chord: str = PLAIN  # COMMAND: Ctrl, or ⌘ on a Mac (either is taken anywhere)
    when: str = PLAYING  # PLAYING: not while a text field has the focus (letters are text then);
    # ALWAYS: in a text field too; TYPING: only there


BINDINGS: tuple[Binding, ...] = (
    Binding(pygame.K_LEFT, FocusMove(-1, 0), when=ALWAYS),
    Binding(pygame.K_RIGHT, FocusMove(1, 0), when=ALWAYS),
    Binding(pygame.K_UP, FocusMove(0, -1), when=ALWAYS),
    Binding(pygame.K_DOWN, FocusMove(0, 1), when=ALWAYS),
    Binding(pygame.K_RETURN, Activate(), when=ALWAYS),
    Binding(pygame.K_KP_ENTER, Activate(), when=ALWAYS),
    Binding(pygame.K_SPACE, Activate()),
    Binding(pygame.K_RETURN, Action(Command.SEND_HOME), SHIFT),
    Binding(pygame.K_KP_ENTER, Action(Command.SEND_HOME), SHIFT),
    Binding(pygame.K_HOME, Action(Command.FIRST_CARD)),
    Binding(pygame.K_END, Action(Command.LAST_CARD)),
    Binding(pygame.K_ESCAPE, Cancel(), when=ALWAYS),
    Binding(pygame.K_z, Action(Command.UNDO), COMMAND, ALWAYS),
    Binding(pygame.K_u, Action(Command.UNDO)),
    Binding(pygame.K_y, Action(Command.REDO), COMMAND, ALWAYS),
    Binding(pygame.K_z, Action(Command.REDO), COMMAND_SHIFT, ALWAYS),
    Binding(pygame.K_h, Action(Command.HINT)),
    Binding(pygame.K_d, Action(Command.DEAL)),
    Binding(pygame.K_r, Action(Command.RESTART)),
    Binding(pygame.K_n, Action(Command.NEW_DEAL)),
    Binding(pygame.K_m, Action(Command.MUTE)),
    Binding(pygame.K_t, Action(Command.READ_TABLE)),
    Binding(pygame.K_c, Action(Command.COPY_ID)),  # the status bar's deal ID, copied (CM-18)
    Binding(pygame.K_TAB, Action(Command.NEXT_GROUP), when=ALWAYS),
    Binding(pygame.K_TAB, Action(Command.PREV_GROUP), SHIFT, ALWAYS),
    Binding(pygame.K_l, Action(Command.REPEAT)),
    Binding(pygame.K_F1, Action(Command.RULES)),
    Binding(pygame.K_F11, Action(Command.FULLSCREEN)),
    Binding(pygame.K_RETURN, Action(Command.FULLSCREEN), ALT, ALWAYS),
    Binding(pygame.K_KP_ENTER, Action(Command.FULLSCREEN), ALT, ALWAYS),
    Binding(pygame.K_PAGEUP, Scroll(-1.0, page=True)),
    Binding(pygame.K_PAGEDOWN, Scroll(1.0, page=True)),
    Binding(pygame.K_v, Action(Command.PASTE), COMMAND, ALWAYS),
    Binding(pygame.K_BACKSPACE, Action(Command.BACKSPACE), when=TYPING),
)
KEYMAP = {(b.key, b.chord): b for b in BINDINGS}
# A chord not in the table falls back to a simpler one: Ctrl+Shift+Y redoes as Ctrl+Y does, and
# Alt or Shift with a plain key is that key. Ctrl with a plain key is nothing (Ctrl+H is no hint).
FALLBACK = {
    COMMAND_SHIFT: (COMMAND_SHIFT, COMMAND),
    COMMAND: (COMMAND,),
    ALT: (ALT, PLAIN),
    SHIFT: (SHIFT, PLAIN),
    PLAIN: (PLAIN,),
}


def chord_of(mods: int) -> str:
    if mods & (pygame.KMOD_CTRL | pygame.KMOD_META):
        return COMMAND_SHIFT if mods & pygame.KMOD_SHIFT else COMMAND
    if mods & pygame.KMOD_ALT:
        return ALT
    return SHIFT if mods & pygame.KMOD_SHIFT else PLAIN


class InputLayer:
    def __init__(self, window_size: Callable[[], tuple[int, int]], config: GestureConfig | None = None) -> None:
        self.gestures = GestureRecognizer(config)
        self._window_size = window_size
        self.text_mode = False  # while a text field has the focus, letters are text, not commands
        self._held_over: set[int] = set()  # keys held down through a scene switch: their repeats are not for this one
        self.by_keys = False  # the last press was a key's, not a pointer's (a panel opened now was opened by keys)

    def translate(self, event: pygame.event.Event, now: float) -> list[Intent]:
        t = event.type
        if t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION) and getattr(event, "touch", False):
            return []  # SDL made this from a finger; the FINGER* event is handled instead
        if t in (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN):
            self.by_keys = False
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
        if t == pygame.KEYUP:
            self._held_over.discard(event.key)
        if t == pygame.KEYDOWN and event.key not in self._held_over:  # not a repeat of a key held over (CM-16)
            intents = self._key(event)
            self.by_keys = self.by_keys or bool(intents)
            return intents
        return []

    def _key(self, event: pygame.event.Event) -> list[Intent]:
        """The intent of a key, from :data:`BINDINGS` (nothing for a key not in it)."""
        for chord in FALLBACK[chord_of(event.mod)]:
            binding = KEYMAP.get((event.key, chord))
            if binding is not None and binding.when != (PLAYING if self.text_mode else TYPING):
                return [binding.intent]
        return []

    def tick(self, now: float) -> list[Intent]:
        return self.gestures.tick(now)

    def cancel(self) -> list[Intent]:
        """The scene changed (the app calls this on every switch): what was meant for the last one
        stays there (CM-16) — the press under way and the second half of a double tap (see
        ``GestureRecognizer.cancel``), and the repeats of a key still held down, until it is let go
        (a key held to skip the win cascade must not then press the win panel's buttons)."""
        self._held_over = held_keys()
        return self.gestures.cancel()


def held_keys() -> set[int]:
    """The game's keys held down right now (none where the keyboard cannot be read)."""
    try:
        pressed = pygame.key.get_pressed()
    except pygame.error:
        return set()
    return {b.key for b in BINDINGS if pressed[b.key]}
