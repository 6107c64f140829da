"""The ``solve`` command: deals searched as the winnability table searches them, one line each
(its ID, solved / unsolvable / unknown, the positions searched, the seconds; ``--moves`` adds the
line, in the game's own notation where it has one), then the totals::

    python -m game solve VARIANT (--deal N | --deals A-B) [--option K=V] [--time-limit S]
        [--max-nodes N] [--complete] [--prove-lost S] [--moves] [--jobs J]
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from typing import Any

from game.arguments import number_of, options_of, range_of
from game.core.dealid import DealId, parse_deal_id
from game.core.errors import ParseError

MAX_JOBS = 64


def _solve_one(task: tuple[str, float, int, bool, float]) -> tuple[str, str, int, float, str]:
    """Solve one deal (in a worker process): its ID, status, nodes, seconds and solution text."""
    import time

    from game.games.index import game_for
    from game.rules.base import move_text
    from game.rules.registry import start
    from game.solver.api import solve_deal

    deal_text, seconds, max_nodes, complete, prove = task
    deal_id = parse_deal_id(deal_text)
    spec = game_for(deal_id.variant).solver
    began = time.perf_counter()  # both searches' time, as the winnability table counts it
    result = solve_deal(spec, deal_id, max_nodes=max_nodes, max_seconds=seconds, complete=complete, prove=prove)
    took = time.perf_counter() - began
    line = ""
    if result.moves:
        _, state = start(deal_id)
        if spec.notation is not None:
            line = spec.notation(state, result.moves)
        else:
            line = " ".join(move_text(m) for m in result.moves)
    return deal_text, result.status.value, result.stats.nodes, took, line


def cmd_solve(args: argparse.Namespace) -> int:
    import statistics
    import time

    if (args.deal is None) == (args.deals is None):
        raise ParseError("give either --deal N or --deals A-B")
    first, last = (number_of("--deal", args.deal),) * 2 if args.deal is not None else args.deals
    if not 1 <= args.jobs <= MAX_JOBS:
        raise ParseError(f"--jobs {args.jobs} is not from 1 to {MAX_JOBS}")
    if not 0 < args.time_limit <= 3600 or not 1 <= args.max_nodes <= 10**9 or not 0 <= args.prove_lost <= 3600:
        raise ParseError("--time-limit and --prove-lost are from 0 to 3600 seconds and --max-nodes from 1 to 10^9")
    options = options_of(args.option or [])
    DealId.make(args.variant, first, options)  # a clear error for a wrong variant or option, before any work
    tasks = (
        (str(DealId.make(args.variant, n, options)), args.time_limit, args.max_nodes, args.complete, args.prove_lost)
        for n in range(first, last + 1)
    )
    began = time.perf_counter()
    if args.jobs > 1:
        from multiprocessing import Pool

        with Pool(args.jobs) as pool:
            results = pool.imap(_solve_one, tasks)
            rows = _print_rows(results, args.moves)
    else:
        rows = _print_rows(map(_solve_one, tasks), args.moves)
    total = time.perf_counter() - began
    counts = {k: sum(1 for r in rows if r[0] == k) for k in ("solved", "unsolvable", "unknown")}
    median = statistics.median(r[1] for r in rows) * 1000 if rows else 0.0
    print(
        f"solved {counts['solved']}/{len(rows)}, unsolvable {counts['unsolvable']}, unknown {counts['unknown']}, "
        f"median {median:.0f} ms, total {total:.1f} s"
    )
    return 0


def _print_rows(results: Iterable[tuple[str, str, int, float, str]], moves: bool) -> list[tuple[str, float]]:
    """Print a line per deal as it comes; keep only (status, seconds) for the summary."""
    rows = []
    for deal_text, status, nodes, seconds, line in results:
        print(f"{deal_text} {status} {nodes} {seconds:.3f}", flush=True)
        if moves and line:
            print(line, flush=True)
        rows.append((status, seconds))
    return rows


def add_solve(sub: Any) -> None:
    """The ``solve`` command on the command line's parser."""
    solve = sub.add_parser("solve", help="solve deals: solved / unsolvable / unknown, with statistics")
    solve.add_argument("variant")
    solve.add_argument("--deal", help="one deal number")
    solve.add_argument("--deals", type=range_of, metavar="A-B", help="a range of deal numbers")
    solve.add_argument("--option", action="append", metavar="KEY=VALUE")
    solve.add_argument("--time-limit", type=float, default=10.0, metavar="SECONDS", help="per deal (default 10)")
    solve.add_argument(
        "--max-nodes",
        type=int,
        default=10**9,
        help="per deal (default 10^9: the time limit ends the search first, whatever its speed)",
    )
    solve.add_argument("--moves", action="store_true", help="print each solution on the next line")
    solve.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    solve.add_argument("--complete", action="store_true", help="leave out no move, so a loss can be proved (slower)")
    solve.add_argument(
        "--prove-lost",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="then a complete search of a deal left unknown, as the winnability table's --prove-lost (default 0)",
    )
    solve.set_defaults(func=cmd_solve)
