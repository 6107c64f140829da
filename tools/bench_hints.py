"""Hints asked at the start and in the middle of deals, as a player would ask them: how long each
takes (CPU, in the slices the game loop gives it), how often the search found winning lines (the
rest fall back to rules of thumb), and how often the hint is only a stock turn or a deal.

    python tools/bench_hints.py [--deals 1-10] [--games klondike,spider:suits=1,...]

The middle of a deal is reached by playing half of the solver's winning line (a position a
player who plays well reaches); a deal the solver does not win within 10 s has no middle.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.dealid import DealId
from game.games import game_for
from game.rules.base import DEAL, DRAW, RECYCLE
from game.rules.registry import start
from game.solver.api import solve_deal
from game.solver.engine import Status

DEFAULT = "klondike:draw=1,klondike:draw=3,spider:suits=1,spider:suits=2,spider:suits=4,yukon"
SLICE = 0.004  # what the game loop gives a hint per fixed step


def ask(variant: str, state: object) -> tuple[float, bool, bool]:
    game = game_for(variant)
    rules = game.rules
    began = time.process_time()
    job = game.hints(rules, state, rules.seen(state), rules.legal_moves(state))
    while not job.advance(SLICE):
        pass
    hint = job.result()
    took = time.process_time() - began
    trivial = hint.move is not None and hint.move.kind in (DRAW, RECYCLE, DEAL)
    return took, hint.searched, trivial


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", default="1-10")
    parser.add_argument("--games", default=DEFAULT)
    args = parser.parse_args()
    first, last = (int(x) for x in args.deals.split("-"))
    print(f"{os.cpu_count()} cores; deals {first}-{last}; CPU seconds per hint")
    print("| game | where | hints | median s | max s | searched (a winning line found) | only a stock turn or deal |")
    print("|---|---|---|---|---|---|---|")
    for item in args.games.split(","):
        variant, _, opts = item.partition(":")
        options = dict(o.split("=") for o in opts.split(";")) if opts else {}
        rows: dict[str, list[tuple[float, bool, bool]]] = {"start": [], "middle": []}
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
            times = [t for t, _, _ in got]
            searched = sum(s for _, s, _ in got)
            trivial = sum(t for _, _, t in got)
            print(
                f"| {item} | {where} | {len(got)} | {statistics.median(times):.2f} | {max(times):.2f} |"
                f" {searched} | {trivial} |"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
