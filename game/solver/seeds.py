"""Curated deal numbers: the deals proved winnable by the solver, per variant and option set, in
``seeds/<variant>-<options>.txt`` (made by ``tools/make_seeds.py``), and the daily deal (KL-12).

A seeds file starts with ``#`` header lines naming the deal generator's version, the solver's
version and the budget; then one deal per line: its number, and once ``tools/rate_seeds.py`` has
rated it, the solver's effort to win it (nodes, moves, passes: see :mod:`game.solver.difficulty`).
A deal from a file made for another generator version would not be the deal that was solved, so
such a file is refused.

The game never trusts a list (issue 36 item 17): a line that is not a deal (a byte that is not
UTF-8, a number out of range) is left out and told once (:func:`take_news`); a list that cannot be
read at all (not a regular file, larger than :data:`MAX_BYTES`, refused by the system) is
:class:`Unreadable`, and the game deals without it. A FIFO or a device is never read.
"""

from __future__ import annotations

import datetime
import os
import stat
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from game.core.dealid import DealId, deal_number, is_number
from game.core.errors import ParseError
from game.core.quoting import quoted
from game.core.rng import Rng, stable_hash
from game.core.variants import daily_variant, variant_spec
from game.resources import data_dir
from game.solver.difficulty import Effort, stars

SEEDS_DIR = data_dir("seeds")


def seeds_name(variant: str, options: dict[str, str] | tuple[tuple[str, str], ...]) -> str:
    """``NAME-draw1-redealsunlimited``: the variant and every option, in the spec's order (an
    option whose default is unwritten left out at its default: ``NAME``, ``NAME-gameother``)."""
    spec = variant_spec(variant)
    chosen = spec.written(spec.normalise_options(dict(options)))
    return "-".join([spec.name] + [f"{k}{v}" for k, v in chosen])


def seeds_path(variant: str, options: dict[str, str] | tuple[tuple[str, str], ...]) -> Path:
    return SEEDS_DIR / f"{seeds_name(variant, options)}.txt"


MAX_BYTES = 1_000_000  # a seeds list is some tens of kB: a larger file is not one (a link to /dev/zero)
NOT_A_FILE, TOO_LARGE, OTHER_GENERATOR = "not a file", "too large", "other generator"


class Seeds(NamedTuple):
    """A seeds list as read: its header, its deals in order, their efforts, and the lines left out
    (each with its number and what is wrong with it)."""

    header: dict[str, str]
    numbers: tuple[int, ...]
    efforts: dict[int, Effort | None]
    damaged: tuple[tuple[int, str], ...] = ()


class Trouble(NamedTuple):
    """What the player is told about a damaged list, once: the list cannot be read at all (``why``:
    :data:`NOT_A_FILE`, :data:`TOO_LARGE`, :data:`OTHER_GENERATOR` or the system's words), or
    ``lines`` of it were left out, the first of them line ``first``."""

    file: str
    why: str
    lines: int = 0
    first: int = 0
    error: int = 0  # the system's error number, where the system refused the list (its words are ``why``)


class Unreadable(ParseError):
    """A seeds list that cannot be read at all: the game deals without it."""

    def __init__(self, trouble: Trouble) -> None:
        detail = {
            NOT_A_FILE: "it is not a regular file",
            TOO_LARGE: f"it is larger than {MAX_BYTES:,} bytes",
            OTHER_GENERATOR: "it was made for another version of the deals",
        }.get(trouble.why, trouble.why)
        super().__init__(f"the list of winnable deals {trouble.file} cannot be read ({detail})")
        self.trouble = trouble


