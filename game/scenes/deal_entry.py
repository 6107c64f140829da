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
from game.deals import read_deal
from game.input.intents import Action, Activate, Command, Intent, TextInput
from game.scenes.panels import Panel, Row
from game.view import fonts
from game.view.fonts import wrap
from game.view.layout import Rect
from game.view.widgets import FOCUS, PANEL_TEXT, rect, text_end

if TYPE_CHECKING:
    from game.scenes.host import SceneHost

FIELD = ""  # the line the field is drawn on
MAX_PROBLEM_LINES = 3


class DealEntryPanel(Panel):
    def __init__(
        self, app: SceneHost, variant: str, options: dict[str, str], on_deal: Callable[[DealId], None]
    ) -> None:
        super().__init__(app, None)
        self.variant, self.options, self.on_deal = variant, options, on_deal
        self.entry = ""
        self.problem = ""
        app.input.text_mode = True

    def title(self) -> str:
        return tr("Play a deal by ID")

    def lines(self) -> list[str]:
        """The example (on one line if it fits at a readable size, else wrapped) and the problem,
        wrapped to the panel's width at the lines' size — a short window only draws them smaller —
        so no line spills out of the box."""
        w, touch = self.app.window_size()[0], self.touch
        room = min(w * 0.92, max(touch * 9, w * 0.45)) - touch * 0.8  # as Panel.resize and Panel.draw
        size = int(touch * 0.38)
        example = tr("For example klondike:draw=3:12345, freecell 617, or just 617.")
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
            self.box.y + touch * 1.3 + touch * 0.62 * line - 4,
            max(0.0, self.box.w - touch * 0.8),
            touch * 0.62,
        )

    def rows(self) -> list[Row]:
        return [("", [("clear", tr("Clear")), ("ok", tr("OK")), ("close", tr("Cancel"))])]

    def frame_key(self) -> object:
        return (super().frame_key(), self.entry)

    def add(self, text: str) -> None:
        clean = "".join(ch for ch in text if ch.isprintable())
        self.entry = (self.entry + clean)[:MAX_ID_LENGTH]
        self.problem = ""

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, TextInput):
            self.add(intent.text)
        elif isinstance(intent, Action) and intent.name == Command.BACKSPACE:
            self.entry = self.entry[:-1]
        elif isinstance(intent, Action) and intent.name == Command.PASTE:
            self.add(self.app.paste_text()[: MAX_ID_LENGTH * 2].strip())
        elif isinstance(intent, Activate):
            self.act("ok")
        else:
            super().handle(intent)

    def act(self, action: str) -> None:
        if action == "clear":
            self.entry, self.problem = "", ""
        elif action == "ok":
            try:
                deal = read_deal(self.entry, self.variant, self.options)
            except ParseError as e:
                self.problem = tr("That is not a deal ID: {why}", why=str(e))
                self.resize(self.app.window_size())
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
        size = max(fonts.SMALLEST, int(self.touch * self.scale * 0.36))
        shown = text_end(fonts.text(self.entry + "|", size, PANEL_TEXT), field.w - 16)  # the end, where the typing is
        if shown is not None:
            surface.blit(shown, (field.x + 8, field.y + (field.h - shown.get_height()) / 2))
