"""The records file's schema and its migrations (CM-9): ``PRAGMA user_version`` says which steps a
file has had; opening an older file runs the missing ones, in one transaction."""

from __future__ import annotations

import sqlite3

from game.records.rows import FIGURES
from game.records.streak_table import recount

# Each step takes the schema from its index to the next version: MIGRATIONS[0] makes version 1.
MIGRATIONS: tuple[str, ...] = (
    # 1: the games
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        game_id TEXT NOT NULL UNIQUE,
        variant TEXT NOT NULL,
        options TEXT NOT NULL,
        kind TEXT NOT NULL,
        deal TEXT NOT NULL,
        daily TEXT,
        started REAL NOT NULL,
        ended REAL NOT NULL,
        local_date TEXT NOT NULL,
        result TEXT NOT NULL CHECK (result IN ('won', 'lost', 'given_up', 'abandoned')),
        seconds REAL NOT NULL,
        moves INTEGER NOT NULL,
        score INTEGER,
        line TEXT NOT NULL
    );
    """,
    # 2: undos and hints used; the indexes the Records screen's queries need (the group's index
    # covers every figure, so they never read the rows' long move lines); each group's streaks,
    # kept up to date as games are added (recounted from the games by the migration)
    """
    ALTER TABLE games ADD COLUMN undos INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX games_by_group ON games (variant, options, kind, ended, result, seconds, moves, score);
    CREATE TABLE streaks (
        variant TEXT NOT NULL,
        options TEXT NOT NULL,
        kind TEXT NOT NULL,
        last_ended REAL NOT NULL,
        current INTEGER NOT NULL,
        best INTEGER NOT NULL,
        PRIMARY KEY (variant, options, kind)
    );
    CREATE INDEX games_by_end ON games (ended);
    CREATE INDEX games_by_daily ON games (daily) WHERE daily IS NOT NULL;
    """,
)
VERSION = len(MIGRATIONS)


def migrate(conn: sqlite3.Connection) -> bool:
    """Bring the file to :data:`VERSION`; False when it is newer than this game (then it is read,
    never written)."""
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    if version > VERSION:
        return False
    if version == VERSION:
        return True
    conn.execute("BEGIN IMMEDIATE")
    try:
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])  # another instance may have done it
        for step in MIGRATIONS[version:]:
            for statement in step.split(";"):
                if statement.strip():
                    conn.execute(statement)
        if version < 2:  # the streaks table is new: count them from the games there are
            groups = f"SELECT DISTINCT variant, options, kind FROM games WHERE {FIGURES}"
            for group in conn.execute(groups).fetchall():
                recount(conn, group)
        conn.execute(f"PRAGMA user_version = {VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return True
