"""The table scene: any game, played by drag, tap, double tap or keys — glue between the input
intents, the game's record (``game/games``), its pure interaction (``game/play``), its hints
(``game/hints``) and the view. Klondike, FreeCell, Yukon, Golf and Pyramid play here with no
subclass; Spider and Addiction add what is truly theirs.

What it does for every game (SPEC CM-2 ... CM-12): a drag follows the pointer and lands on the
pile under it; a tap selects and a second tap places; a double tap sends a card home; an illegal
drop flies back with the reason; keyboard focus; undo and redo; the hint drawn on the table;
auto-collect when the end is certain; the status bar and toolbar; the result panels; saving
after every move (off the frame).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

import pygame

from game.core.errors import IllegalMove
from game.core.i18n import tr
from game.games import Game, game_for
from game.hints.base import Hint, HintJob
from game.input.intents import (
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
from game.play.focus import FocusMap, move_focus, settle
from game.play.interaction import Outcome
from game.play.position import Position
from game.rules.base import MOVE, PAIR, Event, Move, Pile
from game.scenes.base import Scene
from game.session import Session
from game.view import marks
from game.view.hud import draw_status_bar, draw_toolbar, format_time, toolbar_buttons
from game.view.layout import Rect
from game.view.sprites import Sprite
from game.view.table_view import TableView
from game.view.widgets import Button, draw_toast

if TYPE_CHECKING:
    from game.app import App

TOAST_TIME = 2.8
HINT_TIME = 6.0
SLICE = 0.004  # seconds of solver work per fixed step: frames keep flowing while it thinks
COLLECT_INTERVAL = 0.11


class Command(StrEnum):
    """The table's buttons and key commands (the input layer's action names)."""

    UNDO = "undo"
    REDO = "redo"
    HINT = "hint"
    RESTART = "restart"
    NEW_DEAL = "new_deal"
    SETTINGS = "settings"
    COPY_ID = "copy_id"
    BACK = "back"
    DEAL = "deal"


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
class ShownHint:
    move: Move | None
    text: str
    until: float


class TableScene(Scene):
    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.game: Game = game_for(session.deal_id.variant)
        self.interaction = self.game.interaction()
        self.now = 0.0
        self.view = TableView(self.game.table(session.state), app.window_size(), app.settings.speed)
        self.drag: Drag | None = None
        self.focus: tuple[Pile, int] | None = None
        self.show_focus = False
        self.hint: ShownHint | None = None
        self.toast: tuple[str, float] | None = None
        self.buttons: list[Button] = []
        self.deal_rect = Rect(0, 0, 0, 0)
        self.collecting = False
        self._next_collect = 0.0
        self.hint_job: HintJob | None = None  # a hint being computed, a slice per step
        self._announced = False  # the win or game-over panel was shown for this position
        self._changed = bool(session.moves)  # a deal opened and left untouched replaces no saved game
        self.resize(app.window_size())

    # -- reading the game -----------------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self.session.state

    def position(self) -> Position:
        return Position(self.session.rules, self.session.state, self.session.legal)

    @property
    def selected(self) -> tuple[Pile, int] | None:
        sel = self.interaction.selected
        return None if sel is None else (sel.pile, sel.index)

    @property
    def targets(self) -> list[Move]:
        return self.interaction.targets

    def say(self, message: str) -> None:
        self.toast = (message, self.now + TOAST_TIME)

    def clear_marks(self) -> None:
        self.interaction.clear()
        self.hint = None

    # -- carrying out what the interaction decided ----------------------------------------------

    def carry_out(self, outcome: Outcome) -> None:
        if outcome.move is not None:
            self.play(outcome.move, outcome.stagger)
        if outcome.message is not None:
            self.say(outcome.message)
        if outcome.panel is not None:
            self.open_panel(outcome.panel)

    def open_panel(self, pile: Pile) -> None:
        """A game's own panel for a pile (Spider's segment panel)."""

    def play(self, move: Move, stagger: float = 0.0) -> bool:
        """Try a move; on success animate, save and look for the end; on failure say why."""
        try:
            events = self.session.play(move)
        except IllegalMove as e:
            self.say(e.reason)
            return False
        self.after_change(events, stagger)
        return True

    def after_change(self, events: list[Event], stagger: float = 0.0) -> None:
        """Any change of position (a move, undo, redo, restart, a new deal)."""
        if self.hint_job is not None:
            self.hint_job.cancel()
            self.hint_job = None
        self.clear_marks()
        self.toast = None  # a message about the last position is stale now
        self.refresh(stagger=stagger)
        self._changed = True
        self.save()
        if not self.collecting and self.collect_move() is not None:
            self.collecting = True
            self._next_collect = self.now + COLLECT_INTERVAL * 2

    def refresh(self, delay: float = 0.0, stagger: float = 0.0, enter_from: tuple[float, float] | None = None) -> None:
        """Bring the cards to the current position (animated)."""
        self.view.set_labels(self.game.labels(self.state))
        contents = self.session.rules.piles(self.state)
        self.view.sprites.sync(self.view.placements(contents), self.now, delay, stagger, enter_from)
        if self.focus is not None:
            self.focus = settle(self.focus, contents, self.focus_map())
        self._announced = False

    def collect_move(self) -> Move | None:
        """The next card auto-collect plays, when the end is certain (CM-5); None otherwise."""
        rules, state = self.session.rules, self.session.state
        if self.session.won or not rules.is_certain(state):
            return None
        return rules.collect_move(state)

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
        self.after_change([], stagger=0.01)
        self.collecting = False

    def new_deal(self, session: Session) -> None:
        """Replace the game with a new one (from the new-deal dialog or a result panel)."""
        self.collecting = False
        self.session = session
        self.game = game_for(session.deal_id.variant)
        self.view.relayout(self.game.table(session.state), self.app.window_size(), session.rules.piles(session.state))
        self.view.sprites.sync([], self.now)
        self.after_change([])
        self.refresh(stagger=0.018, enter_from=self.deal_origin())

    def deal_origin(self) -> tuple[float, float]:
        """Where a new deal's cards fly in from: the stock if there is one, else above the table."""
        for pile, r in self.view.layout.piles.items():
            if pile.kind == "stock":
                return (r.x, r.y)
        return (self.view.layout.table.center[0], -self.view.layout.card_h)

    def save(self) -> None:
        """Queue the game for saving (written off the frame, latest position wins). A deal that
        was only opened, never played, is not saved: it replaces no game in progress (CM-13)."""
        if not self._changed:
            return
        self.app.store.write_later(f"save-{self.session.deal_id.variant}", self.session.to_dict())
        self.app.settings.last_variant = self.session.deal_id.variant

    def show_hint(self) -> None:
        self.clear_marks()
        s = self.session
        self.hint_job = self.game.hints(s.rules, s.state, s.history.seen, s.legal)
        if self.hint_job.advance(0.0):
            self._hint_ready()
        else:
            self.hint = ShownHint(None, tr("Computing…"), self.now + 60.0)

    def _hint_ready(self) -> None:
        assert self.hint_job is not None
        hint: Hint = self.hint_job.result()
        self.hint_job = None
        self.hint = ShownHint(hint.move, hint.reason, self.now + HINT_TIME)

    def copy_deal_id(self) -> None:
        deal = str(self.session.deal_id)
        ok = self.app.copy_text(deal)
        self.say(tr("Deal ID copied: {id}", id=deal) if ok else tr("Deal ID: {id}", id=deal))

    # -- input ----------------------------------------------------------------------------------

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, (Tap, DragStart)):
            self.show_focus = False
        if isinstance(intent, Tap):
            self.tap(intent.pos)
        elif isinstance(intent, DoubleTap):
            self.on_card(intent.pos, self.interaction.double_tap)
        elif isinstance(intent, (LongPress, SecondaryTap)):
            self.on_card(intent.pos, self.interaction.long_press)
        elif isinstance(intent, DragStart):
            self.drag_start(intent.pos)
        elif isinstance(intent, DragMove):
            self.drag_move(intent.pos)
        elif isinstance(intent, DragEnd):
            self.drag_end(intent.pos, intent.cancelled)
        elif isinstance(intent, FocusMove):
            self.show_focus = True
            self.focus = move_focus(
                self.focus, intent.dx, intent.dy, self.session.rules.piles(self.state), self.focus_map()
            )
        elif isinstance(intent, Activate):
            self.show_focus = True
            self.activate()
        elif isinstance(intent, Cancel):
            if self.interaction.selected or self.hint:
                self.clear_marks()
            else:
                self.action(Command.BACK)
        elif isinstance(intent, Action):
            self.action(intent.name)

    def tap(self, pos: tuple[float, float]) -> None:
        for b in self.buttons:
            if b.hit(pos):
                if b.enabled:
                    self.action(b.action)
                return
        if self.deal_rect.contains(pos):
            self.copy_deal_id()
            return
        self.on_card(pos, self.interaction.tap)

    def on_card(self, pos: tuple[float, float], gesture: Any) -> None:
        hit = self.view.hit(pos)
        self.hint = None
        if hit is None:
            self.clear_marks()
            return
        self.focus = hit
        self.carry_out(gesture(self.position(), *hit))

    def activate(self) -> None:
        if self.focus is None:
            self.focus = move_focus(None, 0, 0, self.session.rules.piles(self.state), self.focus_map())
            return
        self.carry_out(self.interaction.activate(self.position(), *self.focus))

    def focus_map(self) -> FocusMap:
        spec, layout = self.view.spec, self.view.layout
        rows = [[s.pile for s in row if s.pile is not None] for row in spec.rows]
        if spec.side:
            rows.insert(0, list(spec.side))
        fanned = frozenset(p for p, f in layout.fans.items() if f.fan == "down")
        return FocusMap([r for r in rows if r], {p: r.center[0] for p, r in layout.piles.items()}, fanned)

    def drag_start(self, pos: tuple[float, float]) -> None:
        hit = self.view.hit(pos)
        self.hint = None
        if hit is None or hit[1] < 0:
            return
        pile, index = hit
        problem = self.interaction.lift(self.position(), pile, index)
        if problem:
            self.say(problem)
            return
        sprites = self.view.pile_sprites(pile, index)
        if sprites:
            here = sprites[0].position(self.now)
            self.drag = Drag(pile, index, sprites, (pos[0] - here[0], pos[1] - here[1]), here)

    def drag_move(self, pos: tuple[float, float]) -> None:
        d = self.drag
        if d is None:
            return
        d.pos = (pos[0] - d.grab[0], pos[1] - d.grab[1])
        target = self.drop_target(pos)
        if target != d.target:
            d.target = target
            position = self.position()
            d.target_legal = (
                target is not None and position.check(self.interaction.drop(position, d.pile, d.index, target)) is None
            )

    def drop_target(self, pointer: tuple[float, float]) -> Pile | None:
        d = self.drag
        if d is None:
            return None
        card = Rect(d.pos[0], d.pos[1], self.view.layout.card_w, self.view.layout.card_h)
        best, best_area = None, 0.0
        for pile in self.view.layout.piles:
            if pile != d.pile:
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
        position = self.position()
        move = self.interaction.drop(position, d.pile, d.index, target)
        reason = position.check(move)
        if reason is not None:
            self.view.sprites.fly_back(d.sprites, d.pos, step, self.now)
            self.say(reason)
            return
        self.view.sprites.place(d.sprites, d.pos, step)
        self.play(move)

    @staticmethod
    def _fan_step(d: Drag) -> tuple[float, float]:
        if len(d.sprites) < 2:
            return (0.0, 0.0)
        a, b = d.sprites[0].rect, d.sprites[1].rect
        return (b.x - a.x, b.y - a.y)

    # -- commands -------------------------------------------------------------------------------

    def action(self, name: str) -> None:
        if name == Command.UNDO:
            self.undo()
        elif name == Command.REDO:
            self.redo()
        elif name == Command.HINT:
            self.show_hint()
        elif name == Command.RESTART:
            self.confirm_restart()
        elif name == Command.NEW_DEAL:
            self.app.push_panel("new_deal", self)
        elif name == Command.SETTINGS:
            self.app.push_panel("settings", self)
        elif name == Command.COPY_ID:
            self.copy_deal_id()
        elif name == Command.DEAL:
            self.carry_out(self.interaction.tap_stock(self.position()))
        elif name == Command.BACK:
            self.save()
            self.app.go_home()

    def confirm_restart(self) -> None:
        """CM-13: a restart throws the moves away, so it asks first (when there are moves)."""
        if not self.session.history.can_undo:
            return
        self.app.confirm(
            tr("Restart this deal?"),
            tr("Your {n} moves will be lost.", n=self.session.moves),
            tr("Restart"),
            self.restart,
        )

    def set_speed(self, speed: float) -> None:
        self.view.sprites.speed = speed

    # -- time -----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.now += dt
        if self.app.active and self.app.stack.top is self:
            self.session.tick(dt)
        if self.hint_job is not None and self.hint_job.advance(SLICE):
            self._hint_ready()
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
        settled = not self.view.sprites.busy(self.now) and not self.collecting and self.drag is None
        if not self._announced and settled:
            self._announced = True
            if self.app.stack.top is self and (self.session.won or self.session.over or self.session.given_up):
                self.app.push_panel("result", self)

    def resize(self, size: tuple[int, int]) -> None:
        self.view.relayout(self.game.table(self.state), size, self.session.rules.piles(self.state))
        self.view.set_labels(self.game.labels(self.state))
        self.layout_hud()
        if self.drag is not None:  # keep the drag going: the cards stay under the finger
            self.drag.sprites = self.view.pile_sprites(self.drag.pile, self.drag.index)

    def focus_changed(self, active: bool) -> None:
        if not active and self.drag is not None:
            self.drag_end(self.drag.pos, cancelled=True)

    def quit(self) -> None:
        self.save()

    # -- HUD ------------------------------------------------------------------------------------

    def toolbar_actions(self) -> list[tuple[str, str]]:
        return [
            (Command.BACK, tr("Menu")),
            (Command.UNDO, tr("Undo")),
            (Command.REDO, tr("Redo")),
            (Command.HINT, tr("Hint")),
            (Command.RESTART, tr("Restart")),
            (Command.NEW_DEAL, tr("New deal")),
            (Command.SETTINGS, tr("Settings")),
        ]

    def layout_hud(self) -> None:
        layout = self.view.layout
        self.buttons = toolbar_buttons(layout.toolbar, layout.touch, self.toolbar_actions())

    def button_enabled(self, action: str) -> bool:
        h = self.session.history
        if action == Command.UNDO:
            return h.can_undo
        if action == Command.REDO:
            return h.can_redo
        if action == Command.RESTART:
            return h.can_undo
        return True

    def draw_hud(self, surface: pygame.Surface) -> None:
        s = self.session
        score = s.score()
        parts = [self.game.score_text(score)] if score is not None else []
        parts += [tr("Moves {n}", n=s.moves), format_time(s.elapsed), *self.game.status(s.state)]
        layout = self.view.layout
        heading = self.game.heading_for(s.state)
        self.deal_rect = draw_status_bar(surface, layout.top_bar, heading, parts, tr("Deal {n}", n=s.deal_id.number))
        for b in self.buttons:
            b.enabled = self.button_enabled(b.action)
        draw_toolbar(surface, layout.toolbar, self.buttons)

    # -- drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        now = self.now + alpha * (1 / 120)
        view = self.view
        view.draw_background(surface)
        view.draw_cards(surface, now, self.drag.sprites if self.drag else [])
        sel = self.interaction.selected
        if sel is not None:
            targets = [self.interaction.target_of(m) for m in sel.targets]
            marks.draw_selection(surface, view, sel.pile, sel.index, targets)
        if self.hint is not None and self.hint.move is not None:
            self._draw_hint(surface, self.hint.move)
        if self.drag is not None:
            d = self.drag
            if d.target is not None and d.target_legal:
                marks.draw_target(surface, view, d.target)
            cards = [(sp.card, sp.face_up) for sp in d.sprites]
            marks.draw_dragged(surface, view, cards, d.pos, self._fan_step(d))
        if self.show_focus and self.focus is not None:
            marks.draw_focus(surface, view, *self.focus)
        self.draw_hud(surface)
        toast_y, toast_size = view.layout.toolbar.y - 10, int(view.layout.touch * 0.42)
        if self.hint is not None:
            draw_toast(surface, self.hint.text, toast_y, toast_size)
        elif self.toast is not None:
            draw_toast(surface, self.toast[0], toast_y, toast_size, min(1.0, (self.toast[1] - self.now) / 0.4))

    def _draw_hint(self, surface: pygame.Surface, move: Move) -> None:
        if move.kind == MOVE:
            cards, _ = self.session.rules.piles(self.state)[move.src]
            marks.draw_hint(surface, self.view, move.src, len(cards) - move.size, move.dst)
        elif move.kind == PAIR:
            partner = move.dst if move.dst.kind != "none" else None
            marks.draw_hint(surface, self.view, move.src, 0, partner)
        else:
            marks.draw_hint(surface, self.view, move.src, 0, None)
