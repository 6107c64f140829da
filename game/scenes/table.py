"""The generic table scene: any variant's game, played by drag, tap, double-tap or keys.

What it does for every variant (SPEC CM-2 ... CM-12): drag a card or run that follows the pointer
and lands on the pile under it; tap a card to select it, every legal destination outlined dotted,
tap a destination; double-tap to send a card home; an illegal drop flies back with the reason in a
toast; keyboard focus, pick up and place; undo and redo; a hint drawn on the table; auto-collect
when the end is certain; the HUD; the result panels; saving after every move. A variant's scene
(see ``klondike.py``) says how its piles look and what is particular to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.core.errors import IllegalMove
from game.core.i18n import tr
from game.input.intents import (
    BACK,
    HINT,
    NEW_DEAL,
    REDO,
    RESTART,
    UNDO,
    Action,
    Activate,
    Cancel,
    DoubleTap,
    DragEnd,
    DragMove,
    DragStart,
    FocusMove,
    Intent,
    LongPress,
    SecondaryTap,
    Tap,
)
from game.rules.base import FOUNDATION, MOVE, Event, Move, Pile
from game.scenes.base import Scene
from game.session import Session
from game.solver.engine import Result, Status
from game.solver.sampling import SampledHint
from game.solver.tasks import SolverTask
from game.view.hud import draw_status_bar, draw_toolbar, format_time, toolbar_buttons
from game.view.layout import Rect, TableSpec
from game.view.sprites import Sprite
from game.view.table_view import PileContents, TableView
from game.view.widgets import FOCUS, Button, dotted_frame, draw_toast, rect

if TYPE_CHECKING:
    from game.app import App

SELECT = (255, 214, 64)
TARGET = (120, 230, 255)
HINT_COLOUR = (255, 120, 200)
TOAST_TIME = 2.8
SLICE = 0.004  # seconds of solver work per fixed step: frames keep flowing while it thinks
COLLECT_INTERVAL = 0.11


@dataclass
class Drag:
    pile: Pile
    index: int
    sprites: list[Sprite]
    grab: tuple[float, float]  # pointer offset from the first card's corner
    pos: tuple[float, float]  # where the first card is drawn now
    target: Pile | None = None
    target_legal: bool = False  # decided when the target changes, not every frame


@dataclass
class Hint:
    move: Move | None
    text: str
    until: float


class TableScene(Scene):
    """Subclasses provide ``table_spec``, ``pile_contents`` and may refine the hooks below."""

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.now = 0.0
        self.view = TableView(self.table_spec(), app.window_size(), app.settings.speed)
        self.selected: tuple[Pile, int] | None = None
        self.targets: list[Move] = []
        self.drag: Drag | None = None
        self.focus: tuple[Pile, int] | None = None
        self.show_focus = False
        self.hint: Hint | None = None
        self.toast: tuple[str, float] | None = None
        self.buttons: list[Button] = []
        self.deal_rect = Rect(0, 0, 0, 0)
        self.collecting = False
        self._next_collect = 0.0
        self.hint_job: SolverTask | SampledHint | None = None  # a hint being computed, a slice per step
        self.finished_hint_job: SolverTask | SampledHint | None = None
        self._announced = False  # the win or game-over panel was shown for this position
        self.resize(app.window_size())
        self.position_changed()

    # -- hooks for variant scenes ---------------------------------------------------------------

    def table_spec(self) -> TableSpec:
        raise NotImplementedError

    def pile_contents(self) -> PileContents:
        raise NotImplementedError

    def pile_labels(self) -> dict[Pile, str]:
        return {}

    def lift_problem(self, pile: Pile, index: int) -> str | None:
        """Why the cards from ``index`` up cannot be picked up (None if they can)."""
        cards, down = self.pile_contents()[pile]
        if index < down:
            return tr("Face-down cards cannot move.")
        return None if index == len(cards) - 1 else tr("Only the top card can move.")

    def tap_pile(self, pile: Pile, index: int) -> bool:
        """A variant's own meaning for a tap (the stock); True if it handled the tap."""
        return False

    def auto_destination(self, pile: Pile, index: int) -> Move | None:
        """Double-tap: a foundation first, then another legal place (CM-3)."""
        moves = self.moves_from(pile, index)
        home = [m for m in moves if m.dst.kind == FOUNDATION]
        if home:
            return home[0]
        filled = [m for m in moves if self.pile_contents()[m.dst][0]]
        best = filled or moves
        return best[0] if best else None

    def find_hint(self) -> tuple[Move | None, str]:
        """A recommended move and why; (None, advice) when no move helps."""
        moves = self.session.rules.legal_moves(self.session.state)
        return (moves[0], tr("A legal move.")) if moves else (None, tr("No moves are left: undo, or start a new deal."))

    def collect_move(self) -> Move | None:
        """The next card auto-collect plays, when the end is certain (CM-5); None otherwise."""
        rules = self.session.rules
        is_certain = getattr(rules, "is_certain", None)
        if is_certain is None or self.session.won or not is_certain(self.session.state):
            return None
        collect = getattr(rules, "collect_move", None)
        move: Move | None = collect(self.session.state) if collect is not None else None
        return move

    def score_text(self, score: int) -> str:
        return tr("Score {n}", n=score)

    def result_lines(self) -> list[str]:
        """Extra lines for the win panel (Spider's completed suits)."""
        return []

    def heading(self) -> str:
        """The game's name for the status bar."""
        return self.session.deal_id.variant.capitalize()

    def status(self) -> list[str]:
        """Extra items for the status bar (redeals left...)."""
        return []

    # -- helpers --------------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self.session.state

    def moves_from(self, pile: Pile, index: int) -> list[Move]:
        """The legal moves of the cards from ``index`` up, each with its destination as ``dst``."""
        cards, _ = self.pile_contents()[pile]
        size = len(cards) - index
        return [
            m for m in self.session.rules.legal_moves(self.state) if m.kind == MOVE and m.src == pile and m.size == size
        ]

    def drop_move(self, pile: Pile, index: int, target: Pile) -> Move:
        """The move meant by putting the cards from ``index`` up on ``target`` (a drop, or a tap on a
        destination); Pyramid pairs instead."""
        cards, _ = self.pile_contents()[pile]
        return Move(MOVE, pile, target, len(cards) - index)

    def target_of(self, move: Move) -> Pile:
        """The pile a selection's move is outlined on (its destination)."""
        return move.dst

    def say(self, message: str) -> None:
        self.toast = (message, self.now + TOAST_TIME)

    def refresh(self, delay: float = 0.0, stagger: float = 0.0, enter_from: tuple[float, float] | None = None) -> None:
        """Bring the cards to the current position (animated) after any change."""
        self.view.set_labels(self.pile_labels())
        placements = self.view.placements(self.pile_contents())
        self.view.sprites.sync(placements, self.now, delay, stagger, enter_from)
        self._announced = False

    def deal_origin(self) -> tuple[float, float]:
        """Where a new deal's cards fly in from: the stock if there is one, else above the table."""
        for pile, r in self.view.layout.piles.items():
            if pile.kind == "stock":
                return (r.x, r.y)
        return (self.view.layout.table.center[0], -self.view.layout.card_h)

    def clear_marks(self) -> None:
        self.selected = None
        self.targets = []
        self.hint = None

    # -- doing things ---------------------------------------------------------------------------

    def play(self, move: Move, stagger: float = 0.0) -> bool:
        """Try a move; on success animate, save and look for the end; on failure say why."""
        try:
            events = self.session.play(move)
        except IllegalMove as e:
            self.say(e.reason)
            return False
        self.after_change(events, stagger)
        return True

    def position_changed(self) -> None:
        """Any change of position (a move, undo, restart, a new deal): searches about the old one
        are dropped."""
        if self.hint_job is not None:
            self.hint_job.cancel()
            self.hint_job = None

    def after_change(self, events: list[Event], stagger: float = 0.0) -> None:
        self.position_changed()
        self.clear_marks()
        self.refresh(stagger=stagger)
        self.save()
        if not self.collecting and self.collect_move() is not None:
            self.collecting = True
            self._next_collect = self.now + COLLECT_INTERVAL * 2

    def undo(self) -> None:
        self.collecting = False
        try:
            events = self.session.undo()
        except IllegalMove as e:
            self.say(e.reason)
            return
        self.after_change(events)
        self.collecting = False

    def redo(self) -> None:
        try:
            events = self.session.redo()
        except IllegalMove as e:
            self.say(e.reason)
            return
        self.after_change(events)

    def restart(self) -> None:
        self.collecting = False
        self.session.restart()
        self.position_changed()
        self.clear_marks()
        self.refresh(stagger=0.01)
        self.save()

    def new_deal(self, session: Session) -> None:
        """Replace the game with a new one (from the new-deal dialog or a result panel)."""
        self.collecting = False
        self.session = session
        self.position_changed()
        self.clear_marks()
        self.view.relayout(self.table_spec(), self.app.window_size(), self.pile_contents())
        self.view.sprites.sync([], self.now)
        self.refresh(stagger=0.018, enter_from=self.deal_origin())
        self.save()

    def save(self) -> None:
        try:
            self.app.store.write(f"save-{self.session.deal_id.variant}", self.session.to_dict())
            self.app.settings.last_variant = self.session.deal_id.variant
        except OSError as e:
            self.say(tr("The game could not be saved: {error}", error=str(e)))

    def show_hint(self) -> None:
        self.clear_marks()
        job = self.hint_search()
        if job is None:
            move, text = self.find_hint()
            self.hint = Hint(move, text, self.now + 6.0)
        else:
            self.hint_job = job
            self.hint = Hint(None, tr("Computing…"), self.now + 60.0)

    def hint_search(self) -> SolverTask | SampledHint | None:
        """A solver search that will give the hint (FreeCell: everything is visible); None to use
        :meth:`find_hint` at once."""
        return None

    def hint_from(self, result: Result[Move]) -> tuple[Move | None, str]:
        """The hint a finished search gives."""
        if result.status is Status.SOLVED and result.moves:
            return result.moves[0], tr("The next move of a winning line.")
        if result.status is Status.UNSOLVABLE:
            return None, tr("This deal cannot be won from here: undo some moves, or start a new deal.")
        return self.find_hint()

    def copy_deal_id(self) -> None:
        ok = self.app.copy_text(str(self.session.deal_id))
        self.say(
            tr("Deal ID copied: {id}", id=str(self.session.deal_id))
            if ok
            else tr("Deal ID: {id}", id=str(self.session.deal_id))
        )

    # -- selection (tap, then tap a destination) ------------------------------------------------

    def select(self, pile: Pile, index: int) -> None:
        problem = self.lift_problem(pile, index)
        if problem:
            self.clear_marks()
            self.say(problem)
            return
        self.clear_marks()
        self.selected = (pile, index)
        self.targets = self.moves_from(pile, index)
        if not self.targets:
            self.say(tr("This card has no legal place to go right now."))

    def place_selection(self, pile: Pile) -> None:
        assert self.selected is not None
        src, index = self.selected
        if pile == src:
            self.clear_marks()
            return
        for m in self.targets:
            if m.dst == pile:
                self.play(m)
                return
        attempt = self.drop_move(src, index, pile)
        self.clear_marks()
        self.say(self.session.rules.check(self.state, attempt) or tr("That move is not allowed here."))

    def tap(self, pos: tuple[float, float]) -> None:
        for b in self.buttons:
            if b.hit(pos):
                self.handle(Action(b.action))
                return
        if self.deal_rect.contains(pos):
            self.copy_deal_id()
            return
        hit = self.view.hit(pos)
        self.hint = None
        if hit is None:
            self.clear_marks()
            return
        pile, index = hit
        self.focus = (pile, index)
        if self.selected is not None:
            self.place_selection(pile)
            return
        if self.tap_pile(pile, index):
            return
        if index < 0:
            return  # an empty pile, nothing selected: nothing to do there
        self.select(pile, index)

    def double_tap(self, pos: tuple[float, float]) -> None:
        hit = self.view.hit(pos)
        if hit is None or hit[1] < 0:
            self.tap(pos)
            return
        pile, index = hit
        if self.tap_pile(pile, index):
            return
        problem = self.lift_problem(pile, index)
        if problem:
            self.clear_marks()
            self.say(problem)
            return
        move = self.auto_destination(pile, index)
        self.clear_marks()
        if move is None:
            self.say(tr("This card has no legal place to go right now."))
        else:
            self.play(move)

    # -- dragging -------------------------------------------------------------------------------

    def drag_start(self, pos: tuple[float, float]) -> None:
        hit = self.view.hit(pos)
        self.hint = None
        if hit is None or hit[1] < 0:
            return
        pile, index = hit
        problem = self.lift_problem(pile, index)
        if problem:
            self.say(problem)
            return
        sprites = self.view.pile_sprites(pile, index)
        if not sprites:
            return
        first = sprites[0]
        here = first.position(self.now)
        self.clear_marks()
        self.drag = Drag(pile, index, sprites, (pos[0] - here[0], pos[1] - here[1]), here)

    def drag_move(self, pos: tuple[float, float]) -> None:
        d = self.drag
        if d is None:
            return
        d.pos = (pos[0] - d.grab[0], pos[1] - d.grab[1])
        target = self.drop_target(pos)
        if target != d.target:
            d.target = target
            legal = target is not None and self.session.rules.check(self.state, self.drop_move(d.pile, d.index, target))
            d.target_legal = target is not None and legal is None

    def drop_target(self, pointer: tuple[float, float]) -> Pile | None:
        d = self.drag
        if d is None:
            return None
        card = Rect(d.pos[0], d.pos[1], self.view.layout.card_w, self.view.layout.card_h)
        best, best_area = None, 0.0
        for pile in self.view.layout.piles:
            if pile == d.pile:
                continue
            area = self.view.drop_zone(pile).overlap(card)
            if area > best_area:
                best, best_area = pile, area
        if best is None:
            hit = self.view.hit(pointer)
            best = hit[0] if hit else None
        return best

    def drag_end(self, pos: tuple[float, float], cancelled: bool) -> None:
        d = self.drag
        if d is None:
            return
        if not cancelled:
            d.pos = (pos[0] - d.grab[0], pos[1] - d.grab[1])
        target = None if cancelled else self.drop_target(pos)
        self.drag = None
        step = self._fan_step(d)
        if target is None or target == d.pile:
            self.view.sprites.fly_back(d.sprites, d.pos, step, self.now)
            return
        move = self.drop_move(d.pile, d.index, target)
        reason = self.session.rules.check(self.state, move)
        if reason is not None:
            self.view.sprites.fly_back(d.sprites, d.pos, step, self.now)
            self.say(reason)
            return
        self.view.sprites.place(d.sprites, d.pos, step)
        self.play(move)

    def _fan_step(self, d: Drag) -> tuple[float, float]:
        if len(d.sprites) < 2:
            return (0.0, 0.0)
        a, b = d.sprites[0].rect, d.sprites[1].rect
        return (b.x - a.x, b.y - a.y)

    # -- keyboard -------------------------------------------------------------------------------

    def focus_rows(self) -> list[list[Pile]]:
        rows = [[s.pile for s in row if s.pile is not None] for row in self.view.spec.rows]
        if self.view.spec.side:
            rows.insert(0, list(self.view.spec.side))
        return [row for row in rows if row]

    def move_focus(self, dx: int, dy: int) -> None:
        rows = self.focus_rows()
        contents = self.pile_contents()
        if self.focus is None or self.focus[0] not in contents:
            self.focus = (rows[-1][0], len(contents[rows[-1][0]][0]) - 1)
            return
        pile, index = self.focus
        r = next(i for i, row in enumerate(rows) if pile in row)
        c = rows[r].index(pile)
        cards, down = contents[pile]
        fanned = self.view.layout.fans[pile].fan == "down"
        if dx:
            row = rows[r]
            pile = row[(c + dx) % len(row)]
            self.focus = (pile, len(contents[pile][0]) - 1)
        elif fanned and 0 <= index + dy < len(cards) and index + dy >= down:
            self.focus = (pile, index + dy)
        else:
            r2 = (r + dy) % len(rows)
            x = self.view.layout.piles[pile].center[0]
            pile = min(rows[r2], key=lambda p: abs(self.view.layout.piles[p].center[0] - x))
            self.focus = (pile, len(contents[pile][0]) - 1)

    def activate(self) -> None:
        if self.focus is None:
            self.move_focus(0, 0)
            return
        pile, index = self.focus
        if self.selected is not None:
            self.place_selection(pile)
            return
        if self.tap_pile(pile, index):
            self.focus = (pile, len(self.pile_contents()[pile][0]) - 1)
            return
        if index < 0:
            self.say(tr("There is no card here."))
            return
        self.select(pile, index)

    # -- the scene interface --------------------------------------------------------------------

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Tap):
            self.show_focus = False
            self.tap(intent.pos)
        elif isinstance(intent, DoubleTap):
            self.double_tap(intent.pos)
        elif isinstance(intent, (LongPress, SecondaryTap)):
            self.long_press(intent.pos)
        elif isinstance(intent, DragStart):
            self.show_focus = False
            self.drag_start(intent.pos)
        elif isinstance(intent, DragMove):
            self.drag_move(intent.pos)
        elif isinstance(intent, DragEnd):
            self.drag_end(intent.pos, intent.cancelled)
        elif isinstance(intent, FocusMove):
            self.show_focus = True
            self.move_focus(intent.dx, intent.dy)
        elif isinstance(intent, Activate):
            self.show_focus = True
            self.activate()
        elif isinstance(intent, Cancel):
            if self.selected or self.hint:
                self.clear_marks()
            else:
                self.on_escape()
        elif isinstance(intent, Action):
            self.action(intent.name)

    def long_press(self, pos: tuple[float, float]) -> None:
        """By default a long press or right click selects, like a tap (Spider opens its panel)."""
        self.tap(pos)

    def on_escape(self) -> None:
        """Esc with nothing selected: back to the home screen (the game is saved, not lost)."""
        self.go_home()

    def go_home(self) -> None:
        from game.scenes.home import HomeScene

        self.save()
        self.app.replace(HomeScene(self.app))

    def preview(self, size: tuple[int, int]) -> pygame.Surface:
        """The table drawn small, without status bar or toolbar (for the home screen)."""
        view = TableView(self.table_spec(), size, 0.0, chrome=False)
        view.relayout(self.table_spec(), size, self.pile_contents())
        view.set_labels(self.pile_labels())
        surface = pygame.Surface(size)
        view.draw_background(surface)
        view.draw_cards(surface, 0.0)
        return surface

    def action(self, name: str) -> None:
        if name == UNDO:
            self.undo()
        elif name == REDO:
            self.redo()
        elif name == HINT:
            self.show_hint()
        elif name == RESTART:
            self.restart()
        elif name == NEW_DEAL:
            self.open_new_deal()
        elif name == "settings":
            self.open_settings()
        elif name == "copy_id":
            self.copy_deal_id()
        elif name == BACK:
            self.go_home()

    def open_new_deal(self) -> None:
        from game.scenes.panels import NewDealDialog

        self.app.push(NewDealDialog(self.app, self))

    def open_settings(self) -> None:
        from game.scenes.panels import SettingsPanel

        self.app.push(SettingsPanel(self.app, self))

    def set_speed(self, speed: float) -> None:
        self.view.sprites.speed = speed

    def update(self, dt: float) -> None:
        self.now += dt
        if self.app.active and self.app.stack.top is self:
            self.session.tick(dt)
        if self.hint_job is not None and self.hint_job.advance(SLICE):
            self.finished_hint_job, self.hint_job = self.hint_job, None
            move, text = self.hint_from(self.finished_hint_job.result())
            self.hint = Hint(move, text, self.now + 6.0)
        if self.toast and self.now > self.toast[1]:
            self.toast = None
        if self.hint and self.now > self.hint.until:
            self.hint = None
        if self.collecting and self.now >= self._next_collect and self.drag is None:
            move = self.collect_move()
            if move is None:
                self.collecting = False
            else:
                self.play(move)
                self._next_collect = self.now + COLLECT_INTERVAL / max(0.5, self.view.sprites.speed or 4.0)
        if not self._announced and not self.view.sprites.busy(self.now) and not self.collecting and self.drag is None:
            self._announced = True
            if self.app.stack.top is self:
                self.announce_end()

    def announce_end(self) -> None:
        from game.scenes.panels import GameOverPanel, WinPanel

        if self.session.won:
            self.app.push(WinPanel(self.app, self))
        elif self.session.over or self.session.given_up:
            self.app.push(GameOverPanel(self.app, self))

    def resize(self, size: tuple[int, int]) -> None:
        self.view.relayout(self.table_spec(), size, self.pile_contents())
        self.view.set_labels(self.pile_labels())
        self.layout_hud()
        if self.drag is not None:  # keep the drag going: the cards stay under the finger
            d = self.drag
            d.sprites = self.view.pile_sprites(d.pile, d.index)

    def focus_changed(self, active: bool) -> None:
        if not active and self.drag is not None:
            self.drag_end(self.drag.pos, cancelled=True)

    def quit(self) -> None:
        self.save()

    # -- HUD ------------------------------------------------------------------------------------

    def toolbar_actions(self) -> list[tuple[str, str]]:
        return [
            (BACK, tr("Menu")),
            (UNDO, tr("Undo")),
            (REDO, tr("Redo")),
            (HINT, tr("Hint")),
            (RESTART, tr("Restart")),
            (NEW_DEAL, tr("New deal")),
            ("settings", tr("Settings")),
        ]

    def layout_hud(self) -> None:
        layout = self.view.layout
        self.buttons = toolbar_buttons(layout.toolbar, layout.touch, self.toolbar_actions())

    def draw_hud(self, surface: pygame.Surface) -> None:
        s = self.session
        score = s.score()
        parts = [self.score_text(score)] if score is not None else []
        parts += [tr("Moves {n}", n=s.moves), format_time(s.elapsed), *self.status()]
        layout = self.view.layout
        deal = tr("Deal {n}", n=s.deal_id.number)
        self.deal_rect = draw_status_bar(surface, layout.top_bar, self.heading(), parts, deal)
        for b in self.buttons:
            b.enabled = self.button_enabled(b.action)
        draw_toolbar(surface, layout.toolbar, self.buttons)

    def button_enabled(self, action: str) -> bool:
        h = self.session.history
        if action == UNDO:
            return h.can_undo
        if action == REDO:
            return h.can_redo
        if action == RESTART:
            return h.can_undo
        return True

    # -- drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        now = self.now + alpha * (1 / 120)
        view = self.view
        view.draw_background(surface)
        hidden = self.drag.sprites if self.drag else []
        view.draw_cards(surface, now, hidden)
        width = max(3, round(view.layout.card_w * 0.045))
        if self.selected is not None:
            pile, index = self.selected
            for sp in view.pile_sprites(pile, index):
                view.frame(surface, sp.rect, SELECT, width)
            for m in self.targets:
                dotted_frame(surface, view.target_rect(self.target_of(m)).grown(width), TARGET, width)
        if self.hint is not None and self.hint.move is not None:
            self._draw_hint(surface, self.hint.move, width * 2)
        if self.drag is not None:
            d = self.drag
            step = self._fan_step(d)
            if d.target is not None and d.target_legal:
                dotted_frame(surface, view.target_rect(d.target).grown(width), TARGET, width)
            for k, sp in enumerate(d.sprites):
                shadow = pygame.Surface((round(sp.rect.w), round(sp.rect.h)), pygame.SRCALPHA)
                pygame.draw.rect(
                    shadow, (0, 0, 0, 60), shadow.get_rect(), border_radius=max(3, round(sp.rect.w * 0.08))
                )
                surface.blit(shadow, (round(d.pos[0] + k * step[0] + 5), round(d.pos[1] + k * step[1] + 7)))
                view.draw_card(surface, sp.card, sp.face_up, (d.pos[0] + k * step[0], d.pos[1] + k * step[1]))
        if self.show_focus and self.focus is not None:
            self._draw_focus(surface, width)
        self.draw_hud(surface)
        if self.hint is not None:
            draw_toast(surface, self.hint.text, view.layout.toolbar.y - 10, int(view.layout.touch * 0.42))
        elif self.toast is not None:
            left = self.toast[1] - self.now
            draw_toast(
                surface, self.toast[0], view.layout.toolbar.y - 10, int(view.layout.touch * 0.42), min(1.0, left / 0.4)
            )

    def _draw_hint(self, surface: pygame.Surface, move: Move, width: int) -> None:
        view = self.view
        if move.kind == MOVE:
            cards, _ = self.pile_contents()[move.src]
            for sp in view.pile_sprites(move.src, len(cards) - move.size):
                view.frame(surface, sp.rect, HINT_COLOUR, width)
            view.frame(surface, view.target_rect(move.dst), HINT_COLOUR, width)
        elif move.src in view.layout.piles:
            view.frame(surface, view.target_rect(move.src), HINT_COLOUR, width)

    def _draw_focus(self, surface: pygame.Surface, width: int) -> None:
        assert self.focus is not None
        pile, index = self.focus
        sp = self.view.sprites.at(pile, index) if index >= 0 else None
        r = sp.rect if sp is not None else self.view.layout.piles.get(pile)
        if r is not None:
            pygame.draw.rect(surface, FOCUS, rect(r).inflate(width * 3, width * 3), width=width, border_radius=8)
