"""The Rules screen (SPEC CM-14): one game's rules in the current language — goal, layout, moves,
stock, a tip and its difficulty out of 5 (CM-17) — then what each input does in that game (its
record's ``controls``), every key of the input layer's own table (so the list cannot miss one) and
the card words the game uses. A panel over whatever opened it; it scrolls by wheel, drag, arrows
and Page Up / Down, and closes with its button, Esc or Enter."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.core.i18n import ptr, tr
from game.deals import stars_text
from game.games.guide import Controls, Section, glossary
from game.games.index import Game, game_for
from game.input.devices import ALT, BINDINGS, COMMAND, COMMAND_SHIFT, PLAIN, SHIFT, Binding
from game.input.intents import Action, Activate, Cancel, Command, DragMove, DragStart, FocusMove, Intent, Scroll, Tap
from game.scenes.base import Scene
from game.scenes.controls import button_control
from game.scenes.focus_keys import FocusKeys, is_tab
from game.speech.words import said_together
from game.view import fonts
from game.view.fonts import wrap
from game.view.layout import Rect, touch_size
from game.view.widgets import PANEL_TEXT, Button, draw_button, draw_panel

if TYPE_CHECKING:
    from game.scenes.host import SceneHost

HEADING = (20, 90, 60)


Parts = list[tuple[str, list[Section]]]  # (a part's heading or "", its sections)


class TextScene(Scene):
    """A page of text to read over whatever opened it: a title, parts of headed sections, wrapped
    to the window, scrolled, closed. The title and parts are asked for again at each layout, so a
    change of language shows at once."""

    overlay = True

    def __init__(self, app: SceneHost, title: Callable[[], str], parts: Callable[[], Parts]) -> None:
        super().__init__(app)
        self.title, self.parts = title, parts
        self.offset = 0.0  # how far the text is scrolled, in pixels
        self.box = Rect(0, 0, 0, 0)
        self.body = Rect(0, 0, 0, 0)
        self.lines: list[tuple[str, int, bool, float]] = []  # (text, size, bold, y from the top)
        self.height = 0.0
        self.close = Button(Rect(0, 0, 0, 0), "", "close")
        # CM-18: the one focus of every screen over the page's one control, Close (Tab shows its ring;
        # Enter and Esc close anyway, and the arrows scroll)
        self.keys = FocusKeys()
        self._drag_from: tuple[float, float] | None = None
        self.resize(app.window_size())

    def spoken(self) -> str:
        """The whole page, heading by heading (CM-19); Esc closes it."""
        said = [self.title()]
        for heading, sections in self.parts():
            said.append(heading)
            said += [f"{name}: {text}" if name else text for name, text in sections]
        return said_together(said)

    # -- layout ---------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        touch = touch_size(96)
        margin = min(24.0, w * 0.03, h * 0.03)
        text_size = max(fonts.SMALLEST + 2, min(22, int(w / 38)))
        # lines of about 80 characters at most: a wide window's page is a readable column, centred
        width = min(w - 2 * margin, text_size * 40 + touch * 0.8)
        self.box = Rect((w - width) / 2, margin, width, h - 2 * margin)
        title_h = touch * 1.2
        button_h = min(touch, h * 0.12)
        self.body = Rect(self.box.x + touch * 0.4, self.box.y + title_h, self.box.w - touch * 0.8, 0)
        self.body = self.body._replace(h=self.box.bottom - button_h - touch * 0.4 - self.body.y)
        self.close = Button(
            Rect(
                self.box.x + touch * 0.4, self.box.bottom - button_h - touch * 0.2, self.box.w - touch * 0.8, button_h
            ),
            tr("Close"),
            "close",
        )
        y = 0.0
        self.lines = []
        for part, sections in self.parts():
            if part:
                y += text_size * 0.8
                self.lines.append((part, int(text_size * 1.35), True, y))
                y += text_size * 2.0
            for heading, text in sections:
                if heading:
                    self.lines.append((heading, text_size, True, y))
                    y += text_size * 1.5
                for line in wrap(text, text_size, self.body.w):
                    self.lines.append((line, text_size, False, y))
                    y += text_size * 1.45
                y += text_size * 0.6
        self.height = y
        self.scroll(0)

    def scroll(self, pixels: float) -> None:
        self.offset = min(max(0.0, self.offset + pixels), max(0.0, self.height - self.body.h))

    # -- input ----------------------------------------------------------------------------------

    def handle(self, intent: Intent) -> None:
        step = self.lines[0][1] * 1.45 if self.lines else 20.0
        closing = isinstance(intent, Cancel | Activate) or (isinstance(intent, Action) and intent.name == Command.RULES)
        if closing or (isinstance(intent, Tap) and self.close.hit(intent.pos)):
            self.app.pop(self)
        elif isinstance(intent, Scroll) and intent.page:
            self.scroll(self.page_to(self.offset + intent.pixels(self.body.h, step)) - self.offset)
        elif isinstance(intent, Scroll):
            self.scroll(intent.pixels(self.body.h, step))
        elif is_tab(intent):
            self.keys.set([button_control(self.close, "close")])
            self.keys.handle(intent)
            self.app.speech.say(self.keys.words())
        elif isinstance(intent, FocusMove) and intent.dy:
            self.scroll(intent.dy * step * 2)
        elif isinstance(intent, DragStart):
            self._drag_from = intent.pos
        elif isinstance(intent, DragMove) and self._drag_from is not None:
            self.scroll(self._drag_from[1] - intent.pos[1])
            self._drag_from = intent.pos

    def page_to(self, target: float) -> float:
        """Where a page turned to ``target`` stops: at the start of a line, so the page's first line
        is never cut under the title; down, the line at or above it (the last line seen stays in
        view), up, the one at or below it (the first line seen stays in view)."""
        starts = [0.0, *(y for _, _, _, y in self.lines)]  # the very top too (a heading sits below it)
        if target > self.offset:
            return max((y for y in starts if self.offset < y <= target), default=target)
        return min((y for y in starts if target <= y < self.offset), default=target)

    def frame_key(self) -> object:
        return (round(self.offset), self.box, len(self.lines), self.keys.shown)

    # -- drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        draw_panel(surface, self.box)
        touch = touch_size(96)
        title = fonts.fit_text(self.title(), int(touch * 0.55), PANEL_TEXT, self.box.w - touch, bold=True)
        surface.blit(title, (self.body.x, self.box.y + (touch * 1.2 - title.get_height()) / 2))
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(round(self.body.x), round(self.body.y), round(self.body.w), round(self.body.h)))
        for text, size, bold, y in self.lines:
            top = self.body.y + y - self.offset
            if top > self.body.bottom or top + size * 2 < self.body.y:
                continue
            colour = HEADING if bold else PANEL_TEXT
            surface.blit(fonts.text(text, size, colour, bold), (self.body.x, top))
        surface.set_clip(clip)
        if self.height > self.body.h:  # a scroll bar: where this page is in the whole
            bar_h = max(touch * 0.5, self.body.h * self.body.h / self.height)
            bar_y = self.body.y + (self.body.h - bar_h) * self.offset / (self.height - self.body.h)
            pygame.draw.rect(
                surface, (180, 180, 170), pygame.Rect(round(self.box.right - 10), round(bar_y), 5, round(bar_h)), 0, 3
            )
        draw_button(surface, self.close, focused=self.keys.shown, light=True)


class RulesScene(TextScene):
    def __init__(self, app: SceneHost, variant: str, options: dict[str, str]) -> None:
        self.game = game_for(variant)
        self.options = options
        super().__init__(app, lambda: tr("Rules: {game}", game=self.game.title()), self.sections)

    def sections(self) -> Parts:
        """The game's rules and difficulty, what each input does in it, every key, its words."""
        controls = self.game.controls()
        kinds = {pile.kind for pile in self.game.rules.places}
        return [
            ("", [(tr("About"), self.game.blurb()), *self.game.guide(), *difficulty(self.game, self.options)]),
            (tr("Controls"), controls.gestures()),
            (tr("Keys"), keys(controls)),
            (tr("Glossary"), glossary(kinds, self.game.terms) + self.game.words()),
        ]


