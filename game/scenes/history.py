"""History (SPEC CM-9): the most recent finished games, newest first — date, game, result, time,
moves and score — filtered by game. Tapping one offers *Replay* (the demo's player, step by step)
and *Play this deal again*. It scrolls by wheel, drag, arrows and Page Up / Down.

A game whose row is damaged is left out and counted in a line above the list ("1 game could not
be read"); a replay or a deal that cannot be played again says why in a message over the list.
"""

from __future__ import annotations

import datetime
import unicodedata
from typing import TYPE_CHECKING

import pygame

from game.core.dealid import parse_deal_id
from game.core.errors import ParseError
from game.core.i18n import format_date, format_number, format_time, ntr, ptr, tr
from game.core.look import screen_colour
from game.games.index import game_for
from game.input.intents import DragMove, DragStart, Intent, Scroll, Tap
from game.records.stats import ABANDONED, DAILY, GIVEN_UP, LOST, WINNABLE, WON, GameRow
from game.scenes.base import Scene
from game.scenes.controls import Control, Role
from game.scenes.focus_keys import FocusKeys, Step
from game.scenes.panels import Panel, Row
from game.session import Session
from game.speech.words import said_together
from game.view import fonts
from game.view.acts import Act, Pick, Turn
from game.view.layout import Rect, touch_size
from game.view.widgets import TEXT, Button, draw_button, draw_focus_ring, rect

if TYPE_CHECKING:
    from game.scenes.host import SceneHost

ROW = (10, 52, 34)
FAINT = (170, 200, 180)
MESSAGE_BOX = (16, 18, 20, 225)  # a toast's
RESULT_COLOUR = {WON: (250, 210, 90), LOST: (240, 140, 120), GIVEN_UP: (240, 140, 120), ABANDONED: FAINT}
LIMIT = 500  # the games listed
MESSAGE_TIME = 5.0  # seconds a message stays
DEAL_SHOWN = 60  # characters of a deal ID shown; a damaged one can be any length


def result_text(result: str) -> str:
    """How one game ended ("Won"; not the count of games won, which Italian says otherwise)."""
    texts = {
        WON: ptr("result", "Won"),
        LOST: ptr("result", "Lost"),
        GIVEN_UP: ptr("result", "Given up"),
        ABANDONED: ptr("result", "Abandoned"),
    }
    return texts.get(result, result)


def when(row: GameRow) -> str:
    """The local date and time the game ended."""
    moment = datetime.datetime.fromtimestamp(row.ended)
    return f"{format_date(moment.date().isoformat())} {moment:%H:%M}"


def unreadable_text(count: int) -> str:
    return ntr("1 game could not be read", "{n} games could not be read", count)


def shown_text(text: str, most: int) -> str:
    """``text`` safe to draw: control characters (a damaged row's NUL cannot even be rendered) as
    U+FFFD, and at most ``most`` characters."""
    clean = "".join("\ufffd" if unicodedata.category(c).startswith("C") else c for c in text[: most + 1])
    return clean if len(clean) <= most else clean[: most - 1] + "…"


def details(row: GameRow) -> str:
    """ "4:07 · 112 moves · score 650" """
    parts = [format_time(row.seconds), ntr("1 move", "{count} moves", row.moves, count=format_number(row.moves))]
    if row.score is not None:
        parts.append(tr("Score {n}", n=format_number(row.score)))
    return " · ".join(parts)


def deal_words(row: GameRow) -> str:
    """ "Deal 244 · Draw 3 · Redeals ∞": the deal as the player knows it (issue 36 item 13); a
    damaged row's ID, which names no deal, shown as it is (cleaned and cut short)."""
    try:
        deal = parse_deal_id(row.deal)
    except ParseError:
        return tr("Deal {id}", id=shown_text(row.deal, DEAL_SHOWN))
    return game_for(deal.variant).deal_text(deal)


