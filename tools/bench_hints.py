"""How strong and how quick the hint is (CM-20).

    python tools/bench_hints.py --follow 400 [--deals 1-200] [--games klondike:draw=3,...] [--jobs 2] [--write]
    python tools/bench_hints.py [--deals 1-10] [--games klondike,spider:suits=1,...]

With ``--follow N``, each deal is played by taking its hint up to N times, as a player who follows
every hint would, through the same table the window uses (``game/play/follow.py``): it ends *won*,
*stuck* (the hint names no move) or *out of hints*. Each deal's result is appended to
``tools/hint-results.jsonl`` as it finishes (a run stopped and started again goes on where it was;
a result made by another version of the hints, ``game.hints.weigh.HINTS_VERSION``, is made again;
a damaged line is named on stderr, left as it is and played again: ``tools/result_lines.py``),
and the table is printed: won, stuck, out of hints, the share won with its 95 % interval, beside
the share the solver wins knowing every card (``tools/winnability-results.jsonl``, the same deals),
and the CPU a hint took (median, 95th percentile, most). ``--write`` puts the table in
``docs/winnability.md``, section "Playing by the hints". The games are every game's default option
set and Klondike draw 3, unless ``--games`` names others; ``--jobs`` deals run at once (default: the
machine's cores).

Without ``--follow``, hints asked at the start and in the middle of deals (half of the solver's
winning line played): how long each takes and how often it came from a search.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from result_lines import ResultsError, appending, is_amount, is_count, read_rows, shown
from winnability import results_in, wilson  # the same interval as the winnability table's

from game.arguments import range_of
from game.core.dealid import DealId
from game.core.errors import ParseError
from game.games.index import GAMES, game_for
from game.hints.advice import position_hint
from game.hints.weigh import HINTS_VERSION
from game.play.follow import OUT, STUCK, WON, Asked, Ended, follow
from game.rules.registry import start
from game.solver.api import solve_deal
from game.solver.engine import Status
from game.verdict import option_label

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "tools" / "hint-results.jsonl"
CEILING = ROOT / "tools" / "winnability-results.jsonl"
DOC = ROOT / "docs" / "winnability.md"
SECTION = "## Playing by the hints"


def default_games() -> list[str]:
    """Every game's default option set, and Klondike draw 3."""
    out = [option_label(game.name, game.defaults()) for game in GAMES]
    out.insert(1, option_label("klondike", {**game_for("klondike").defaults(), "draw": "3"}))
    return out


def parse_set(item: str) -> tuple[str, dict[str, str]]:
    """``klondike:draw=3,redeals=1`` (or ``;`` between options) as the variant and its whole options."""
    variant, _, opts = item.partition(":")
    given = dict(o.split("=") for o in opts.replace(";", ",").split(",")) if opts else {}
    deal = DealId.make(variant, 1, given)
    return deal.variant, dict(deal.options)


def split_sets(text: str) -> list[str]:
    """``klondike:draw=3,redeals=1,golf,spider:suits=4`` as its option sets: an item that names a
    game (no ``=``, or a ``:``) begins a set, and each ``KEY=VALUE`` after it is one of its options."""
    sets: list[str] = []
    for item in text.split(","):
        if ":" in item or "=" not in item or not sets:
            sets.append(item)
        else:
            sets[-1] += ("," if ":" in sets[-1] else ":") + item
    return sets


def play(task: tuple[str, int, int]) -> dict[str, Any]:
    """One deal followed by its hints (in a worker): its result line."""
    label, number, limit = task
    variant, options = parse_set(label)
    times: list[float] = []
    longest = 0.0
    end: Ended | None = None
    for step in follow(DealId.make(variant, number, options), limit, game_for):
        if isinstance(step, Asked):
            times.append(round(step.seconds, 4))
            longest = max(longest, step.slice)
        else:
            end = step
    assert end is not None
    return {
        "set": label,
        "deal": number,
        "end": end.how,
        "hints": end.hints,
        "moves": end.moves,
        "times": times,
        "slice": round(longest, 4),
        "limit": limit,
        "version": HINTS_VERSION,
    }