def _bytes(path: Path) -> bytes:
    """The list's bytes: a regular file of at most :data:`MAX_BYTES`, never a FIFO or a device
    (opened without blocking, so a FIFO nobody writes to does not hold the game)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as e:
        raise Unreadable(Trouble(path.name, e.strerror or type(e).__name__, error=e.errno or 0)) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise Unreadable(Trouble(path.name, NOT_A_FILE))
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise Unreadable(Trouble(path.name, e.strerror or type(e).__name__, error=e.errno or 0)) from None
    finally:
        os.close(fd)
    if len(data) > MAX_BYTES:
        raise Unreadable(Trouble(path.name, TOO_LARGE))
    return data


def read_list(path: Path) -> Seeds:
    """The list at ``path``, every line that is not a header or a deal left out and named in
    ``damaged`` (a byte that is not UTF-8, a number out of range, a wrong count of figures);
    :class:`Unreadable` when there is no list to read (not a regular file, too large, refused)."""
    header: dict[str, str] = {}
    numbers: list[int] = []
    efforts: dict[int, Effort | None] = {}
    damaged: list[tuple[int, str]] = []
    for n, raw in enumerate(_bytes(path).split(b"\n"), 1):
        try:
            line = raw.decode("utf-8").strip()
        except UnicodeDecodeError:
            damaged.append((n, "a byte that is not UTF-8"))
            continue
        if not line:
            continue
        if line.startswith("#"):
            key, sep, value = line[1:].partition(":")
            if sep:
                header[key.strip()] = value.strip()
            continue
        fields = line.split()
        try:
            if len(fields) not in (1, 4) or not all(is_number(f) for f in fields[1:]):
                raise ParseError(f"{quoted(line)} is not a deal number (with its nodes, moves, passes)")
            number = deal_number(fields[0])
        except ParseError as e:
            damaged.append((n, str(e)))
            continue
        numbers.append(number)
        efforts[number] = Effort(*(int(f) for f in fields[1:])) if len(fields) == 4 else None
    return Seeds(header, tuple(numbers), efforts, tuple(damaged))


def _read(path: Path) -> tuple[dict[str, str], tuple[int, ...], dict[int, Effort | None]]:
    """The list, strictly (the tools that write lists, and the tests of the shipped ones): its
    first damaged line is refused with its number."""
    got = read_list(path)
    if got.damaged:
        n, why = got.damaged[0]
        raise ParseError(f"{path.name} line {n}: {why}")
    return got.header, got.numbers, got.efforts


_news: list[Trouble] = []  # what the player has not been told yet (see take_news)
_told: set[tuple[str, str]] = set()


def _tell(trouble: Trouble) -> None:
    if (trouble.file, trouble.why) not in _told:
        _told.add((trouble.file, trouble.why))
        _news.append(trouble)


def take_news() -> list[Trouble]:
    """The damaged lists not told yet, each once a run (the game says them to the player)."""
    out = _news[:]
    _news.clear()
    return out


@lru_cache(maxsize=32)
def _listed(path: Path, variant: str) -> Seeds:
    """The list as the game reads it: the lines that are deals, the others left out and told; a
    list that cannot be read, or was made for another deal generator, is :class:`Unreadable` (and
    told: the game deals without it)."""
    try:
        got = read_list(path)
        version = variant_spec(variant).version
        if got.header.get("generator") != f"v{version}":
            raise Unreadable(Trouble(path.name, OTHER_GENERATOR))
    except Unreadable as e:
        _tell(e.trouble)
        raise
    if got.damaged:
        _tell(Trouble(path.name, "", len(got.damaged), got.damaged[0][0]))
    return got


def _list(variant: str, options: dict[str, str] | tuple[tuple[str, str], ...]) -> Seeds | None:
    """The game's list for this variant and options; None when there is none (a game without a
    list yet); :class:`Unreadable` when it cannot be read."""
    path = seeds_path(variant, options)
    return _listed(path, variant) if os.path.exists(path) else None


def winnable_numbers(variant: str, options: dict[str, str] | tuple[tuple[str, str], ...]) -> tuple[int, ...]:
    """The proved-winnable deal numbers for this variant and options ((): no list yet)."""
    got = _list(variant, options)
    return got.numbers if got is not None else ()


@lru_cache(maxsize=32)
def _stars(path: Path, variant: str) -> dict[int, int]:
    got = _listed(path, variant)
    return stars(got.efforts) if "rated" in got.header else {}


def winnable_stars(variant: str, options: dict[str, str] | tuple[tuple[str, str], ...]) -> dict[int, int]:
    """Every proved deal's difficulty, 1 to 5 stars ({}: the list is missing or not rated yet)."""
    path = seeds_path(variant, options)
    return _stars(path, variant) if os.path.exists(path) else {}


def deal_stars(deal: DealId) -> int | None:
    """This deal's difficulty if it is a rated proved deal, else None (a random deal may be anything)."""
    if deal.version != variant_spec(deal.variant).version:
        return None
    try:
        return winnable_stars(deal.variant, deal.options).get(deal.number)
    except (OSError, ParseError, ValueError):
        return None


def winnable_efforts(variant: str, options: dict[str, str] | tuple[tuple[str, str], ...]) -> dict[int, Effort | None]:
    """Every proved deal's rated effort (None: not rated); {} when there is no list."""
    got = _list(variant, options)
    return dict(got.efforts) if got is not None else {}


def ready_deals(variant: str, options: dict[str, str] | tuple[tuple[str, str], ...], max_nodes: int) -> tuple[int, ...]:
    """The proved deals whose rated effort is at most ``max_nodes`` positions, in the list's order:
    the solver finds their winning line again within that budget, so a caller that must show a win
    soon (the demo) never searches long or holds a large table of positions. () when the list is
    missing or not rated."""
    got = _list(variant, options)
    if got is None or "rated" not in got.header:
        return ()
    return tuple(n for n in got.numbers if (e := got.efforts[n]) is not None and e.nodes <= max_nodes)


def daily_deal(date: datetime.date) -> DealId:
    """KL-12: the day's deal — of the game and options its ``VARIANTS`` line names for it, proved
    winnable — chosen from the date alone, so everybody gets the same deal on the same date."""
    spec = daily_variant()
    if spec is None:
        raise ParseError("no game has a daily deal")
    options = spec.daily_options()
    try:
        numbers = winnable_numbers(spec.name, options)
    except Unreadable as e:
        raise ParseError(f"there is no daily deal: {e}") from None
    if not numbers:
        raise ParseError(f"the list of winnable {spec.name} deals is missing, so there is no daily deal")
    index = Rng(stable_hash(f"daily:{date.isoformat()}")).below(len(numbers))
    return DealId.make(spec.name, numbers[index], options)
