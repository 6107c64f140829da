"""What a scene may ask of the program around it: the :class:`SceneHost`.

A scene is handed its host when it is made and reaches everything through it: the scene stack and
navigation (which scene comes next is the host's business, never a scene's), the data (store,
records, settings), sound and input, the window and the app's clock, and — for the kiosk's own
scenes — the kiosk. The app is the host in the game (``game/app.py``); a test may pass another.
No scene imports the app, even for its types: this protocol is the whole of what they know of it.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from game.input.devices import InputLayer
    from game.kiosk.config import KioskConfig
    from game.kiosk.guard import Guard
    from game.launch import SavedGames
    from game.play.demo import Show
    from game.records.keeper import Keeper
    from game.records.stats import GameRow, Group
    from game.scenes.base import Scene, SceneStack
    from game.scenes.rules import Parts
    from game.scenes.table import TableScene
    from game.session import Session
    from game.settings import Settings
    from game.speech.announcer import Announcer
    from game.store import Store
    from game.view.sound import Sounds


class Navigator(Protocol):
    """Changing scenes (``game/navigation.py``): a scene asks, the host decides what opens."""

    def push(self, scene: Scene) -> None: ...

    def pop(self, scene: Scene | None = None, quiet: bool = False) -> None: ...

    def replace(self, scene: Scene) -> None: ...

    def go_home(self, showing: str | None = None) -> None: ...

    def open_game(self, session: Session) -> TableScene: ...

    def saved_game(self, variant: str) -> Session | None: ...

    def replacing(self, left: Session | None, title: str, yes: str, go: Callable[[], None]) -> None: ...

    def confirm(self, title: str, text: str, yes: str, on_yes: Callable[[], None]) -> None: ...

    def open_demo(self, shows: list[Show], cycling: bool = False, speed: float = 1.0) -> None: ...

    def push_panel(self, kind: str, table: TableScene) -> None: ...

    def show_rules(self, variant: str, options: dict[str, str]) -> None: ...

    def show_settings(self) -> None: ...

    def show_text(self, title: Callable[[], str], parts: Callable[[], Parts]) -> None: ...

    def show_records(
        self, variant: str | None = None, group: Group | None = None, mark: float | None = None
    ) -> None: ...

    def show_history(self, variant: str | None = None) -> None: ...

    def open_replay(self, row: GameRow) -> None: ...


class SceneHost(Navigator, Protocol):
    # the scenes shown, bottom first (a scene asks whether it is on top)
    stack: SceneStack
    # the data: saved games and settings on disk, the records, the games in progress
    store: Store
    settings: Settings
    saved_games: SavedGames
    # sound, input (its text mode), the window
    sound: Sounds
    input: InputLayer
    fullscreen: bool
    active: bool  # the window has the focus
    running: bool  # false: the program ends after this frame
    language_override: str | None  # --lang or a kiosk's language, above the settings
    speech: Announcer  # CM-19: what is said goes here
    speech_override: str | None  # --speech, above the settings
    # the app's clock: seconds since start, frames drawn (UI-1: time is passed down, never read)
    time: float
    frames: int

    @property
    def records(self) -> Keeper: ...

    @property
    def kiosk(self) -> KioskConfig | None: ...

    @property
    def guard(self) -> Guard | None: ...

    def window_size(self) -> tuple[int, int]: ...

    def today(self) -> datetime.date: ...

    def offered(self) -> list[str]: ...

    def step(self, frame_dt: float) -> None: ...

    def toggle_sound(self) -> str: ...

    def toggle_fullscreen(self) -> None: ...

    def apply_look(self) -> None: ...

    def apply_language(self) -> None: ...

    def open_speech(self) -> None: ...

    def copy_text(self, text: str) -> bool: ...

    def paste_text(self) -> str: ...

    def kiosk_attract(self) -> None: ...

    def kiosk_new_player(self) -> None: ...
