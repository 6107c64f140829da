"""Published figures: for every game and option set, the share of deals the solver wins, proves
lost or leaves unknown over a range of deals and a budget, with 95 % confidence intervals, beside
the figures published elsewhere; written to docs/winnability.md.

    python tools/winnability.py [--deals 1-100] [--time-limit 10] [--max-nodes 5000000]
                                [--games klondike,spider,...] [--set LABEL ...] [--jobs N] [--again]
                                [--results FILE.jsonl] [--doc [PAGE]]
                                [--scheduler local|ADDRESS]

Every solved deal's line is replayed through the rules before it counts as won. Each result is
appended to ``--results`` (JSON lines, the solver's version on each) as it arrives, so a long run
can be stopped and started again: deals already in the file are not solved twice (but, with
``--again``, those left unknown within a smaller budget than the run's: their new line counts). ``--jobs`` runs
deals in parallel processes on this machine. ``--scheduler`` runs them on Dask distributed
instead (``pip install -e '.[cluster]'``): ``local`` starts a LocalCluster of ``--jobs`` worker
processes here, an address (``tcp://10.0.0.5:8786``) uses a running scheduler whose workers have
the game installed. The work goes through any ``concurrent.futures.Executor`` (see :func:`run`).
``--set`` runs one option set by its label, as the table names it (``--set addiction:redeals=1
--set 'klondike:draw=1,redeals=unlimited'``), in place of whole games.

The page is written from the project's results file (``tools/winnability-results.jsonl``); a run
on another (``--results scratch.jsonl``) writes it only when asked, with ``--doc`` (this page) or
``--doc PAGE``; ``--doc ''`` writes none. A damaged results file loses no good line: a bad line is
named on stderr with its number and left as it is (see ``tools/result_lines.py``).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import sys
import time
from collections.abc import Generator, Iterable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools")]

from result_lines import ResultsError, appending, is_amount, is_count, read_rows, shown  # noqa: E402
from winnability_doc import page  # noqa: E402

from game.core.dealid import deal_range  # noqa: E402
from game.core.errors import ParseError  # noqa: E402
from game.games.index import GAMES  # noqa: E402
from game.verdict import Task, deal_verdict, option_label  # noqa: E402

# What others have published, all cards known to the solver (see the doc for the sources).
PUBLISHED = {
    "klondike:draw=1,redeals=unlimited": "90.48 % (Solvitaire, 2019)",
    "klondike:draw=3,redeals=unlimited": "81.95 % (Solvitaire, 2019)",
    "freecell": "99.999 % (all but 8 of the first million Microsoft deals; Freecell Solver)",
    "freecell:game=bakers": "75.0 % (Jerry Bryan's solver, 1,000,000 random deals, 2004)",
    "spider:suits=4": "at least 98.5 % (Solvitaire, 2019)",
    "golf": "45.1 % (Solvitaire, 2019)",
    "pyramid": "66.5 %, three passes through the stock (Solvitaire, 2019)",
}

GOAL = 1000  # deals a row should count before its share says much (an interval about ±3 points wide)
# Sets whose deals take milliseconds: ten times GOAL (issue 29; an interval about ±1 point wide)
QUICK_SETS = (
    "freecell",
    "pyramid",
    "golf",
    "addiction:redeals=1",
    "addiction:redeals=2",
    "addiction:redeals=3",
    "tripeaks:wrap=on",
    "tripeaks:wrap=off",
)


def goal_of(name: str) -> int:
    """How many deals the row ``name`` should count."""
    return 10 * GOAL if name in QUICK_SETS else GOAL


CLUSTER = 64  # cores of the cluster the page's estimates are for
LAST_DEAL = 2**31 - 1  # the largest deal number: "every deal in the file"


def option_sets(games: Iterable[str] | None = None) -> Iterator[tuple[str, dict[str, str]]]:
    wanted = set(games) if games else None
    for game in GAMES:
        if wanted is not None and game.name not in wanted:
            continue
        keys = [o.key for o in game.options]
        for values in itertools.product(*(o.values for o in game.options)):
            yield game.name, dict(zip(keys, values, strict=True))


RESULTS = ROOT / "tools" / "winnability-results.jsonl"
DOC = ROOT / "docs" / "winnability.md"
STATUSES = ("solved", "unsolvable", "unknown", "bad-line")


def result_problem(row: dict[str, Any]) -> str | None:
    """What makes ``row`` no result line (a key missing, a value of the wrong type), or None."""
    deal, budget = row.get("deal"), row.get("budget", [0.0, 0])
    if not isinstance(row.get("set"), str):
        return f'"set" is {shown(row, "set")}, not an option set'
    if not (is_count(deal) and 1 <= deal <= LAST_DEAL):
        return f'"deal" is {shown(row, "deal")}, not a deal number'
    if row.get("status") not in STATUSES:
        return f'"status" is {shown(row, "status")}, not one of {", ".join(STATUSES)}'
    for key in ("seconds", "prove"):
        if not is_amount(row.get(key, 0.0 if key == "prove" else None)):
            return f'"{key}" is {shown(row, key)}, not a number of seconds'
    if not (isinstance(budget, list) and len(budget) == 2 and is_amount(budget[0]) and is_count(budget[1])):
        return f'"budget" is {shown(row, "budget")}, not [seconds, positions]'
    if not is_count(row.get("solver", 0)):
        return f'"solver" is {shown(row, "solver")}, not a version'
    return None


def results_in(path: Path) -> list[dict[str, Any]]:
    """The good result lines of the file, in order (each bad one named on stderr, once)."""
    return read_rows(path, result_problem, "winnability.py")


def done_in(path: Path) -> dict[tuple[str, int], dict[str, Any]]:
    """The last result of each deal already in the results file (a damaged line: solved again)."""
    return {(row["set"], row["deal"]): row for row in results_in(path)}


def needed(task: Task, done: dict[tuple[str, int], dict[str, Any]], again: bool = False) -> bool:
    """Not in the file yet; or left unknown there, and now a longer search to prove a loss is
    asked, or (``again``) a larger budget: more seconds or positions."""
    row = done.get((option_label(task[0], task[1]), task[2]))
    if row is None:
        return True
    if row["status"] != "unknown":
        return False
    seconds, nodes = row.get("budget", (0.0, 0))
    larger = float(seconds) < task[3] or int(nodes) < task[4]
    return float(row.get("prove", 0.0)) < task[5] or (again and larger)


def run(tasks: list[Task], executor: Executor, results: Path, again: bool = False) -> int:
    """Solve ``tasks`` on ``executor`` (any concurrent.futures executor), appending each result
    to ``results`` as it comes; the deals already there are skipped (but, with ``again``, those
    left unknown within a smaller budget). Returns how many were run."""
    done = done_in(results)
    todo = [t for t in tasks if needed(t, done, again)]
    with appending(results) as out:
        for future in as_completed([executor.submit(deal_verdict, t) for t in todo]):
            out.write(json.dumps(future.result()) + "\n")
            out.flush()
    return len(todo)


@contextmanager
def executor_for(scheduler: str | None, jobs: int) -> Generator[Executor, None, None]:
    """Where the deals are solved: a process pool here (no scheduler), or Dask distributed — a
    LocalCluster of ``jobs`` single-threaded worker processes (``local``), or the scheduler at an
    address. A missing Dask or an unreachable scheduler is one line and exit 2."""
    if scheduler is None:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            yield pool
        return
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        fail("--scheduler needs Dask distributed: pip install -e '.[cluster]'")
    try:
        if scheduler == "local":
            cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=":0")
            client = Client(cluster)
        else:
            cluster, client = None, Client(scheduler, timeout=10)
    except (OSError, TimeoutError, ValueError) as e:
        fail(f"--scheduler {scheduler!r}: {e}")
    try:
        with client.get_executor() as executor:
            yield executor
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share k/n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def versions(rows: list[dict[str, Any]]) -> list[int]:
    """The solver versions that made these results."""
    return sorted({r["solver"] for r in rows if isinstance(r.get("solver"), int)})


def results_by_set(results: Path, first: int, last: int) -> dict[str, dict[int, dict[str, Any]]]:
    """The results for deals ``first`` to ``last``, by option set and deal (the last line wins)."""
    rows: dict[str, dict[int, dict[str, Any]]] = {}
    for row in results_in(results):  # a damaged line is left out (the run solves that deal again)
        if first <= row["deal"] <= last:
            rows.setdefault(row["set"], {})[row["deal"]] = row
    return rows


def budget_text(rows: list[dict[str, Any]]) -> str:
    """The budgets the rows were solved within: seconds and positions, and the proof's seconds."""
    budgets = set()
    for r in rows:
        budget = r.get("budget")
        if isinstance(budget, list) and len(budget) == 2:
            prove = float(r.get("prove", 0.0) or 0.0)
            seconds, nodes = float(budget[0]), int(budget[1])
            budgets.add(f"{seconds:g} s, {nodes / 1e6:g} M" + (f", +{prove:g} s" if prove else ""))
    return "; ".join(sorted(budgets)) if budgets else "-"