def row_problem(row: dict[str, Any]) -> str | None:
    """What makes ``row`` no hint result (a key missing, a value of the wrong type), or None."""
    if not isinstance(row.get("set"), str) or not (is_count(row.get("deal")) and row["deal"] >= 1):
        return f'"set" is {shown(row, "set")} and "deal" {shown(row, "deal")}: not an option set and a deal'
    if row.get("end") not in (WON, STUCK, OUT) or not is_count(row.get("version")):
        return f'"end" is {shown(row, "end")} and "version" {shown(row, "version")}: not an end and a version'
    times = row.get("times")
    if not (isinstance(times, list) and all(is_amount(t) for t in times) and is_amount(row.get("slice", 0.0))):
        return f'"times" is {shown(row, "times")} and "slice" {shown(row, "slice")}: not seconds'
    return None


def done(path: Path) -> dict[tuple[str, int], dict[str, Any]]:
    """This version's result of each deal in the file (a damaged line: named on stderr, played again)."""
    rows = read_rows(path, row_problem, "bench_hints.py")
    return {(row["set"], row["deal"]): row for row in rows if row["version"] == HINTS_VERSION}


def run(labels: list[str], first: int, last: int, limit: int, jobs: int) -> None:
    have = done(RESULTS)
    # deal by deal across the rows: a run stopped early leaves every row with the same deals played
    tasks = [(label, n, limit) for n in range(first, last + 1) for label in labels if (label, n) not in have]
    print(f"{len(tasks)} deals to play on {jobs} processes ({os.cpu_count()} cores)", file=sys.stderr, flush=True)
    with appending(RESULTS) as out, ProcessPoolExecutor(jobs) as pool:
        for row in pool.map(play, tasks, chunksize=1):
            out.write(json.dumps(row) + "\n")
            out.flush()
            print(f"  {row['set']} deal {row['deal']}: {row['end']} after {row['hints']} hints", file=sys.stderr)


def ceiling(label: str, deals: set[int]) -> tuple[int, int]:
    """(deals the solver won knowing every card, deals it ran) among ``deals``: the very deals the
    hints played, so that a row not yet played to its end is compared with the same deals."""
    won: dict[int, bool] = {}
    for row in results_in(CEILING):
        if row["set"] == label and row["deal"] in deals:
            won[row["deal"]] = row["status"] == "solved"
    return sum(won.values()), len(won)


