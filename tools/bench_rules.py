"""Speed of the rules engine: random play through many deals of each variant.

Prints, per variant, legal-move generations per second and moves applied per second on the fast
path the solvers use (``play``: trusted, no events) and on the checked path the game uses
(``apply``: legality check + events) — the median of several runs.

    python tools/bench_rules.py [--runs 5] [--deals 40] [--steps 200] [--variant NAME ...]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.dealid import DealId
from game.rules.registry import rules_for

CONFIGS = [
    ("klondike", {"draw": "1"}),
    ("klondike", {"draw": "3"}),
    ("spider", {"suits": "1"}),
    ("spider", {"suits": "4"}),
    ("freecell", {}),
    ("pyramid", {}),
    ("golf", {}),
    ("yukon", {}),
    ("addiction", {}),
]


def record_games(variant: str, options: dict[str, str], deals: int, steps: int) -> list[tuple[object, list[object]]]:
    """Random legal lines of play, recorded once so every timed run repeats the same work."""
    rules = rules_for(variant)
    rng = random.Random(1)
    games = []
    for number in range(1, deals + 1):
        start = rules.deal(DealId.make(variant, number, options))
        s, line = start, []
        for _ in range(steps):
            moves = rules.legal_moves(s)
            if not moves:
                break
            m = rng.choice(moves)
            line.append(m)
            s = rules.play(s, m)
        games.append((start, line))
    return games


def time_run(rules, games) -> tuple[float, float, float]:
    """Seconds spent on: legal_moves for every position; play for every move; apply for every move."""
    positions = []
    t0 = time.perf_counter()
    for start, line in games:
        s = start
        for m in line:
            positions.append((s, m))
            s = rules.play(s, m)
    t_play = time.perf_counter() - t0
    t0 = time.perf_counter()
    for s, _ in positions:
        rules.legal_moves(s)
    t_legal = time.perf_counter() - t0
    t0 = time.perf_counter()
    for s, m in positions:
        rules.apply(s, m)
    t_apply = time.perf_counter() - t0
    return t_legal, t_play, t_apply


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--variant", action="append", help="only these variants")
    args = parser.parse_args()
    print(
        f"machine: {os.cpu_count()} cores, {platform.python_implementation()} {platform.python_version()}, "
        f"{platform.machine()}; median of {args.runs} runs; {args.deals} deals x up to {args.steps} random moves"
    )
    print(f"{'variant':<22}{'positions':>10}{'legal_moves/s':>16}{'play/s':>12}{'apply/s':>12}{'moves/pos':>11}")
    for variant, options in CONFIGS:
        if args.variant and variant not in args.variant:
            continue
        rules = rules_for(variant)
        games = record_games(variant, options, args.deals, args.steps)
        n = sum(len(line) for _, line in games)
        branching = statistics.mean(len(rules.legal_moves(s)) for s in _positions(rules, games))
        runs = [time_run(rules, games) for _ in range(args.runs)]
        legal, play, apply = (statistics.median(r[i] for r in runs) for i in range(3))
        label = variant + ("(" + ",".join(f"{k}={v}" for k, v in options.items()) + ")" if options else "")
        print(f"{label:<22}{n:>10}{n / legal:>16,.0f}{n / play:>12,.0f}{n / apply:>12,.0f}{branching:>11.1f}")
    return 0


def _positions(rules, games):
    for start, line in games:
        s = start
        for m in line:
            yield s
            s = rules.play(s, m)


if __name__ == "__main__":
    sys.exit(main())
