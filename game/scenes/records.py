"""The Records screen (SPEC CM-9, KL-12): for one game and one option set and kind of deal, the
figures (played, won, win rate, best time, fewest moves, best score, streaks), then three charts —
the win rate over the last games, the winning times with this game marked, and games per day (the
daily deal shows its month's calendar and its streak instead). The game and the group are chosen
with arrows; History, Reset (asked first) and What counts are at the bottom.

Everything shown is read from the database once, when the screen opens or its choice changes —
never per frame — by aggregated queries (tools/bench_records.py times it with 100,000 games).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.i18n import format_day, format_number, format_percent, format_time, ntr, ptr, tr
from game.core.look import screen_colour
from game.core.variants import variant_spec
from game.games.index import game_for
from game.input.intents import Intent, Tap
from game.records.keeper import KEEP_RULES
from game.records.stats import DAILY, RANDOM, WINNABLE, Group, Summary, histogram, rolling_rate
from game.scenes.base import Scene
from game.scenes.controls import Control, Role
from game.scenes.focus_keys import FocusKeys, Step
from game.speech.words import said_together
from game.view import charts, fonts
from game.view.acts import Act, Turn
from game.view.layout import Rect, touch_size
from game.view.widgets import TEXT, Button, draw_button, draw_focus_ring, draw_lines, fit_lines, rect

if TYPE_CHECKING:
    from game.scenes.host import SceneHost

CELL = (10, 52, 34)
FAINT = (170, 200, 180)
LAST_GAMES = 100  # the win-rate chart's games
WINDOW = 10  # the win rate at each game is over this many games
BINS = 12
MIN_CHART_W, MIN_CHART_H = 140, 70  # px: a chart smaller than this is left out (the smallest windows)


def kind_text(kind: str) -> str:
    return {WINNABLE: tr("Winnable"), RANDOM: tr("Random"), DAILY: tr("Today's deal")}.get(kind, kind)


def group_text(group: Group) -> str:
    """ "Draw 3 · Redeals ∞ · Winnable" """
    game = game_for(group.variant)
    pairs = [pair.split("=", 1) for pair in group.options.split(",") if "=" in pair]
    parts = [game.option_text(key, value) for key, value in pairs]
    return " · ".join([*parts, kind_text(group.kind)])


def figures(summary: Summary, daily: tuple[int, int] | None) -> list[tuple[str, str, str]]:
    """The figures of a group, as (label, a shorter label for a narrow cell, value) in the
    language's formats."""

    def number(n: float | None) -> str:
        return "—" if n is None else format_number(n)

    rate = summary.win_rate
    streak = daily if daily is not None else (summary.current_streak, summary.best_streak)
    out = [
        (tr("Played"), format_number(summary.played)),
        (tr("Won"), format_number(summary.won)),
        (tr("Win rate"), "—" if rate is None else format_percent(rate)),
        (tr("Best time"), "—" if summary.best_time is None else format_time(summary.best_time)),
        (tr("Fewest moves"), number(summary.fewest_moves)),
        (tr("Best score"), number(summary.best_score)),
        (tr("Streak"), format_number(streak[0])),
        (tr("Best streak"), format_number(streak[1])),
    ]
    shown = [(label, label, value) for label, value in out]
    if daily is not None:  # the daily deal's streak counts days (KL-12), and says so where it fits
        shown[6] = (tr("Daily streak"), tr("Streak"), shown[6][2])
        shown[7] = (tr("Best daily streak"), tr("Best streak"), shown[7][2])
    return shown


def said_value(value: str) -> str:
    """A figure said: the dash of a figure there is none of yet in words."""
    return ptr("figure", "none") if value == "—" else value


