"""Rate the proved deals in seeds/: each is solved again and the solver's effort and its winning
line are written beside the deal number, so that the game can give every proved deal a difficulty
(see game/solver/difficulty.py and docs/difficulty.md).

    python tools/rate_seeds.py [NAME ...] [--jobs 2] [--max-seconds 120]
    python tools/rate_seeds.py --report        (per list and star: deals, median nodes and moves)
    python tools/rate_seeds.py --verify 50000 [NAME ...]   (are the ratings the current solver's?)

NAME is a seeds file's name without ``.txt`` (``spider-suits4``); none means every file. A deal line
becomes ``number nodes moves passes``: positions the search expanded, moves in its winning line,
and passes through the stock (turns of the waste, redeals) the line needs. The search is bounded by
the file's node budget only, never by time, so the figures are the same on any machine. A deal the
current solver does not win again within ``--max-seconds`` keeps its number alone (it stays proved:
its line was replayed to a win when it was found) and is rated the hardest.

``--verify N`` solves again every rated deal whose effort is at most N positions, within the budget
it was rated in (at most 2N), and says which lists' figures the current solver no longer gives (a
solver change that searches differently): rate those again. Each must also be won within 2N: the
demo plays only such deals within such a budget (``game/play/demo.py``: READY_NODES and
LINE_NODES), so this is also the check that each of its deals is won in time. A list whose figures
all hold gets a ``# verified:`` line naming the solver; a test asks every list to be rated or
verified by the current solver.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.solver.api import SOLVER_VERSION  # noqa: E402
from game.solver.difficulty import Effort, effort_of  # noqa: E402

Task = tuple[str, dict[str, str], int, int, float]


def options_of(name: str) -> tuple[str, dict[str, str]]:
    """``klondike-draw1-redeals3`` -> ("klondike", {"draw": "1", "redeals": "3"})."""
    from game.core.variants import variant_spec

    variant, *parts = name.split("-")
    spec = variant_spec(variant)
    options = {}
    for part in parts:
        key = next(o.key for o in spec.options if part.startswith(o.key))
        options[key] = part[len(key) :]
    return variant, options


def rate(task: Task) -> tuple[int, Effort | None]:
    from game.core.dealid import DealId
    from game.games.index import game_for

    variant, options, number, nodes, seconds = task
    return number, effort_of(game_for(variant).solver, DealId.make(variant, number, options), nodes, seconds)


def node_budget(budget: str) -> int:
    """The positions a deal of a list is rated within, from its ``# budget`` line."""
    found = re.search(r"(\d+) nodes", budget)
    return int(found.group(1)) if found else 2_000_000


def rate_file(path: Path, jobs: int, seconds: float) -> None:
    from game.solver.seeds import _read

    _, deals, _ = _read(path)  # the game's own reader: a malformed line is refused with its number
    numbers = list(deals)
    text = path.read_text(encoding="utf-8").splitlines()
    header = [line for line in text if line.startswith("#") and not line.startswith(("# rated", "# verified"))]
    nodes = node_budget(next((line for line in header if line.startswith("# budget")), ""))
    variant, options = options_of(path.stem)
    began = time.perf_counter()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        rated = dict(pool.map(rate, [(variant, options, n, nodes, seconds) for n in numbers]))
    lines = []
    for n in numbers:
        e = rated[n]
        lines.append(f"{n} {e.nodes} {e.moves} {e.passes}" if e is not None else str(n))
    again = sum(e is not None for e in rated.values())
    header.append(
        f"# rated: solver v{SOLVER_VERSION}, {nodes} nodes per deal (the figures; a deal not won within"
        f" {seconds:g} s is left unrated), {again} of {len(numbers)} won again; columns: deal, nodes, moves,"
        f" passes; {time.perf_counter() - began:.0f} s by tools/rate_seeds.py"
    )
    path.write_text("\n".join(header + lines) + "\n", encoding="utf-8")
    print(f"{path.name}: {again} of {len(numbers)} rated in {time.perf_counter() - began:.0f} s", flush=True)


