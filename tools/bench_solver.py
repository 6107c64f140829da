"""Strength and speed of the solvers: per game, solved / proved lost / unknown, median and total
time over a fixed range of deals, on one core; FreeCell beside fc-solve when it is installed.

    python tools/bench_solver.py [--games freecell,klondike,...] [--deals 1-200] [--time-limit 10]
                                 [--repeat 3]

With --repeat N each game's range is run N times: the counts are those of the first run, the
times the median of the N runs.

Published winnability to compare with (all cards known): Klondike draw 1 90.48 %, draw 3 81.95 %;
FreeCell 99.999 %; Golf 45.1 %; Pyramid (3 passes) 66.5 %; Spider 4 suits >= 98.5 %.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.dealid import DealId
from game.solve_cli import _solve_one

GAMES = {
    "freecell": ({}, (1, 1000)),
    "klondike-1": ({"draw": "1"}, (1, 200)),
    "klondike-3": ({"draw": "3"}, (1, 200)),
    "golf": ({}, (1, 1000)),
    "pyramid": ({}, (1, 1000)),
    "yukon": ({}, (1, 100)),
    "spider-1": ({"suits": "1"}, (1, 50)),
    "addiction": ({}, (1, 200)),
}

# Published winnability (all cards known), beside our solved share.
PUBLISHED = {
    "freecell": "99.999%",
    "klondike-1": "90.48%",
    "klondike-3": "81.95%",
    "golf": "45.1%",
    "pyramid": "66.5%",
    "spider-1": "",
}


def fc_solve_seconds(first: int, last: int) -> tuple[int, float] | None:
    """Freecell Solver over Microsoft's deals ``first`` to ``last``: how many it solves and the
    seconds it takes — its range solver with the "looking glass" preset (``-l lg``) in one process
    when installed, else ``fc-solve`` with its default preset, a process per deal."""
    ranged = shutil.which("freecell-solver-range-parallel-solve")
    if ranged:
        began = time.perf_counter()
        out = subprocess.run([ranged, str(first), str(last), "1", "-l", "lg"], capture_output=True, text=True)
        unsolved = sum(line.startswith(("Unsolved Board", "Intractable Board")) for line in out.stdout.splitlines())
        return last - first + 1 - unsolved, time.perf_counter() - began
    exe, board = shutil.which("fc-solve"), shutil.which("make-microsoft-freecell-board")
    if not exe or not board:
        return None
    solved, began = 0, time.perf_counter()
    for n in range(first, last + 1):
        deal = subprocess.run([board, "-t", str(n)], capture_output=True, text=True, check=True).stdout
        out = subprocess.run([exe], input=deal, capture_output=True, text=True).stdout
        solved += "This game is solveable" in out
    return solved, time.perf_counter() - began


def peak_mib() -> float:
    """The process's peak resident memory (Linux reports KiB)."""
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--deals", help="override every game's range, e.g. 1-100")
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--max-nodes", type=int, default=5_000_000)
    parser.add_argument("--repeat", type=int, default=1, help="runs of each range; times are their median")
    args = parser.parse_args()
    print(
        f"machine: {os.cpu_count()} cores (one used), {platform.python_implementation()} {platform.python_version()}; "
        f"budget {args.time_limit} s and {args.max_nodes} nodes per deal; times: median of {max(1, args.repeat)} run(s)"
    )
    columns = ("solved", "lost", "unknown", "solved %", "published", "median ms", "search s", "total s")
    widths = (8, 6, 9, 10, 11, 11, 10, 9)
    print(f"{'game':<12}{'deals':>11}" + "".join(f"{c:>{w}}" for c, w in zip(columns, widths, strict=True)))
    for name in args.games.split(","):
        options, (first, last) = GAMES[name]
        if args.deals:
            a, _, b = args.deals.partition("-")
            first, last = int(a), int(b)
        variant = name.split("-")[0]
        runs = []
        for _ in range(max(1, args.repeat)):
            began = time.perf_counter()
            rows = [
                _solve_one((str(DealId.make(variant, n, options)), args.time_limit, args.max_nodes, False, 0.0))
                for n in range(first, last + 1)
            ]
            searched = sum(r[3] for r in rows)  # the searches alone (no deal, no replay, no notation)
            runs.append((time.perf_counter() - began, statistics.median(r[3] for r in rows) * 1000, rows, searched))
        total = statistics.median(r[0] for r in runs)
        search = statistics.median(r[3] for r in runs)
        median = statistics.median(r[1] for r in runs)
        rows = runs[0][2]
        count = {k: sum(1 for r in rows if r[1] == k) for k in ("solved", "unsolvable", "unknown")}
        print(
            f"{name:<12}{f'{first}-{last}':>11}{count['solved']:>8}{count['unsolvable']:>6}{count['unknown']:>9}"
            f"{100 * count['solved'] / len(rows):>9.1f}%{PUBLISHED.get(name, ''):>11}{median:>11.0f}{search:>10.1f}"
            f"{total:>9.1f}",
            flush=True,
        )
        print(f"{'':<12}peak memory so far: {peak_mib():.0f} MiB", flush=True)
        if variant == "freecell":
            began = time.perf_counter()
            lost = _solve_one((str(DealId.make("freecell", 11982)), 600.0, 50_000_000, False, 0.0))
            print(
                f"{'  #11982':<12}{lost[1]:>11} in {time.perf_counter() - began:.1f} s, {lost[2]:,} positions;"
                f" peak memory {peak_mib():.0f} MiB",
                flush=True,
            )
            ref = fc_solve_seconds(first, last)
            if ref is not None:
                print(
                    f"{'  fc-solve':<12}{f'{first}-{last}':>11}{ref[0]:>8}{'':>6}{'':>9}"
                    f"{100 * ref[0] / len(rows):>9.1f}%{'':>11}{'':>11}{'':>10}{ref[1]:>9.1f}",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
