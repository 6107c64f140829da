"""The home screen: a tile per game with a small live preview, its options, Continue where a saved
game exists, New game, and Play a deal by ID (typed or pasted)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import pygame

from game.core.dealid import DealId
from game.core.errors import ParseError
from game.core.i18n import join_sentences, tr
from game.core.look import screen_colour
from game.deals import RANDOM, daily, new_deal, random_deal, seeds_news
from game.games.index import Game, game_for
from game.input.intents import Activate, Cancel, FocusMove, Intent, Scroll, Tap
from game.play.demo import Show, every_show
from game.scenes.base import Scene
from game.scenes.controls import Control
from game.scenes.focus_keys import ButtonsFocus, FocusKeys, Step, by_place, is_tab
from game.scenes.home_grid import Grid, tile_grid, tile_height
from game.scenes.home_list import game_list
from game.scenes.home_tile import (
    PAGE,
    Tile,
    bar_lines,
    blurb_room,
    chip_sizes,
    descriptions_fit,
    draw_heading,
    home_control,
    list_button,
    on_tile_or_page,
    option_chips,
    tile_beside,
    tile_focus,
    tile_game,
    tile_spare,
)
from game.session import Session
from game.speech.words import said_together
from game.view import fonts
from game.view.acts import Act, Choose, Cycle, ForGame, Turn, following
from game.view.layout import Rect, touch_size
from game.view.table_view import draw_table
from game.view.widgets import TEXT, Button, button_row, button_text_size, draw_button, draw_toast, rect

if TYPE_CHECKING:
    from game.scenes.host import SceneHost

MOST_PAGES = 4  # pages of tiles with previews (twenty games at 800x1280); a window that needs more shows a list
LEAST_TILE_WIDTH = 5.2  # fingers: three option chips side by side, in every language
LEAST_PREVIEW = 1.2  # fingers: a tile's preview is never shorter, or the games go over more pages
TILE = (10, 52, 34)
BAR = ("daily", "by_id", "watch", "records", "settings")  # the buttons at the bottom: their labels share one size


class HomeScene(ButtonsFocus, Scene):
    def __init__(self, app: SceneHost, showing: str | None = None) -> None:
        super().__init__(app)
        self.showing = showing  # the game to open on: its page, the focus on its tile (once)
        self.tiles: list[Tile] = []
        self.buttons: list[Button] = []
        self.previews: dict[str, pygame.Surface] = {}
        self.saved: dict[str, Session] = {}
        # CM-18: the arrows to the nearest button that way, Tab from a game's tile to the next, then
        # the bar; come back to by a key (Esc from a game), the focus shows
        self.keys = FocusKeys(arrows=by_place)
        self.keys.visible = app.input.by_keys
        self.message: tuple[str, float] | None = None
        self.now = 0.0
        self.compact = False  # a small screen: a list of games instead of tiles with previews
        self.bar_top = 0.0  # where the buttons at the bottom begin (a message goes above them)
        self.grid = Grid(4, 1, 1, 1)  # how the tiles share the window, and over how many pages
        self.page = 0  # the page of games shown

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
        self.app.speech.say(text)  # CM-19

    def games(self) -> list[Game]:
        """The games offered: all of them, or a kiosk's choice."""
        return [game_for(name) for name in self.app.offered()]

    # -- layout ---------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        touch = touch_size(96)
        cols = 2 if w < h else 4
        every_game = self.games()
        gap = touch * 0.3
        bar = bar_lines(w, gap)
        top = touch * 1.6
        bottom = touch * 0.5 + len(bar) * touch + (len(bar) - 1) * gap * 0.5
        most = max(len(g.options) for g in every_game)
        controls = (most + 1) * (touch * 0.8 + gap * 0.5)  # the option chips' rows and the actions' row
        least = touch * 0.7 + touch * 0.45 + controls + gap + touch * LEAST_PREVIEW  # a tile with a preview
        room = h - top - bottom
        self.grid = tile_grid(len(every_game), cols, room, gap, least)
        while self.grid.rows > 1 and not descriptions_fit(every_game, self.grid, w, room, touch):
            # CM-14: every tile shows its description whole; fewer rows a page until each does
            fewer = tile_grid(len(every_game), cols, room, gap, tile_height(room, self.grid.rows, gap) + 1)
            if fewer.rows >= self.grid.rows:  # no fewer fit: the window is too small for tiles
                break
            self.grid = fewer
        names = [game.name for game in every_game]
        if self.showing in names:  # back from a game: the page it is on, not the first
            self.page = self.grid.page_of(names.index(self.showing))
        self.page = min(self.page, self.grid.pages - 1)
        games = [every_game[k] for k in self.grid.on_page(self.page, len(every_game))]
        rows, cols = self.grid.rows, self.grid.cols  # no more columns than the page's rows need
        tile_w = (w - gap * (cols + 1)) / cols
        tile_h = tile_height(h - top - bottom, rows, gap)
        self.tiles, self.buttons = [], []
        too_many_pages = self.grid.pages > MOST_PAGES  # twenty games at 800x1280: four pages of tiles
        too_narrow = tile_w < touch * LEAST_TILE_WIDTH
        too_short = tile_h < touch * 0.7 + (most + 1) * touch * 0.85 + touch * 1.2
        self.compact = too_many_pages or too_narrow or too_short
        if self.compact:  # too small for previews and option chips: a list of games and their buttons
            bottom -= touch * 0.3
            shown = game_list((w, h), every_game, touch, bottom, self.page, self.showing)
            self.grid, self.page = shown.grid, shown.page
            if self.grid.pages > 1:
                self._page_buttons(w, touch, gap)
            for game, box in shown.boxes:
                self.tiles.append(Tile(game.name, box, Rect(box.x, box.y, 0, 0)))
                self.buttons.append(list_button(box, game.name, game.name in self.saved, self.options(game.name)))
        elif self.grid.pages > 1:
            self._page_buttons(w, touch, gap)
        for k, game in enumerate([] if self.compact else games):
            name = game.name
            r, c = self.grid.spot(k, len(games))
            box = Rect(gap + c * (tile_w + gap), top + gap + r * (tile_h + gap), tile_w, tile_h)
            button_h = min(touch, tile_h * 0.16)
            spare = tile_spare(game, box.h, touch, gap)  # the preview's, with no blurb
            about = blurb_room(game.blurb_for(self.options(name)), box.w - touch * 0.6, touch, spare)
            preview_h = spare - about
            preview = Rect(box.x + gap * 0.5, box.y + touch * 0.7 + about, box.w - gap, max(10.0, preview_h))
            self.tiles.append(Tile(name, box, preview))
            y = preview.bottom + gap * 0.5
            for option in game.options:
                values = self.values(name, option.key, option.values)
                chosen = self.options(name)[option.key]
                self.buttons += option_chips(game, option.key, values, chosen, Rect(box.x, y, box.w, button_h), gap)
                y += button_h + gap * 0.5
            actions = [("continue", tr("Continue"))] if name in self.saved else []
            actions += [("new", tr("New game")), ("demo", tr("Watch")), ("rules", tr("Rules"))]
            named: list[tuple[Act, str]] = [(ForGame(action, name), label) for action, label in actions]
            self.buttons += button_row(named, Rect(box.x, y, box.w, button_h), gap)
        y = self.bar_top = h - bottom + (bottom - len(bar) * touch - (len(bar) - 1) * gap * 0.5) / 2
        for line in bar:  # at most five fingers wide a button, centred
            width = min(w, len(line) * touch * 5 + (len(line) + 1) * gap)
            self.buttons += button_row(line, Rect((w - width) / 2, y, width, touch), gap)
            y += touch + gap * 0.5
        self.previews = {}
        self.keys.controls = self.controls()
        self.keys.start = next((c.group for c in self.keys.controls if c.context), "")  # the first tile
        self.focus = min(self.focus, len(self.buttons) - 1)
        if not self.show_focus or not self.buttons[self.focus].enabled:  # the first game, not a page arrow
            self.focus = next((k for k, b in enumerate(self.buttons) if tile_game(b.action)), 0)
        if self.showing is not None:  # the game just left: its first action, once
            self.focus = tile_focus(self.buttons, self.showing, self.focus)
            self.showing = None

    def _page_buttons(self, w: int, touch: float, gap: float) -> None:
        """More games than one page holds: the previous and the next page, either side of the title."""
        y = touch * 0.8 - touch / 2
        last = self.grid.pages - 1
        self.buttons.append(Button(Rect(gap, y, touch, touch), "◀", Turn(PAGE, -1), enabled=self.page > 0))
        self.buttons.append(
            Button(Rect(w - gap - touch, y, touch, touch), "▶", Turn(PAGE, 1), enabled=self.page < last)
        )

    def turn_page(self, step: int) -> bool:
        """Show the previous (-1) or next (+1) page of games; False when there is none that way."""
        page = self.page + step
        if not 0 <= page < self.grid.pages:
            return False
        self.page = page
        self.resize(self.app.window_size())
        return True

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
        """An option's chips: every value, or those a kiosk's offers allow (``NAME:suits=1``)."""
        kiosk = self.app.kiosk
        return values if kiosk is None else kiosk.allowed_values(variant, key, values)

    # -- acting ---------------------------------------------------------------------------------

    def act(self, action: Act) -> None:
        if isinstance(action, Choose):  # an option chip of a tile
            chosen = self.options(action.variant)
            chosen[action.name] = action.value
            self.app.settings.options[action.variant] = chosen
            self.app.settings.save(self.app.store)
        elif isinstance(action, Cycle):  # the one chip of an option of many values: the next, shown
            values = self.values(action.variant, action.name, game_for(action.variant).spec.option(action.name).values)
            self.act(Choose(action.name, following(values, self.options(action.variant)[action.name]), action.variant))
            self.resize(self.app.window_size())
            chip = next(b for b in self.buttons if b.action == action)  # the value a listener cannot see
            self.app.speech.say(home_control(chip, False, self.options).words())
        elif isinstance(action, ForGame):
            self.act_on_game(action)
        elif isinstance(action, Turn):
            self.turn_page(action.step)
        elif action == "daily":
            try:
                deal = daily(self.app.today())
            except (OSError, ParseError) as e:
                self.say(join_sentences(str(e), *seeds_news()))  # why the list cannot be read, if not said yet
                return
            saved = self.saved.get(deal.variant)
            if saved is not None and saved.deal_id == deal:
                self.app.open_game(saved)
            else:
                self.replacing(deal.variant, lambda: self.open_daily(deal), dict(deal.options))
        elif action == "records":
            self.app.show_records()
        elif action == "settings":  # the language, the look and the sound before a game is opened
            self.app.show_settings()
        elif action == "watch":
            offered = {g.name for g in self.games()}
            self.app.open_demo([s for s in every_show() if s.variant in offered], cycling=True)
        elif action == "by_id":
            from game.scenes.deal_entry import DealEntryPanel

            variant = self.app.settings.last_variant
            self.app.push(DealEntryPanel(self.app, variant, self.options(variant), self.by_id))

    def act_on_game(self, action: ForGame) -> None:
        """A button of a game's tile: Continue, New game, Watch or Rules."""
        variant = action.variant
        if action.what == "continue":
            self.app.open_game(self.saved[variant])
        elif action.what == "new":
            self.replacing(variant, lambda: self.new_game(variant), self.options(variant))
        elif action.what == "demo":
            self.app.open_demo([Show(variant, self.options(variant))])
        elif action.what == "rules":
            self.app.show_rules(variant, self.options(variant))

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

    def replacing(self, variant: str, go: Callable[[], None], chosen: Mapping[str, str]) -> None:
        """CM-13, CM-16: a new deal, today's deal or a deal by ID over a game in progress asks
        first, naming the moves lost (the game is lost once a move is made in the new one; until
        then Undo on the new table brings it back)."""
        title = tr("Start a new {game}?", game=game_for(variant).name_for(chosen))  # a variation by its name
        self.app.replacing(self.app.saved_game(variant), title, tr("New game"), go)

    def by_id(self, deal: DealId) -> None:
        self.replacing(deal.variant, lambda: self.open_deal(deal), dict(deal.options))

    def chosen(self, action: Act) -> bool:
        """An option chip whose value is the one its game will be dealt with."""
        return isinstance(action, Choose) and self.options(action.variant).get(action.name) == action.value

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Tap):
            self.show_focus = False
            for b in self.buttons:
                if b.hit(intent.pos):
                    self.act(b.action)
                    return
            for tile in self.tiles:
                if tile.preview.contains(intent.pos):
                    self.act(ForGame("continue" if tile.variant in self.saved else "new", tile.variant))
                    return
        elif self.buttons and (isinstance(intent, FocusMove | Activate) or is_tab(intent)):
            self.key(intent)
        elif isinstance(intent, Scroll):
            self.turn_page(1 if intent.lines > 0 else -1)
        elif isinstance(intent, Cancel):
            if self.app.kiosk is not None:
                return  # a kiosk is never left from its home screen
            self.app.confirm(tr("Quit?"), tr("Your games are saved."), tr("Quit"), self.quit_app)

    def key(self, intent: Intent) -> None:
        """The one focus's keys (CM-18); an arrow sideways past a page's last game turns the page."""
        self.keys.controls = self.controls()  # each button's state now
        was, shown = self.focus, self.keys.shown
        step = self.keys.handle(intent)
        here = self.keys.current
        if step is Step.PRESSED and here is not None:
            self.act(here.action)
            return
        on_a_game = on_tile_or_page(self.buttons[was].action)  # not the bar's
        dx = intent.dx if isinstance(intent, FocusMove) else 0
        if dx and shown and self.focus == was and on_a_game:
            beside = tile_beside(self.tiles, self.buttons, was, dx)
            if beside is not None:
                self.focus = beside  # the next tile's, though its rows of chips do not line up
            elif self.turn_page(dx):
                self.focus = self._first_on_page(dx)  # past the last game: the next page's first
        self.app.speech.say(self.button_words())

    def controls(self) -> list[Control]:
        return [home_control(b, self.chosen(b.action), self.options) for b in self.buttons]

    def _first_on_page(self, step: int) -> int:
        """After turning the page by keys: the first tile's first button (the last tile's, going back)."""
        tiles = [k for k, b in enumerate(self.buttons) if tile_game(b.action)]
        if not tiles:
            return self.focus
        return tiles[0] if step > 0 else tiles[-1]

    def button_words(self) -> str:
        """The focused button said (CM-19): its game's name on a tile, its label, its note."""
        if not self.buttons:
            return ""
        b = self.buttons[self.focus]
        return home_control(b, self.chosen(b.action), self.options).words()

    def spoken(self) -> str:
        return said_together([tr("Solitaire"), self.button_words()])

    def quit_app(self) -> None:
        self.app.running = False

    def frame_key(self) -> object:
        chosen = tuple((self.chosen(b.action), b.label) for b in self.buttons)  # a Cycle chip's value too
        return (self.message and self.message[0], self.focus, self.show_focus, tuple(self.saved), chosen, self.page)

    def update(self, dt: float) -> None:
        self.now += dt
        if self.message and self.now > self.message[1]:
            self.message = None

    # -- drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(screen_colour())
        w = surface.get_width()
        touch = touch_size(96)
        heading = touch * (0.55 if self.compact else 0.8)
        title = fonts.fit_text(tr("Solitaire"), int(heading), TEXT, w * 0.8, bold=True)
        surface.blit(title, title.get_rect(center=(w / 2, heading)))
        for tile in [] if self.compact else self.tiles:  # a small screen's games are buttons, drawn below
            pygame.draw.rect(surface, TILE, rect(tile.box), border_radius=12)
            draw_heading(surface, tile, self.saved.get(tile.variant), self.options(tile.variant), touch)
            surface.blit(self.preview(tile), (round(tile.preview.x), round(tile.preview.y)))
        bar = min((button_text_size(b) for b in self.buttons if b.action in BAR), default=0)  # one size
        chips = chip_sizes(self.buttons)  # and one for each row of option chips
        for k, b in enumerate(self.buttons):
            b.selected = self.chosen(b.action)
            size = bar if b.action in BAR else chips.get(b.action, 0)
            draw_button(surface, b, focused=self.show_focus and k == self.focus, text_size=size)
        if self.message is not None:
            draw_toast(surface, self.message[0], self.bar_top - touch * 0.2, int(touch * 0.4))
