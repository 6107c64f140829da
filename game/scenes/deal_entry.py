"""Play a deal by ID (CM-1): a field to type or paste a deal ID into — or just a number, or a game
and a number — with an example, Clear, OK and Cancel buttons for touch, and the reason when what
was typed is not a deal. The field keeps at most a deal ID's length, whatever is pasted."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.core.dealid import MAX_ID_LENGTH, DealId
from game.core.errors import ParseError
from game.core.i18n import tr
from game.core.variants import VARIANTS
from game.deals import read_deal
from game.input.intents import Action, Command, Intent, Tap, TextInput
from game.scenes.controls import Control, Role
from game.scenes.focus_keys import FocusKeys, Step
from game.scenes.panels import Panel, Row
from game.speech.words import said_together
from game.view import fonts
from game.view.acts import Act
from game.view.fonts import wrap
from game.view.layout import Rect
from game.view.widgets import FOCUS, PANEL_TEXT, draw_focus_ring, rect, text_end

if TYPE_CHECKING:
    from game.scenes.host import SceneHost

FIELD = ""  # the line the field is drawn on
MAX_PROBLEM_LINES = 3


def _whole_example() -> str:
    """A whole deal ID as a player types it: the first game with options, its first option not at
    its default (``NAME:draw=3:12345``)."""
    spec = next((v for v in VARIANTS if v.options), VARIANTS[0])
    if not spec.options:
        return f"{spec.name}:12345"
    option = spec.options[0]
    value = next((v for v in option.values if v != option.default), option.default)
    return f"{spec.name}:{option.key}={value}:12345"


def _short_example() -> str:
    """A game and a number: the first game without options (``NAME 617``)."""
    spec = next((v for v in VARIANTS if not v.options), VARIANTS[0])
    return f"{spec.name} 617"


class DealEntryPanel(Panel):
    def __init__(
        self, app: SceneHost, variant: str, options: dict[str, str], on_deal: Callable[[DealId], None]
    ) -> None:
        super().__init__(app, None)
        self.variant, self.options, self.on_deal = variant, options, on_deal
        self.entry = ""
        self.problem = ""
        self.keys = FocusKeys(start="field")  # CM-18: the field, then its buttons
        app.input.text_mode = True

    def title(self) -> str:
        return tr("Play a deal by ID")

    def lines(self) -> list[str]:
        """The example (on one line if it fits at a readable size, else wrapped) and the problem,
        wrapped to the panel's width at the lines' size — a short window only draws them smaller —
        so no line spills out of the box."""
        room = self.line_room()
        size = int(self.touch * 0.38)
        example = tr("For example {whole}, {short}, or just 617.", whole=_whole_example(), short=_short_example())
        examples = [example] if fonts.fits(example, room) else wrap(example, size, room)
        problem = wrap(self.problem, size, room)
        if len(problem) > MAX_PROBLEM_LINES:
            last = problem[MAX_PROBLEM_LINES - 1]
            while last and not fonts.fits(last + " …", room, size):
                last = last[:-1]
            problem = [*problem[: MAX_PROBLEM_LINES - 1], last.rstrip() + " …"]
        return [*examples, FIELD, *problem]

    def field(self) -> Rect:
        """Where the entry is typed: the panel's line left empty for it."""
        touch = self.touch * self.scale  # as the panel places its lines
        line = self.lines().index(FIELD)
        return Rect(
            self.box.x + touch * 0.4,
            self.box.y + touch * self.title_units + touch * 0.62 * line - 4,
            max(0.0, self.box.w - touch * 0.8),
            touch * 0.62,
        )

    def rows(self) -> list[Row]:
        return [("", [("clear", tr("Clear")), ("ok", tr("OK")), ("close", tr("Cancel"))])]

    def frame_key(self) -> object:
        return (super().frame_key(), self.entry, self.keys.index)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.keys.set(self.controls())
        if self.keys.current is None:
            self.keys.focus_on("field")  # typing goes there from the start, and Enter means OK
        self.sync()  # the ring where the keys are (on the field: none on a button), opened by a key too

    def controls(self) -> list[Control]:
        field = Control(Role.FIELD, tr("Deal ID"), "ok", "field", (self.entry or tr("empty"),), self.field())
        return [field, *(Control(Role.BUTTON, b.label, b.action, "buttons", rect=b.rect) for b in self.buttons)]

    def spoken(self) -> str:
        return said_together([self.title(), *self.lines(), self.keys.words()])

    def say(self, text: str) -> None:
        self.app.speech.say(text)  # CM-19

    def sync(self) -> None:
        """The field's new text in its control (the panel draws the ring where the keys are)."""
        self.keys.set(self.controls())

    def add(self, text: str) -> str:
        """Type ``text`` into the field; what went in."""
        clean = "".join(ch for ch in text if ch.isprintable())
        before = self.entry
        self.entry = (self.entry + clean)[:MAX_ID_LENGTH]
        self.problem = ""
        self.sync()
        return self.entry[len(before) :]

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, TextInput):
            self.say(typed_words(self.add(intent.text)))  # CM-19: each character echoed
        elif isinstance(intent, Action) and intent.name == Command.BACKSPACE:
            gone, self.entry = self.entry[-1:], self.entry[:-1]
            self.sync()
            if gone:
                self.say(tr("{char} deleted", char=typed_words(gone)))
        elif isinstance(intent, Action) and intent.name == Command.PASTE:
            self.add(self.app.paste_text()[: MAX_ID_LENGTH * 2].strip())
            self.say(self.keys.controls[0].words())  # the field, with all it holds now
        elif isinstance(intent, Tap):
            self.keys.hide()
            super().handle(intent)
        else:
            self.key(intent)

    def key(self, intent: Intent) -> None:
        """CM-18: Tab between the field and the buttons, arrows along the buttons (on the field they
        read it again), Enter presses (OK, on the field), Esc cancels."""
        step = self.keys.handle(intent)
        here = self.keys.current
        if step is Step.MOVED:
            self.sync()
            self.say(self.keys.words())
        elif step is Step.PRESSED and here is not None:
            self.act(here.action)
            if here.action == "clear":
                self.say(self.keys.words())
        elif step is Step.BACK or (isinstance(intent, Action) and intent.name == Command.NEW_DEAL):
            self.act("close")

    def act(self, action: Act) -> None:
        if action == "clear":
            self.entry, self.problem = "", ""
            self.sync()
        elif action == "ok":
            try:
                deal = read_deal(self.entry, self.variant, self.options)
            except ParseError as e:
                self.problem = tr("That is not a deal ID: {why}", why=str(e))
                self.resize(self.app.window_size())
                self.say(self.problem)  # CM-19
                return
            self.app.input.text_mode = False
            self.app.pop(self)
            self.on_deal(deal)
        elif action == "close":
            self.app.input.text_mode = False
            self.app.pop(self)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        field = self.field()
        pygame.draw.rect(surface, (255, 255, 255), rect(field), border_radius=6)
        pygame.draw.rect(surface, FOCUS, rect(field), width=2, border_radius=6)
        here = self.keys.current
        if here is not None and here.role is Role.FIELD:
            draw_focus_ring(surface, rect(field).inflate(-6, -6), 4, light=True)  # tight: the example is just above
        size = max(fonts.SMALLEST, int(self.touch * self.scale * 0.36))
        shown = text_end(fonts.text(self.entry + "|", size, PANEL_TEXT), field.w - 16)  # the end, where the typing is
        if shown is not None:
            surface.blit(shown, (field.x + 8, field.y + (field.h - shown.get_height()) / 2))


def typed_words(text: str) -> str:
    """A character typed, said: a space as "space", anything else as itself."""
    return tr("space") if text == " " else text
