"""Dialogs and result panels over the table: new deal, win, game over, and the question
asked before anything that would throw progress away (CM-13).

A panel is an overlay scene: a card-like box of lines and buttons over the dimmed table. Buttons
take taps; arrows move a visible focus and Enter presses; Esc (or a tap outside) closes it without
changing anything.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.core.i18n import tr
from game.games.index import game_for
from game.input.intents import Action, Activate, Cancel, Command, FocusMove, Intent, Tap
from game.scenes.base import Scene
from game.scenes.controls import Control, button_control
from game.scenes.focus_keys import ButtonsFocus, FocusKeys, Step, by_rows, is_tab
from game.speech.words import said_together
from game.view import fonts
from game.view.acts import NEXT_MARK, Act, Choose, Cycle, following
from game.view.fonts import wrap
from game.view.layout import Rect, touch_size
from game.view.widgets import PANEL_TEXT, Button, button_text_size, draw_button, draw_panel, label_room, share_row

if TYPE_CHECKING:
    from game.scenes.host import SceneHost
    from game.scenes.table import TableScene

MIN_SCALE = 0.8  # a panel squeezed onto a short window keeps its buttons 35 px tall or more
# A panel's heights, in touch sizes: its title, each row of buttons (a button and the gap under it)
# and its foot; tighter where even the smallest buttons would not fit (a game with four option rows at 480x320).
ROOMY = (1.3, 1.25, 0.6)
TIGHT = (1.05, 1.1, 0.3)
Row = tuple[str, Sequence[tuple[Act, str]]]  # a label and its buttons (what each does, its text)


class Panel(ButtonsFocus, Scene):
    overlay = True
    cancel_action = "close"
    # A panel the game opens by itself (``opened_by_the_game``: a win, no moves left, an idle
    # kiosk) may open under a key pressed for something else (Space skipping the cascade): its focus
    # shows only at the next key, so no stray press chooses a button. One the player opens by a key
    # shows its focus at once.

    def __init__(self, app: SceneHost, table: TableScene | None = None) -> None:
        super().__init__(app)
        self.table_scene = table
        self.box = Rect(0, 0, 0, 0)
        self.buttons: list[Button] = []
        # CM-18: the arrows through the rows' buttons, Tab from row to row, Enter presses. Opened by
        # a key, the focus shows at once on the button its opening said: the first arrow moves on,
        # Enter presses it. Opened by a tap, none shows until a key is pressed.
        self.keys = FocusKeys(arrows=by_rows)
        self.opened_by_keys = app.input.by_keys and not self.opened_by_the_game
        self.keys.visible = self.opened_by_keys
        self.scale = 1.0  # below 1 on a window too short for the panel at a finger's size
        self.title_units, self.row_units, self.foot_units = ROOMY
        self.label_w = 0.0  # the width of the rows' labels
        self.cycles: dict[Cycle, list[tuple[Act, str]]] = {}  # an option's values on one chip: its row's

    def controls(self) -> list[Control]:
        """What the keys walk (CM-18): the buttons, one group a row."""
        return self.button_controls()

    @property
    def table(self) -> TableScene:
        assert self.table_scene is not None, "this panel belongs to a table"
        return self.table_scene

    @property
    def touch(self) -> float:
        return self.table_scene.view.layout.touch if self.table_scene is not None else touch_size(96)

    # what a panel says and offers
    def title(self) -> str:
        return ""

    def lines(self) -> list[str]:
        return []

    def rows(self) -> list[Row]:
        return []

    def chosen(self, action: Act) -> bool:
        return False

    def act(self, action: Act) -> None:
        if action == "close":
            self.app.pop(self)
        elif isinstance(action, Cycle) and action in self.cycles:
            choices = [choice for choice, _ in self.cycles[action]]
            self.act(following(choices, next((c for c in choices if self.chosen(c)), choices[0])))
            self.resize(self.app.window_size())
            chip = next(k for k, b in enumerate(self.buttons) if b.action == action)  # the value chosen, said
            self.app.speech.say(self.button_words(chip))

    # layout and drawing
    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        rows = self.rows()
        # a share of a landscape window; most of a portrait one (buttons side by side need the width)
        width = min(w * 0.92, max(self.touch * 9, w * (0.8 if h > w else 0.45)))
        for spacing in (ROOMY, TIGHT):
            self.title_units, self.row_units, self.foot_units = spacing
            units = self.title_units + 0.62 * len(self.lines()) + self.row_units * len(rows) + self.foot_units
            if units * self.touch * MIN_SCALE <= h - 8:
                break
        self.scale = min(1.0, max(MIN_SCALE, (h - 8) / (units * self.touch)))  # short windows: tighter
        touch = self.touch * self.scale
        height = units * touch
        self.box = Rect((w - width) / 2, max(4.0, (h - height) / 2), width, height)
        y = self.box.y + (self.title_units + 0.62 * len(self.lines())) * touch + touch * 0.15
        row_h = touch * self.row_units
        self.buttons = []
        self.label_w = self._label_width(rows, width, touch)
        self.cycles = {}
        for label, options in rows:
            row = self._row(options, self.label_w if label else 0.0, y, touch)
            own = fonts.font(int(touch * 0.36)).size(label)[0] + touch * 0.4 if label else 0.0  # its label's need
            if own < self.label_w and not labels_fit(row):  # a short label gives its row the column's spare room
                row = self._row(options, own, y, touch)
            if not labels_fit(row) and one_option(options):  # its values one at a time, on one chip
                row = self._row([self._cycle(options)], min(own, self.label_w), y, touch)
            self.buttons += row
            y += row_h
        self.keys.set(self.controls())
        if self.keys.index is None and self.buttons:
            self.keys.index = 0

    def _cycle(self, options: Sequence[tuple[Act, str]]) -> tuple[Act, str]:
        """One chip for an option's row of values: the value chosen, and the next one on a tap."""
        first = options[0][0]
        assert isinstance(first, Choose)
        cycle = Cycle(first.name, first.variant)
        self.cycles[cycle] = list(options)
        shown = next((text for action, text in options if self.chosen(action)), options[0][1])
        return cycle, shown + NEXT_MARK

    def _row(self, options: Sequence[tuple[Act, str]], label_w: float, y: float, touch: float) -> list[Button]:
        """A row's buttons right of its label, sharing the width by what their labels need."""
        gap = touch * 0.15
        x0 = self.box.x + touch * 0.4 + label_w
        room = self.box.right - touch * 0.4 - x0
        bw = (room - gap * (len(options) - 1)) / max(1, len(options))
        row = [Button(Rect(x0 + k * (bw + gap), y, bw, touch), text, act) for k, (act, text) in enumerate(options)]
        share_row(row, fonts.SMALLEST)  # a long label takes room a short one spares ("Medium" beside "Any")
        return row

    def _label_width(self, rows: list[Row], width: float, touch: float) -> float:
        """The rows' labels column: 30 % of the panel, wider (up to 45 %) for a label that needs it
        (an Italian or Japanese label runs longer), so no label is squeezed past readable."""
        widest = max((fonts.font(int(touch * 0.36)).size(label)[0] for label, _ in rows if label), default=0)
        return min(width * 0.45, max(width * 0.3, widest + touch * 0.4))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        draw_panel(surface, self.box)
        touch = self.touch * self.scale
        x, y = self.box.x + touch * 0.4, self.box.y + touch * 0.25 * self.title_units / ROOMY[0]
        title = fonts.fit_text(self.title(), int(touch * 0.6), PANEL_TEXT, self.box.w - touch * 0.8, bold=True)
        surface.blit(title, (x, y))
        y = self.box.y + touch * self.title_units
        for line in self.lines():
            text = fonts.fit_text(line, int(touch * 0.38), PANEL_TEXT, self.box.w - touch * 0.8)
            surface.blit(text, (x, y))
            y += touch * 0.62
        y += touch * 0.15
        row_h = touch * self.row_units
        for label, _ in self.rows():
            if label:
                text = fonts.fit_text(label, int(touch * 0.36), PANEL_TEXT, self.label_w - touch * 0.2)
                surface.blit(text, (x, y + (touch - text.get_height()) / 2))
            y += row_h
        for b in self.buttons:
            b.selected = self.chosen(b.action)
        shared: dict[float, int] = {}  # a row of buttons shares one text size, its smallest
        for b in self.buttons:
            shared[b.rect.y] = min(shared.get(b.rect.y, 999), button_text_size(b))
        here = self.keys.current
        for b in self.buttons:
            focused = here is not None and (here.action, here.rect) == (b.action, b.rect)
            draw_button(surface, b, focused=focused, light=True, text_size=shared[b.rect.y])

    def frame_key(self) -> object:
        chosen = tuple(self.chosen(b.action) for b in self.buttons)
        labels = tuple(b.label for b in self.buttons)  # a Cycle chip's value
        return (self.focus, self.show_focus, self.title(), tuple(self.lines()), chosen, labels)

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Tap):
            self.show_focus = False
            for b in self.buttons:
                if b.hit(intent.pos):
                    self.act(b.action)
                    return
            if not self.box.contains(intent.pos):
                self.act(self.cancel_action)
        elif isinstance(intent, Cancel):
            self.act(self.cancel_action)
        elif self.buttons and (isinstance(intent, FocusMove | Activate) or is_tab(intent)):
            self.keys.set(self.controls())  # each button's state now
            step = self.keys.handle(intent)
            here = self.keys.current
            if step is Step.PRESSED and here is not None:
                self.act(here.action)
                if self.app.stack.top is self and self.buttons:  # still open: the button's new state
                    self.say_focus()
            elif step is not None:
                self.say_focus()
        elif isinstance(intent, Action) and intent.name == Command.NEW_DEAL and self.cancel_action == "close":
            self.act("close")

    def button_controls(self) -> list[Control]:
        """The buttons as controls (CM-18), one group a row, each with its row's label."""
        where: dict[Act, tuple[str, str]] = {}
        for r, (label, options) in enumerate(self.rows()):
            for action, _ in options:
                where.setdefault(action, (str(r), label))
        for cycle, options in self.cycles.items():
            where[cycle] = where.get(options[0][0], ("", ""))
        out = []
        for b in self.buttons:
            group, label = where.get(b.action, ("", ""))
            control = button_control(b, group, self.chosen(b.action), label, self.is_tab(b.action))
            if isinstance(b.action, Cycle):  # the glyph said as what a tap does
                control = replace(control, label=b.label.removesuffix(NEXT_MARK), state=(tr("tap for the next"),))
            out.append(control)
        return out

    def is_tab(self, action: Act) -> bool:
        """Whether the button is a tab (Settings' sections)."""
        return False

    def button_words(self, k: int) -> str:
        """A button said (CM-19): its row's label, its own, its role and state ("chosen", "on")."""
        return self.button_controls()[min(k, len(self.buttons) - 1)].words()

    def spoken(self) -> str:
        """The panel's title and lines, then the button the focus is on."""
        return said_together([self.title(), *self.said_lines(), self.button_words(self.focus) if self.buttons else ""])

    def said_lines(self) -> list[str]:
        """The lines as said: those drawn, unless a panel wraps a sentence over several."""
        return self.lines()

    def line_room(self) -> float:
        """The width a line may take at the lines' full size (as :meth:`resize` and :meth:`draw`
        place them): a panel that wraps its own text wraps it to this."""
        w, touch = self.app.window_size()[0], self.touch
        return min(w * 0.92, max(touch * 9, w * 0.45)) - touch * 0.8

    def say_focus(self) -> None:
        self.app.speech.say(self.keys.words() or self.button_words(self.focus))

    def focus_usable(self) -> None:
        """The focus off a button that cannot be pressed now, onto the first that can."""
        if self.buttons and not self.buttons[self.focus].enabled:
            self.focus = next((k for k, b in enumerate(self.buttons) if b.enabled), self.focus)

    def update(self, dt: float) -> None:
        pass


