"""The composition root: the window, the fixed-timestep loop and the scene stack (SPEC UI-1, UI-2).

Each frame: read the events and turn them into intents for the top scene; run ``update(FIXED_DT)``
as many times as the time that passed allows (huge gaps clamped, steps per frame capped); then
draw every visible scene with how far the loop is into the next step, so motion is smooth at any
frame rate. The app owns the only clock: time is passed down, never read by scenes or rules.
"""

from __future__ import annotations

import datetime
import os
from typing import TYPE_CHECKING

import pygame

from game import loop
from game.core.i18n import language, pick_language, set_language, tr
from game.core.look import set_look
from game.core.quoting import named
from game.deals import is_proved_winnable, seeds_news
from game.games.index import GAMES
from game.input.devices import InputLayer
from game.input.gestures import GestureConfig
from game.input.intents import Action, Command, Intent
from game.kiosk.config import KioskConfig
from game.kiosk.guard import Guard
from game.kioskmode import KioskMode
from game.launch import SavedGames, left_behind
from game.navigation import Navigation
from game.platform.display import MIN_SIZE, open_window, opened_path, set_mode, system_locales
from game.platform.heap import set_aside_what_is_loaded
from game.platform.speech import open_speaker
from game.records.keeper import Keeper
from game.scenes.base import Scene, SceneStack, says
from game.settings import Settings
from game.speech.announcer import Announcer, Silent
from game.store import Store
from game.view.sound import Sounds

if TYPE_CHECKING:
    pass

FIXED_DT = 1 / 120
MAX_STEPS_PER_FRAME = 32  # enough for a whole MAX_FRAME_GAP, so a resting clock keeps real time
# UI-10: after these the window's pixels may be anyone's (another window passed over it, the mode or
# the display changed, the window came back): the next frame is drawn and presented whole.
REPAINT_EVENTS = frozenset(
    {
        pygame.WINDOWEXPOSED,
        pygame.VIDEOEXPOSE,
        pygame.WINDOWSHOWN,
        pygame.WINDOWRESTORED,
        pygame.WINDOWMAXIMIZED,
        pygame.WINDOWFOCUSGAINED,
        pygame.WINDOWDISPLAYCHANGED,
        pygame.WINDOWSIZECHANGED,
        pygame.RENDER_TARGETS_RESET,
        pygame.RENDER_DEVICE_RESET,
    }
)


