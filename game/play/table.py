"""One game on a table, without pixels: the session and its game's record, the interaction, the
hint being computed and the one shown, the message of the moment, auto-collect's pace (CM-5) and
saving. The table scene draws it and feeds it input; the demo drives it with a solver's line.

Time is passed in (:meth:`Table.tick`), never read, so all of this runs on a fake clock in tests.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.core.dealid import DealId
from game.core.errors import IllegalMove
from game.core.i18n import format_date, format_time, tr
from game.deals import difficulty, stars_text
from game.games import Game, game_for
from game.play.position import Position
from game.records.stats import ABANDONED, GIVEN_UP, LOST, WON, Beaten
from game.rules.base import Event, Move, Pile
from game.session import Session

if TYPE_CHECKING:
    from game.hints.base import HintJob  # the hint modules (and the solver) load when first asked

TOAST_TIME = 2.8
HINT_TIME = 6.0
SLICE = 0.006  # seconds of solver work per fixed step (two a frame): frames keep flowing while it thinks
COLLECT_INTERVAL = 0.11

Changed = Callable[[list[Event], float], None]  # (the events of the change, the deal's stagger)
Beat = Callable[[list[Beaten]], None]  # hears what a finished game beat, once it is written
Keep = Callable[[Session, str, Beat], None]  # records a finished game (CM-9), off the frame


@dataclass
class ShownHint:
    move: Move | None
    text: str
    until: float


class Table:
    def __init__(
        self,
        session: Session,
        on_change: Changed,
        save: Callable[[Session], None],
        keep: Keep | None = None,
        wall: Callable[[], float] = time.time,
    ) -> None:
        self.session = session
        self.game: Game = game_for(session.deal_id.variant)
        self.interaction = self.game.interaction()
        self.on_change, self._save = on_change, save
        self.now = 0.0
        self.hint: ShownHint | None = None
        self.toast: tuple[str, float] | None = None
        self.hint_job: HintJob | None = None  # a hint being computed, a slice per step
        self.collecting = False
        self.auto_collect = True  # a replay plays the stored collect moves itself
        self.collect_pace = 1.0  # the animation speed: auto-collect keeps step with the cards
        self._next_collect = 0.0
        self.changed = bool(session.moves)  # a deal opened and left untouched replaces no saved game
        self.last_events: list[Event] = []  # what the last change did (the demo's captions read it)
        self._keep, self._wall = keep, wall
        self.beaten: list[Beaten] = []  # the records the last win beat, for the win panel
        self._stars: tuple[DealId, int | None] | None = None

    @property
    def stars(self) -> int | None:
        """The deal's difficulty (1-5) when it is a rated proved deal; None for any other deal."""
        deal = self.session.deal_id
        if self._stars is None or self._stars[0] != deal:
            self._stars = (deal, difficulty(deal))
        return self._stars[1]

    def position(self) -> Position:
        return Position(self.session.rules, self.session.state, self.session.legal)

    def say(self, message: str) -> None:
        self.toast = (message, self.now + TOAST_TIME)

    def clear_marks(self) -> None:
        self.interaction.clear()
        self.hint = None

    # -- changing the position ------------------------------------------------------------------

    def play(self, move: Move, stagger: float = 0.0) -> bool:
        """Try a move; on success the position changes; on failure the reason is said."""
        try:
            events = self.session.play(move)
        except IllegalMove as e:
            self.say(e.reason)
            return False
        self.changed_by(events, stagger)
        return True

    def changed_by(self, events: list[Event], stagger: float = 0.0) -> None:
        """Any change of position (a move, undo, redo, restart, a new deal)."""
        if self.hint_job is not None:
            self.hint_job.cancel()
            self.hint_job = None
        self.clear_marks()
        self.toast = None  # a message about the last position is stale now
        self.changed = True
        self.last_events = events
        if self.session.moves:
            self.session.log.begin(self._wall())
        if self.session.won:
            self.end(WON)  # at the moment of winning, not when the table is left
        self.on_change(events, stagger)
        self.save()
        if self.auto_collect and not self.collecting and self.collect_move() is not None:
            self.collecting = True
            self._next_collect = self.now + COLLECT_INTERVAL * 2

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
        self.changed_by(events)
        self.collecting = False

    def redo(self) -> None:
        try:
            events = self.session.redo()
        except IllegalMove as e:
            self.say(e.reason)
            return
        self.changed_by(events)

    def restart(self) -> None:
        self.collecting = False
        self.leave()
        self.session.restart()
        self.changed_by([], stagger=0.01)
        self.collecting = False

    def replace(self, session: Session) -> None:
        """A new game on this table (the new-deal dialog, a result panel)."""
        self.collecting = False
        self.leave()
        self.session = session
        self.game = game_for(session.deal_id.variant)
        self.interaction = self.game.interaction()

    # -- the records (CM-9) -----------------------------------------------------------------------

    def end(self, result: str) -> None:
        """The game ends as ``result``: kept in the records once (a game given up, undone and ended
        again replaces its row). A game with no move yet, or taken over from the demo, is not."""
        log = self.session.log
        if log.game_id is None or log.ended in (result, WON):
            return
        log.ended = result
        self.beaten = []
        if self._keep is not None and log.counts:
            self._keep(self.session, result, self._beat)

    def _beat(self, beaten: list[Beaten]) -> None:
        """What the game just kept beat (the win panel shows it; the writer's thread may call this)."""
        self.beaten = beaten

    def leave(self) -> None:
        """Another deal, or a restart, ends the game in progress: lost when no move was left,
        else abandoned."""
        s = self.session
        if s.log.ended is None:
            self.end(LOST if s.over else ABANDONED)

    def give_up(self) -> None:
        self.session.given_up = True
        self.end(GIVEN_UP)
        self.save()

    def save(self) -> None:
        """Save the game (the caller writes it off the frame). A deal only opened, never played,
        is not saved: it replaces no game in progress (CM-13)."""
        if self.changed:
            self._save(self.session)

    # -- hints ----------------------------------------------------------------------------------

    def show_hint(self) -> None:
        self.clear_marks()
        s = self.session
        if s.won:
            self.hint = ShownHint(None, tr("You won! Start a new deal or play this one again."), self.now + HINT_TIME)
            return
        s.log.hints += 1
        self.hint_job = self.game.hints(s.rules, s.state, s.history.seen, s.legal)
        if self.hint_job.advance(0.0):
            self._hint_ready()
        else:
            self.hint = ShownHint(None, tr("Computing…"), self.now + 60.0)

    def _hint_ready(self) -> None:
        assert self.hint_job is not None
        hint = self.hint_job.result()
        self.hint_job = None
        self.hint = ShownHint(hint.move, hint.reason, self.now + HINT_TIME)

    def lowest_movable(self) -> dict[Pile, int]:
        """Each pile's lowest card that can be picked up (the keyboard focus skips the others)."""
        rules, state = self.session.rules, self.session.state
        first: dict[Pile, int] = {}
        for pile, (cards, down) in rules.piles(state).items():
            first[pile] = next((i for i in range(down, len(cards)) if rules.can_lift(state, pile, i)), down)
        return first

    # -- what the status bar says (SP-20 and the like) ------------------------------------------

    def status(self) -> tuple[str, list[str], str]:
        """The heading ("Klondike · draw 3"), the figures (score, moves, time, the game's own) and
        the deal, for the status bar."""
        s = self.session
        score = s.score()
        parts = [self.game.score_text(score)] if score is not None else []
        parts += [tr("Moves {n}", n=s.moves), format_time(s.elapsed), *self.game.status(s.state)]
        if self.stars is not None:  # last: the first figure a narrow window leaves out
            parts.append(stars_text(self.stars))
        heading = self.game.heading_for(s.state)
        if s.daily is not None:
            heading = tr("Today's deal · {date}", date=format_date(s.daily))
        return heading, parts, tr("Deal {n}", n=s.deal_id.number)

    # -- time -----------------------------------------------------------------------------------

    def tick(self, dt: float, clock_runs: bool, dragging: bool) -> None:
        """One fixed step: the game clock (only while the window is active and the table on top,
        CM-11), the hint's search, messages expiring, and auto-collect's next card."""
        self.now += dt
        if clock_runs and not self.collecting:  # the clock stops once the win is certain
            self.session.tick(dt)
        if self.hint_job is not None and self.hint_job.advance(SLICE):
            self._hint_ready()
        if self.toast and self.now > self.toast[1]:
            self.toast = None
        if self.hint and self.now > self.hint.until:
            self.hint = None
        if self.collecting and self.now >= self._next_collect and not dragging:
            move = self.collect_move()
            if move is None:
                self.collecting = False
            else:
                self.play(move)
                self._next_collect = self.now + COLLECT_INTERVAL / max(0.5, self.collect_pace or 4.0)