def cpu_text(seconds: float) -> str:
    """A run's time, summed over its deals: what one core would take."""
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def table(results: Path, sets: list[str], first: int, last: int) -> list[str]:
    rows = results_by_set(results, first, last)
    out = [
        "| game and options | deals | won | proved lost | unknown | won, 95 % interval | median s (won) | budget "
        "| one core's time | solver | published |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for name in sets:
        got = list(rows.get(name, {}).values())
        n = len(got)
        won = sum(r["status"] == "solved" for r in got)
        lost = sum(r["status"] == "unsolvable" for r in got)
        unknown = n - won - lost
        low, high = wilson(won, n)
        times = sorted(r["seconds"] for r in got if r["status"] == "solved")
        median = f"{times[len(times) // 2]:.2f}" if times else "-"
        share = f"{100 * won / n:.1f} % ({100 * low:.1f}–{100 * high:.1f})" if n else "-"
        published = PUBLISHED.get(name, "none found")
        solver = ", ".join(str(v) for v in versions(got))
        spent = cpu_text(sum(float(r.get("seconds", 0.0)) for r in got))
        out.append(
            f"| `{name}` | {n} | {won} | {lost} | {unknown} | {share} | {median} | {budget_text(got)} | {spent} "
            f"| {solver} | {published} |"
        )
    return out


def still_to_run(results: Path, sets: list[str], cores: int) -> list[str]:
    """For each option set with fewer deals in the results than its goal (:func:`goal_of`): the
    deals missing and how long they would take, from the mean time of the deals run so far (an
    unknown deal took its whole budget), on one core here and on a cluster of ``cores`` such cores."""
    rows = results_by_set(results, 1, 10**9)
    out = []
    for name in sets:
        got = list(rows.get(name, {}).values())
        goal = goal_of(name)
        if len(got) >= goal:
            continue
        mean = sum(float(r.get("seconds", 0.0)) for r in got) / len(got) if got else float("nan")
        missing = goal - len(got)
        if got:
            hours = missing * mean / 3600
            one_core, cluster = f"{hours:.1f} h", f"{hours / cores * 60:.1f} min"
            out.append(f"| `{name}` | {len(got)} | {goal:,} | {missing} | {mean:.2f} | {one_core} | {cluster} |")
        else:
            out.append(f"| `{name}` | 0 | {goal:,} | {missing} | - | - | - |")
    if not out:
        return []
    head = [
        f"| game and options | deals run | goal | to run | mean s a deal | one core | {cores} cores |",
        "|---|---|---|---|---|---|---|",
    ]
    return head + out


def fail(message: str) -> NoReturn:
    """A bad argument: one line on stderr, exit 2, nothing written."""
    print(f"winnability.py: error: {message}", file=sys.stderr)
    raise SystemExit(2)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", default="1-100", help="A-B")
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--max-nodes", type=int, default=5_000_000)
    parser.add_argument(
        "--prove-lost", type=float, default=0.0, metavar="SECONDS", help="a complete search of each unknown deal"
    )
    parser.add_argument(
        "--prove-games", default="klondike", help="the games whose unknown deals --prove-lost searches again"
    )
    parser.add_argument("--games", help="comma-separated (default: all)")
    parser.add_argument(
        "--again",
        action="store_true",
        help="solve again the deals left unknown within a smaller budget than this run's",
    )
    parser.add_argument("--set", action="append", default=[], metavar="LABEL", help="one option set, as labelled")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--results", type=Path, default=RESULTS)
    parser.add_argument(
        "--doc",
        nargs="?",
        const=str(DOC),
        metavar="PAGE",
        help="write the page (default: only from the default results file; '' for none)",
    )
    parser.add_argument(
        "--scheduler", metavar="local|ADDRESS", help="Dask distributed: a LocalCluster here, or a scheduler's address"
    )
    args = parser.parse_args()
    try:
        first, last = deal_range(args.deals)
    except ParseError as e:
        fail(f"--deals: {e}")
    known = {game.name for game in GAMES}
    unknown = sorted(set(args.games.split(",")) - known) if args.games else []
    if unknown:
        fail(f"no such game: {', '.join(unknown)} (the games: {', '.join(sorted(known))})")
    if args.jobs < 1 or args.time_limit <= 0 or args.max_nodes < 1 or args.prove_lost < 0:
        fail("--jobs and --max-nodes are at least 1, --time-limit above 0, --prove-lost not below 0")
    sets = list(option_sets(args.games.split(",") if args.games else None))
    if args.set:
        labelled = {option_label(v, o): (v, o) for v, o in option_sets()}
        strange = [label for label in args.set if label not in labelled]
        if strange:
            fail(f"no such option set: {', '.join(strange)} (the sets: {', '.join(labelled)})")
        sets = [labelled[label] for label in args.set]
    provable = set(args.prove_games.split(","))
    tasks = [
        (v, o, n, args.time_limit, args.max_nodes, args.prove_lost if v in provable else 0.0)
        for v, o in sets
        for n in range(first, last + 1)
    ]
    doc = page_to_write(args.doc, args.results)
    try:
        results_in(args.results)  # a path that is no results file is refused before a deal is run
        began = time.perf_counter()
        with executor_for(args.scheduler, args.jobs) as executor:
            ran = run(tasks, executor, args.results, args.again)
        took = time.perf_counter() - began
        labels = [option_label(v, o) for v, o in sets]
        lines = table(args.results, labels, first, last)
        print("\n".join(lines))
        where = f"Dask ({args.scheduler})" if args.scheduler else "a process pool"
        print(f"\n{ran} deals solved now in {took:.0f} s on {args.jobs} of {os.cpu_count()} cores, through {where}")
        if doc is not None:
            write_doc(doc, args.results)
        elif args.doc is None:
            print(f"{DOC.relative_to(ROOT)} is not written from {args.results} unless asked: --doc writes it")
    except ResultsError as e:
        fail(str(e))
    except OSError as e:  # the page cannot be written (a directory, a full disk)
        fail(f"{e.filename}: {e.strerror}" if e.filename else str(e))
    return 0


def page_to_write(asked: str | None, results: Path) -> Path | None:
    """The page a run writes: the one asked for (``--doc PAGE``, ``--doc`` alone: the project's,
    ``--doc ''``: none); unasked, the project's page, but only from the project's results file."""
    if asked is None:
        return DOC if results.resolve() == RESULTS.resolve() else None
    return Path(asked) if asked else None


def write_doc(doc: Path, results: Path) -> None:
    """The page: every option set, with every deal its results file holds."""
    every = [option_label(v, o) for v, o in option_sets()]
    rows = results_by_set(results, 1, LAST_DEAL)
    made = [r for name in every for r in rows.get(name, {}).values()]
    lines = table(results, every, 1, LAST_DEAL)
    missing = still_to_run(results, every, CLUSTER)
    every_row = [r for by_deal in rows.values() for r in by_deal.values()]
    doc.write_text(page(doc, lines, missing, versions(every_row), GOAL, CLUSTER), encoding="utf-8")
    print(f"{doc}: {len(made)} deals over {len(every)} option sets, solver versions {versions(made)}")


if __name__ == "__main__":
    raise SystemExit(main())
