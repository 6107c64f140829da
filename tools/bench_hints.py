"""Hints asked at the start and in the middle of deals, as a player would ask them: how long each
takes (CPU, in the slices the game loop gives it), how often the search found winning lines (the
rest fall back to rules of thumb), and how often the hint is only a stock turn or a deal.

    python tools/bench_hints.py [--deals 1-10] [--games klondike,spider:suits=1,...]
    python tools/bench_hints.py --follow 300 [--deals 1-50] [--games klondike:draw=1,...]

The middle of a deal is reached by playing half of the solver's winning line (a position a
player who plays well reaches); a deal the solver does not win within 10 s has no middle.

With ``--follow N``, each deal is played by taking the hint, up to N times, as a player who
follows every hint would (CM-7): the deal is won, the hint names no move, a position comes back
(a loop: the player would never progress), or the N hints run out. The position compared is
every pile's cards, the hidden ones too (a benchmark may look; the hints never do).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import Counter
from collections.abc import Hashable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.dealid import DealId
from game.games import game_for
from game.hints.base import Hint
from game.hints.fresh import hint_on_line
from game.rules.base import DEAL, DRAW, RECYCLE
from game.rules.history import History
from game.rules.registry import start
from game.solver.api import solve_deal
from game.solver.engine import Status

DEFAULT = "klondike:draw=1,klondike:draw=3,spider:suits=1,spider:suits=2,spider:suits=4,yukon"
SLICE = 0.004  # what the game loop gives a hint per fixed step


def ask(variant: str, state: object, history: History[Any] | None = None) -> tuple[float, bool, bool, Hint]:
    game = game_for(variant)
    rules = game.rules
    began = time.process_time()
    if history is None:
        job = game.hints(rules, state, rules.seen(state), rules.legal_moves(state))
    else:  # as the table asks it: with the positions of the line played (game/hints/fresh.py)
        job = hint_on_line(game.hints, rules, state, history.seen, rules.legal_moves(state), history.line)
    while not job.advance(SLICE):
        pass
    hint = job.result()
    took = time.process_time() - began
    trivial = hint.move is not None and hint.move.kind in (DRAW, RECYCLE, DEAL)
    return took, hint.searched, trivial, hint


def everything(rules: Any, state: object) -> Hashable:
    """The whole position but the score: every pile's cards and how many lie face down."""
    return tuple(sorted((str(p), tuple(cards), down) for p, (cards, down) in rules.piles(state).items()))


def follow(variant: str, deal: DealId, limit: int, alone: list[float]) -> tuple[str, int, list[float]]:
    """Take the hint up to ``limit`` times: (how it ended, hints taken, CPU seconds of each). At
    every fifth, the game's own hint without the line (as before CM-7's loops were mended) is
    timed too, into ``alone``, beside the same hint asked with it (the last of the times)."""
    rules, state = start(deal)
    history: History[Any] = History(rules, state)
    been = {everything(rules, state)}
    times: list[float] = []
    for taken in range(limit):
        if rules.is_won(history.state):
            return "won", taken, times
        took, _, _, hint = ask(variant, history.state, history)
        times.append(took)
        if taken % 5 == 0:
            alone.append(ask(variant, history.state)[0])
            alone.append(took)
        if hint.move is None:
            return "no move", taken, times
        history.play(hint.move)
        position = everything(rules, history.state)
        if position in been:
            return "loop", taken + 1, times
        been.add(position)
    return ("won" if rules.is_won(history.state) else "limit"), limit, times


def follow_table(games: str, first: int, last: int, limit: int) -> None:
    print(f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; deals {first}-{last}; hints followed up to {limit}")
    print("| game | deals | won | loop | no move | limit | hints | median s | 95% s | max s | looping deals |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for item in games.split(","):
        variant, _, opts = item.partition(":")
        options = dict(o.split("=") for o in opts.split(";")) if opts else {}
        ends: Counter[str] = Counter()
        times: list[float] = []
        looping: list[str] = []
        paired: list[float] = []  # (alone, with the line), every fifth hint
        for number in range(first, last + 1):
            end, taken, took = follow(variant, DealId.make(variant, number, options), limit, paired)
            print(
                f"  {item} deal {number}: {end} after {taken} hints,"
                f" median {statistics.median(took or [0.0]):.3f} s, max {max(took or [0.0]):.3f} s",
                file=sys.stderr,
                flush=True,
            )
            ends[end] += 1
            times += took
            if end == "loop":
                looping.append(f"{number} ({taken})")
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))] if times else 0.0
        print(
            f"| {item} | {last - first + 1} | {ends['won']} | {ends['loop']} | {ends['no move']} | {ends['limit']} |"
            f" {len(times)} | {statistics.median(times or [0.0]):.3f} | {p95:.3f} | {max(times or [0.0]):.3f} |"
            f" {', '.join(looping) or '-'} |",
            flush=True,
        )
        alone, lined = paired[0::2], paired[1::2]
        if alone:
            print(
                f"  the same {len(alone)} hints without the line / with it: median {statistics.median(alone):.3f}"
                f" / {statistics.median(lined):.3f} s, total {sum(alone):.1f} / {sum(lined):.1f} s",
                flush=True,
            )
    print(f"load {os.getloadavg()[0]:.1f} at the end")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", default="1-10")
    parser.add_argument("--games", default=DEFAULT)
    parser.add_argument("--follow", type=int, default=0, help="take the hint up to this many times a deal")
    args = parser.parse_args()
    first, last = (int(x) for x in args.deals.split("-"))
    if args.follow:
        follow_table(args.games, first, last, args.follow)
        return 0
    print(f"{os.cpu_count()} cores; deals {first}-{last}; CPU seconds per hint")
    print("| game | where | hints | median s | max s | searched (a winning line found) | only a stock turn or deal |")
    print("|---|---|---|---|---|---|---|")
    for item in args.games.split(","):
        variant, _, opts = item.partition(":")
        options = dict(o.split("=") for o in opts.split(";")) if opts else {}
        rows: dict[str, list[tuple[float, bool, bool, Hint]]] = {"start": [], "middle": []}
        for number in range(first, last + 1):
            deal = DealId.make(variant, number, options)
            rules, state = start(deal)
            rows["start"].append(ask(variant, state))
            line = solve_deal(game_for(variant).solver, deal, max_nodes=5_000_000, max_seconds=10)
            if line.status is Status.SOLVED:
                for m in line.moves[: len(line.moves) // 2]:
                    state, _ = rules.apply(state, m)
                rows["middle"].append(ask(variant, state))
        for where, got in rows.items():
            if not got:
                continue
            times = [t for t, _, _, _ in got]
            searched = sum(s for _, s, _, _ in got)
            trivial = sum(t for _, _, t, _ in got)
            print(
                f"| {item} | {where} | {len(got)} | {statistics.median(times):.2f} | {max(times):.2f} |"
                f" {searched} | {trivial} |"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
