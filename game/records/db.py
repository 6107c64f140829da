"""The records database: one SQLite file in the data folder, one row per finished game (CM-9).

- WAL mode, and every finished game written in its own transaction (``BEGIN IMMEDIATE``), so a
  crash loses at most a game being written, never the file.
- A second instance of the game writes to the same file safely: SQLite locks it, and a writer
  waits (the busy timeout) instead of failing.
- The schema has a version (``PRAGMA user_version``); opening an older file runs the missing
  steps of ``game/records/schema.py``, in one transaction. A file from a newer version is read, never
  written.
- A file that is not a database, or is damaged, is moved aside (``records.corrupt-<time>.sqlite3``)
  with a message, and a new one is started; the saved games in progress are separate files and
  are not touched. A finished game that met the damage is written to the new file.
- Figures are computed by SQL over indexes (aggregates, window functions), not by reading every
  row into Python: the Records screen opens fast with 100,000 games (``tools/bench_records.py``).
- A damaged row (text where a number belongs, NULL, a time out of range, an unknown game, bytes
  that are not UTF-8) costs that row, never the screen: every row read goes through
  :func:`game.records.rows.read_row`, every figure through the same rules as SQL
  (:data:`game.records.rows.COUNTED`); what is left out is counted for the player
  (:meth:`RecordsDb.unreadable`, :attr:`Page.unreadable`), and nothing is changed or deleted.
"""

from __future__ import annotations

import datetime
import os
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from game.core.i18n import tr
from game.platform import JOURNAL_MODE, new_lock, persist
from game.records.rows import COLUMNS, COUNTED, FIGURES, GROUP, Page, Unreadable, read_group, read_row, read_text, sound
from game.records.schema import migrate
from game.records.stats import GameRow, Group, Summary, daily_streak
from game.records.streak_table import current_and_best, kept, recount

T = TypeVar("T")
FILE_NAME = "records.sqlite3"
BUSY_TIMEOUT = 10.0  # seconds a writer waits for another instance's transaction


