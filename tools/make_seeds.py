"""Search deal numbers with the solver and write the proved-winnable ones to seeds/.

    python tools/make_seeds.py VARIANT [--option KEY=VALUE ...] [--count 200] [--start 1]
                               [--time-limit 3] [--max-nodes 2000000] [--jobs 2]

Deals are tried in order from --start; each is solved within the budget and kept only if the
solver found a win (its line replayed to a win through the rules). The file's header names the
deal generator's version, the solver's version, the budget and how many deals were tried.
Then rate the new list (``python tools/rate_seeds.py NAME``): until it is rated its deals have no
stars and the new-deal dialog offers no difficulty for it. (The rating solves each deal again by
node budget alone, so its figures do not depend on the machine's speed as this time-bound run's do.)
"""

from __future__ import annotations

import argparse
import datetime
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.dealid import DealId
from game.core.variants import variant_spec
from game.games.index import game_for
from game.solver.api import SOLVER_VERSION, solve_deal
from game.solver.seeds import seeds_path


def attempt(task: tuple[str, dict[str, str], int, float, int]) -> tuple[int, str]:
    variant, options, number, seconds, nodes = task
    result = solve_deal(
        game_for(variant).solver, DealId.make(variant, number, options), max_nodes=nodes, max_seconds=seconds
    )
    return number, result.status.value


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--start", type=int, default=1)
    parser.add_argument("--time-limit", type=float, default=3.0)
    parser.add_argument("--max-nodes", type=int, default=2_000_000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    spec = variant_spec(args.variant)
    options = dict(spec.normalise_options(dict(o.split("=", 1) for o in args.option)))
    found: list[int] = []
    tried = {"solved": 0, "unsolvable": 0, "unknown": 0}
    began = time.perf_counter()
    number = args.start
    with Pool(args.jobs) as pool:
        while len(found) < args.count:
            batch = [
                (spec.name, options, n, args.time_limit, args.max_nodes) for n in range(number, number + 4 * args.jobs)
            ]
            number += len(batch)
            for n, status in pool.map(attempt, batch):
                tried[status] += 1
                if status == "solved" and len(found) < args.count:
                    found.append(n)
    path = seeds_path(spec.name, options)
    path.parent.mkdir(parents=True, exist_ok=True)
    described = ", ".join(f"{k}={v}" for k, v in options.items()) or "no options"
    counts = f"solved {tried['solved']}, unsolvable {tried['unsolvable']}, unknown {tried['unknown']}"
    header = [
        f"# seeds: deals proved winnable by the solver ({spec.name}, {described})",
        f"# generator: v{spec.version}",
        f"# solver: v{SOLVER_VERSION}",
        f"# budget: {args.time_limit} s and {args.max_nodes} nodes per deal",
        f"# tried: deals {args.start}-{number - 1}: {counts}",
        f"# made: {datetime.date.today().isoformat()} by tools/make_seeds.py in {time.perf_counter() - began:.0f} s",
    ]
    path.write_text("\n".join(header + [str(n) for n in sorted(found)]) + "\n", encoding="utf-8")
    print(f"{path}: {len(found)} deals; tried {number - args.start}: {tried}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
