"""The tools' results files, one JSON object a line (``tools/winnability-results.jsonl``,
``tools/hint-results.jsonl``), read and appended to without losing a line (issue 36 item 17).

A file damaged by a stop, a full disk or a hand's edit keeps every good line: a line that is not
UTF-8, not JSON (cut short, nested thousands deep) or not a result (a key missing, a value of the
wrong type, a number out of range) is left out of what is read, named on stderr once with its
number, and left in the file as it is. An append always begins on a line of its own, so a result
never lands on the end of a line cut short. A path that is not a regular file (a directory, a
FIFO, a device) or cannot be read is :class:`ResultsError`, which a tool says in one line; a FIFO is
never opened in a way that waits for a writer or a reader.
"""

from __future__ import annotations

import json
import math
import os
import stat
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from game.core.quoting import quoted

Check = Callable[[dict[str, Any]], str | None]  # what is wrong with a row (None: nothing)

NAMED = 10  # bad lines named one by one, a file; then how many more
_named: set[tuple[str, int]] = set()  # (file, line) already said this run


class ResultsError(ValueError):
    """A results path that cannot be used: not a regular file, or refused by the system."""


def is_count(value: object) -> bool:
    """A whole number (not a boolean, not 1.0)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_amount(value: object) -> bool:
    """A finite number not below 0 (seconds, a budget; ``1e400`` reads as infinity)."""
    if isinstance(value, float):
        return math.isfinite(value) and value >= 0
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def shown(row: dict[str, Any], key: str) -> str:
    """A row's value as a message names it: quoted short, or ``missing``."""
    return quoted(row[key]) if key in row else "missing"


def _open(path: Path, flags: int) -> int:
    """A descriptor on the regular file at ``path``; ResultsError for anything else. Opened without
    blocking, so a FIFO is refused at once rather than waited on."""
    try:
        fd = os.open(path, flags | getattr(os, "O_NONBLOCK", 0), 0o644)
    except OSError as e:
        raise ResultsError(f"{path}: {e.strerror or e}") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise ResultsError(f"{path} is not a regular file")
    return fd


def read_rows(path: Path, check: Check, tool: str) -> list[dict[str, Any]]:
    """Every good row of the file, in order ([] when there is no file yet); each bad line named on
    stderr with its number, once a run, and left out."""
    if not os.path.lexists(path):
        return []
    fd = _open(path, os.O_RDONLY)
    try:
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read()
    except OSError as e:
        raise ResultsError(f"{path}: {e.strerror or e}") from None
    finally:
        os.close(fd)
    rows: list[dict[str, Any]] = []
    bad: list[tuple[int, str]] = []
    for n, raw in enumerate(data.split(b"\n"), 1):
        if not raw.strip():
            continue
        try:
            row = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            bad.append((n, "a byte that is not UTF-8"))
            continue
        except (ValueError, RecursionError) as e:  # cut short, not JSON, nested too deep
            bad.append((n, "not JSON" if isinstance(e, ValueError) else "JSON nested too deep"))
            continue
        why = check(row) if isinstance(row, dict) else "not a JSON object"
        if why is None:
            rows.append(row)
        else:
            bad.append((n, why))
    _name(path, bad, tool)
    return rows


def _name(path: Path, bad: list[tuple[int, str]], tool: str) -> None:
    new = [(n, why) for n, why in bad if (str(path), n) not in _named]
    for n, why in new[:NAMED]:
        print(f"{tool}: {path} line {n} is left out ({why}); the file keeps it as it is", file=sys.stderr)
    if len(new) > NAMED:
        print(f"{tool}: {path}: {len(new) - NAMED} more damaged lines left out", file=sys.stderr)
    _named.update((str(path), n) for n, _ in new)


@contextmanager
def appending(path: Path) -> Iterator[IO[str]]:
    """The file opened to append results, each on a line of its own: a last line without its
    newline (a stop, a full disk) is ended first, so the next result is not glued onto it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = _open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    try:
        size = os.fstat(fd).st_size
        ended = size == 0 or _last_byte(path, size) == b"\n"
        os.set_blocking(fd, True)
        out = os.fdopen(fd, "a", encoding="utf-8")
    except BaseException:
        os.close(fd)
        raise
    with out:
        if not ended:
            out.write("\n")
            out.flush()
        yield out


def _last_byte(path: Path, size: int) -> bytes:
    with path.open("rb") as f:
        f.seek(size - 1)
        return f.read(1)
