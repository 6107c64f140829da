"""The kiosk's scenes (SPEC UI-5): the attract loop (the demo cycling through the games, "Touch to
play", slow shifts against burn-in), the "Still playing?" prompt with its countdown, and the
operator's PIN pad reached by the hidden gesture."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.core.i18n import ntr, tr
from game.input.intents import Action, Activate, Command, DoubleTap, Intent, LongPress, Tap, TextInput
from game.play.demo import Show, cycle, every_show
from game.scenes.demo import DemoScene
from game.scenes.panels import Panel, Row
from game.speech.words import said_together
from game.view import fonts
from game.view.acts import Act, Digit

if TYPE_CHECKING:
    from game.scenes.host import SceneHost

SHIFT = 6  # pixels the whole picture wanders, slowly, so no edge burns into the screen
SHIFT_PERIOD = 90.0  # seconds for one round


def attract_shows(app: SceneHost) -> list[Show]:
    """Every game and option set with winnable deals that the kiosk offers."""
    config = app.kiosk
    shows = every_show()
    if config is not None and config.games:
        shows = [s for s in shows if any(o.variant == s.variant and o.options == dict(s.options) for o in config.games)]
        shows = shows or [Show(o.variant, o.options) for o in config.games]
    return shows


class AttractScene(DemoScene):
    """The demo cycling through the games, with "Touch to play": a touch opens a fresh home."""

    def __init__(self, app: SceneHost) -> None:
        super().__init__(app, cycle(attract_shows(app)), speed=0.8, cycling=True, on_interrupt=self._touched)
        self._canvas: pygame.Surface | None = None

    @staticmethod
    def _touched(demo: DemoScene) -> None:
        demo.app.kiosk_new_player()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = surface.get_size()
        if self._canvas is None or self._canvas.get_size() != size:
            self._canvas = pygame.Surface(size)
        super().draw(self._canvas, alpha)
        t = self.table.now
        touch = self.view.layout.touch
        pulse = 0.5 + 0.5 * math.sin(t * 2.4)
        call = fonts.fit_text(tr("Touch to play"), int(touch * 1.1), (255, 255, 255), size[0] * 0.8, bold=True)
        box = call.get_rect(center=(size[0] // 2, round(size[1] * 0.62)))
        shade = pygame.Surface(box.inflate(touch, touch * 0.5).size, pygame.SRCALPHA)
        shade.fill((10, 30, 20, round(150 + 60 * pulse)))
        self._canvas.blit(shade, box.inflate(touch, touch * 0.5))
        self._canvas.blit(call, box)
        angle = 2 * math.pi * t / SHIFT_PERIOD
        surface.fill((0, 0, 0))
        surface.blit(self._canvas, (round(SHIFT * math.cos(angle)), round(SHIFT * math.sin(angle))))


class StillPlayingPanel(Panel):
    """Nobody touched the game for a while: a countdown, then back to the attract loop. Any touch
    or key keeps playing."""

    opened_by_the_game = True

    cancel_action = "keep"

    def __init__(self, app: SceneHost, seconds: float) -> None:
        super().__init__(app, None)
        self.deadline = app.time + seconds  # the app's clock: the countdown is real time

    @property
    def left(self) -> float:
        return self.deadline - self.app.time

    def title(self) -> str:
        return tr("Still playing?")

    def lines(self) -> list[str]:
        return [tr("Back to the start in {n} s.", n=max(0, math.ceil(self.left)))]

    def rows(self) -> list[Row]:
        return [("", [("keep", tr("Keep playing"))])]

    def handle(self, intent: Intent) -> None:
        self.act("keep")

    def act(self, action: Act) -> None:
        self.app.pop(self)

    def update(self, dt: float) -> None:
        if self.left <= 0:
            self.app.kiosk_attract()


class PinPanel(Panel):
    """The operator's way out: the PIN on a keypad (touch, or digits, Backspace and Enter on a
    keyboard). Every press of a key is a digit, however quick or slow: the gesture layer makes a
    second tap within 0.35 s a DoubleTap and a held press a LongPress, and on a keypad both are
    presses. While the guard's lock-out lasts the pad counts it down, second by second, and
    takes no digit and no OK; then it asks for the PIN again."""

    cancel_action = "cancel"
    BACK = "←"  # backspace: the shipped font (a subset) has no "⌫"

    def __init__(self, app: SceneHost) -> None:
        super().__init__(app, None)
        self.entry = ""
        self.message = ""  # "Wrong PIN." until the next OK

    def title(self) -> str:
        return tr("Operator PIN")

    def lines(self) -> list[str]:
        """Read every frame: the lock-out's countdown changes the frame key, so it is redrawn."""
        locked = self.locked_for()
        if locked > 0:
            message = tr("Locked: try again in {n} s.", n=math.ceil(locked))
        else:
            message = self.message or tr("Enter the PIN to leave the kiosk.")
        return ["•" * len(self.entry) or "—", message]

    def entered_words(self) -> str:
        """How many digits are entered, said (CM-19) in place of the dots: never the digits."""
        n = len(self.entry)
        return ntr("1 digit entered", "{n} digits entered", n) if n else tr("No digit entered")

    def spoken(self) -> str:
        """The title, the digits counted (a speech engine would read the dots as "bullet"), the
        message, and the focused key."""
        words = [self.title(), self.entered_words(), self.lines()[1], self.button_words(self.focus)]
        return said_together(words)

    def locked_for(self) -> float:
        guard = self.app.guard
        return guard.locked_until - self.app.time if guard is not None else 0.0

    def rows(self) -> list[Row]:
        digits: list[tuple[Act, str]] = [(Digit(str(d)), str(d)) for d in range(10)]
        return [
            ("", digits[1:4]),
            ("", digits[4:7]),
            ("", digits[7:10]),
            ("", [("back", self.BACK), (Digit("0"), "0"), ("ok", tr("OK"))]),
            ("", [("cancel", tr("Cancel"))]),
        ]

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, DoubleTap | LongPress):
            intent = Tap(intent.pos)  # a brisk second press, or a slow one, on a key
        if isinstance(intent, TextInput):
            for ch in intent.text:
                if ch.isascii() and ch.isdigit():
                    self.act(Digit(ch))
        elif isinstance(intent, Action) and intent.name == Command.BACKSPACE:
            self.act("back")
        elif isinstance(intent, Activate) and not self.show_focus:
            self.act("ok")  # Enter after the digits typed; with the focus shown, the focused key
        else:
            super().handle(intent)

    def act(self, action: Act) -> None:
        if action == "cancel":
            self.app.input.text_mode = False
            self.app.pop(self)
            return
        if self.locked_for() > 0:
            return  # locked out: neither digits nor OK until the countdown ends
        guard = self.app.guard
        assert guard is not None
        if isinstance(action, Digit) and len(self.entry) < 8:
            self.entry += action.digit
            self.app.speech.say(self.entered_words())  # CM-19: a count, so a listener knows where they are
        elif action == "back":
            self.entry = self.entry[:-1]
            self.app.speech.say(self.entered_words())
        elif action == "ok":
            if guard.try_pin(self.entry, self.app.time):
                self.app.running = False
                return
            self.entry = ""
            self.message = "" if guard.locked(self.app.time) else tr("Wrong PIN.")
            self.app.speech.say(self.lines()[1])  # "Wrong PIN." or the lock-out's wait
        self.resize(self.app.window_size())
