"""FreeCell's solver beside Freecell Solver (fc-solve, Debian's freecell-solver-bin) on Microsoft's
deals A-B, side by side on this machine: each one's CPU time, its counts and the ratio (issue 39,
item 3: ours at most 5 times fc-solve's).

    python tools/bench_freecell.py [--deals 1-300] [--preset lg] [--max-nodes 5000000] [--time-limit 10]

Ours: ``python -m game solve freecell``'s search of each deal in this process (the deal dealt, the
solver's portfolio run within the budget), its CPU time counted apart from the line's conversion to
the rules' moves and their replay to a win, which ``solve`` also does and fc-solve's range solver,
printing verdicts only, does not (that time is printed too). Whether the compiled search ran (or the
Python one: no C compiler at install, or SOLITAIRE_PURE_PYTHON=1) is printed. fc-solve: its range
solver (``freecell-solver-range-parallel-solve A B 1 -l PRESET``) in one process, its CPU time read
from the operating system (user + system). Run it on one core for figures that mean something on a
shared machine: ``taskset -c 1 python tools/bench_freecell.py``.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.dealid import DealId
from game.games.freecell import fast
from game.games.freecell.rules import FreeCell
from game.games.freecell.solver import SOLVER
from game.rules.registry import start
from game.solver.api import rules_moves
from game.solver.engine import Status

RANGE_SOLVER = "freecell-solver-range-parallel-solve"


def ours(first: int, last: int, max_nodes: int, seconds: float) -> tuple[dict[Status, int], float, float, int]:
    """Our counts by status, the search's CPU seconds, the CPU seconds of turning the lines into the
    rules' moves and replaying them to a win, and the positions searched."""
    counts = dict.fromkeys((Status.SOLVED, Status.UNSOLVABLE, Status.UNKNOWN), 0)
    rules, search, replay, positions = FreeCell(), 0.0, 0.0, 0
    SOLVER.make(start(DealId.make("freecell", first))[1], 1, None, False).run()  # the modules imported first
    for n in range(first, last + 1):
        began = time.process_time()
        state = start(DealId.make("freecell", n))[1]
        result = SOLVER.make(state, max_nodes, seconds, False).run()
        searched = time.process_time()
        search += searched - began
        counts[result.status] += 1
        positions += result.stats.nodes
        if result.status is Status.SOLVED:
            s = state
            for m in rules_moves(SOLVER, state, result.moves):
                s, _ = rules.apply(s, m)
            if not rules.is_won(s):
                raise AssertionError(f"deal {n}: the solver's line does not win")
        replay += time.process_time() - searched
    return counts, search, replay, positions


def fc_solve(first: int, last: int, preset: str) -> tuple[int, int, float] | None:
    """fc-solve's range solver: deals solved, deals it gave up on or found unsolvable, its CPU seconds."""
    exe = shutil.which(RANGE_SOLVER)
    if exe is None:
        return None
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([exe, str(first), str(last), "1", "-l", preset], capture_output=True, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    unsolved = sum(line.startswith(("Unsolved Board", "Intractable Board")) for line in out.stdout.splitlines())
    return last - first + 1 - unsolved, unsolved, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-300", help="Microsoft deals A-B (default 1-300)")
    parser.add_argument("--preset", default="lg", help="fc-solve's preset (default lg, its 'looking glass')")
    parser.add_argument("--max-nodes", type=int, default=5_000_000, help="our budget per deal, as solve's default")
    parser.add_argument("--time-limit", type=float, default=10.0, help="our seconds per deal, as solve's default")
    args = parser.parse_args()
    a, _, b = args.deals.partition("-")
    first, last = int(a), int(b or a)
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(
        f"machine: {os.cpu_count()} cores, {usable} usable by this run; {platform.python_implementation()} "
        f"{platform.python_version()}; deals {first}-{last}"
    )
    way = "compiled (game/games/freecell/fast.c)" if fast.available() else "pure Python"
    counts, search, replay, positions = ours(first, last, args.max_nodes, args.time_limit)
    print(
        f"ours, {way}: won {counts[Status.SOLVED]}, proved lost {counts[Status.UNSOLVABLE]}, "
        f"unknown {counts[Status.UNKNOWN]}; {positions:,} positions; search CPU {search:.2f} s "
        f"(+ {replay:.2f} s turning the lines into the rules' moves and replaying them)",
        flush=True,
    )
    ref = fc_solve(first, last, args.preset)
    if ref is None:
        print(f"fc-solve: {RANGE_SOLVER} is not installed (Debian: freecell-solver-bin)")
        return 0
    solved, unsolved, cpu = ref
    print(
        f"fc-solve, {RANGE_SOLVER} -l {args.preset}: solved {solved}, unsolved or gave up {unsolved}; CPU {cpu:.2f} s"
    )
    if cpu > 0:
        print(f"ratio, ours / fc-solve: search {search / cpu:.2f}, with the replay {(search + replay) / cpu:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