class App(Navigation):
    def __init__(
        self,
        size: tuple[int, int] = (1280, 800),
        fullscreen: bool = False,
        store: Store | None = None,
        kiosk: KioskConfig | None = None,
        language: str | None = None,
        speech: str | None = None,
    ) -> None:
        set_aside_what_is_loaded()  # the modules: the collector's passes need not walk them (CM-20)
        self.windowed_size = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
        self.fullscreen = False
        opened = opened_path()  # the command line opens the window before importing the app
        self.present_path = opened or open_window(self.windowed_size, fullscreen)
        self.screen = self._set_mode(fullscreen)
        self.store = store if store is not None else Store()
        locked = self.store.lock()
        self.settings = Settings.load(self.store)
        self.sound = Sounds(self.settings.loudness)  # UI-8: loaded the first time a sound plays
        self.sound.enabled = kiosk is None or kiosk.sounds
        set_look(self.settings.look)
        self.stack = SceneStack()
        # --lang or SOLITAIRE_LANG, then a kiosk's configured language: above Settings, for this run
        self.language_override = language or os.environ.get("SOLITAIRE_LANG") or (kiosk.language if kiosk else None)
        self.speech_override = speech  # --speech, above the setting (CM-19)
        self.speech = Announcer()
        self._speech_told = False  # that speech could not be written (said once a run)
        self.apply_language()
        if not locked:
            self.store.problems.append(
                tr("Solitaire is already open in another window: this one will not save, so that one's games are safe.")
            )
        self.saved_games = SavedGames()  # the home screen's saved games, replayed once per change
        self.input = InputLayer(self.window_size, GestureConfig())
        self.time = 0.0
        self.active = True
        self.running = True
        self.frames = 0
        self.clipboard = ""
        self._acc = 0.0
        self._last_size = self.screen.get_size()
        pygame.key.set_repeat(350, 60)
        self.kiosk_mode = KioskMode(self, kiosk, self.store.root) if kiosk is not None else None
        self._shown: list[int] = []  # the scenes the last frame showed (a partial present needs the same)
        self.draws = 0  # frames actually drawn and presented (UI-7: none while nothing changes)
        self.resting = False  # the last frame had nothing new to draw
        self._held: list[pygame.event.Event] = []  # events to handle before the queue's
        self._last_key: tuple[object, ...] = ()
        self._repaint_due = True  # the next frame is drawn and presented whole
        self._present_whole = False  # this frame's present covers the whole window
        self._records: Keeper | None = None

    @property
    def records(self) -> Keeper:
        """The records of the data folder in use (a kiosk's player has a folder of their own)."""
        if self._records is None or self._records.root != self.store.root:
            if self._records is not None:
                self._records.db.close()
            self._records = Keeper(self.store.root, is_proved_winnable, left_behind, writer=self.store.writer)
        return self._records

    # -- the kiosk (UI-5) -----------------------------------------------------------------------

    @property
    def kiosk(self) -> KioskConfig | None:
        return self.kiosk_mode.config if self.kiosk_mode is not None else None

    @property
    def guard(self) -> Guard | None:
        return self.kiosk_mode.guard if self.kiosk_mode is not None else None

    def offered(self) -> list[str]:
        """The games offered: all of them, or a kiosk's choice (home, Records, History)."""
        kiosk = self.kiosk
        return [g.name for g in GAMES if kiosk is None or kiosk.offers(g.name)]

    def kiosk_attract(self) -> None:
        assert self.kiosk_mode is not None
        self.kiosk_mode.attract()

    def kiosk_new_player(self) -> None:
        assert self.kiosk_mode is not None
        self.kiosk_mode.new_player()

    # -- window ---------------------------------------------------------------------------------

    def window_size(self) -> tuple[int, int]:
        w, h = self.screen.get_size()
        return int(w), int(h)

    def _set_mode(self, fullscreen: bool) -> pygame.Surface:
        self.fullscreen = fullscreen
        return set_mode(self.windowed_size, fullscreen)

    def toggle_fullscreen(self) -> None:
        if self.kiosk_mode is not None:
            return  # a kiosk stays full screen
        if not self.fullscreen:
            self.windowed_size = self.window_size()
        self.screen = self._set_mode(not self.fullscreen)
        self._resized()

    def repaint(self) -> None:
        """The next frame is drawn and presented whole, even at rest (UI-10)."""
        self._repaint_due = True

    def _resized(self) -> None:
        size = self.window_size()
        self.repaint()
        if size != self._last_size:
            self._last_size = size
            for scene in self.stack.scenes:
                scene.resize(size)

    def apply_language(self) -> None:
        """Speak the language asked for (--lang, SOLITAIRE_LANG, the kiosk's, Settings), else the
        system's, else English (CM-15), and lay every scene out again in it."""
        wanted = pick_language(system_locales(), self.language_override or self.settings.language)
        try:
            set_language(wanted)
        except ValueError as e:  # a catalog missing or damaged in this install: English, and say so
            set_language("en")
            self.store.problems.append(str(e))
        pygame.display.set_caption(tr("Solitaire"), "solitaire")
        self.open_speech()  # a voice of the new language
        for scene in self.stack.scenes:
            scene.resize(self.window_size())
        self.repaint()

    def open_speech(self) -> None:
        """Speech as asked (--speech, else the setting) in the language of the moment (CM-19)."""
        choice = self.speech_override or self.settings.speech
        self.speech.switch(open_speaker(choice, language(), lambda why: self._speech_failed(choice, why)))

    def _speech_failed(self, choice: str, why: str) -> None:
        """Speech that cannot be written is speech off, said once (a log file that takes no more
        lines: the disk full, its reader gone); the game goes on."""
        self.speech.switch(Silent())
        if not self._speech_told:
            self._speech_told = True
            path = choice.removeprefix("log:")
            self.store.problems.append(
                tr("Speech is off: {file} cannot take what is said ({why}).", file=named(path), why=why)
            )

    def apply_look(self) -> None:
        """The deck, table, back, motion and hand of the settings (UI-9), on every scene at once."""
        set_look(self.settings.look)
        for scene in self.stack.scenes:
            scene.resize(self.window_size())
        self.repaint()

    def toggle_sound(self) -> str:
        """Sound on or off (the M key, the toolbar); what to tell the player."""
        self.settings.sound = not self.settings.sound
        self.settings.save(self.store)
        self.sound.set_volume(self.settings.loudness)
        return tr("Sound on") if self.settings.sound else tr("Sound off")

    def today(self) -> datetime.date:
        """The device's local date (the daily deal, KL-12)."""
        return datetime.date.today()

    def copy_text(self, text: str) -> bool:
        """Put ``text`` on the system clipboard; True if the system took it."""
        self.clipboard = text
        try:
            pygame.scrap.put_text(text)
            return True
        except (pygame.error, AttributeError, ValueError):
            return False

    def paste_text(self) -> str:
        try:
            return str(pygame.scrap.get_text() or "") or self.clipboard
        except (pygame.error, AttributeError):
            return self.clipboard

    # -- scenes ---------------------------------------------------------------------------------

    def push(self, scene: Scene) -> None:
        self.input.cancel()
        self.stack.push(scene)
        scene.resize(self.window_size())
        self.speech.say(scene.spoken(), interrupt=not scene.opened_by_the_game)

    def pop(self, scene: Scene | None = None, quiet: bool = False) -> None:
        """Close the top scene (or ``scene``); the one under it is said again, unless ``quiet``
        (what closed it says what happened next: a move chosen in a panel)."""
        self.input.cancel()
        if scene is None:
            self.stack.pop()
        else:
            self.stack.remove(scene)
        if self.stack.top is not None and not quiet:
            self.speech.say(self.stack.top.spoken(), interrupt=False)

    def replace(self, scene: Scene) -> None:
        self.input.cancel()
        self.stack.replace(scene)
        self.speech.say(scene.spoken())
        scene.resize(self.window_size())

    def send(self, intent: Intent) -> None:
        if isinstance(intent, Action) and intent.name == Command.FULLSCREEN:
            self.toggle_fullscreen()
            return
        if isinstance(intent, Action) and intent.name == Command.QUIT:
            if self.kiosk_mode is None:
                self.running = False
            return
        if isinstance(intent, Action) and intent.name == Command.REPEAT:
            self.speech.repeat()  # CM-19: on every screen
            return
        top = self.stack.top
        if top is not None:
            top.handle(intent)

    # -- the loop -------------------------------------------------------------------------------

    def _event(self, event: pygame.event.Event) -> None:
        t = event.type
        if self.kiosk_mode is not None and self.kiosk_mode.intercept(event):
            return
        if t in REPAINT_EVENTS:
            self.repaint()
        if t == pygame.QUIT:
            self.running = False
        elif t in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN):
            self._set_active(False)
        elif t in (pygame.WINDOWFOCUSGAINED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            self._set_active(True)
        elif t in (pygame.WINDOWSIZECHANGED, pygame.VIDEORESIZE, pygame.WINDOWDISPLAYCHANGED):
            self._resized()
        else:
            for intent in self.input.translate(event, self.time):
                self.send(intent)

    def _set_active(self, active: bool) -> None:
        if active != self.active:
            self.active = active
            if not active:
                self.store.flush()  # the app may be closed or killed while in the background
            for scene in self.stack.scenes:
                scene.focus_changed(active)

    def step(self, frame_dt: float) -> None:
        """One frame: events, fixed updates, draw. Tests call this with made-up time."""
        frame_dt = min(max(frame_dt, 0.0), loop.MAX_FRAME_GAP)
        self.time += frame_dt
        if self.kiosk_mode is not None:
            self.kiosk_mode.guarded(lambda: self._frame(frame_dt))
            self.kiosk_mode.tick()
        else:
            self._frame(frame_dt)
        self.frames += 1

    def _frame(self, frame_dt: float) -> None:
        events = list(self._held) + pygame.event.get()
        self._held = []
        for event in events:
            self._event(event)
        for intent in self.input.tick(self.time):
            self.send(intent)
        self.store.keep_up()  # UI-11: the writer never falls half a second behind
        self._tell_problems()
        self._acc += frame_dt
        steps = 0
        while self._acc >= FIXED_DT and steps < MAX_STEPS_PER_FRAME:
            for scene in list(self.stack.scenes):
                scene.update(FIXED_DT)
            self._acc -= FIXED_DT
            steps += 1
        if steps == MAX_STEPS_PER_FRAME:
            self._acc = min(self._acc, FIXED_DT)
        # UI-7: draw only when something on screen changed (an event, a moving card, the clock's
        # next second, a message): otherwise the frame is skipped and the loop can rest.
        key = tuple(scene.frame_key() for scene in self.stack.visible())
        if events or key != self._last_key or self._repaint_due:
            self._present_whole = self._repaint_due
            self._last_key, self._repaint_due = key, False
            self.draw(self._acc / FIXED_DT)
            self.resting = False
        else:  # nothing to draw: rest, unless a scene is computing a slice per step
            self.resting = not any(scene.working() for scene in self.stack.scenes)

    def _tell_problems(self) -> None:
        """What went wrong with the data (a save refused, a damaged file, a catalog that cannot be
        read, a damaged seeds list) reaches the player at once, on the topmost screen that shows messages."""
        self.store.problems.extend(seeds_news())
        if not self.store.problems:
            return
        for scene in reversed(self.stack.scenes):
            if says(scene):
                for problem in self.store.problems:
                    scene.say(problem)
                self.store.problems.clear()
                return

    def draw(self, alpha: float = 0.0) -> None:
        visible = self.stack.visible()
        for scene in visible:
            scene.draw(self.screen, alpha)
        shown = [id(scene) for scene in visible]
        partial = len(visible) == 1 and shown == self._shown and not self._present_whole
        damage = visible[-1].damage if partial else None
        self._shown, self._present_whole = shown, False
        if damage is None:
            pygame.display.flip()
        elif damage:
            pygame.display.update(damage)  # only what moved: a drag presents a few cards, not the window
        self.draws += 1

    def run(self, max_frames: int | None = None) -> None:
        """The desktop's loop (``game/loop.py``); the app is closed when it ends."""
        loop.run(self, max_frames)

    async def run_async(self, max_frames: int | None = None) -> None:
        """The loop as a coroutine that yields every frame (UI-12: the browser runs it)."""
        await loop.run_async(self, max_frames)

    def close(self) -> None:
        for scene in list(self.stack.scenes):
            scene.quit()
        self.settings.save(self.store)
        self.store.flush()
        self.store.unlock()
        if self._records is not None:
            self._records.db.close()
        self.sound.close()
        self.speech.close()
        if self.kiosk_mode is not None:
            self.kiosk_mode.close()
