"""The records with many games: opening the Records screen and History, and keeping a game.

    python tools/bench_records.py [--games 100000] [--runs 5] [--size 1280x800]

Fills a fresh database with ``--games`` made-up finished games (seven games, their option sets
and kinds, a daily deal now and then, a move line of a typical length, spread over two years;
``--one-group``: all of them Klondike draw 1, winnable, the worst case for the figures),
then times, as medians of ``--runs`` runs with a fresh connection each (so no run profits from
the last one's cache of the file in SQLite; the operating system's page cache stays warm, as
it would for a player):

- opening the Records screen on the biggest group: the queries and the first frame (headless);
- opening History (the newest 500 games) and its first frame;
- keeping one finished game (one transaction, WAL, synchronous=FULL), as the table does at a win.

The issue's target: the Records screen in under 100 ms with 100,000 games.
"""

from __future__ import annotations

import argparse
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.records.db import COLUMNS, FILE_NAME, RecordsDb
from game.records.schema import MIGRATIONS
from game.records.stats import RESULTS, GameRow

GROUPS = [
    ("klondike", "draw=1,redeals=unlimited"), ("klondike", "draw=3,redeals=unlimited"),
    ("klondike", "draw=1,redeals=3"),
    ("spider", "suits=1"), ("spider", "suits=2"), ("spider", "suits=4"), ("freecell", ""), ("pyramid", ""),
    ("golf", ""), ("yukon", ""), ("addiction", "redeals=2"),
]  # fmt: skip


def fill(root: Path, games: int, one_group: bool, seed: int = 11) -> float:
    """Write the games as schema version 1 held them, then open the file as the game does: the
    migration to the current version (indexes, streaks counted) is timed and returned."""
    rng = random.Random(seed)
    conn = sqlite3.connect(root / FILE_NAME, isolation_level=None)
    conn.executescript(MIGRATIONS[0])
    conn.execute("PRAGMA user_version = 1")
    now = time.time()
    line = " ".join(["t1>t2", "draw", "w>f1", "t7>t3"] * 30)  # ~120 moves
    conn.execute("BEGIN")
    rows = []
    for k in range(games):
        variant, options = GROUPS[0] if one_group else rng.choice(GROUPS)
        kind = "winnable" if one_group else rng.choice(["winnable", "winnable", "random"])
        ended = now - (games - k) * (730 * 86400 / games)
        day = time.strftime("%Y-%m-%d", time.localtime(ended))
        daily = day if not one_group and (variant, options) == GROUPS[0] and rng.random() < 0.1 else None
        kind = "daily" if daily else kind
        seconds = max(20.0, rng.gauss(300, 90))
        result = rng.choices(RESULTS, [5, 2, 1, 2])[0]
        rows.append(
            (uuid.uuid4().hex, variant, options, kind, f"{variant}:{k + 1}:v1", daily, ended - seconds, ended, day,
             result, seconds, rng.randint(80, 220), rng.randint(0, 900) if variant == "klondike" else None, line)
        )  # fmt: skip
    columns = COLUMNS.replace(", undos, hints", "")
    conn.executemany(f"INSERT INTO games ({columns}) VALUES ({', '.join('?' * 14)})", rows)
    conn.execute("COMMIT")
    conn.close()
    start = time.perf_counter()
    db = RecordsDb(root / FILE_NAME)
    db.connection()
    migrated = time.perf_counter() - start
    assert not db.problems, db.problems
    db.close()
    return migrated


def timed(work, runs: int) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--one-group", action="store_true", help="every game in one group: the worst case")
    args = parser.parse_args()
    w, h = (int(x) for x in args.size.split("x"))

    from game.app import App
    from game.records.keeper import Keeper
    from game.records.stats import Group
    from game.store import Store

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        start = time.perf_counter()
        migrated = fill(root, args.games, args.one_group)
        made = time.perf_counter() - start
        size = (root / FILE_NAME).stat().st_size
        app = App(size=(w, h), store=Store(root))
        app.go_home()
        app.step(1 / 60)
        biggest = Group("klondike", GROUPS[0][1], "winnable")

        def records() -> None:
            app.records.db.close()  # a fresh connection: nothing cached in SQLite between runs
            app.show_records("klondike", biggest)
            app.draw()
            app.pop()

        def history() -> None:
            app.records.db.close()
            app.show_history()
            app.draw()
            app.pop()

        n = [0]

        def keep() -> None:
            n[0] += 1
            db = app.records.db
            db.add(GameRow(uuid.uuid4().hex, "golf", "", "random", "golf:5:v1", None, time.time() - 60, time.time(),
                           "2026-11-30", "won", 60.0, 51, None, 0, 0, "s>w " * 51))  # fmt: skip

        screen = timed(records, args.runs)
        listed = timed(history, args.runs)
        kept = timed(keep, max(args.runs, 20))
        played = app.records.db.summary(biggest).played
        app.close()
        assert isinstance(app.records, Keeper)
    print(f"cores: {os.cpu_count()}  python {sys.version.split()[0]}  window {w}x{h} (dummy driver)")
    print(f"database: {args.games:,} games, {size / 1024 / 1024:.1f} MiB, made in {made:.1f} s")
    print(f"migration from schema version 1 (indexes, streaks counted): {migrated:.2f} s")
    print(f"Records screen, group of {played:,} games: {screen * 1000:.1f} ms (median of {args.runs})")
    print(f"History, newest 500 games: {listed * 1000:.1f} ms (median of {args.runs})")
    print(f"keeping one finished game: {kept * 1000:.2f} ms (median of {max(args.runs, 20)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