class RecordsScene(Scene):
    def __init__(
        self, app: SceneHost, variant: str | None = None, group: Group | None = None, mark: float | None = None
    ):
        super().__init__(app)
        offered = app.offered()
        self.variants = offered
        self.variant = variant if variant in offered else (group.variant if group else app.settings.last_variant)
        if self.variant not in offered:
            self.variant = offered[0]
        self.group: Group = group or self.default_group(self.variant)
        self.mark = mark  # this game's winning time, marked on the histogram
        self.buttons: list[Button] = []
        self.cells: list[Rect] = []
        self.plots: list[Rect] = []
        self.keys = FocusKeys()  # CM-18: the choosers, the figures, the buttons
        self.entered = False  # pushed once: read when built, read again only when shown again
        self.load()
        self.resize(app.window_size())

    # -- what is shown ----------------------------------------------------------------------------

    def default_group(self, variant: str) -> Group:
        """The group of the player's chosen options and kind (shown even before any game)."""
        options = self.app.settings.options_for(variant)
        written = variant_spec(variant).options_text(options.items())
        return Group(variant, written, self.app.settings.kind_for(variant))

    def groups(self) -> list[Group]:
        found = [g for g, _ in self.app.records.db.groups(self.variant)]
        default = self.default_group(self.variant)
        return found if default in found else [default, *found]

    def load(self) -> None:
        db, group = self.app.records.db, self.group
        self.choices = self.groups()
        if self.group not in self.choices:
            self.choices.append(self.group)
        self.summary = db.summary(group)
        self.daily = db.daily_streak(self.app.records.today()) if group.kind == DAILY else None
        self.rates = rolling_rate(db.results(group, LAST_GAMES), WINDOW)
        self.edges, self.counts = histogram(db.winning_times(group), BINS)
        today = self.app.records.today()
        self.days = db.games_per_day(group, today)
        self.won_days = set(db.daily_won()) if group.kind == DAILY else set()
        self.today = today

    def choose(self, variant: str | None = None, step: int = 0) -> None:
        if variant is not None:
            self.variant, self.group, self.mark = variant, self.default_group(variant), None
        else:
            choices = self.groups()
            here = choices.index(self.group) if self.group in choices else 0
            self.group, self.mark = choices[(here + step) % len(choices)], None
        self.load()
        self.resize(self.app.window_size())

    # -- layout ---------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        touch = min(max(touch_size(96), min(w, h) / 16), h / 7.5, w / 7)
        gap = touch * 0.2
        self.touch = touch
        self.buttons = []
        y = gap
        self.labels: dict[str, tuple[str, Rect]] = {}
        for action, label in (("game", game_for(self.variant).title()), ("group", group_text(self.group))):
            arrow = touch * 1.1
            self.buttons.append(Button(Rect(gap, y, arrow, touch * 0.9), "◀", Turn(action, -1)))
            self.buttons.append(Button(Rect(w - gap - arrow, y, arrow, touch * 0.9), "▶", Turn(action, 1)))
            self.labels[action] = (label, Rect(gap * 2 + arrow, y, w - 4 * gap - 2 * arrow, touch * 0.9))
            y += touch * 0.9 + gap
        per_row = 8 if w >= touch * 16 and w >= h else (4 if w >= touch * 7 else 2)
        cell_w, cell_h = (w - gap * (per_row + 1)) / per_row, max(touch * 0.95, min(h * 0.09, touch * 1.5))
        if any(not fonts.fits(short, cell_w - 8) for _, short, _ in figures(self.summary, self.daily)):
            cell_h = max(cell_h, touch * 1.25)  # a label on two lines above its figure
        self.cells = [
            Rect(gap + (k % per_row) * (cell_w + gap), y + (k // per_row) * (cell_h + gap), cell_w, cell_h)
            for k in range(8)
        ]
        y += (8 // per_row) * (cell_h + gap)
        bottom = h - touch - gap
        actions = [
            ("back", tr("Back")),
            ("history", tr("History")),
            ("reset", tr("Reset")),
            ("help", tr("What counts")),
        ]
        bw = min(touch * 4, (w - gap * (len(actions) + 1)) / len(actions))
        x0 = (w - bw * len(actions) - gap * (len(actions) - 1)) / 2
        for k, (action, label) in enumerate(actions):
            self.buttons.append(Button(Rect(x0 + k * (bw + gap), bottom, bw, touch), label, action))
        room = bottom - gap - y
        if room < MIN_CHART_H:  # the smallest windows: the figures, without charts too small to read
            self.plots = []
        elif w >= h:  # landscape: side by side, as many as are wide enough to read (three but on the smallest)
            n = max(1, min(3, int((w - gap) // (MIN_CHART_W + gap))))
            cw = (w - gap * (n + 1)) / n
            self.plots = [Rect(gap + k * (cw + gap), y, cw, room) for k in range(n)]
        else:  # portrait: one above the other
            n = max(1, min(3, int((room + gap) // (MIN_CHART_H + gap))))
            ch = (room - gap * (n - 1)) / n
            self.plots = [Rect(gap, y + k * (ch + gap), w - 2 * gap, ch) for k in range(n)]
        self.keys.set(self.controls())

    def controls(self) -> list[Control]:
        """CM-18: the game's arrows, the options' arrows, the figures, the buttons at the bottom."""
        names: dict[Act, str] = {
            Turn("game", -1): tr("Previous game"),
            Turn("game", 1): tr("Next game"),
            Turn("group", -1): tr("Previous options"),
            Turn("group", 1): tr("Next options"),
        }
        out = []
        for b in self.buttons:
            group = b.action.what if isinstance(b.action, Turn) else "buttons"  # a chooser's arrows: its group
            out.append(Control(Role.BUTTON, names.get(b.action, b.label), b.action, group, rect=b.rect))
        figures_shown = [
            Control(Role.FIGURE, label, "", "figures", (said_value(value),), cell)
            for (label, _, value), cell in zip(figures(self.summary, self.daily), self.cells, strict=True)
        ]
        return out[:4] + figures_shown + out[4:]

    def chosen_words(self) -> str:
        """The game and options shown, and their figures: "NAME, Draw 1 · Winnable, Played, 12, …"."""
        shown = [f"{label}, {said_value(value)}" for label, _, value in figures(self.summary, self.daily)]
        return ptr("list", ", ").join([game_for(self.variant).title(), group_text(self.group), *shown])

    def spoken(self) -> str:
        return said_together([tr("Records"), self.chosen_words(), self.keys.words()])

    # -- input ----------------------------------------------------------------------------------

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Tap):
            self.keys.hide()
            for b in self.buttons:
                if b.hit(intent.pos):
                    self.act(b.action)
                    return
            return
        step = self.keys.handle(intent)
        here = self.keys.current
        if step is Step.MOVED:
            self.app.speech.say(self.keys.words())
        elif step is Step.PRESSED and here is not None and here.action:
            self.act(here.action)
            if isinstance(here.action, Turn):  # the new choice and its figures (CM-19)
                self.app.speech.say(self.chosen_words())
        elif step is Step.BACK:
            self.act("back")

    def act(self, action: Act) -> None:
        if isinstance(action, Turn) and action.what == "game":
            k = self.variants.index(self.variant)
            self.choose(variant=self.variants[(k + action.step) % len(self.variants)])
        elif isinstance(action, Turn) and action.what == "group":
            self.choose(step=action.step)
        elif action == "back":
            self.app.pop(self)
        elif action == "history":
            self.app.show_history(self.variant)
        elif action == "help":
            self.app.show_text(lambda: tr("What counts"), lambda: [("", [("", "• " + rule()) for rule in KEEP_RULES])])
        elif action == "reset":
            title = game_for(self.variant).title()
            db = self.app.records.db
            played = sum(n for _, n in db.groups(self.variant)) + db.unreadable(self.variant)  # all are forgotten
            self.app.confirm(
                tr("Reset the records of {game}?", game=title),
                ntr("Its 1 game will be forgotten.", "Its {n} games will be forgotten.", played),
                tr("Reset"),
                self.reset,
            )

    def reset(self) -> None:
        self.app.records.db.reset(self.variant)
        self.choose(variant=self.variant)

    def enter(self) -> None:
        """Back from History or a replay: the figures may have changed (just built, they are new)."""
        if self.app.stack.top is self and self.entered:
            self.load()
        self.entered = True

    def frame_key(self) -> object:
        return (
            self.variant,
            self.group,
            self.keys.index,
            self.summary,
            tuple(b.rect for b in self.buttons),
        )

    # -- drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(screen_colour())
        touch = self.touch
        for name, (label, box) in self.labels.items():
            size = int(touch * (0.42 if name == "game" else 0.32))
            if name == "game":
                text = fonts.fit_text(label, size, TEXT, box.w, bold=True)
                surface.blit(text, text.get_rect(center=(round(box.x + box.w / 2), round(box.y + box.h / 2))))
            else:  # options and kind of deal: on two lines between the arrows when one is too narrow
                lines, size = fit_lines(label, size, box.w, most=2)
                draw_lines(surface, lines, size, TEXT, (box.x + box.w / 2, box.y + box.h / 2))
        for (label, short, value), cell in zip(figures(self.summary, self.daily), self.cells, strict=True):
            pygame.draw.rect(surface, CELL, rect(cell), 0, 8)
            size = max(fonts.SMALLEST, int(cell.h * 0.26))
            words = label if fonts.fits(label, cell.w - 8, size) else short
            lines, size = fit_lines(words, size, cell.w - 8, most=2)
            if len(lines) > 1:  # a narrow cell: two small lines above a smaller figure
                lines, size = fit_lines(words, fonts.SMALLEST, cell.w - 8, most=2)
            middle = cell.y + cell.h * 0.06 + size * (0.7 + 0.6 * (len(lines) - 1))
            draw_lines(surface, lines, size, FAINT, (cell.x + cell.w / 2, middle))
            big = fonts.fit_text(value, int(cell.h * (0.42 if len(lines) == 1 else 0.3)), TEXT, cell.w - 8, bold=True)
            surface.blit(big, big.get_rect(midbottom=(round(cell.x + cell.w / 2), round(cell.bottom - cell.h * 0.08))))
        self.draw_charts(surface)
        here = self.keys.current
        for b in self.buttons:
            draw_button(surface, b, focused=here is not None and here.rect == b.rect)
        if here is not None and here.role is Role.FIGURE and here.rect is not None:
            draw_focus_ring(surface, rect(here.rect), 8)

    def draw_charts(self, surface: pygame.Surface) -> None:
        """The charts there is room for, in this order: the smallest window shows the first."""
        for plot, chart in zip(self.plots, (self.rate_chart, self.times_chart, self.days_chart), strict=False):
            chart(surface, plot)

    def rate_chart(self, surface: pygame.Surface, rate: Rect) -> None:
        n = len(self.rates)
        title = ntr("Win rate, last game", "Win rate, last {n} games", n) if n else tr("Win rate")
        charts.rate_line(
            surface,
            rate,
            (title, tr("Win rate")),
            self.rates,
            tr("The line starts after two games.") if n else tr("No games yet"),
        )

    def times_chart(self, surface: pygame.Surface, times: Rect) -> None:
        titles = [tr("Winning times")]
        if self.mark is not None:
            titles.insert(0, tr("Winning times (this game: {time})", time=format_time(self.mark)))
        charts.time_histogram(
            surface, times, titles, self.edges, self.counts, self.mark, format_time, tr("No wins yet")
        )

    def days_chart(self, surface: pygame.Surface, days: Rect) -> None:
        if self.group.kind == DAILY:
            weekdays = [tr("Mo"), tr("Tu"), tr("We"), tr("Th"), tr("Fr"), tr("Sa"), tr("Su")]
            charts.month(
                surface, days, (tr("Daily deals won this month"), tr("This month")), self.today, self.won_days, weekdays
            )
        else:
            titles = [tr("Games per day, last 30 days"), tr("Games per day")]
            charts.day_bars(surface, days, titles, self.days, format_day, tr("No games yet"))
