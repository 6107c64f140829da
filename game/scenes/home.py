"""The home screen: a tile per game with a small live preview, its options, Continue where a saved
game exists, New game, and Play a deal by ID (typed or pasted)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.core.dealid import DealId
from game.core.errors import ParseError
from game.core.i18n import ptr, tr
from game.deals import RANDOM, daily, new_deal, random_deal, stars_text
from game.games import Game, game_for
from game.input.intents import Activate, Cancel, FocusMove, Intent, Tap
from game.play.demo import Show, every_show
from game.scenes.base import Scene
from game.session import Session
from game.speech.words import said_together
from game.view import fonts
from game.view.layout import Rect, touch_size
from game.view.look import screen_colour
from game.view.table_view import draw_table
from game.view.widgets import TEXT, Button, button_row, button_text_size, draw_button, draw_toast, rect, row_fits

if TYPE_CHECKING:
    from game.scenes.host import SceneHost

STAR = (240, 200, 90)
BLURB_SIZE = 12  # px: the tiles' one-line description
TILE = (10, 52, 34)
NOTE = (200, 225, 210)  # a tile's blurb and its saved game's options and moves
BAR = ("daily", "by_id", "watch", "records")  # the buttons at the bottom: their labels share one size


@dataclass
class Tile:
    variant: str
    box: Rect
    preview: Rect


class HomeScene(Scene):
    def __init__(self, app: SceneHost) -> None:
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
        self.bar_top = 0.0  # where the buttons at the bottom begin (a message goes above them)

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
        games = self.games()
        rows = (len(games) + cols - 1) // cols
        gap = touch * 0.3
        bar = self._bar_lines(w, touch, gap)
        top = touch * 1.6
        bottom = touch * 0.5 + len(bar) * touch + (len(bar) - 1) * gap * 0.5
        tile_w = (w - gap * (cols + 1)) / cols
        tile_h = (h - top - bottom - gap * (rows + 1)) / rows
        self.tiles, self.buttons = [], []
        most = max(len(g.options) for g in games)
        self.compact = tile_h < touch * 0.7 + (most + 1) * touch * 0.85 + touch * 1.2
        if self.compact:  # too small for previews and option chips: a list of games and their buttons
            bottom -= touch * 0.3
            self._compact_layout(w, h, games, touch, bottom)
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
                chips = [(f"opt:{name}:{option.key}={value}", game.option_text(option.key, value)) for value in values]
                self.buttons += button_row(chips, Rect(box.x, y, box.w, button_h), gap)
                y += button_h + gap * 0.5
            actions = [("continue", tr("Continue"))] if name in self.saved else []
            actions += [("new", tr("New game")), ("demo", tr("Watch")), ("rules", tr("Rules"))]
            named = [(f"{action}:{name}", label) for action, label in actions]
            self.buttons += button_row(named, Rect(box.x, y, box.w, button_h), gap)
        y = self.bar_top = h - bottom + (bottom - len(bar) * touch - (len(bar) - 1) * gap * 0.5) / 2
        for line in bar:  # at most five fingers wide a button, centred
            width = min(w, len(line) * touch * 5 + (len(line) + 1) * gap)
            self.buttons += button_row(line, Rect((w - width) / 2, y, width, touch), gap)
            y += touch + gap * 0.5
        self.previews = {}
        self.focus = min(self.focus, len(self.buttons) - 1)

    def _bar_lines(self, w: int, touch: float, gap: float) -> list[list[tuple[str, str]]]:
        """The buttons at the bottom, in one line, or two where one is too narrow for their labels."""
        actions = [("daily", tr("Today's deal")), ("by_id", tr("Play a deal by ID"))]
        actions += [("watch", tr("Watch them all")), ("records", tr("Records"))]
        if row_fits([label for _, label in actions], w, gap):
            return [actions]
        return [actions[:2], actions[2:]]

    def _compact_layout(self, w: int, h: int, games: list[Game], touch: float, bottom: float) -> None:
        """A small screen (480 x 320 down to 320 x 320): each game a button, its name and, smaller,
        Continue where a game is saved, else New game (the remembered options; the New deal dialog
        changes them) — in as few columns as let every game be a finger tall above the bottom bar."""
        gap = touch * 0.15
        top = touch * 1.1
        room = h - top - bottom

        def row_height(cols: int) -> float:
            rows = (len(games) + cols - 1) // cols
            return (room - gap * (rows + 1)) / rows

        cols = next((c for c in range(1, 5) if row_height(c) >= touch), 4)
        row_h = min(touch * 1.5, row_height(cols))
        rows = (len(games) + cols - 1) // cols
        top += (room - rows * row_h - (rows + 1) * gap) / 2  # a tall window: the list in the middle
        tile_w = (w - gap * (cols + 1)) / cols
        for k, game in enumerate(games):
            r, c = divmod(k, cols)
            box = Rect(gap + c * (tile_w + gap), top + gap + r * (row_h + gap), tile_w, row_h)
            self.tiles.append(Tile(game.name, box, Rect(box.x, box.y, 0, 0)))
            note, action = (tr("Continue"), "continue") if game.name in self.saved else (tr("New game"), "new")
            self.buttons.append(Button(box, game.title(), f"{action}:{game.name}", note=note))

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
        """CM-13, CM-16: a new deal, today's deal or a deal by ID over a game in progress asks
        first, naming the moves lost (the game is lost once a move is made in the new one; until
        then Undo on the new table brings it back)."""
        title = tr("Start a new {game}?", game=game_for(variant).title())
        self.app.replacing(self.app.saved_game(variant), title, tr("New game"), go)

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
            self.app.speech.say(self.button_words())
        elif isinstance(intent, Activate):
            if self.show_focus and self.buttons[self.focus].enabled:
                self.act(self.buttons[self.focus].action)
            elif not self.show_focus:
                self.app.speech.say(self.button_words())
            self.show_focus = True
        elif isinstance(intent, Cancel):
            if self.app.kiosk is not None:
                return  # a kiosk is never left from its home screen
            self.app.confirm(tr("Quit?"), tr("Your games are saved."), tr("Quit"), self.quit_app)

    def button_words(self) -> str:
        """The focused button said (CM-19): its game's name on a tile, its label, its note."""
        if not self.buttons:
            return ""
        b = self.buttons[self.focus]
        _, _, rest = b.action.partition(":")
        name = rest.split(":")[0] if rest else ""
        game = game_for(name).title() if name and ":" in b.action else ""
        return ptr("list", ", ").join(p for p in (game, b.label, b.note, tr("button")) if p)

    def spoken(self) -> str:
        return said_together([tr("Solitaire"), self.button_words()])

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
        w = surface.get_width()
        touch = touch_size(96)
        heading = touch * (0.55 if self.compact else 0.8)
        title = fonts.fit_text(tr("Solitaire"), int(heading), TEXT, w * 0.8, bold=True)
        surface.blit(title, title.get_rect(center=(w / 2, heading)))
        for tile in [] if self.compact else self.tiles:  # a small screen's games are buttons, drawn below
            pygame.draw.rect(surface, TILE, rect(tile.box), border_radius=12)
            self._draw_heading(surface, tile, touch)
            surface.blit(self.preview(tile), (round(tile.preview.x), round(tile.preview.y)))
        bar = min((button_text_size(b) for b in self.buttons if b.action in BAR), default=0)  # one size
        for k, b in enumerate(self.buttons):
            b.selected = self.chosen(b.action)
            draw_button(surface, b, focused=self.show_focus and k == self.focus, text_size=bar * (b.action in BAR))
        if self.message is not None:
            draw_toast(surface, self.message[0], self.bar_top - touch * 0.2, int(touch * 0.4))

    def _draw_heading(self, surface: pygame.Surface, tile: Tile, touch: float) -> None:
        """A tile's name and stars; a saved game's options and moves at the right when they fit
        beside them, else on the line below in place of the blurb — never over the name or stars."""
        game, box, pad = game_for(tile.variant), tile.box, touch * 0.3
        stars = game.stars(self.options(tile.variant))  # CM-14: the difficulty, for these options
        mark = fonts.text(stars_text(stars), int(touch * 0.3), STAR)  # CM-17: out of 5, as everywhere
        name_room = box.w - 2 * pad - touch * 0.15 - mark.get_width()
        name = fonts.fit_text(game.title(), int(touch * 0.45), TEXT, name_room, bold=True)
        middle = round(box.y + touch * 0.12 + name.get_height() / 2)
        surface.blit(name, name.get_rect(midleft=(round(box.x + pad), middle)))
        stars_end = box.x + pad + name.get_width() + touch * 0.15
        surface.blit(mark, mark.get_rect(midleft=(round(stars_end), middle)))
        stars_end += mark.get_width()
        below, second_line = game.blurb(), tile.preview.y > box.y + touch * 0.8  # room for a line under the name
        if tile.variant in self.saved:
            s = self.saved[tile.variant]  # the saved game's own options: the chips are for new games
            moves = tr("Moves {n}", n=s.moves)
            words = " · ".join([game.option_text(k, v) for k, v in s.deal_id.options] + [moves])
            beside, size = box.right - pad - stars_end - pad, int(touch * 0.3)  # the room right of the stars
            shown = words if fonts.fits(words, beside, size) else ("" if second_line else moves)
            if shown != words and second_line:
                below = words  # on the line below, in place of the blurb
            if shown and fonts.fits(shown, beside, size):
                note = fonts.text(shown, size, NOTE)
                surface.blit(note, note.get_rect(midright=(round(box.right - pad), middle)))
        if second_line:
            about = fonts.fit_text(below, BLURB_SIZE, NOTE, box.w - 2 * pad)
            surface.blit(about, (round(box.x + pad), round(box.y + touch * 0.72)))