def difficulty(game: Game, options: dict[str, str]) -> list[Section]:
    """CM-14, CM-17: the game's stars out of 5, for each value of an option that changes them (seed
    004: draw 1 ★★, draw 3 ★★★), and what a deal's own stars (the status bar's) mean."""

    def stars(key: str, value: str) -> int:
        return game.stars({**options, key: value})

    varying = [o for o in game.options if len({stars(o.key, v) for v in o.values}) > 1]
    if varying:
        key, values = varying[0].key, varying[0].values
        shown = " · ".join(f"{game.option_text(key, v)} {stars_text(stars(key, v))}" for v in values)
    else:
        shown = stars_text(game.stars(options))
    deals = tr(
        "A deal from the game's list of winnable deals has stars of its own too, on the status bar and in "
        "the New deal dialog: ★☆☆☆☆ for the easiest fifth of the list, up to ★★★★★ for the hardest."
    )
    return [(tr("Difficulty"), tr("Game: {stars}", stars=shown)), ("", deals)]


# -- the keys (CM-10, CM-18): every entry of the input layer's table, said ---------------------------

ARROW_NAMES = {pygame.K_LEFT: "←", pygame.K_RIGHT: "→", pygame.K_UP: "↑", pygame.K_DOWN: "↓"}


def key_name(key: int) -> str:
    """A key as its cap reads, in the current language where keyboards name it in words."""
    names = {
        # TRANSLATORS: the name of a key on the keyboard, as printed on it (it: Invio, Spazio, Pag↑ ...)
        pygame.K_RETURN: ptr("key", "Enter"),
        pygame.K_KP_ENTER: ptr("key", "Enter"),
        pygame.K_SPACE: ptr("key", "Space"),
        pygame.K_ESCAPE: ptr("key", "Esc"),
        pygame.K_PAGEUP: ptr("key", "Page Up"),
        pygame.K_PAGEDOWN: ptr("key", "Page Down"),
        pygame.K_BACKSPACE: ptr("key", "Backspace"),
        pygame.K_TAB: ptr("key", "Tab"),
        pygame.K_HOME: ptr("key", "Home"),
        pygame.K_END: ptr("key", "End"),
    }
    return ARROW_NAMES.get(key) or names.get(key) or pygame.key.name(key).upper()


