"""FreeCell's portfolio tried with other leaders: the positions a set of weightings and a turn
length take over Microsoft deals A-B, for choosing game/games/freecell/problem.py's WEIGHTS.

    python tools/tune_freecell.py [--deals 1-2000] [--leaders "2,0.75,5,7,0.25 2,0.75,5,7,0.8"]
                                  [--quantum 5000] [--max-nodes 5000000] [--deals-from FILE]

Each leader is five weights (blocking, digging, free cells used, empty columns, depth), the
leaders apart by spaces. Each deal is searched by the compiled search's portfolio with no time
limit, so the figures are the positions, the same on any machine; the CPU time is printed beside
them. ``--deals-from`` reads the deal numbers from a file (one or more a line) in place of the
range, to try the hard deals alone. The winnability table and the seeds are made by the leaders in
problem.py; this tool changes nothing.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.arguments import range_of
from game.core.dealid import DealId
from game.games.freecell import fast
from game.games.freecell.problem import QUANTUM, WEIGHTS
from game.rules.registry import start
from game.solver.engine import Status
from game.solver.portfolio import Portfolio


def leaders_of(text: str) -> list[tuple[float, ...]]:
    """``--leaders``: five numbers a leader, comma-separated, the leaders apart by spaces."""
    leaders = []
    for part in text.split():
        try:
            weights = tuple(float(x) for x in part.split(","))
        except ValueError:
            raise argparse.ArgumentTypeError(f"{part!r} is not five numbers apart by commas") from None
        if len(weights) != 5:
            raise argparse.ArgumentTypeError(f"{part!r} has {len(weights)} weights, not 5")
        leaders.append(weights)
    if not leaders:
        raise argparse.ArgumentTypeError("no leader given")
    return leaders


def deals_from(path: str) -> list[int]:
    try:
        return [int(x) for x in Path(path).read_text().split()]
    except (OSError, ValueError) as e:
        raise argparse.ArgumentTypeError(f"{path}: not a list of deal numbers ({e})") from None


def main() -> int:
    default = " ".join(",".join(f"{w:g}" for w in leader) for leader in WEIGHTS)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=range_of, default=(1, 2000), help="Microsoft deals A-B (default 1-2000)")
    parser.add_argument("--deals-from", type=deals_from, help="a file of deal numbers, in place of --deals")
    parser.add_argument("--leaders", type=leaders_of, default=leaders_of(default), help=f"default {default!r}")
    parser.add_argument("--quantum", type=int, default=QUANTUM, help=f"positions a turn (default {QUANTUM})")
    parser.add_argument("--max-nodes", type=int, default=5_000_000, help="positions a deal, all leaders together")
    args = parser.parse_args()
    if args.quantum < 1 or args.max_nodes < 1:
        parser.error("--quantum and --max-nodes are at least 1")
    if not fast.available():
        print("the compiled FreeCell search is not built (pip install -e .)")
        return 1
    first, last = args.deals
    numbers = args.deals_from if args.deals_from is not None else range(first, last + 1)
    total, unknown, lost, worst = 0, [], [], []
    began = time.process_time()
    for n in numbers:
        state = start(DealId.make("freecell", n))[1]
        budget = args.max_nodes // len(args.leaders)
        result = Portfolio([fast.FastSearch(state, w, budget) for w in args.leaders], args.quantum).run()
        total += result.stats.nodes
        worst.append((result.stats.nodes, n))
        if result.status is Status.UNKNOWN:
            unknown.append(n)
        elif result.status is Status.UNSOLVABLE:
            lost.append(n)
    cpu = time.process_time() - began
    worst.sort(reverse=True)
    print(f"machine: {os.cpu_count()} cores; leaders {args.leaders}, turns of {args.quantum:,} positions")
    print(f"{len(numbers)} deals: {total:,} positions, CPU {cpu:.1f} s; proved lost {lost}; unknown {unknown}")
    print("most positions: " + ", ".join(f"#{n} {nodes:,}" for nodes, n in worst[:8]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