def verify(paths: list[Path], jobs: int, up_to: int) -> bool:
    """Solve each rated deal of at most ``up_to`` positions again, within twice that (a search that
    takes turns between heuristics may pass its budget's end before the winner's turn); True when
    every figure is the same (the lists' ratings are the current solver's). A list whose figures are
    all the same gets a ``# verified:`` header line naming the solver's version and ``up_to``: a test
    holds every list's ratings to the current solver that way (rated or verified by it)."""
    from game.solver.seeds import _read

    same_everywhere = True
    for path in paths:
        header, _, efforts = _read(path)
        variant, options = options_of(path.stem)
        chosen = {n: e for n, e in efforts.items() if e is not None and e.nodes <= up_to}
        # The figures come again within the budget they were rated in (a portfolio's turns depend on
        # it); whether the demo wins each deal, within its own budget of 2N.
        rated_in = min(node_budget(header.get("budget", "")), 2 * up_to)
        began = time.perf_counter()
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            again = dict(pool.map(rate, [(variant, options, n, rated_in, 600.0) for n in chosen]))
            won = again
            if rated_in < 2 * up_to:
                won = dict(pool.map(rate, [(variant, options, n, 2 * up_to, 600.0) for n in chosen]))
        differ = sorted(n for n, e in chosen.items() if again[n] != e)
        lost = sorted(n for n in chosen if won[n] is None)
        rated_by = header.get("rated", "not rated").split(",")[0]
        print(
            f"{path.stem}: {len(chosen) - len(differ)} of {len(chosen)} deals of at most {up_to} positions won"
            f" again with the same figures (rated by {rated_by}; now v{SOLVER_VERSION});"
            f" {time.perf_counter() - began:.0f} s"
            + (f"; different: {differ[:12]}" if differ else "")
            + (f"; NOT WON within {2 * up_to}: {lost}" if lost else ""),
            flush=True,
        )
        same_everywhere = same_everywhere and not differ
        if not differ and header.get("rated"):
            mark_verified(path, len(chosen), up_to)
    return same_everywhere


def mark_verified(path: Path, count: int, up_to: int) -> None:
    """Write (or replace) the list's ``# verified:`` line, after its ``# rated:`` line."""
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if not line.startswith("# verified")]
    at = next(i for i, line in enumerate(lines) if line.startswith("# rated")) + 1
    lines.insert(
        at,
        f"# verified: solver v{SOLVER_VERSION}, {up_to} nodes: the {count} deals rated at most that won again"
        f" with the same figures (tools/rate_seeds.py --verify {up_to})",
    )
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def report(paths: list[Path]) -> None:
    """A Markdown table: for each rated list and each star, how many deals and their median effort."""
    import statistics

    from game.solver.difficulty import stars
    from game.solver.seeds import _read

    print("| list | stars: deals, median nodes / moves (passes) |")
    print("|---|---|")
    for path in paths:
        _, _, efforts = _read(path)
        if not any(efforts.values()):
            continue
        got = stars(efforts)
        cells = []
        for star in range(1, 6):
            mine = [efforts[n] for n, s in got.items() if s == star]
            rated = [e for e in mine if e is not None]
            if not rated:
                cells.append(f"{star}★ {len(mine)}: not won again")
                continue
            nodes = statistics.median(e.nodes for e in rated)
            moves = statistics.median(e.moves for e in rated)
            passes = statistics.median(e.passes for e in rated)
            unrated = len(mine) - len(rated)
            extra = f" +{unrated} not won again" if unrated else ""
            cells.append(f"{star}★ {len(mine)}: {nodes:,.0f} / {moves:.0f} ({passes:.0f}){extra}")
        print(f"| `{path.stem}` | " + "; ".join(cells) + " |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--max-seconds", type=float, default=120.0)
    parser.add_argument("--report", action="store_true", help="print the stars of the rated lists; rate nothing")
    parser.add_argument("--verify", type=int, metavar="N", help="check the ratings of deals of at most N positions")
    args = parser.parse_args()
    seeds = ROOT / "seeds"
    paths = [seeds / f"{n}.txt" for n in args.names] if args.names else sorted(seeds.glob("*.txt"))
    missing = [p.stem for p in paths if not p.exists()]
    if missing:
        known = ", ".join(p.stem for p in sorted(seeds.glob("*.txt")))
        print(f"rate_seeds: no list named {', '.join(missing)} in seeds/ (there are: {known})", file=sys.stderr)
        return 2
    from game.core.errors import ParseError

    try:
        if args.report:
            report(paths)
            return 0
        if args.verify is not None:
            return 0 if verify(paths, args.jobs, args.verify) else 1
        print(f"rating on {args.jobs} of {os.cpu_count()} cores", flush=True)
        for path in paths:
            rate_file(path, args.jobs, args.max_seconds)
    except (ParseError, ValueError, StopIteration) as e:
        print(f"rate_seeds: {e or 'a list name does not match its game and options'}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
