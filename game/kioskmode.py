"""The kiosk at run time (SPEC UI-5), beside the app's loop: full screen with the cursor hidden
and the screensaver held off; window close, Alt+F4, Esc, F11 and the like never end it; after
``idle_seconds`` without input a "Still playing?" prompt, then the attract loop; a touch there
opens a fresh home screen for a new player (the previous player's games are discarded, kept in a
throwaway folder that is removed); the operator leaves by five taps in the top-left corner and the
PIN, or by the key chord; an error inside a scene is logged to the data folder and the kiosk goes
back to the attract loop."""

from __future__ import annotations

import datetime
import shutil
import tempfile
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.games.index import GAMES
from game.kiosk.config import KioskConfig
from game.kiosk.guard import Guard
from game.settings import Settings
from game.store import Store

if TYPE_CHECKING:
    from game.scenes.host import SceneHost

INPUT_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN, pygame.KEYDOWN, pygame.MOUSEWHEEL, pygame.TEXTINPUT)
MOD_NAMES = (
    (pygame.KMOD_CTRL, "ctrl"),
    (pygame.KMOD_ALT, "alt"),
    (pygame.KMOD_SHIFT, "shift"),
    (pygame.KMOD_GUI, "meta"),
)


class KioskMode:
    def __init__(self, app: SceneHost, config: KioskConfig, log_dir: Path) -> None:
        self.app, self.config, self.log_dir = app, config, log_dir
        self.guard = Guard(config)
        self._player_dir: Path | None = None
        pygame.mouse.set_visible(False)
        pygame.display.set_allow_screensaver(False)

    # -- events ---------------------------------------------------------------------------------

    def intercept(self, event: pygame.event.Event) -> bool:
        """True if the kiosk consumed the event (a quit request, the chord, the hidden gesture)."""
        app = self.app
        if event.type in INPUT_EVENTS:
            self.guard.touched(app.time)
        if event.type == pygame.QUIT:
            return True  # window close, Alt+F4: ignored
        if event.type == pygame.KEYDOWN:
            mods = {name for flag, name in MOD_NAMES if event.mod & flag}
            if self.guard.is_chord(pygame.key.name(event.key), mods):
                app.running = False
                return True
            if event.key in (pygame.K_F11, pygame.K_F4) or (mods & {"ctrl", "meta"} and event.key == pygame.K_q):
                return True
        press = None
        if event.type == pygame.MOUSEBUTTONDOWN and not getattr(event, "touch", False):
            press = event.pos
        elif event.type == pygame.FINGERDOWN:
            w, h = app.window_size()
            press = (event.x * w, event.y * h)
        if press is not None and self.guard.corner_tap(press, app.window_size(), app.time):
            if self.config.pin is not None:
                from game.scenes.kiosk import PinPanel

                app.input.text_mode = True
                app.push(PinPanel(app))
            return True
        return False

    # -- the loop -------------------------------------------------------------------------------

    def tick(self) -> None:
        """Idle time: in a game or on the home screen, the prompt, then the attract loop. On the
        operator's PIN pad, straight to the attract loop: "Still playing?" is a player's question
        and "Keep playing" would leave the pad open; a pad left alone (the operator called away,
        a child who found the corner) should give the kiosk back to the next player at once. The
        lock-out is the guard's and outlasts the pad."""
        from game.scenes.kiosk import AttractScene, PinPanel, StillPlayingPanel

        stack = self.app.stack.scenes
        idle = self.guard.idle_for(self.app.time) >= self.config.idle_seconds
        if any(isinstance(s, PinPanel) for s in stack):
            if idle:
                self.attract()
            return
        if not stack or isinstance(stack[0], AttractScene):
            return
        if any(isinstance(s, StillPlayingPanel) for s in stack):
            return
        if idle:
            self.app.push(StillPlayingPanel(self.app, self.config.prompt_seconds))

    def guarded(self, work: Callable[[], None]) -> None:
        """Run a piece of the frame; an error is logged and the kiosk goes back to attract."""
        try:
            work()
        except Exception:
            self.log(traceback.format_exc())
            self.attract()

    def log(self, text: str) -> None:
        try:
            self.log_dir.mkdir(parents=True, exist_ok=True)
            stamp = datetime.datetime.now().isoformat(timespec="seconds")
            with (self.log_dir / "kiosk-errors.log").open("a", encoding="utf-8") as f:
                f.write(f"--- {stamp}\n{text}\n")
        except OSError:
            pass

    # -- players ----------------------------------------------------------------------------------

    def attract(self) -> None:
        """The attract loop; the player who was here is forgotten."""
        from game.scenes.kiosk import AttractScene

        self.app.input.text_mode = False
        self._new_store()
        self.app.replace(AttractScene(self.app))
        self.guard.touched(self.app.time)

    def new_player(self) -> None:
        """A touch in the attract loop: a fresh home screen, with nothing to continue."""
        self._new_store()
        self.guard.touched(self.app.time)
        self.app.go_home()

    def _new_store(self) -> None:
        old = self._player_dir
        self.app.store.flush()  # the writer's last jobs land before their folder goes
        self._player_dir = Path(tempfile.mkdtemp(prefix="solitaire-kiosk-"))
        self.app.store = Store(self._player_dir)
        settings = Settings()
        for offer in self.config.games:
            if offer.options:
                settings.options[offer.variant] = dict(offer.options)
        for game in GAMES:
            settings.deal_kind[game.name] = self.config.deal_kind
        self.app.settings = settings
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)

    def close(self) -> None:
        if self._player_dir is not None:
            shutil.rmtree(self._player_dir, ignore_errors=True)
