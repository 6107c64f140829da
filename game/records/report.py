"""The ``records`` and ``history`` commands (CM-9): the records of the data folder printed as a
table, CSV or JSON. An empty or missing database prints an empty table, never an error; the
command line speaks English, like the rest of it. A damaged game is left out and counted in a note
on stderr ("note: 1 game could not be read"), so the output stays what its format promises.
"""

from __future__ import annotations

import argparse
import csv
import datetime
import io
import json
from collections.abc import Sequence
from typing import Any

from game.core.quoting import quoted
from game.core.variants import variant_spec
from game.records.db import FILE_NAME, RecordsDb
from game.records.rows import Page
from game.records.stats import GameRow

FORMATS = ("table", "csv", "json")
RECORD_FIELDS = (
    "game", "options", "kind", "played", "won", "win_rate", "best_time", "fewest_moves", "best_score", "streak",
    "best_streak",
)  # fmt: skip
HISTORY_FIELDS = (
    "ended", "game", "options", "kind", "result", "seconds", "moves", "score", "undos", "hints", "deal", "line",
)  # fmt: skip
TABLE_LEAVES_OUT = {"line"}  # too long for a table; in CSV and JSON


def add_commands(sub: Any) -> None:
    """Add ``records`` and ``history`` to the command line's subcommands."""
    records = sub.add_parser("records", help="games played and won, bests and streaks, per game and option set")
    records.add_argument("--variant", help="one game only")
    records.add_argument("--format", choices=FORMATS, default="table")
    records.set_defaults(func=cmd_records)
    history = sub.add_parser("history", help="the most recent finished games, newest first")
    history.add_argument("--limit", type=_count, default=20, help="how many games (default 20)")
    history.add_argument("--variant", help="one game only")
    history.add_argument("--format", choices=FORMATS, default="table")
    history.set_defaults(func=cmd_history)


def _count(text: str) -> int:
    """A number of games to list: 1 or more."""
    if not (text.isascii() and text.isdigit() and len(text) <= 9) or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{quoted(text)} is not a number of games (1 or more)")
    return int(text)


def _open() -> RecordsDb | None:
    from game.store import data_dir

    path = data_dir() / FILE_NAME
    return RecordsDb(path) if path.exists() else None


def _variant(name: str | None) -> str | None:
    return variant_spec(name).name if name else None  # ParseError for a game that does not exist


def records_rows(db: RecordsDb | None, variant: str | None) -> list[dict[str, Any]]:
    if db is None:
        return []
    out = []
    for group, _ in db.groups(variant):
        s = db.summary(group)
        out.append(
            dict(
                game=group.variant,
                options=group.options,
                kind=group.kind,
                played=s.played,
                won=s.won,
                win_rate=None if s.win_rate is None else round(s.win_rate, 4),
                best_time=s.best_time,
                fewest_moves=s.fewest_moves,
                best_score=s.best_score,
                streak=s.current_streak,
                best_streak=s.best_streak,
            )
        )
    return out


def history_page(db: RecordsDb | None, limit: int, variant: str | None) -> Page:
    """The games listed, and how many rows on the way could not be read."""
    return Page([]) if db is None else db.page(max(0, limit), variant)


def _history_row(r: GameRow) -> dict[str, Any]:
    ended = datetime.datetime.fromtimestamp(r.ended).isoformat(timespec="seconds")
    return dict(
        ended=ended, game=r.variant, options=r.options, kind=r.kind, result=r.result, seconds=r.seconds,
        moves=r.moves, score=r.score, undos=r.undos, hints=r.hints, deal=r.deal, line=r.line,
    )  # fmt: skip


def render(rows: list[dict[str, Any]], fields: Sequence[str], fmt: str, extra: dict[str, Any] | None = None) -> str:
    if fmt == "json":
        return json.dumps({"rows": rows, **(extra or {})}, ensure_ascii=False, indent=1)
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=list(fields), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
        return buffer.getvalue().rstrip("\n")
    shown = [f for f in fields if f not in TABLE_LEAVES_OUT]
    cells = [[_cell(row[f]) for f in shown] for row in rows]
    widths = [max([len(f), *(len(c[k]) for c in cells)]) for k, f in enumerate(shown)]
    lines = ["  ".join(f.ljust(w) for f, w in zip(shown, widths, strict=True)).rstrip()]
    lines += ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() for row in cells]
    return "\n".join(lines)


def _cell(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.4g}" if value < 1 else f"{value:.1f}"
    return str(value) or "-"


def cmd_records(args: argparse.Namespace) -> int:
    variant = _variant(args.variant)
    db = _open()
    rows = records_rows(db, variant)
    current, best = db.daily_streak(datetime.date.today()) if db is not None else (0, 0)
    print(render(rows, RECORD_FIELDS, args.format, {"daily_streak": {"current": current, "best": best}}))
    if args.format == "table":
        print(f"\ndaily streak: {current} (best {best})")
    _report(db, db.unreadable(variant) if db is not None else 0)
    return 0


def cmd_history(args: argparse.Namespace) -> int:
    db = _open()
    page = history_page(db, args.limit, _variant(args.variant))
    print(render([_history_row(r) for r in page.rows], HISTORY_FIELDS, args.format))
    _report(db, page.unreadable)
    return 0


def unreadable_note(count: int) -> str:
    """What the commands say of games left out (on stderr, in English like the command line)."""
    return f"note: {count} game could not be read" if count == 1 else f"note: {count} games could not be read"


def _report(db: RecordsDb | None, unreadable: int) -> None:
    import sys

    for problem in db.problems if db is not None else []:
        print(f"note: {problem}", file=sys.stderr)
    if unreadable:
        print(unreadable_note(unreadable), file=sys.stderr)
    if db is not None:
        db.close()