def table(labels: list[str], first: int, last: int) -> list[str]:
    have = done(RESULTS)
    lines = [
        "| game and options | deals | won | stuck | out of hints | won, 95 % interval | the solver, every card known |"
        " hints | CPU a hint: median | 95 % | most | longest step |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for label in labels:
        rows = [have[(label, n)] for n in range(first, last + 1) if (label, n) in have]
        if not rows:
            continue
        ends = [r["end"] for r in rows]
        won = ends.count(WON)
        low, high = wilson(won, len(rows))
        solved, tried = ceiling(label, {r["deal"] for r in rows})
        times = sorted(t for r in rows for t in r["times"])
        p95 = times[int(0.95 * (len(times) - 1))] if times else 0.0
        step = max((r.get("slice", 0.0) for r in rows), default=0.0)
        top = f"{100 * solved / tried:.1f} % ({solved} of {tried})" if tried else "-"
        lines.append(
            f"| `{label}` | {len(rows)} | {won} | {ends.count(STUCK)} | {ends.count(OUT)} |"
            f" {100 * won / len(rows):.1f} % ({100 * low:.1f}–{100 * high:.1f}) | {top} | {len(times)} |"
            f" {statistics.median(times or [0.0]):.3f} s | {p95:.3f} s | {max(times or [0.0]):.3f} s |"
            f" {1000 * step:.0f} ms |"
        )
    return lines


def merged(lines: list[str], old_section: str) -> list[str]:
    """This run's table with the rows of the games it did not run kept from the table before (in
    their place; this run's new games after them): a run of two games never drops the others."""

    def label(row: str) -> str:
        return row.split("|")[1].strip()

    header = [row for row in lines if not row.startswith("| `")]
    fresh = {label(row): row for row in lines if row.startswith("| `")}
    kept = [row for row in old_section.splitlines() if row.startswith("| `")]
    out = [fresh.pop(label(row), row) for row in kept]
    return header + out + list(fresh.values())


def write(lines: list[str], first: int, last: int, limit: int) -> None:
    """The table into ``docs/winnability.md``'s section (made, or replaced; the rows of games this
    run did not play kept)."""
    text = DOC.read_text(encoding="utf-8")
    if SECTION in text:
        old = text.partition(SECTION)[2].split("\n## ", 1)[0]
        lines = merged(lines, old)
    section = "\n".join(
        [
            SECTION,
            "",
            f"Made by `python tools/bench_hints.py --follow {limit} --deals A-B [--games ...] --write` (the latest"
            f" run: deals {first}-{last}; hints version {HINTS_VERSION}, {os.cpu_count()} cores, one deal a core).",
            "Each deal is played by taking the",
            "hint every time, as a player who follows every hint would, through the table the window uses",
            "(`python -m game hint VARIANT --deal N --follow 400` shows one): *won*; *stuck*, the hint named no",
            "move; *out of hints*, the hints allowed ran out. The hint never peeks (CM-20): beside it, the share",
            "the solver wins knowing every card, over the same deals (`tools/winnability-results.jsonl`). The",
            "CPU a hint takes is measured from the question to the answer, in the slices the game's loop gives it;",
            "*longest step*: the most CPU one of those slices took, the longest a frame waited for a hint.",
            "The solver's column is a ceiling no honest policy reaches where the hidden cards decide the",
            "game (the order of TriPeaks' and Golf's stock, the fall of Addiction's redeals): it knows them.",
            "The deals beyond those shown are played by the same command with a wider `--deals`; it resumes.",
            "A run of some games (`--games`) keeps the other games' rows: each row's *deals* says its range.",
            "",
            *lines,
            "",
        ]
    )
    if SECTION in text:
        before, _, after = text.partition(SECTION)
        rest = after.split("\n## ", 1)
        text = before + section + ("\n## " + rest[1] if len(rest) > 1 else "")
    else:
        head, marker, tail = text.partition("\n## Compared with published figures")
        text = head.rstrip("\n") + "\n\n" + section + marker + tail
    DOC.write_text(text, encoding="utf-8")


def asked(variant: str, state: object) -> tuple[float, bool, Any]:
    """One hint for ``state``, as the table asks it: its CPU seconds, whether a search found it, the hint."""
    import time

    game = game_for(variant)
    rules = game.rules
    began = time.process_time()
    job = position_hint(game.hints, rules, state)
    while not job.advance(0.004):
        pass
    hint = job.result()
    return time.process_time() - began, hint.searched, hint


def start_and_middle(labels: list[str], first: int, last: int) -> Iterator[str]:
    yield f"{os.cpu_count()} cores; deals {first}-{last}; CPU seconds per hint"
    yield "| game | where | hints | median s | max s | searched (a winning line found) |"
    yield "|---|---|---|---|---|---|"
    for label in labels:
        variant, options = parse_set(label)
        rows: dict[str, list[tuple[float, bool, Any]]] = {"start": [], "middle": []}
        for number in range(first, last + 1):
            deal = DealId.make(variant, number, options)
            rules, state = start(deal)
            rows["start"].append(asked(variant, state))
            line = solve_deal(game_for(variant).solver, deal, max_nodes=5_000_000, max_seconds=10)
            if line.status is Status.SOLVED:
                for m in line.moves[: len(line.moves) // 2]:
                    state, _ = rules.apply(state, m)
                rows["middle"].append(asked(variant, state))
        for where, got in rows.items():
            if got:
                times = [t for t, _, _ in got]
                found = sum(s for _, s, _ in got)
                median, most = statistics.median(times), max(times)
                yield f"| {label} | {where} | {len(got)} | {median:.2f} | {most:.2f} | {found} |"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=range_of, default=(1, 10), metavar="A-B", help="deal numbers (default 1-10)")
    parser.add_argument("--games", help="option sets: klondike:draw=3,redeals=1,golf,spider:suits=4")
    parser.add_argument("--follow", type=int, default=0, help="take the hint up to this many times a deal")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--write", action="store_true", help="put the table in docs/winnability.md")
    args = parser.parse_args()
    first, last = args.deals
    if not 1 <= args.jobs <= 64 or args.follow < 0:
        parser.error("--jobs is from 1 to 64 and --follow at least 0")
    try:
        labels = [option_label(*parse_set(g)) for g in split_sets(args.games)] if args.games else default_games()
    except (ParseError, ValueError) as e:  # a game or an option that is none: one line, exit 2
        parser.error(f"--games: {e}")
    if not args.follow:
        for line in start_and_middle(labels, first, last):
            print(line, flush=True)
        return 0
    run(labels, first, last, args.follow, args.jobs)
    lines = table(labels, first, last)
    print("\n".join(lines))
    if args.write:
        write(lines, first, last, args.follow)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except ResultsError as e:  # a results path that is no file (a FIFO, a directory) or is refused
        print(f"bench_hints.py: error: {e}", file=sys.stderr)
        sys.exit(2)
