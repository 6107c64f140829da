"""The streaks table: each group's current and best run of wins, kept up to date as games are
added so the Records screen never counts them from 100,000 games (CM-9). It is a count, not a
record — when its row is missing or damaged, or some of the group's games cannot be counted, the
streaks are counted again from the games that can."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.records.rows import BY_COLUMN, COUNTED, GROUP, INTEGER, Rule, Unreadable
from game.records.stats import streaks

COUNT = Rule("streak", INTEGER)


@dataclass(frozen=True)
class Streak:
    """A group's row of the streaks table."""

    last_ended: float  # when the last game counted ended: a later game only adds to the count
    current: int
    best: int


def read_streak(values: Sequence[object] | None) -> Streak | None:
    """A group's kept streak; None if there is none or it is not numbers that make sense."""
    if values is None or len(values) != 3:
        return None
    try:
        last = BY_COLUMN["ended"].read(values[0])
        current, best = (COUNT.read(v) for v in values[1:])
    except Unreadable:
        return None
    assert isinstance(last, float) and isinstance(current, int) and isinstance(best, int)
    return Streak(last, current, best) if current <= best else None


def kept(conn: sqlite3.Connection, group: tuple[str, str, str]) -> Streak | None:
    row = conn.execute(f"SELECT last_ended, current, best FROM streaks WHERE {GROUP}", group).fetchone()
    return read_streak(row)


def in_order(conn: sqlite3.Connection, group: tuple[str, str, str]) -> list[tuple[Any, ...]]:
    """(won, ended) of a sound group's games that count, in the order they ended."""
    sql = f"SELECT result = 'won', ended FROM games WHERE {GROUP} AND {COUNTED} ORDER BY ended, id"
    return conn.execute(sql, group).fetchall()


def current_and_best(conn: sqlite3.Connection, group: tuple[str, str, str], played: int) -> tuple[int, int]:
    """A group's (current, best) streaks, ``played`` being how many of its games count: as kept,
    or counted again from those games — and not written, since reading changes nothing — when the
    kept row is missing or damaged, or when some of the group's games are left out (the kept
    count may have counted them before they were damaged)."""
    streak = kept(conn, group)
    every = conn.execute(f"SELECT COUNT(*) FROM games WHERE {GROUP}", group).fetchone()[0]
    if streak is not None and every == played:
        return streak.current, streak.best
    return streaks(bool(won) for won, _ in in_order(conn, group))


def recount(conn: sqlite3.Connection, group: tuple[str, str, str]) -> None:
    """Count a group's streaks again from its games that count, and keep them."""
    rows = in_order(conn, group)
    if not rows:
        conn.execute(f"DELETE FROM streaks WHERE {GROUP}", group)
        return
    current, best = streaks(bool(won) for won, _ in rows)
    conn.execute(
        "INSERT OR REPLACE INTO streaks (variant, options, kind, last_ended, current, best) VALUES (?, ?, ?, ?, ?, ?)",
        (*group, rows[-1][1], current, best),
    )
