"""The home screen: a tile per game with a small live preview, its options, Continue where a saved
game exists, New game, and Play a deal by ID (typed or pasted)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.core.dealid import DealId
from game.core.errors import ParseError
from game.core.i18n import ntr, tr
from game.deals import RANDOM, daily, new_deal, random_deal
from game.games import Game, game_for, option_text
from game.input.intents import Activate, Cancel, FocusMove, Intent, Tap
from game.play.demo import Show, every_show
from game.scenes.base import Scene
from game.session import Session
from game.view import fonts
from game.view.layout import Rect, touch_size
from game.view.look import screen_colour
from game.view.table_view import draw_table
from game.view.widgets import TEXT, Button, draw_button, draw_toast, rect

if TYPE_CHECKING:
    from game.app import App

STAR = (240, 200, 90)
BLURB_SIZE = 12  # px: the tiles' one-line description
TILE = (10, 52, 34)


@dataclass
class Tile:
    variant: str
    box: Rect
    preview: Rect


class HomeScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.tiles: list[Tile] = []
        self.buttons: list[Button] = []
        self.previews: dict[str, pygame.Surface] = {}
        self.saved: dict[str, Session] = {}
        self.focus = 0
        self.show_focus = False
        self.message: tuple[str, float] | None = None
        self.now = 0.0
        self.compact = False  # a small screen: a list of games instead of tiles with previews

    # -- what exists ----------------------------------------------------------------------------

    def enter(self) -> None:
        self.app.store.flush()
        self.saved = {}
        for game in self.games():
            session = self.app.saved_games.get(self.app.store, game.name)
            if session is not None:
                self.saved[game.name] = session
        self.previews = {}
        for problem in self.app.store.problems:
            self.say(problem)
        self.app.store.problems.clear()
        self.resize(self.app.window_size())

    def say(self, text: str) -> None:
        self.message = (text, self.now + 4.0)

    def games(self) -> list[Game]:
        """The games offered: all of them, or a kiosk's choice."""
        return [game_for(name) for name in self.app.offered()]

    # -- layout ---------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        touch = touch_size(96)
        cols = 2 if w < h else 4
        games = self.games()
        rows = (len(games) + cols - 1) // cols
        top = touch * 1.6
        bottom = touch * 1.5
        gap = touch * 0.3
        tile_w = (w - gap * (cols + 1)) / cols
        tile_h = (h - top - bottom - gap * (rows + 1)) / rows
        self.tiles, self.buttons = [], []
        most = max(len(g.options) for g in games)
        self.compact = tile_h < touch * 0.7 + (most + 1) * touch * 0.85 + touch * 1.2
        if self.compact:  # too small for previews and option chips: a list of games and their buttons
            self._compact_layout(w, h, games, touch)
        for k, game in enumerate([] if self.compact else games):
            name = game.name
            r, c = divmod(k, cols)
            box = Rect(gap + c * (tile_w + gap), top + gap + r * (tile_h + gap), tile_w, tile_h)
            controls = len(game.options) + 1
            button_h = min(touch, tile_h * 0.16)
            about = touch * 0.45 if fonts.fits(game.blurb(), box.w - touch * 0.6, BLURB_SIZE) else 0.0
            preview_h = box.h - touch * 0.7 - about - controls * (button_h + gap * 0.5) - gap
            preview = Rect(box.x + gap * 0.5, box.y + touch * 0.7 + about, box.w - gap, max(10.0, preview_h))
            self.tiles.append(Tile(name, box, preview))
            y = preview.bottom + gap * 0.5
            for option in game.options:
                values = self.values(name, option.key, option.values)
                bw = (box.w - gap * (len(values) + 1)) / len(values)
                for i, value in enumerate(values):
                    label = option_text(option.key, value)
                    r2 = Rect(box.x + gap + i * (bw + gap), y, bw, button_h)
                    self.buttons.append(Button(r2, label, f"opt:{name}:{option.key}={value}"))
                y += button_h + gap * 0.5
            actions = [("continue", tr("Continue"))] if name in self.saved else []
            actions += [("new", tr("New game")), ("demo", tr("Watch")), ("rules", tr("Rules"))]
            bw = (box.w - gap * (len(actions) + 1)) / len(actions)
            for i, (action, label) in enumerate(actions):
                self.buttons.append(
                    Button(Rect(box.x + gap + i * (bw + gap), y, bw, button_h), label, f"{action}:{name}")
                )
        bottom = touch * 1.2 if self.compact else bottom
        y = h - bottom + (bottom - touch) / 2
        actions = [("daily", tr("Today's deal")), ("by_id", tr("Play a deal by ID"))]
        actions += [("watch", tr("Watch them all")), ("records", tr("Records"))]
        bw = min((w - gap * (len(actions) + 1)) / len(actions), touch * 5)
        x0 = (w - bw * len(actions) - gap * (len(actions) - 1)) / 2
        for i, (action, label) in enumerate(actions):
            self.buttons.append(Button(Rect(x0 + i * (bw + gap), y, bw, touch), label, action))
        self.previews = {}
        self.focus = min(self.focus, len(self.buttons) - 1)

    def _compact_layout(self, w: int, h: int, games: list[Game], touch: float) -> None:
        """A small screen (480 x 320): two columns of games, each a name and one button — Continue
        where a game is saved, else Play (the remembered options; the New deal dialog changes them)."""
        cols = 2 if w >= 400 else 1
        rows = (len(games) + cols - 1) // cols
        gap = touch * 0.15
        top, bottom = touch * 1.1, touch * 1.2
        row_h = max(touch, (h - top - bottom - gap * (rows + 1)) / rows)
        tile_w = (w - gap * (cols + 1)) / cols
        for k, game in enumerate(games):
            r, c = divmod(k, cols)
            box = Rect(gap + c * (tile_w + gap), top + gap + r * (row_h + gap), tile_w, row_h)
            self.tiles.append(Tile(game.name, box, Rect(box.x, box.y, 0, 0)))
            saved = game.name in self.saved
            label, action = (tr("Continue"), "continue") if saved else (tr("Play"), "new")
            bw = min(box.w * 0.5, touch * 3)
            b = Rect(box.right - bw - gap, box.y + (box.h - min(touch, box.h)) / 2, bw, min(touch, box.h))
            self.buttons.append(Button(b, label, f"{action}:{game.name}"))

    def preview(self, tile: Tile) -> pygame.Surface:
        """A small picture of the saved game, or of a sample deal: the real table, drawn small."""
        surf = self.previews.get(tile.variant)
        if surf is None:
            size = (max(40, round(tile.preview.w)), max(40, round(tile.preview.h)))
            game = game_for(tile.variant)
            session = self.saved.get(tile.variant) or Session(DealId.make(tile.variant, 1, self.options(tile.variant)))
            state = session.state
            surf = draw_table(game.table(state), game.rules.piles(state), game.labels(state), size)
            self.previews[tile.variant] = surf
        return surf

    def options(self, variant: str) -> dict[str, str]:
        return self.app.settings.options_for(variant)

    def values(self, variant: str, key: str, values: tuple[str, ...]) -> tuple[str, ...]:
        """An option's chips: every value, or those a kiosk's offers allow (``spider:suits=1``)."""
        kiosk = self.app.kiosk
        return values if kiosk is None else kiosk.allowed_values(variant, key, values)

    # -- acting ---------------------------------------------------------------------------------

    def act(self, action: str) -> None:
        kind, _, rest = action.partition(":")
        if kind == "opt":
            name, _, pair = rest.partition(":")
            key, _, value = pair.partition("=")
            chosen = self.options(name)
            chosen[key] = value
            self.app.settings.options[name] = chosen
            self.app.settings.save(self.app.store)
        elif kind == "continue":
            self.app.open_game(self.saved[rest])
        elif kind == "new":
            self.replacing(rest, lambda: self.new_game(rest))
        elif kind == "daily":
            try:
                deal = daily(self.app.today())
            except (OSError, ParseError) as e:
                self.say(str(e))
                return
            saved = self.saved.get(deal.variant)
            if saved is not None and saved.deal_id == deal:
                self.app.open_game(saved)
            else:
                self.replacing(deal.variant, lambda: self.open_daily(deal))
        elif kind == "demo":
            self.app.open_demo([Show(rest, self.options(rest))])
        elif kind == "rules":
            self.app.show_rules(rest, self.options(rest))
        elif kind == "records":
            self.app.show_records()
        elif kind == "watch":
            offered = {g.name for g in self.games()}
            self.app.open_demo([s for s in every_show() if s.variant in offered], cycling=True)
        elif kind == "by_id":
            from game.scenes.deal_entry import DealEntryPanel

            variant = self.app.settings.last_variant
            self.app.push(DealEntryPanel(self.app, variant, self.options(variant), self.by_id))

    def open_daily(self, deal: DealId) -> None:
        session = Session(deal)
        session.daily = self.app.today().isoformat()
        self.app.open_game(session)

    def open_deal(self, deal: DealId) -> None:
        self.app.open_game(Session(deal))

    def new_game(self, variant: str) -> None:
        """A new deal by the deal policy: winnable for a first-time player (KL-11)."""
        options = self.options(variant)
        kind = self.app.settings.kind_for(variant)
        deal = new_deal(variant, options, kind, level=self.app.settings.level_for(variant))
        if deal is not None:
            self.app.open_game(Session(deal, kind))
            return
        from game.scenes.new_deal import ComputingPanel

        table = self.app.open_game(Session(random_deal(variant, options), RANDOM))
        self.app.push(ComputingPanel(self.app, table, variant, options))

    def replacing(self, variant: str, go: Callable[[], None]) -> None:
        """CM-13: a new deal over a game in progress asks first (the game is lost once a move is
        made in the new one)."""
        saved = self.saved.get(variant)
        if saved is None or not saved.moves:
            go()
            return
        self.app.confirm(
            tr("Start a new {game}?", game=game_for(variant).title()),
            ntr(
                "Your game in progress (1 move) will be replaced.",
                "Your game in progress ({n} moves) will be replaced.",
                saved.moves,
            ),
            tr("New game"),
            go,
        )

    def by_id(self, deal: DealId) -> None:
        self.replacing(deal.variant, lambda: self.open_deal(deal))

    def chosen(self, action: str) -> bool:
        if not action.startswith("opt:"):
            return False
        name, _, pair = action[4:].partition(":")
        key, _, value = pair.partition("=")
        return self.options(name).get(key) == value

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Tap):
            self.show_focus = False
            for b in self.buttons:
                if b.hit(intent.pos):
                    self.act(b.action)
                    return
            for tile in self.tiles:
                if tile.preview.contains(intent.pos):
                    self.act(f"continue:{tile.variant}" if tile.variant in self.saved else f"new:{tile.variant}")
                    return
        elif isinstance(intent, FocusMove):
            self.show_focus = True
            self.focus = self._next(intent.dx, intent.dy)
        elif isinstance(intent, Activate):
            if self.show_focus and self.buttons[self.focus].enabled:
                self.act(self.buttons[self.focus].action)
            self.show_focus = True
        elif isinstance(intent, Cancel):
            if self.app.kiosk is not None:
                return  # a kiosk is never left from its home screen
            self.app.confirm(tr("Quit?"), tr("Your games are saved."), tr("Quit"), self.quit_app)

    def quit_app(self) -> None:
        self.app.running = False

    def _next(self, dx: int, dy: int) -> int:
        here = self.buttons[self.focus].rect
        best, best_d = self.focus, float("inf")
        for k, b in enumerate(self.buttons):
            if k == self.focus or not b.enabled:
                continue
            ddx, ddy = b.rect.center[0] - here.center[0], b.rect.center[1] - here.center[1]
            if (dx and ddx * dx <= 0) or (dy and ddy * dy <= 0):
                continue
            along, across = (abs(ddx), abs(ddy)) if dx else (abs(ddy), abs(ddx))
            in_line = across < (here.h if dx else here.w) * 0.5  # the same row (or column) comes first
            d = along + 3 * across + (0 if in_line else 100_000)
            if d < best_d:
                best, best_d = k, d
        return best

    def frame_key(self) -> object:
        chosen = tuple(self.chosen(b.action) for b in self.buttons)
        return (self.message and self.message[0], self.focus, self.show_focus, tuple(self.saved), chosen)

    def update(self, dt: float) -> None:
        self.now += dt
        if self.message and self.now > self.message[1]:
            self.message = None

    # -- drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(screen_colour())
        w, h = surface.get_size()
        touch = touch_size(96)
        heading = touch * (0.55 if self.compact else 0.8)
        title = fonts.fit_text(tr("Solitaire"), int(heading), TEXT, w * 0.8, bold=True)
        surface.blit(title, title.get_rect(center=(w / 2, heading)))
        for tile in self.tiles:
            pygame.draw.rect(surface, TILE, rect(tile.box), border_radius=12)
            if self.compact:
                room = tile.box.w * 0.5 - touch * 0.3
                name = fonts.fit_text(game_for(tile.variant).title(), int(touch * 0.4), TEXT, room, bold=True)
                surface.blit(name, name.get_rect(midleft=(tile.box.x + touch * 0.25, tile.box.center[1])))
                continue
            game = game_for(tile.variant)
            name = fonts.fit_text(game.title(), int(touch * 0.45), TEXT, tile.box.w * 0.6, bold=True)
            surface.blit(name, (tile.box.x + touch * 0.3, tile.box.y + touch * 0.12))
            stars = game.stars(self.options(tile.variant))  # CM-14: the difficulty, for these options
            mark = fonts.text("★" * stars, int(touch * 0.3), STAR)
            surface.blit(mark, (tile.box.x + touch * 0.45 + name.get_width(), tile.box.y + touch * 0.22))
            if tile.preview.y > tile.box.y + touch * 0.8:  # room for the one-line description
                about = fonts.text(game.blurb(), BLURB_SIZE, (200, 225, 210))
                surface.blit(about, (tile.box.x + touch * 0.3, tile.box.y + touch * 0.72))
            if tile.variant in self.saved:
                s = self.saved[tile.variant]  # the saved game's own options: the chips are for new games
                words = [option_text(k, v) for k, v in s.deal_id.options] + [tr("Moves {n}", n=s.moves)]
                note = fonts.fit_text(" · ".join(words), int(touch * 0.3), (200, 225, 210), tile.box.w * 0.55)
                surface.blit(note, note.get_rect(topright=(tile.box.right - touch * 0.3, tile.box.y + touch * 0.22)))
            surface.blit(self.preview(tile), (round(tile.preview.x), round(tile.preview.y)))
        for k, b in enumerate(self.buttons):
            b.selected = self.chosen(b.action)
            draw_button(surface, b, focused=self.show_focus and k == self.focus)
        if self.message is not None:
            draw_toast(surface, self.message[0], h - touch * 1.7, int(touch * 0.4))
