"""A replay (SPEC CM-9): a finished game from the records played again on the table, move by move,
through the demo's player — the same sprites, pace and captions — with Pause / Play, a step back,
a step forward, the speed, and Close. Like the demo, it writes nothing and counts for nothing.

The stored line is checked through the rules before anything is shown: a line that does not
replay is refused with a message, never half shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.dealid import parse_deal_id
from game.core.errors import IllegalMove, ParseError
from game.core.i18n import ntr, ptr, tr
from game.input.intents import Action, Activate, Cancel, Command, FocusMove, Intent, Tap
from game.play.demo import KnownLine
from game.records.stats import GameRow
from game.rules.base import Move, parse_move
from game.rules.history import History
from game.rules.registry import start
from game.scenes.controls import Control, Role
from game.scenes.demo import DemoScene
from game.scenes.table import TableScene
from game.scenes.table_paint import clear_of, in_reach
from game.speech.words import said_together
from game.view.acts import Act
from game.view.widgets import draw_toast

if TYPE_CHECKING:
    from game.scenes.host import SceneHost

SPEEDS = (0.5, 1.0, 2.0, 4.0)
PAUSE, BACK_STEP, STEP, SPEED, CLOSE = "pause", "step_back", "step", "speed", "close"


def stored_line(row: GameRow) -> KnownLine:
    """The row's deal and moves, checked through the rules; ParseError if they do not replay."""
    deal = parse_deal_id(row.deal)
    try:
        moves: tuple[Move, ...] = tuple(parse_move(text) for text in row.line.split())
        rules, state = start(deal)
        History.replay(rules, state, moves)
    except (IllegalMove, ParseError, ValueError) as e:
        raise ParseError(tr("This game's moves do not replay: {why}", why=str(e)[:80])) from None
    return KnownLine(deal, moves)


