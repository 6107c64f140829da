"""Keeping a finished game: the row built from a session, written, and what it beat (CM-9).

What counts (the Records screen's help says the same):
- a game counts once its first move is made;
- a win is kept at the moment of winning; giving up at that moment;
- starting another deal or restarting ends a game in progress as lost (no move was left) or
  abandoned; closing the program does not: the game is resumed later and counted once;
- another deal replaces a game in progress only at its first move: until then Undo brings the
  game back (CM-16) and nothing is written, so an undone replacement never counts as abandoned
  (``game/play/table.py``: ``Table.replaced``, ``settle``);
- a demo never counts, nor a game taken over from the demo;
- winnable, random and daily deals, and each option set, are counted apart.
"""

from __future__ import annotations

import datetime
import time
from collections.abc import Callable
from pathlib import Path

from game.core.dealid import DealId
from game.core.i18n import tr
from game.platform.jobs import JobQueue
from game.records.db import FILE_NAME, RecordsDb
from game.records.stats import ABANDONED, DAILY, LOST, RANDOM, WINNABLE, Beaten, GameRow, Group, beaten
from game.session import Session
from game.store import Store

Clock = Callable[[], float]

# What counts, as the Records screen's help says it (the same rules as this module's docstring).
KEEP_RULES: tuple[Callable[[], str], ...] = (
    lambda: tr("A game counts once its first move is made."),
    lambda: tr("A win is kept the moment it is won; giving up, the moment you give up."),
    lambda: tr(
        "Starting another deal or restarting ends a game in progress: lost if no move was left, else abandoned."
    ),
    lambda: tr("Closing the program ends nothing: the game goes on next time and counts once."),
    lambda: tr("The demo never counts, nor a game taken over from it."),
    lambda: tr("Winnable, random and daily deals, and each set of options, are counted apart."),
    lambda: tr("Undo and hints are allowed; each game keeps how many it used."),
)


Winnable = Callable[[DealId], bool]  # whether a deal is in its proved-winnable list
LeftBehind = Callable[[Store, str, str | None], Session | None]  # the saved game a new one replaces


def kind_of(session: Session, winnable: Winnable) -> str:
    """Daily, else how the deal was chosen, else (a deal typed by its ID, an old save) whether it
    is in the proved-winnable lists."""
    if session.daily is not None:
        return DAILY
    if session.log.kind in (WINNABLE, RANDOM):
        return session.log.kind
    return WINNABLE if winnable(session.deal_id) else RANDOM


def group_of(session: Session, winnable: Winnable) -> Group:
    deal = session.deal_id
    return Group(deal.variant, deal.spec.options_text(deal.options), kind_of(session, winnable))


def row_for(session: Session, result: str, ended: float, local_date: str, winnable: Winnable) -> GameRow:
    log = session.log
    assert log.game_id is not None, "a game counts from its first move"
    group = group_of(session, winnable)
    h = session.history
    return GameRow(
        game_id=log.game_id,
        variant=group.variant,
        options=group.options,
        kind=group.kind,
        deal=str(session.deal_id),
        daily=session.daily,
        started=log.started if log.started is not None else ended - session.elapsed,
        ended=ended,
        local_date=local_date,
        result=result,
        seconds=round(session.elapsed, 3),
        moves=session.moves,
        score=session.score(),
        undos=log.undos,
        hints=log.hints,
        line=" ".join(h.move_texts[: len(h.moves)]),
    )


def local_date(utc: float) -> str:
    return datetime.datetime.fromtimestamp(utc).date().isoformat()


class Keeper:
    """The app's records: the database of its data folder and the wall clock. With a writer, a
    finished game is written off the frame (UI-11): its row is made at once, from the session as
    it is, and written by the writer; what it beat comes back when it is written."""

    def __init__(
        self,
        root: Path,
        winnable: Winnable,
        left_behind: LeftBehind,
        clock: Clock = time.time,
        writer: JobQueue | None = None,
    ) -> None:
        """``winnable`` and ``left_behind`` are the deal policy's and the launcher's answers (the
        app hands them over: the records know no deals lists and no saves' reading)."""
        self.db = RecordsDb(root / FILE_NAME)
        self.winnable = winnable
        self.left_behind = left_behind
        self.clock = clock
        self.writer = writer
        self._looked: set[str] = set()  # games whose first save looked for a game they replace

    @property
    def root(self) -> Path:
        return self.db.path.parent

    def today(self) -> datetime.date:
        return datetime.date.fromisoformat(local_date(self.clock()))

    def keep(self, session: Session, result: str) -> list[Beaten]:
        """Write the game's row now; for a win, what it beat."""
        return self._write(self._row(session, result))

    def keep_later(self, session: Session, result: str, then: Callable[[list[Beaten]], None]) -> None:
        """Write the game's row off the frame (now, without a writer); ``then`` gets what it beat.
        A game ended again before it was written (given up, undone, won) is written once, last."""
        row = self._row(session, result)
        if self.writer is None:
            then(self._write(row))
            return
        self.writer.later(("records", row.game_id), lambda: then(self._write(row)))

    def _row(self, session: Session, result: str) -> GameRow:
        now = self.clock()
        return row_for(session, result, now, local_date(now), self.winnable)

    def group_of(self, session: Session) -> Group:
        """The records' group a game counts in: its game, options and kind."""
        return group_of(session, self.winnable)

    def _write(self, row: GameRow) -> list[Beaten]:
        group = Group(row.variant, row.options, row.kind)
        before = self.db.summary(group) if row.won else None
        if not self.db.add(row) or before is None:
            return []
        return beaten(before, self.db.summary(group), row)

    def replacing(self, store: Store, session: Session) -> None:
        """``session`` is about to be saved over the variant's saved game: if that is another game
        still in progress (left for a new one from the home screen, History or the demo), it ends
        now, abandoned or lost — once (a game the table already ended is in the records, even if
        its row is damaged now: it is not written over)."""
        game_id = session.log.game_id
        if game_id is None or game_id in self._looked:
            return  # looked at this game's first save already
        self._looked.add(game_id)
        store.flush()
        old = self.left_behind(store, session.deal_id.variant, game_id)
        if old is not None and old.log.game_id is not None and not self.db.known(old.log.game_id):
            self.keep_later(old, LOST if old.over else ABANDONED, lambda beaten: None)
