"""Curated deal numbers: the deals proved winnable by the solver, per variant and option set, in
``seeds/<variant>-<options>.txt`` (made by ``tools/make_seeds.py``), and the daily deal (KL-12).

A seeds file starts with ``#`` header lines naming the deal generator's version, the solver's
version and the budget; then one deal per line: its number, and once ``tools/rate_seeds.py`` has
rated it, the solver's effort to win it (nodes, moves, passes: see :mod:`game.solver.difficulty`).
A deal from a file made for another generator version would not be the deal that was solved, so
such a file is refused.
"""

from __future__ import annotations

import datetime
from functools import lru_cache
from pathlib import Path

from game.core.dealid import DealId
from game.core.errors import ParseError
from game.core.rng import Rng, stable_hash
from game.core.variants import variant_spec
from game.resources import data_dir
from game.solver.difficulty import Effort, stars

SEEDS_DIR = data_dir("seeds")


def seeds_name(variant: str, options: dict[str, str] | tuple[tuple[str, str], ...]) -> str:
    """``klondike-draw1-redealsunlimited``: the variant and every option, in the spec's order."""
    spec = variant_spec(variant)
    chosen = spec.normalise_options(dict(options))
    return "-".join([spec.name] + [f"{k}{v}" for k, v in chosen])


def seeds_path(variant: str, options: dict[str, str] | tuple[tuple[str, str], ...]) -> Path:
    return SEEDS_DIR / f"{seeds_name(variant, options)}.txt"


@lru_cache(maxsize=32)
def _read(path: Path) -> tuple[dict[str, str], tuple[int, ...], dict[int, Effort | None]]:
    header: dict[str, str] = {}
    numbers: list[int] = []
    efforts: dict[int, Effort | None] = {}
    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            key, sep, value = line[1:].partition(":")
            if sep:
                header[key.strip()] = value.strip()
            continue
        fields = line.split()
        if not all(f.isascii() and f.isdigit() for f in fields) or len(fields) not in (1, 4):
            raise ParseError(f"{path.name} line {n}: {line!r} is not a deal number (with its nodes, moves, passes)")
        number = int(fields[0])
        numbers.append(number)
        efforts[number] = Effort(*(int(f) for f in fields[1:])) if len(fields) == 4 else None
    return header, tuple(numbers), efforts


def winnable_numbers(variant: str, options: dict[str, str] | tuple[tuple[str, str], ...]) -> tuple[int, ...]:
    """The proved-winnable deal numbers for this variant and options ((): no list yet)."""
    path = seeds_path(variant, options)
    if not path.exists():
        return ()
    return _checked(path, variant)[1]


def _checked(path: Path, variant: str) -> tuple[dict[str, str], tuple[int, ...], dict[int, Effort | None]]:
    read = _read(path)
    version = variant_spec(variant).version
    if read[0].get("generator") != f"v{version}":
        raise ParseError(f"{path.name} was made for deal generator {read[0].get('generator')}, not v{version}")
    return read


@lru_cache(maxsize=32)
def _stars(path: Path, variant: str) -> dict[int, int]:
    header, _, efforts = _checked(path, variant)
    return stars(efforts) if "rated" in header else {}


def winnable_stars(variant: str, options: dict[str, str] | tuple[tuple[str, str], ...]) -> dict[int, int]:
    """Every proved deal's difficulty, 1 to 5 stars ({}: the list is missing or not rated yet)."""
    path = seeds_path(variant, options)
    return _stars(path, variant) if path.exists() else {}


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
    path = seeds_path(variant, options)
    return dict(_checked(path, variant)[2]) if path.exists() else {}


def ready_deals(variant: str, options: dict[str, str] | tuple[tuple[str, str], ...], max_nodes: int) -> tuple[int, ...]:
    """The proved deals whose rated effort is at most ``max_nodes`` positions, in the list's order:
    the solver finds their winning line again within that budget, so a caller that must show a win
    soon (the demo) never searches long or holds a large table of positions. () when the list is
    missing or not rated."""
    path = seeds_path(variant, options)
    if not path.exists():
        return ()
    header, numbers, efforts = _checked(path, variant)
    if "rated" not in header:
        return ()
    return tuple(n for n in numbers if (e := efforts[n]) is not None and e.nodes <= max_nodes)


def daily_deal(date: datetime.date) -> DealId:
    """KL-12: the day's Klondike deal — draw 1, unlimited redeals, proved winnable — chosen from the
    date alone, so everybody gets the same deal on the same date."""
    options = {"draw": "1", "redeals": "unlimited"}
    numbers = winnable_numbers("klondike", options)
    if not numbers:
        raise ParseError("the list of winnable Klondike deals is missing, so there is no daily deal")
    index = Rng(stable_hash(f"daily:{date.isoformat()}")).below(len(numbers))
    return DealId.make("klondike", numbers[index], options)
