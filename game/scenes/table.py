"""The table scene: any game, played by drag, tap, double tap or keys — glue between the input
intents, the game's record (``game/games``), its pure interaction (``game/play``), its hints
(``game/hints``) and the view. Most games play here with no
subclass; a game whose input is truly new adds a scene in its folder.

What it does for every game (SPEC CM-2 ... CM-12): a drag follows the pointer and lands on the
pile under it; a tap selects and a second tap places; a double tap sends a card home; an illegal
drop flies back with the reason; keyboard focus; undo and redo; the hint drawn on the table;
auto-collect when the end is certain; the status bar and toolbar; the result panels; saving
after every move (off the frame).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.core.i18n import ntr, tr
from game.games.index import Game, game_for
from game.input.intents import (
    Action,
    Activate,
    Cancel,
    Command,
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
from game.play.interaction import Interaction, Outcome
from game.play.table import Beat, Table
from game.rules.base import Event, Move
from game.rules.pile import Pile
from game.scenes.base import Scene
from game.scenes.table_drag import Dragging
from game.scenes.table_focus import CardFocus
from game.scenes.table_keys import BarKeys
from game.scenes.table_paint import TablePaint
from game.scenes.table_speech import TableVoice
from game.scenes.table_verdict import ACTIONS as VERDICT_ACTIONS
from game.scenes.table_verdict import act, verdict_news, with_verdict
from game.scenes.toolbar import MORE, SPARE, MorePanel, button_enabled, fit_toolbar, table_actions
from game.session import Session
from game.speech.effects import news_of
from game.view.acts import Act
from game.view.sound import sound_for
from game.view.table_view import TableView
from game.view.widgets import Button

if TYPE_CHECKING:
    from game.scenes.host import SceneHost


class TableScene(Scene):
    spare_actions = SPARE  # the toolbar's actions that may move into More… on a narrow window

    def __init__(self, app: SceneHost, session: Session) -> None:
        super().__init__(app)
        self.table = Table(session, game_for, self.changed, self.write_save, self.keep_game)
        self.view = TableView(self.game.table(session.state), app.window_size(), app.settings.speed)
        self.dragging = Dragging(self)  # the cards under the pointer, from lift to drop (CM-2, CM-4)
        self.cards = CardFocus(self)  # the keys' focus on the cards (CM-10, CM-18)
        self.buttons: list[Button] = []
        self.more: list[tuple[str, str]] = []  # the actions in More… (a narrow window)
        self.paint = TablePaint(self)  # what is drawn, and what a frame leaves for the next (UI-7)
        self._announced = False  # the win or game-over panel was shown for this position
        self.voice = TableVoice(self)  # what is said (CM-19)
        self.bar = BarKeys(self)  # the toolbar's buttons by keys (CM-18), one group
        self.verdict_shown: tuple[bool, int | None] = (False, None)  # what CM-21's bar showed last
        self.resize(app.window_size())

    # -- the game on this table (game/play/table.py) --------------------------------------------

    @property
    def session(self) -> Session:
        return self.table.session

    @property
    def game(self) -> Game:
        return game_for(self.session.deal_id.variant)

    @property
    def interaction(self) -> Interaction:
        return self.table.interaction

    @property
    def state(self) -> Any:
        return self.table.session.state

    @property
    def selected(self) -> tuple[Pile, int] | None:
        sel = self.interaction.selected
        return None if sel is None else (sel.pile, sel.index)

    @property
    def targets(self) -> list[Move]:
        return self.interaction.targets

    def say(self, message: str) -> None:
        self.table.say(message)

    def play(self, move: Move, stagger: float = 0.0) -> bool:
        return self.table.play(move, stagger)

    def undo(self) -> None:
        """Undo a move, or a new deal that replaced a game in progress (CM-16): then that game is
        back, laid out again should its table differ."""
        shown = self.session
        self.voice.undoing = True
        try:
            self.table.undo()
        finally:
            self.voice.undoing = False
        spec = self.game.table(self.state)
        if self.session is not shown and spec.for_window(self.app.window_size()) != self.view.spec:
            self.view.relayout(spec, self.app.window_size(), self.session.rules.piles(self.state))

    def carry_out(self, outcome: Outcome) -> None:
        """Do what the interaction decided: play, say, open the game's panel."""
        if outcome.move is not None:
            self.play(outcome.move, outcome.stagger)
        if outcome.message is not None:
            self.say(outcome.message)
        if outcome.dropped:
            self.voice.dropped()
        if outcome.panel is not None:
            self.open_panel(outcome.panel, outcome.panel_at)

    def open_panel(self, pile: Pile, index: int = -1) -> None:
        """A game's own panel for a pile (a column's run panel)."""

    def changed(self, events: list[Event], stagger: float) -> None:
        """The position changed: bring the cards to it (animated), keep the focus on a card."""
        self.view.set_labels(self.game.labels(self.state))
        self.view.dimmed = self.game.blocked(self.state)
        contents = self.session.rules.piles(self.state)
        self.view.sprites.sync(self.view.placements(contents), self.table.now, 0.0, stagger)
        refocused = self.cards.refocus(events)  # CM-10: on cards placed where it was, else kept on a card
        self._announced = False
        self.voice.changed(events, refocused)
        news = news_of(events)
        if news is not None:
            self.voice.news(news)
        self.app.sound.play(sound_for(events, self.table.collecting, self.session.won), self.sound_on())

    def sound_on(self) -> bool:
        return True  # UI-8 (a demo is silent unless a kiosk asks)

    def write_save(self, session: Session) -> None:
        self.app.records.replacing(self.app.store, session)  # the game this one replaces ends (CM-9)
        self.app.store.write_later(f"save-{session.deal_id.variant}", session.to_dict())
        self.app.settings.last_variant = session.deal_id.variant

    def keep_game(self, session: Session, result: str, then: Beat) -> None:
        self.app.records.keep_later(session, result, then)  # into the records (CM-9), off the frame

    def new_deal(self, session: Session) -> None:
        """Replace the game with a new one; its cards fly in from the stock. A game in progress
        replaced is kept aside until the first move, and the message says Undo brings it back
        (CM-16); ask first with ``app.replacing``."""
        self.table.replace(session)
        self.view.relayout(self.game.table(session.state), self.app.window_size(), session.rules.piles(session.state))
        self.view.sprites.sync([], self.table.now)
        self.table.changed_by([])
        contents = session.rules.piles(session.state)
        self.view.sprites.sync(self.view.placements(contents), self.table.now, 0.0, 0.018, self.view.deal_origin())
        self.table.offer_back()
        self.voice.new_game()

    def copy_deal_id(self) -> None:
        deal = str(self.session.deal_id)
        ok = self.app.copy_text(deal)
        self.say(tr("Deal ID copied: {id}", id=deal) if ok else tr("Deal ID: {id}", id=deal))

    # -- input ----------------------------------------------------------------------------------

    def handle(self, intent: Intent) -> None:
        if self.bar.key(intent):  # Tab, and the toolbar's keys (CM-18)
            return
        if isinstance(intent, (Tap, DragStart)):
            self.cards.shown = False
        if isinstance(intent, Tap):
            self.tap(intent.pos)
        elif isinstance(intent, DoubleTap):
            self.on_card(intent.pos, self.interaction.double_tap)
        elif isinstance(intent, (LongPress, SecondaryTap)):
            self.on_card(intent.pos, self.interaction.long_press)
        elif isinstance(intent, DragStart):
            self.dragging.start(intent.pos)
        elif isinstance(intent, DragMove):
            self.dragging.move(intent.pos)
        elif isinstance(intent, DragEnd):
            self.dragging.end(intent.pos, intent.cancelled)
        elif isinstance(intent, FocusMove):
            self.cards.arrow(intent.dx, intent.dy)
        elif isinstance(intent, Activate):
            self.cards.shown = True
            self.activate()
        elif isinstance(intent, Cancel):
            if not self.cards.let_go():
                self.action(Command.BACK)
        elif isinstance(intent, Action):
            held = self.interaction.selected
            self.action(intent.name)
            if held is not None and self.interaction.selected is None:  # D, H, Undo…: never silently (CM-19)
                self.voice.let_go()

    def tap(self, pos: tuple[float, float]) -> None:
        for b in self.buttons:
            if b.hit(pos):
                if b.enabled:
                    self.action(b.action)
                return
        if self.paint.deal_rect.contains(pos):
            self.copy_deal_id()
            return
        self.on_card(pos, self.interaction.tap)

    def on_card(self, pos: tuple[float, float], gesture: Any) -> None:
        hit = self.view.hit(pos)
        self.table.hint = None
        if hit is None:
            self.table.clear_marks()
            return
        self.cards.at = hit
        self.carry_out(gesture(self.table.position(), *hit))
        self.voice.pressed()

    def activate(self) -> None:
        if self.cards.at is None:
            self.cards.first()
            return
        self.carry_out(self.interaction.activate(self.table.position(), *self.cards.at))
        self.voice.pressed()

    # -- commands -------------------------------------------------------------------------------

    def action(self, name: Act) -> None:
        if name == Command.UNDO:
            self.undo()
        elif name == Command.REDO:
            self.table.redo()
        elif name == Command.HINT:
            self.table.show_hint()
        elif name == Command.RESTART:
            self.confirm_restart()
        elif name == Command.NEW_DEAL:
            self.app.push_panel("new_deal", self)
        elif name == Command.SETTINGS:
            self.app.push_panel("settings", self)
        elif name == Command.COPY_ID:
            self.copy_deal_id()
        elif name == Command.DEAL:
            self.carry_out(self.interaction.tap_stock(self.table.position()))
        elif name == Command.BACK:
            self.table.save()
            self.app.go_home(self.session.deal_id.variant)
        elif name == MORE:
            self.app.push(MorePanel(self.app, self, self.more))
        elif name == Command.RULES:
            self.app.show_rules(self.session.deal_id.variant, dict(self.session.deal_id.options))
        elif name == Command.MUTE:
            self.say(self.app.toggle_sound())
        elif name == Command.RECORDS:
            self.app.show_records(self.session.deal_id.variant)
        elif name == Command.READ_TABLE:
            self.voice.read_table()
        elif name in (Command.FIRST_CARD, Command.LAST_CARD):
            self.cards.jump(last=name == Command.LAST_CARD)
        elif name == Command.SEND_HOME:
            self.cards.send_home()
        elif name in VERDICT_ACTIONS:
            act(self, name)

    def confirm_restart(self) -> None:
        """CM-13: a restart throws the moves away, so it asks first (when there are moves)."""
        if not self.session.history.can_undo:
            return
        self.app.confirm(
            tr("Restart this deal?"),
            ntr("Your move will be lost.", "Your {n} moves will be lost.", self.session.moves),
            tr("Restart"),
            self.table.restart,
        )

    def set_speed(self, speed: float) -> None:
        self.view.sprites.speed = speed

    # -- time -----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        top = self.app.stack.top
        on_top = top is self
        playing = on_top or (top is not None and not top.pauses_play)
        self.table.collect_pace = self.view.sprites.speed
        self.table.tick(dt, self.app.active and playing, self.dragging.active)
        verdict_news(self)
        self.voice.tick()
        if not self._announced and self.settled():
            self._announced = True
            s = self.session
            if on_top and (s.won or s.over or s.given_up):
                self.announce_end()

    def working(self) -> bool:
        return self.table.hint_job is not None

    def frame_key(self) -> object:
        """UI-7: every frame while cards, a drag, auto-collect or a message move; else still_key."""
        t = self.table
        fading = t.toast is not None and t.toast[1] - t.now < 0.45
        if self.dragging.active or t.collecting or fading or self.view.sprites.busy(t.now):
            return self.app.frames
        return self.still_key()

    def still_key(self) -> object:
        """What is shown apart from moving cards: the table's count of its changes (the position,
        a message, a hint: ``Table.version``), the clock's second, and this scene's own marks — the
        selection and the keyboard focus (a subclass adds its own)."""
        marks = (self.selected, tuple(self.targets), self.cards.at, self.cards.shown, self.bar.focused())
        return (self.table.version, int(self.session.elapsed), marks)

    def settled(self) -> bool:
        """No card moving, no auto-collect under way, nothing dragged."""
        return not self.view.sprites.busy(self.table.now) and not self.table.collecting and not self.dragging.active

    def announce_end(self) -> None:
        """The game is won, lost or given up, and the table has settled: the result panel."""
        self.app.push_panel("result", self)

    def spoken(self) -> str:
        return self.voice.opening()

    def resize(self, size: tuple[int, int]) -> None:
        self.view.relayout(self.game.table(self.state), size, self.session.rules.piles(self.state))
        self.view.set_labels(self.game.labels(self.state))
        self.view.dimmed = self.game.blocked(self.state)
        self.layout_hud()
        self.dragging.relaid()  # keep the drag going: the cards stay under the finger

    def focus_changed(self, active: bool) -> None:
        if not active:
            self.dragging.cancel()

    def quit(self) -> None:
        self.table.save()

    # -- HUD ------------------------------------------------------------------------------------

    def toolbar_actions(self) -> list[tuple[str, str]]:
        return table_actions()

    def layout_hud(self) -> None:
        layout = self.view.layout
        actions = with_verdict(self, self.toolbar_actions())  # CM-21's ways on first, once proved lost
        self.buttons, self.more = fit_toolbar(layout.toolbar, layout.touch, actions, self.spare_actions)

    def button_enabled(self, action: Act) -> bool:
        if action == Command.UNDO and self.table.replaced is not None:
            return True  # it brings back the game this deal replaced (CM-16)
        return button_enabled(action, self.session)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.paint.draw(surface, alpha)