def row_line(row: GameRow) -> str:
    """A row's second line: how the game went, then its deal."""
    return f"{details(row)} · {deal_words(row)}"


FILTER = "filter"  # the games the list shows: all, or one


class HistoryScene(Scene):
    def __init__(self, app: SceneHost, variant: str | None = None) -> None:
        super().__init__(app)
        self.filters: list[str | None] = [None, *app.offered()]
        self.variant = variant if variant in self.filters else None
        self.offset = 0.0
        self.keys = FocusKeys(start="rows")  # CM-18: the filter's arrows, the rows, Back
        self._drag_from: tuple[float, float] | None = None
        self.message: tuple[str, float] | None = None  # shown until the time given
        self.now = 0.0
        self.load()
        self.resize(app.window_size())

    def load(self) -> None:
        page = self.app.records.db.page(LIMIT, self.variant)
        self.rows, self.unreadable = page.rows, page.unreadable

    def say(self, text: str) -> None:
        """A message over the list for a few seconds (a replay refused, and why)."""
        self.message = (text, self.now + MESSAGE_TIME)
        self.app.speech.say(text)  # CM-19

    def update(self, dt: float) -> None:
        self.now += dt
        if self.message is not None and self.now > self.message[1]:
            self.message = None

    # -- layout ---------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        touch = min(max(touch_size(96), min(w, h) / 16), h / 7.5, w / 7)
        gap = touch * 0.2
        self.touch, self.gap = touch, gap
        arrow = touch * 1.1
        self.buttons = [
            Button(Rect(gap, gap, arrow, touch * 0.9), "◀", Turn(FILTER, -1)),
            Button(Rect(w - gap - arrow, gap, arrow, touch * 0.9), "▶", Turn(FILTER, 1)),
            Button(Rect(gap, h - touch - gap, min(w - 2 * gap, touch * 4), touch), tr("Back"), "back"),
        ]
        self.title_box = Rect(gap * 2 + arrow, gap, w - 4 * gap - 2 * arrow, touch * 0.9)
        self.note_size = max(fonts.SMALLEST, min(18, int(touch * 0.32)))
        note_h = self.note_size * 1.6 if self.unreadable else 0.0  # the line of games left out
        top = gap * 2 + touch * 0.9
        self.note_box = Rect(gap, top, w - 2 * gap, note_h)
        self.list_box = Rect(gap, top + note_h, w - 2 * gap, h - touch * 2.9 - gap * 3 - note_h)
        self.row_h = max(touch * 1.05, fonts.SMALLEST * 3.4)
        self.scroll(0)
        self.keys.set(self.controls())

    def controls(self) -> list[Control]:
        names: dict[Act, str] = {Turn(FILTER, -1): tr("Previous game"), Turn(FILTER, 1): tr("Next game")}
        bar = [Control(Role.BUTTON, names[b.action], b.action, "filter", rect=b.rect) for b in self.buttons[:2]]
        rows = []
        for k, row in enumerate(self.rows):
            head = f"{game_for(row.variant).title()} · {result_text(row.result)}"
            rows.append(Control(Role.ROW, head, Pick("rows", k), "rows", (when(row), row_line(row))))
        back = self.buttons[2]
        return [*bar, *rows, Control(Role.BUTTON, back.label, back.action, "back", rect=back.rect)]

    @property
    def focus(self) -> int:
        """The row with the keyboard focus (-1: none)."""
        here = self.keys.current
        return here.action.index if here is not None and isinstance(here.action, Pick) else -1

    def title_text(self) -> str:
        name = game_for(self.variant).title() if self.variant else tr("All games")
        return tr("History: {games}", games=name)

    def listed_words(self) -> str:
        """The title and how many games it lists (CM-19)."""
        count = ntr("{n} game listed", "{n} games listed", len(self.rows))
        return said_together([self.title_text(), count, unreadable_text(self.unreadable) if self.unreadable else ""])

    def spoken(self) -> str:
        return said_together([self.listed_words(), self.keys.words()])

    def scroll(self, pixels: float) -> None:
        most = max(0.0, len(self.rows) * self.row_h - self.list_box.h)
        self.offset = min(max(0.0, self.offset + pixels), most)

    def row_at(self, pos: tuple[float, float]) -> int | None:
        if not self.list_box.contains(pos):
            return None
        k = int((pos[1] - self.list_box.y + self.offset) // self.row_h)
        return k if 0 <= k < len(self.rows) else None

    # -- input ----------------------------------------------------------------------------------

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Tap):
            self.keys.hide()
            for b in self.buttons:
                if b.hit(intent.pos):
                    self.act(b.action)
                    return
            k = self.row_at(intent.pos)
            if k is not None:
                self.app.push(GamePanel(self.app, self.rows[k]))
        elif isinstance(intent, Scroll):
            self.scroll(intent.pixels(self.list_box.h, self.row_h))
        elif isinstance(intent, DragStart):
            self._drag_from = intent.pos
        elif isinstance(intent, DragMove) and self._drag_from is not None:
            self.scroll(self._drag_from[1] - intent.pos[1])
            self._drag_from = intent.pos
        else:
            self.key(intent)

    def key(self, intent: Intent) -> None:
        """CM-18: Tab between the filter, the rows and Back; arrows inside; Enter; Esc."""
        step = self.keys.handle(intent)
        here = self.keys.current
        if step is Step.MOVED:
            if self.focus >= 0:  # a row scrolled into view
                top = self.focus * self.row_h
                if top < self.offset or top + self.row_h > self.offset + self.list_box.h:
                    self.scroll(top - self.offset - (self.list_box.h - self.row_h) / 2)
            self.app.speech.say(self.keys.words())  # CM-19: a row said as it reads
        elif step is Step.PRESSED and here is not None:
            if here.role is Role.ROW:
                self.app.push(GamePanel(self.app, self.rows[self.focus]))
            else:
                self.act(here.action)
                if isinstance(here.action, Turn):
                    self.app.speech.say(self.listed_words())
        elif step is Step.BACK:
            self.act("back")

    def act(self, action: Act) -> None:
        if action == "back":
            self.app.pop(self)
        elif isinstance(action, Turn):
            k = self.filters.index(self.variant) + action.step
            self.variant = self.filters[k % len(self.filters)]
            self.offset = 0.0
            self.load()
            self.resize(self.app.window_size())  # the line of games left out comes or goes

    def frame_key(self) -> object:
        message = self.message and self.message[0]
        return (
            self.variant,
            round(self.offset),
            self.keys.index,
            len(self.rows),
            self.unreadable,
            self.list_box,
            message,
        )

    # -- drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(screen_colour())
        touch, box = self.touch, self.list_box
        title = fonts.fit_text(self.title_text(), int(touch * 0.42), TEXT, self.title_box.w, bold=True)
        surface.blit(title, title.get_rect(center=rect(self.title_box).center))
        clip = surface.get_clip()
        surface.set_clip(rect(box))
        size = max(fonts.SMALLEST, min(18, int(self.row_h * 0.3)))
        first = int(self.offset // self.row_h)
        for k in range(first, min(len(self.rows), first + int(box.h // self.row_h) + 2)):
            row = self.rows[k]
            y = box.y + k * self.row_h - self.offset
            cell = Rect(box.x, y + 2, box.w, self.row_h - 4)
            pygame.draw.rect(surface, ROW, rect(cell), 0, 8)
            if k == self.focus:
                draw_focus_ring(surface, rect(cell).inflate(-8, -8), 8)  # inside the list's clip
            pad = size * 0.6
            game = game_for(row.variant).title()
            head = fonts.fit_text(f"{game} · {result_text(row.result)}", size, RESULT_COLOUR.get(row.result, TEXT),
                                  cell.w * 0.62, bold=True)  # fmt: skip
            surface.blit(head, (cell.x + pad, cell.y + cell.h * 0.12))
            date = fonts.fit_text(when(row), size, FAINT, cell.w * 0.36)
            surface.blit(date, date.get_rect(topright=(round(cell.right - pad), round(cell.y + cell.h * 0.12))))
            line = fonts.fit_text(row_line(row), size, TEXT, cell.w - 2 * pad)
            surface.blit(line, (cell.x + pad, cell.y + cell.h * 0.55))
        if not self.rows and not self.unreadable:
            empty = fonts.fit_text(tr("No finished games yet."), int(touch * 0.36), FAINT, box.w)
            surface.blit(empty, empty.get_rect(center=rect(box).center))
        surface.set_clip(clip)
        if self.unreadable:
            note = fonts.fit_text(unreadable_text(self.unreadable), self.note_size, FAINT, self.note_box.w)
            surface.blit(note, note.get_rect(center=rect(self.note_box).center))
        here = self.keys.current
        for b in self.buttons:
            draw_button(surface, b, focused=here is not None and here.rect == b.rect)
        if self.message is not None:
            draw_message(surface, self.message[0], self.buttons[-1].rect.y - self.gap, int(touch * 0.36))


def draw_message(surface: pygame.Surface, message: str, bottom: float, size: int) -> None:
    """A message in a dark box centred above ``bottom``, wrapped to the window: the reason a game
    cannot be replayed quotes its deal ID, longer than a phone is wide."""
    w = surface.get_width()
    size = max(fonts.SMALLEST, size)
    labels = [fonts.text(line, size, TEXT) for line in fonts.wrap(shown_text(message, 240), size, w * 0.84)[:4]]
    if not labels:
        return
    line_h = size * 1.35
    box = pygame.Rect(0, 0, max(label.get_width() for label in labels) + size * 1.4, len(labels) * line_h + size * 0.8)
    box.midbottom = (w // 2, int(bottom))
    panel = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, MESSAGE_BOX, panel.get_rect(), border_radius=min(box.h // 2, size))
    for k, label in enumerate(labels):
        panel.blit(label, label.get_rect(midtop=(box.w // 2, round(size * 0.4 + k * line_h))))
    surface.blit(panel, box)


class GamePanel(Panel):
    """One finished game: replay it, or play its deal again."""

    def __init__(self, app: SceneHost, row: GameRow) -> None:
        self.row = row
        super().__init__(app)

    def title(self) -> str:
        return f"{game_for(self.row.variant).title()} · {result_text(self.row.result)}"

    def lines(self) -> list[str]:
        return [when(self.row), details(self.row), deal_words(self.row)]

    def rows(self) -> list[Row]:
        return [("", [("replay", tr("Replay")), ("again", tr("Play this deal again")), ("close", tr("Close"))])]

    def act(self, action: Act) -> None:
        if action == "replay":
            self.app.pop(self)
            self.app.open_replay(self.row)
        elif action == "again":
            self.app.pop(self)
            play_again(self.app, self.row)
        else:
            super().act(action)


def play_again(app: SceneHost, row: GameRow) -> None:
    """A new game of a past game's deal; a saved game of that game in progress is replaced only
    after asking (CM-13), and Undo on the new table brings it back until a move is made (CM-16)."""
    try:
        deal = parse_deal_id(row.deal)
    except ParseError as e:  # a damaged row's deal ID: refused, and the player told why
        app.store.problems.append(tr("That is not a deal ID: {why}", why=str(e)))
        return
    kind = WINNABLE if row.kind == DAILY else row.kind  # a past daily deal, again, is a winnable deal

    def go() -> None:
        app.open_game(Session(deal, kind))

    # CM-16: over a game in progress of that game, asked first with the moves it would lose
    app.replacing(app.saved_game(deal.variant), tr("Play this deal again?"), tr("Play"), go)
