"""Sounds (SPEC UI-8): the short sounds in assets/sounds/ (made by tools/make_sounds.py), loaded
once, the first time one is played (start-up never waits for the mixer). No audio device, a mixer
that fails to open or a file that cannot be read means silence and nothing else: the game plays on.
"""

from __future__ import annotations

import contextlib

import pygame

from game.resources import data_dir
from game.rules.base import Dealt, Event, Flipped, Gathered, Moved, Recycled, Redealt, SuitCompleted
from game.rules.pile import Role, role_of

NAMES = ("pickup", "place", "flip", "deal", "illegal", "foundation", "collect", "suit", "win")


def sound_for(events: list[Event], collecting: bool, won: bool) -> str | None:
    """The one sound a change of position makes: the win, a completed suit, a card home (a
    lighter pluck while auto-collect runs), a deal, a card turned over, else a card put down."""
    if won:
        return "win"
    if any(isinstance(e, SuitCompleted) for e in events):
        return "suit"
    if any(isinstance(e, Moved) and role_of(e.dst) is Role.FOUNDATION for e in events):
        return "collect" if collecting else "foundation"
    if any(isinstance(e, (Dealt, Redealt, Recycled, Gathered)) for e in events):
        return "deal"
    if any(isinstance(e, Flipped) for e in events):
        return "flip"
    return "place" if events else None


class Sounds:
    def __init__(self, volume: float) -> None:
        self.volume = volume  # 0..1; 0 is muted
        self.enabled = True  # False for a demo (unless the kiosk asks for sound)
        self.problem: str | None = None  # why there is no sound, once that is known
        self._sounds: dict[str, pygame.mixer.Sound] | None = None

    def _load(self) -> dict[str, pygame.mixer.Sound]:
        if self._sounds is not None:
            return self._sounds
        self._sounds = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
            folder = data_dir("assets") / "sounds"
            for name in NAMES:
                self._sounds[name] = pygame.mixer.Sound(str(folder / f"{name}.ogg"))
        except (pygame.error, OSError, FileNotFoundError) as e:  # no device, no decoder, no file
            self.problem = str(e) or type(e).__name__
            self._sounds = {}
        for sound in self._sounds.values():
            sound.set_volume(self.volume)
        return self._sounds

    @property
    def loaded(self) -> bool:
        return bool(self._sounds)

    def set_volume(self, volume: float) -> None:
        self.volume = volume
        for sound in (self._sounds or {}).values():
            sound.set_volume(volume)

    def play(self, name: str | None, allowed: bool = True) -> bool:
        """Play a sound now (``allowed``: False for a scene that keeps quiet, the demo); False when
        nothing is heard (no sound, muted, disabled, no device)."""
        if name is None or not allowed or self.volume <= 0 or not self.enabled:
            return False
        sound = self._load().get(name)
        if sound is None:
            return False
        try:
            sound.play()
        except pygame.error:
            return False
        return True

    def close(self) -> None:
        if self._sounds:
            with contextlib.suppress(pygame.error):
                pygame.mixer.quit()
        self._sounds = None
