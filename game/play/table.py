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
from game.core.i18n import ntr, tr
from game.deals import difficulty
from game.play.played import Games, PlayedGame
from game.play.position import Position
from game.play.verdict import TableVerdict, memory_of
from game.records.stats import ABANDONED, GIVEN_UP, LOST, WON, Beaten
from game.rules.base import Event, Move
from game.session import Session

if TYPE_CHECKING:
    from game.hints.base import HintJob  # the hint modules (and the solver) load when first asked
    from game.hints.memory import Memory

TOAST_TIME = 2.8
KEPT_ASIDE_TIME = 8.0  # the offer to bring back a game just replaced stays this long (it holds until a move)
HINT_TIME = 6.0
WAITING = 60.0  # how long "Computing…" stays up (the answer replaces it)
QUIET = 2.0  # seconds a hint still being computed goes without a word at most (CM-19)
SPOKEN_WAIT = 0.5  # a hint this quick is said without a "Computing…" before it
SLICE = 0.006  # seconds of solver work per fixed step (two a frame): frames keep flowing while it thinks
COLLECT_INTERVAL = 0.11

Changed = Callable[[list[Event], float], None]  # (the events of the change, the deal's stagger)
Beat = Callable[[list[Beaten]], None]  # hears what a finished game beat, once it is written
Keep = Callable[[Session, str, Beat], None]  # records a finished game (CM-9), off the frame


def at_stake(session: Session | None) -> int:
    """The moves that replacing ``session`` by another game would throw away (CM-16): those of a
    game in progress; none for no game, a game with no move yet, or a game that is over (won,
    given up, or with no move left: its result is already what the records say)."""
    if session is None or not session.moves or session.finished or session.over:
        return 0
    return session.moves


def _can_end(session: Session, result: str) -> bool:
    """A game counts from its first move and ends once (as ``result`` again, or after a win, it
    has ended already)."""
    return session.log.game_id is not None and session.log.ended not in (result, WON)


def _told_nobody(beaten: list[Beaten]) -> None:
    """A game that ends because another replaced it beats nothing, and nobody is shown it."""


@dataclass
class ShownHint:
    move: Move | None
    text: str
    until: float
    share: tuple[int, int] | None = None  # worlds of the hidden cards the move keeps winnable, of those weighed