def binding_text(binding: Binding) -> str:
    """``Ctrl+Shift+Z``, ``Alt+Enter``, ``H``."""
    held = {
        PLAIN: [],
        COMMAND: [ptr("key", "Ctrl")],
        COMMAND_SHIFT: [ptr("key", "Ctrl"), ptr("key", "Shift")],
        ALT: [ptr("key", "Alt")],
        SHIFT: [ptr("key", "Shift")],
    }[binding.chord]
    return "+".join([*held, key_name(binding.key)])


def meaning(intent: Intent, controls: Controls) -> str | None:
    """What an intent of the key table does, in this game (None: not said yet — a test sees to it)."""
    if isinstance(intent, FocusMove):
        return tr(
            "Moves the focus from pile to pile and up and down a column's cards; on other screens, from "
            "button to button."
        )
    if isinstance(intent, Activate):
        return controls.enter
    if isinstance(intent, Cancel):
        return tr(
            "Lets go of a selection; with nothing selected, goes back: to the home screen, or out of a page or dialog."
        )
    if isinstance(intent, Scroll):
        return tr("Scrolls a long page, such as these rules.")
    if isinstance(intent, Action):
        if intent.name == Command.DEAL:
            return controls.stock_key or tr("Deals or turns the stock in a game that has one; this one has none.")
        return ACTIONS[intent.name]() if intent.name in ACTIONS else None
    return None


ACTIONS: dict[str, Callable[[], str]] = {
    Command.UNDO: lambda: tr("Undoes the last move; again and again, as far back as you like."),
    Command.REDO: lambda: tr("Plays again a move you undid."),
    Command.HINT: lambda: tr("Shows a hint: a frame on a card and on its place, and why."),
    Command.RESTART: lambda: tr("Starts this deal again from the beginning (it asks first)."),
    Command.NEW_DEAL: lambda: tr("Opens the New deal dialog."),
    Command.MUTE: lambda: tr("Turns the sound on or off."),
    Command.RULES: lambda: tr("Opens or closes these rules."),
    Command.READ_TABLE: lambda: tr("Reads the whole table aloud, pile by pile (with speech on)."),
    Command.REPEAT: lambda: tr("Says the last announcement again (with speech on)."),
    Command.COPY_ID: lambda: tr("Copies the deal ID shown in the status bar, as tapping it does."),
    Command.NEXT_GROUP: lambda: tr(
        "Moves the focus to the next group of controls: from the table to the toolbar and back; on other "
        "screens, from one group of buttons, rows or figures to the next."
    ),
    Command.PREV_GROUP: lambda: tr("Moves the focus to the group of controls before."),
    Command.FIRST_CARD: lambda: tr("Moves the focus to the first face-up card of its pile."),
    Command.LAST_CARD: lambda: tr("Moves the focus to the top card of its pile."),
    Command.SEND_HOME: lambda: tr("Does what a double tap does on the focused card."),
    Command.FULLSCREEN: lambda: tr("Switches between full screen and a window."),
    Command.PASTE: lambda: tr("Pastes a deal ID into the deal ID field."),
    Command.BACKSPACE: lambda: tr("Deletes the last character typed in a field."),
}


def keys(controls: Controls) -> list[Section]:
    """Every key of :data:`BINDINGS`, keys that do the same thing on one line, in the table's order."""
    said: dict[str, list[str]] = {}
    for binding in BINDINGS:
        text = meaning(binding.intent, controls)
        if text is None:
            continue
        names = said.setdefault(text, [])
        if binding_text(binding) not in names:
            names.append(binding_text(binding))
    lines = [(" / ".join(names), text) for text, names in said.items()]  # the keys as the heading
    return [*lines, ("", tr("On a Mac, ⌘ does what Ctrl does."))]