class ReplayScene(DemoScene):
    def __init__(self, app: SceneHost, row: GameRow) -> None:
        line = stored_line(row)
        self.row = row
        self.paused = False
        super().__init__(app, iter(()), speed=1.0, search=line)
        self.keys = self.bar  # CM-18: Tab reaches the replay's buttons (the toolbar's one focus)
        self.keys.set(self.controls())
        self.table.auto_collect = False  # the stored line holds the collecting moves too
        self.session.elapsed = row.seconds  # the status bar shows the game's own time

    @property
    def moves(self) -> tuple[Move, ...]:
        assert self.search.line is not None
        return self.search.line.moves

    # -- the buttons ----------------------------------------------------------------------------

    def toolbar_actions(self) -> list[tuple[str, str]]:
        speed = f"×{SPEEDS[SPEEDS.index(self.speed)] if self.speed in SPEEDS else self.speed:g}"
        return [
            (CLOSE, tr("Close")),
            (BACK_STEP, tr("◀ Step")),
            # TRANSLATORS: resumes a paused replay, as a video player's ▶ does (not "play a game")
            (PAUSE, ptr("replay", "Play") if self.paused else tr("Pause")),
            (STEP, tr("Step ▶")),
            (SPEED, speed),
        ]

    spare_actions = ()

    def button_enabled(self, action: Act) -> bool:
        if action == BACK_STEP:
            return self.step_i > 0
        if action == STEP:
            return self.step_i < len(self.moves)
        return True

    def controls(self) -> list[Control]:
        """The buttons as the keys reach them, named in words ("Step back", not "◀ Step")."""
        return [
            Control(
                Role.BUTTON,
                self.spoken_name(b.action),
                b.action,
                "bar",
                rect=b.rect,
                enabled=self.button_enabled(b.action),
            )
            for b in self.buttons
        ]

    def layout_hud(self) -> None:
        super().layout_hud()
        if hasattr(self, "keys"):  # laid out first while the table is made
            self.keys.set(self.controls())

    def spoken_name(self, action: Act) -> str:
        names: dict[Act, str] = {
            CLOSE: tr("Close"),
            BACK_STEP: tr("Step back"),
            PAUSE: ptr("replay", "Play") if self.paused else tr("Pause"),
            STEP: tr("Step forward"),
            SPEED: speed_words(self.speed),
        }
        return names.get(action, str(action))

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Tap):
            self.keys.leave()
            for b in self.buttons:
                if b.hit(intent.pos):
                    self.action(b.action)
                    return
            self.action(PAUSE)  # a tap on the table pauses or goes on
        elif isinstance(intent, Action) and intent.name in (Command.NEXT_GROUP, Command.PREV_GROUP):
            if self.keys.shown:  # Tab again: back to the replay's own keys
                self.leave_bar()
            else:
                self.keys.set(self.controls())
                self.keys.focus_on("bar", 0 if intent.name == Command.NEXT_GROUP else len(self.buttons) - 1)
                self.say_now(self.keys.words())
        elif self.keys.shown and isinstance(intent, FocusMove | Activate | Cancel):
            self.bar_key(intent)
        elif isinstance(intent, FocusMove) and intent.dx:
            self.pressed(STEP if intent.dx > 0 else BACK_STEP)
        elif isinstance(intent, Activate):
            self.pressed(PAUSE)
        elif isinstance(intent, Cancel):
            self.action(CLOSE)
        elif isinstance(intent, Action):
            names: dict[str, str] = {Command.UNDO: BACK_STEP, Command.REDO: STEP, Command.BACK: CLOSE}
            self.pressed(names.get(intent.name, intent.name))

    def bar_key(self, intent: FocusMove | Activate | Cancel) -> None:
        """On the buttons: the arrows walk them, Enter presses one, Esc goes back to the table."""
        if isinstance(intent, Cancel):
            self.leave_bar()
            return
        if isinstance(intent, FocusMove):
            self.keys.handle(intent)
            self.say_now(self.keys.words())
            return
        here = self.keys.current
        if here is None:
            return
        if not here.enabled:
            self.say_now(here.words())
            return
        self.pressed(here.action)
        if here.action in (PAUSE, SPEED):
            self.keys.set(self.controls())
            self.say_now(self.keys.words())  # its new state: "Play, button", "Speed: double, button"

    def leave_bar(self) -> None:
        self.keys.leave()
        self.say_now(self.position_words())

    def pressed(self, name: Act) -> None:
        """A button pressed by its key; what it did said (a step's move is said as it is played)."""
        moves = self.session.moves
        self.action(name)
        if name == PAUSE and not self.keys.shown:
            self.say_now(tr("Paused") if self.paused else ptr("replay", "Playing"))
        elif name == SPEED and not self.keys.shown:
            self.say_now(speed_words(self.speed))
        elif name in (STEP, BACK_STEP) and self.session.moves == moves:
            self.say_now(self.position_words())  # nothing further that way: where the replay is

    def say_now(self, text: str) -> None:
        self.app.speech.say(text)

    def position_words(self) -> str:
        return tr("Replay · move {n} of {total}", n=self.step_i, total=len(self.moves))

    def spoken(self) -> str:
        return said_together([self.position_words(), self.keys.words()])

    def action(self, name: Act) -> None:
        if name == CLOSE:
            self.app.pop(self)
        elif name == PAUSE:
            self.paused = not self.paused
            if not self.paused and self.step_i >= len(self.moves):
                self.rewind()
        elif name == STEP:
            self.paused = True
            if self.step_i < len(self.moves):
                self._play_next()
        elif name == BACK_STEP:
            self.paused = True
            self.step_back()
        elif name == SPEED:
            k = SPEEDS.index(self.speed) if self.speed in SPEEDS else 0
            self.speed = SPEEDS[(k + 1) % len(SPEEDS)]
            settings = self.app.settings.speed
            self.view.sprites.speed = settings * max(1.0, self.speed) if settings else 0.0
        self.layout_hud()

    def step_back(self) -> None:
        if self.step_i == 0:
            return
        events = self.session.history.undo()  # past a win too: a replay is not the game itself
        self.step_i -= 1
        self.won_at = None
        self.caption = ""  # the heading says which move this is; the caption was the next one's
        self.table.changed_by(events)

    def rewind(self) -> None:
        """From the deal again (Play at the end)."""
        while self.step_i > 0:
            self.step_back()

    # -- playing --------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        TableScene.update(self, dt)
        self.session.elapsed = self.row.seconds
        if self.app.stack.top is not self or self.paused:
            return
        if self.step_i >= len(self.moves):
            self.paused = True
            self.caption = ntr("The end of the game: 1 move.", "The end of the game: {n} moves.", len(self.moves))
            self.layout_hud()
        elif self.settled() and self.table.now >= self.next_at:
            self._play_next()

    def _celebrate(self) -> None:
        """A replay's end is shown in its caption, not celebrated again."""

    def frame_key(self) -> object:
        return self.app.frames

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        TableScene.draw(self, surface, alpha)
        self.damage = None
        layout = self.view.layout
        head = tr("Replay · move {n} of {total}", n=self.step_i, total=len(self.moves))
        text = f"{head} — {self.caption}" if self.caption else head
        size = int(layout.touch * 0.42)
        playable, exposed = in_reach(self, self.session.rules.piles(self.state))  # clear of what plays next
        bottom = clear_of([], layout, surface.get_width(), text, size, playable, exposed)
        draw_toast(surface, text, bottom, size)


def speed_words(speed: float) -> str:
    """The replay's speed said: "Speed: double"."""
    words = {0.5: tr("half"), 1.0: tr("normal"), 2.0: tr("double"), 4.0: tr("four times")}
    return tr("Speed: {speed}", speed=words.get(speed, f"{speed:g}"))