def one_option(options: Sequence[tuple[Act, str]]) -> bool:
    """Whether a row is an option's values (more than two), which one chip can step through."""
    names = {action.name if isinstance(action, Choose) else None for action, _ in options}
    return len(options) > 2 and len(names) == 1 and None not in names


def labels_fit(row: list[Button]) -> bool:
    """Whether every label of a row fits its button at the smallest size (bold, as when chosen)."""
    return all(fonts.fits(b.label, label_room(b), fonts.SMALLEST, bold=True) for b in row)


class GameOverPanel(Panel):
    """CM-12: no legal move is left. Undo the last move, restart the deal, or a new deal."""

    opened_by_the_game = True

    def title(self) -> str:
        return tr("Game over") if self.table.session.given_up else tr("No moves left")

    def lines(self) -> list[str]:
        s = self.table.session
        out = [tr("You ended this game.") if s.given_up else tr("This game cannot go on from here.")]
        score = s.score()
        if score is not None:
            out.append(game_for(s.deal_id.variant).score_text(score))
        out.append(game_for(s.deal_id.variant).deal_text(s.deal_id))
        return out

    def rows(self) -> list[Row]:
        undo = tr("Undo") if self.table.session.given_up else tr("Undo last move")  # the giving up, or a move
        return [("", [("undo", undo), ("restart", tr("Restart deal")), ("new", tr("New deal"))])]

    def act(self, action: Act) -> None:
        if action == "undo":
            self.app.pop(self)
            self.table.undo()
        elif action == "restart":
            self.app.pop(self)
            self.table.confirm_restart()
        elif action == "new":
            self.app.pop(self)
            self.app.push_panel("new_deal", self.table)
        else:
            super().act(action)


class ConfirmPanel(Panel):
    """CM-13: a question before an action that would throw progress away. Esc, a tap outside or
    the second button change nothing."""

    def __init__(
        self,
        app: SceneHost,
        title: str,
        text: str,
        yes: str,
        on_yes: Callable[[], None],
        table: TableScene | None = None,
    ) -> None:
        super().__init__(app, table)
        self._title, self._text, self._yes, self.on_yes = title, text, yes, on_yes
        self.show_focus = True
        self.focus = 1  # the safe answer has the keyboard focus

    def title(self) -> str:
        return self._title

    def lines(self) -> list[str]:
        """The question's text wrapped to the panel (it ran out of the box on one line: "…Annulla
        la riport", at every size and in every language)."""
        return wrap(self._text, int(self.touch * 0.38), self.line_room())

    def said_lines(self) -> list[str]:
        return [self._text]

    def rows(self) -> list[Row]:
        return [("", [("yes", self._yes), ("close", tr("Cancel"))])]

    def act(self, action: Act) -> None:
        if action == "yes":
            self.app.pop(self)
            self.on_yes()
        else:
            super().act(action)