class Table:
    def __init__(
        self,
        session: Session,
        games: Games,
        on_change: Changed,
        save: Callable[[Session], None],
        keep: Keep | None = None,
        wall: Callable[[], float] = time.time,
    ) -> None:
        self.session = session
        self.games = games  # the record of a game by its name: the table knows no records
        self.game: PlayedGame = games(session.deal_id.variant)
        self.interaction = self.game.interaction()
        self.on_change, self._save = on_change, save
        self.now = 0.0
        self.version = 0  # counts every change of what the table shows: the position, a message, a hint
        self._hint: ShownHint | None = None
        self._toast: tuple[str, float] | None = None
        self.hint_job: HintJob | None = None  # a hint being computed, a slice per step
        self.verdict = TableVerdict()  # CM-21: can the position still be won? (once all is known)
        self._memory: Memory | None = None  # what the hints know of this deal (hint, demo, verdict)
        self.collecting = False
        self.auto_collect = True  # a replay plays the stored collect moves itself
        self.collect_pace = 1.0  # the animation speed: auto-collect keeps step with the cards
        self._next_collect = 0.0
        self.changed = bool(session.moves)  # a deal opened and left untouched replaces no saved game
        self.last_events: list[Event] = []  # what the last change did (the demo's captions read it)
        self._keep, self._wall = keep, wall
        self.beaten: list[Beaten] = []  # the records the last win beat, for the win panel
        self._stars: tuple[DealId, int | None] | None = None
        # The game in progress this deal replaced (CM-16), kept aside until the first move here:
        # until then it is still the saved game, Undo brings it back, and nothing is recorded.
        self.replaced: Session | None = None

    # What the table shows changes only through these, and each change counts (``version``): a frame
    # is drawn when the count moves (UI-7), with no list of what to compare kept by hand.

    @property
    def hint(self) -> ShownHint | None:
        return self._hint

    @hint.setter
    def hint(self, hint: ShownHint | None) -> None:
        if hint is not self._hint:
            self._hint = hint
            self.version += 1

    @property
    def toast(self) -> tuple[str, float] | None:
        return self._toast

    @toast.setter
    def toast(self, toast: tuple[str, float] | None) -> None:
        if toast != self._toast:
            self._toast = toast
            self.version += 1

    @property
    def stars(self) -> int | None:
        """The deal's difficulty (1-5) when it is a rated proved deal; None for any other deal."""
        deal = self.session.deal_id
        if self._stars is None or self._stars[0] != deal:
            self._stars = (deal, difficulty(deal))
        return self._stars[1]

    def position(self) -> Position:
        return Position(self.session.rules, self.session.state, self.session.legal)

    def say(self, message: str, seconds: float = TOAST_TIME) -> None:
        self.toast = (message, self.now + seconds)

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
        self.settle()
        self.changed_by(events, stagger)
        return True

    def changed_by(self, events: list[Event], stagger: float = 0.0) -> None:
        """Any change of position (a move, undo, redo, restart, a new deal)."""
        self.version += 1
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
        self.verdict.renew()
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
        """Undo a move; with no move left to undo, the deal itself when it replaced a game in
        progress: that game comes back (CM-6, CM-16)."""
        self.collecting = False
        if self.replaced is not None and not self.session.history.can_undo:
            self.bring_back()
            return
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
        self.settle()
        self.changed_by(events)

    def restart(self) -> None:
        self.collecting = False
        self.settle()
        self.leave()
        self.session.restart()
        self.changed_by([], stagger=0.01)
        self.collecting = False

    def replace(self, session: Session) -> None:
        """A new game on this table (the new-deal dialog, a result panel). A game in progress is
        not ended yet: it is kept aside (:attr:`replaced`), still the saved game, until the first
        move of the new one ends it (:meth:`settle`); until then Undo brings it back exactly
        (CM-16). A game with nothing at stake — no move, won, given up, stuck — ends now."""
        self.collecting = False
        old = self.session
        if self.replaced is None and at_stake(old):
            self.save()  # as it stands, clock and all: the saved game the home screen would continue
            self.replaced = old
        else:
            self.leave()
        self._switch(session)

    def keep_aside(self, old: Session) -> None:
        """This table's game replaced ``old``, a game in progress opened elsewhere (its saved
        copy): kept aside as :meth:`replace` keeps one."""
        if at_stake(old):
            self.replaced = old

    def offer_back(self) -> None:
        """Say, right after a replacement, how to take it back (CM-16)."""
        old = self.replaced
        if old is not None:
            text = ntr(
                "Undo brings back the game you left (1 move).",
                "Undo brings back the game you left ({n} moves).",
                old.moves,
            )
            self.say(text, KEPT_ASIDE_TIME)

    def bring_back(self) -> None:
        """Undo a replacement: the game left comes back exactly — position, clock, undo history,
        and its place in the records, where it was never ended — and the deal that replaced it,
        never played, is forgotten."""
        old, self.replaced = self.replaced, None
        if old is None:
            return
        self.collecting = False
        self._switch(old)
        self.changed_by([])  # saved again: the deal never was

    def settle(self) -> None:
        """The new deal is played: the game it replaced ends now (abandoned, or lost when no move
        was left), once, and can no longer come back."""
        old, self.replaced = self.replaced, None
        if old is not None and old.log.ended is None:
            self._end(old, LOST if old.over else ABANDONED, _told_nobody)

    def _switch(self, session: Session) -> None:
        self.session = session
        self.game = self.games(session.deal_id.variant)
        self.interaction = self.game.interaction()
        self.verdict.renew()
        self._memory = None  # another deal: nothing known is about it

    # -- the records (CM-9) -----------------------------------------------------------------------

    def end(self, result: str) -> None:
        """The game ends as ``result``: kept in the records once (a game given up, undone and ended
        again replaces its row). A game with no move yet, or taken over from the demo, is not."""
        if _can_end(self.session, result):
            self.beaten = []
            self._end(self.session, result, self._beat)

    def _end(self, session: Session, result: str, then: Beat) -> None:
        """End ``session`` (this table's game, or the one a new deal replaced) as ``result``."""
        if not _can_end(session, result):
            return
        session.log.ended = result
        if self._keep is not None and session.log.counts:
            self._keep(session, result, then)

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
        is not saved: it replaces no game in progress (CM-13); nor is a deal while the game it
        replaced can still come back — that one stays the saved game until a move is made here."""
        if self.changed and self.replaced is None:
            self._save(self.session)

    # -- hints and the verdict (CM-20, CM-21) ---------------------------------------------------

    @property
    def memory(self) -> Memory:
        """What the hints know of this deal: the winning lines known for its positions (the hint,
        the demo and the verdict share them, so the solver is asked each question once) and the
        worlds of its hidden cards."""
        if self._memory is None:
            self._memory = memory_of(self.game.hints, self.session.rules)
        return self._memory

    def share_memory(self, other: Table) -> None:
        """Know what ``other``, a table of the same deal, knows (a game taken over from the demo)."""
        if other.session.deal_id == self.session.deal_id:
            self._memory = other._memory

    def undo_to_winnable(self) -> None:
        """CM-21's way out: undo to the last position that could still be won, in one step (redo
        brings the moves back)."""
        back = self.verdict.back
        if not back:
            return
        self.collecting = False
        events: list[Event] = []
        for _ in range(back):
            events += self.session.undo()
        self.changed_by(events)

    def show_hint(self) -> None:
        if self.hint_job is not None:  # asked again while it thinks: one search, one "Computing…"
            return
        self.clear_marks()
        s = self.session
        if s.won:
            self.hint = ShownHint(None, tr("You won! Start a new deal or play this one again."), self.now + HINT_TIME)
            return
        if self.collecting:  # the win is sure and auto-collect is at work: no card to name
            self.hint = ShownHint(None, tr("The cards are going home by themselves."), self.now + HINT_TIME)
            return
        s.log.hints += 1
        from game.hints.fresh import hint_on_line  # loads the solver: only when a hint is first asked

        self.hint_job = hint_on_line(self.game.hints, s.rules, s.history, s.legal, self.memory)
        if self.hint_job.advance(0.0):
            self._hint_ready()
        else:
            self.hint = ShownHint(None, tr("Computing…"), self.now + WAITING)

    def _hint_ready(self) -> None:
        assert self.hint_job is not None
        hint = self.hint_job.result()
        self.hint_job = None
        self.hint = ShownHint(hint.move, hint.reason, self.now + HINT_TIME, hint.share)

    # -- time -----------------------------------------------------------------------------------

    def tick(self, dt: float, clock_runs: bool, dragging: bool) -> None:
        """One fixed step: the game clock (only while the window is active and the table on top,
        CM-11), the hint's search, messages expiring, and auto-collect's next card."""
        self.now += dt
        if clock_runs and not self.collecting:  # the clock stops once the win is certain
            self.session.tick(dt)
        if self.hint_job is not None and self.hint_job.advance(SLICE):
            self._hint_ready()
        elif self.hint_job is not None and self.hint is not None and self.now >= self.hint.until - WAITING + QUIET:
            self.hint = ShownHint(None, tr("Still computing…"), self.now + WAITING)  # never long without a word
        elif self.hint_job is None and self.verdict.tick(self.session, self.game.hints, self.memory, SLICE):
            self.version += 1
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
