"""FreeCell's solver beside Freecell Solver (fc-solve, Debian's freecell-solver-bin) on Microsoft's
deals A-B, side by side on this machine: each one's CPU time, its counts and the ratio (issue 39,
item 3: ours at most 5 times fc-solve's).

    python tools/bench_freecell.py [--deals 1-300] [--preset lg] [--max-nodes 5000000] [--time-limit 10]
                                   [--chunk 1000]

Ours: ``python -m game solve freecell``'s search of each deal in this process (the deal dealt, the
solver's portfolio run within the budget), its CPU time counted apart from the line's conversion to
the rules' moves and their replay to a win, which ``solve`` also does and fc-solve's range solver,
printing verdicts only, does not (that time is printed too). Whether the compiled search ran (or the
Python one: no C compiler at install, or SOLITAIRE_PURE_PYTHON=1) is printed. fc-solve: its range
solver (``freecell-solver-range-parallel-solve A B 1 -l PRESET``), its CPU time read from the
operating system (user + system). The two take turns, a chunk of deals each, so that a load that comes
and goes on the machine weighs on both alike. Run it on one core for figures that mean something on a
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
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.arguments import range_of
from game.core.dealid import DealId
from game.games.freecell import fast
from game.games.freecell.rules import FreeCell
from game.games.freecell.solver import SOLVER
from game.rules.registry import start
from game.solver.api import rules_moves
from game.solver.engine import Status

RANGE_SOLVER = "freecell-solver-range-parallel-solve"
STATUSES = (Status.SOLVED, Status.UNSOLVABLE, Status.UNKNOWN)


@dataclass
class Ours:
    """Our search's tally: deals by status, CPU seconds searching (the deal dealt, the portfolio
    run), CPU seconds turning the lines into the rules' moves and replaying them to a win, positions."""

    counts: dict[Status, int] = field(default_factory=lambda: dict.fromkeys(STATUSES, 0))
    search: float = 0.0
    replay: float = 0.0
    positions: int = 0

    def run(self, first: int, last: int, max_nodes: int, seconds: float) -> None:
        rules = FreeCell()
        for n in range(first, last + 1):
            began = time.process_time()
            state = start(DealId.make("freecell", n))[1]
            result = SOLVER.make(state, max_nodes, seconds, False).run()
            searched = time.process_time()
            self.search += searched - began
            self.counts[result.status] += 1
            self.positions += result.stats.nodes
            if result.status is Status.SOLVED:
                s = state
                for m in rules_moves(SOLVER, state, result.moves):
                    s, _ = rules.apply(s, m)
                if not rules.is_won(s):
                    raise AssertionError(f"deal {n}: the solver's line does not win")
            self.replay += time.process_time() - searched


def fc_solve(first: int, last: int, preset: str) -> tuple[int, float]:
    """fc-solve's range solver: the deals it left unsolved (found unsolvable or gave up on), its CPU seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    command = [RANGE_SOLVER, str(first), str(last), "1", "-l", preset]
    out = subprocess.run(command, capture_output=True, text=True)
    if out.returncode != 0:  # a preset it does not know, most likely: its own words, on one line
        why = " ".join((out.stderr or out.stdout).split())[:200]
        raise SystemExit(f"bench_freecell.py: {' '.join(command)} failed (exit {out.returncode}): {why}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return sum(line.startswith(("Unsolved Board", "Intractable Board")) for line in out.stdout.splitlines()), cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=range_of, default=(1, 300), help="Microsoft deals A-B (default 1-300)")
    parser.add_argument("--preset", default="lg", help="fc-solve's preset (default lg, its 'looking glass')")
    parser.add_argument("--max-nodes", type=int, default=5_000_000, help="our budget per deal, as solve's default")
    parser.add_argument("--time-limit", type=float, default=10.0, help="our seconds per deal, as solve's default")
    parser.add_argument("--chunk", type=int, default=1000, help="deals each side runs before the other's turn")
    args = parser.parse_args()
    if args.max_nodes < 1 or args.time_limit <= 0 or args.chunk < 1:
        parser.error("--max-nodes and --chunk are at least 1, --time-limit above 0")
    first, last = args.deals
    if shutil.which(RANGE_SOLVER) is None:
        print(f"{RANGE_SOLVER} is not installed (Debian: freecell-solver-bin)")
        return 1
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(
        f"machine: {os.cpu_count()} cores, {usable} usable by this run; {platform.python_implementation()} "
        f"{platform.python_version()}; deals {first}-{last}, {args.chunk} at a time by each side in turn",
        flush=True,
    )
    SOLVER.make(start(DealId.make("freecell", first))[1], 1, None, False).run()  # the modules imported first
    ours, unsolved, cpu = Ours(), 0, 0.0
    for lo in range(first, last + 1, args.chunk):  # in turns, so that the machine's load falls on both alike
        hi = min(last, lo + args.chunk - 1)
        ours.run(lo, hi, args.max_nodes, args.time_limit)
        left, took = fc_solve(lo, hi, args.preset)
        unsolved, cpu = unsolved + left, cpu + took
    way = "compiled (game/games/freecell/fast.c)" if fast.available() else "pure Python"
    counts = ours.counts
    print(
        f"ours, {way}: won {counts[Status.SOLVED]}, proved lost {counts[Status.UNSOLVABLE]}, "
        f"unknown {counts[Status.UNKNOWN]}; {ours.positions:,} positions; search CPU {ours.search:.2f} s "
        f"(+ {ours.replay:.2f} s turning the lines into the rules' moves and replaying them)"
    )
    solved = last - first + 1 - unsolved
    print(
        f"fc-solve, {RANGE_SOLVER} -l {args.preset}: solved {solved}, unsolved or gave up {unsolved}; CPU {cpu:.2f} s"
    )
    if cpu > 0:
        whole = ours.search + ours.replay
        print(f"ratio, ours / fc-solve: search {ours.search / cpu:.2f}, with the replay {whole / cpu:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