class RecordsDb:
    """The records file, opened on first use. Every method answers (empty figures at worst) and
    never raises for a bad file; what went wrong is appended to ``problems`` for the player."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problems: list[str] = []
        self.read_only = False  # the file was written by a newer version of the game
        self._conn: sqlite3.Connection | None = None
        self._lock = new_lock()  # the frame reads while the background writer adds a game

    # -- opening ----------------------------------------------------------------------------------

    def connection(self) -> sqlite3.Connection:
        if self._conn is None:
            self._conn = self._open()
        return self._conn

    def _open(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT, isolation_level=None, check_same_thread=False)
        conn.text_factory = read_text  # a byte that is not UTF-8 costs its row, not the query
        try:
            conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
            conn.execute(f"PRAGMA journal_mode = {JOURNAL_MODE}")  # WAL; DELETE in a browser
            conn.execute("PRAGMA synchronous = FULL")
            self._migrate(conn)
        except BaseException:
            conn.close()
            raise
        return conn

    def _migrate(self, conn: sqlite3.Connection) -> None:
        if not migrate(conn):
            self.read_only = True
            self.problems.append(
                tr("The records were written by a newer version of Solitaire: they are shown, not changed.")
            )

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def _set_aside(self, error: sqlite3.DatabaseError) -> None:
        """The file is damaged or not a database: keep it aside, start a new one, and say so."""
        self.close()
        aside = self.path.with_name(f"records.corrupt-{time.strftime('%Y%m%d-%H%M%S')}.sqlite3")
        try:
            os.replace(self.path, aside)
            for suffix in ("-wal", "-shm"):
                extra = Path(f"{self.path}{suffix}")
                if extra.exists():
                    os.replace(extra, Path(f"{aside}{suffix}"))
            kept = aside.name
        except OSError:
            kept = tr("nothing")
        self.problems.append(
            tr(
                "The records could not be read ({why}); they were kept aside as {kept} and new ones begun.",
                why=str(error)[:80],
                kept=kept,
            )
        )

    def _run(self, work: Callable[[sqlite3.Connection], T], empty: T) -> T:
        """Run ``work``; a damaged file is set aside and the work done again on a new one; a file
        that stays locked or cannot be opened gives ``empty`` and a message. One thread at a time."""
        with self._lock:
            return self._attempt(work, empty)

    def _attempt(self, work: Callable[[sqlite3.Connection], T], empty: T) -> T:
        for attempt in range(2):
            try:
                return work(self.connection())
            except sqlite3.OperationalError as e:
                if _damaged(e) and attempt == 0:
                    self._set_aside(e)
                    continue
                self.close()
                self._unusable(e)
                return empty
            except sqlite3.DatabaseError as e:  # not a database, malformed, corrupt
                if attempt == 0:
                    self._set_aside(e)
                    continue
                self._unusable(e)
                return empty
        return empty

    def _unusable(self, error: sqlite3.Error) -> None:
        """Say that the records cannot be used — once, not at every figure of every screen."""
        message = tr("The records could not be used: {error}", error=str(error)[:100])
        if message not in self.problems:
            self.problems.append(message)

    # -- writing ----------------------------------------------------------------------------------

    def add(self, row: GameRow) -> bool:
        """Keep a finished game (one transaction). A game already kept (the same ``game_id``: a
        game given up, then undone and ended again) is replaced by its newer ending. False when
        nothing could be written."""

        def write(conn: sqlite3.Connection) -> bool:
            if self.read_only:
                return False
            group = (row.variant, row.options, row.kind)
            conn.execute("BEGIN IMMEDIATE")
            try:
                known = conn.execute("SELECT 1 FROM games WHERE game_id = ?", (row.game_id,)).fetchone()
                streak = kept(conn, group)
                conn.execute(
                    f"INSERT INTO games ({COLUMNS}) VALUES ({', '.join('?' * 16)}) "
                    "ON CONFLICT (game_id) DO UPDATE SET ended = excluded.ended, local_date = excluded.local_date, "
                    "result = excluded.result, seconds = excluded.seconds, moves = excluded.moves, "
                    "score = excluded.score, undos = excluded.undos, hints = excluded.hints, line = excluded.line",
                    _values(row),
                )
                if known is None and streak is not None and row.ended >= streak.last_ended:  # the usual case
                    current = streak.current + 1 if row.won else 0
                    conn.execute(
                        f"UPDATE streaks SET last_ended = ?, current = ?, best = ? WHERE {GROUP}",
                        (row.ended, current, max(streak.best, current), *group),
                    )
                else:  # a first game, one ended again, one that ended before the last kept, a bad count
                    recount(conn, group)
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            return True

        written = self._run(write, False)
        if written:
            persist(self.path)  # a browser keeps the file in the page's storage
        return written

    def reset(self, variant: str) -> int:
        """Forget every game of ``variant`` (the Records screen asks first); how many were forgotten."""

        def delete(conn: sqlite3.Connection) -> int:
            if self.read_only:
                return 0
            conn.execute("BEGIN IMMEDIATE")
            try:
                conn.execute("DELETE FROM streaks WHERE variant = ?", (variant,))
                gone = int(conn.execute("DELETE FROM games WHERE variant = ?", (variant,)).rowcount)
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            return gone

        return self._run(delete, 0)

    # -- reading ----------------------------------------------------------------------------------

    def _all(self, sql: str, args: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        empty: list[tuple[Any, ...]] = []
        return self._run(lambda c: c.execute(sql, args).fetchall(), empty)

    def _census(self, variant: str | None) -> list[tuple[Group | None, int, int]]:
        """Each group's games, and how many of them count (a sound group, sound values): one pass
        over the group index. A group whose keys are damaged is None: none of its games count."""
        where, args = ("WHERE variant = ?", (variant,)) if variant else ("", ())
        sql = (
            f"SELECT variant, options, kind, COUNT(*), COUNT(CASE WHEN {COUNTED} THEN 1 END) FROM games {where} "
            "GROUP BY variant, options, kind"
        )
        return [(read_group(r[:3]), int(r[3]), int(r[4])) for r in self._all(sql, args)]

    def groups(self, variant: str | None = None) -> list[tuple[Group, int]]:
        """The groups that have games that count, with how many, in a stable order."""
        found = [(group, counted) for group, _, counted in self._census(variant) if group is not None and counted]
        return sorted(found, key=lambda g: (g[0].variant, g[0].kind, g[0].options))

    def unreadable(self, variant: str | None = None) -> int:
        """How many games the figures leave out because a value they count is damaged: of every
        game, or of ``variant``'s (a game whose variant is damaged is nobody's)."""
        return sum(every - (0 if group is None else counted) for group, every, counted in self._census(variant))

    def summary(self, group: Group) -> Summary:
        """Played, won, the bests and the streaks of one group (CM-9), over its games that count.
        The best time and the fewest moves are a win's; the best score is any game's, won or not,
        where the game scores one (a game that scores a lost game shows that score in History:
        issue 36 item 14)."""
        args = _keys(group)

        def read(conn: sqlite3.Connection) -> Summary:
            assert args is not None
            played, won, best_time, fewest, best_score = conn.execute(
                "SELECT COUNT(*), TOTAL(result = 'won'), MIN(CASE WHEN result = 'won' THEN seconds END), "
                "MIN(CASE WHEN result = 'won' THEN moves END), MAX(score) "
                f"FROM games WHERE {GROUP} AND {COUNTED}",
                args,
            ).fetchone()
            if not played:
                return Summary()
            current, best = current_and_best(conn, args, int(played))
            best_time = None if best_time is None else float(best_time)
            return Summary(int(played), int(won), best_time, fewest, best_score, current, best)

        return Summary() if args is None else self._run(read, Summary())

    def results(self, group: Group, limit: int = 100) -> list[bool]:
        """Whether each of the group's last ``limit`` games was won, oldest first."""
        sql = f"SELECT result = 'won' FROM games WHERE {GROUP} AND {COUNTED} ORDER BY ended DESC, id DESC LIMIT ?"
        args = _keys(group)
        rows = [] if args is None else self._all(sql, (*args, limit))
        return [bool(r[0]) for r in reversed(rows)]

    def winning_times(self, group: Group, limit: int = 1000) -> list[float]:
        """The seconds of the group's last ``limit`` wins."""
        sql = f"SELECT seconds FROM games WHERE {GROUP} AND result = 'won' AND {COUNTED} ORDER BY ended DESC LIMIT ?"
        args = _keys(group)
        rows = [] if args is None else self._all(sql, (*args, limit))
        return [float(r[0]) for r in rows]

    def games_per_day(self, group: Group, today: datetime.date, days: int = 30) -> list[tuple[str, int, int]]:
        """(local date, played, won) for each of the last ``days`` days, today last, zeros included."""
        first = today - datetime.timedelta(days=days - 1)
        since = time.mktime(first.timetuple()) - 86400  # local dates lag UTC by a day at most
        sql = (
            f"SELECT local_date, COUNT(*), TOTAL(result = 'won') FROM games WHERE {GROUP} AND ended >= ? "
            f"AND {COUNTED} AND {sound('local_date')} GROUP BY local_date"
        )
        args = _keys(group)
        counts = {d: (int(n), int(w)) for d, n, w in ([] if args is None else self._all(sql, (*args, since)))}
        out = []
        for k in range(days):
            day = (first + datetime.timedelta(days=k)).isoformat()
            played, won = counts.get(day, (0, 0))
            out.append((day, played, won))
        return out

    def daily_won(self) -> list[str]:
        """The dates whose daily deal was won (KL-12)."""
        sql = (
            "SELECT DISTINCT daily FROM games WHERE daily IS NOT NULL AND result = 'won' "
            f"AND {FIGURES} AND {sound('daily')}"
        )
        return [str(r[0]) for r in self._all(sql, ())]

    def daily_streak(self, today: datetime.date) -> tuple[int, int]:
        return daily_streak(self.daily_won(), today)

    def page(self, limit: int = 100, variant: str | None = None, offset: int = 0) -> Page:
        """The most recent games that can be read, newest first, with how many rows were skipped on
        the way because they could not be (``offset`` counts rows, read or not)."""
        where, args = ("WHERE variant = ?", (variant,)) if variant else ("", ())
        sql = f"SELECT {COLUMNS} FROM games {where} ORDER BY ended DESC, id DESC LIMIT -1 OFFSET ?"

        def read(conn: sqlite3.Connection) -> Page:
            rows: list[GameRow] = []
            skipped = 0
            cursor = conn.execute(sql, (*args, max(0, offset)))
            try:
                for values in cursor if limit > 0 else ():
                    try:
                        rows.append(read_row(values))
                    except Unreadable:
                        skipped += 1
                        continue
                    if len(rows) >= limit:
                        break
            finally:
                cursor.close()
            return Page(rows, skipped)

        return self._run(read, Page([]))

    def history(self, limit: int = 100, variant: str | None = None, offset: int = 0) -> list[GameRow]:
        """The most recent games that can be read, newest first."""
        return self.page(limit, variant, offset).rows

    def game(self, game_id: str) -> GameRow | None:
        """The game kept as ``game_id``; None if there is none or it cannot be read."""
        rows = self._all(f"SELECT {COLUMNS} FROM games WHERE game_id = ?", (game_id,))
        try:
            return read_row(rows[0]) if rows else None
        except Unreadable:
            return None

    def known(self, game_id: str) -> bool:
        """Whether a game is kept as ``game_id``, readable or not (a damaged row is not written over)."""
        return bool(self._all("SELECT 1 FROM games WHERE game_id = ?", (game_id,)))

    def count(self) -> int:
        return int(self._run(lambda c: c.execute("SELECT COUNT(*) FROM games").fetchone()[0], 0))


def _keys(group: Group) -> tuple[str, str, str] | None:
    """A group's keys for a query; None when they are no group's (a damaged row's), so nothing counts."""
    keys = (group.variant, group.options, group.kind)
    return keys if read_group(keys) is not None else None


def _damaged(error: sqlite3.OperationalError) -> bool:
    text = str(error).lower()
    return "malformed" in text or "not a database" in text or "disk image" in text


def _values(row: GameRow) -> tuple[Any, ...]:
    return (
        row.game_id, row.variant, row.options, row.kind, row.deal, row.daily, row.started, row.ended, row.local_date,
        row.result, row.seconds, row.moves, row.score, row.undos, row.hints, row.line,
    )  # fmt: skip
