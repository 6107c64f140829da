"""The fuzzer of tests/test_monkey.py, run long: every game, many seeds, thousands of actions.

    python tools/fuzz.py [--actions 5000] [--seeds 3] [--games klondike,spider,...]

Prints a line per run (game, seed, actions, moves reached, seconds) and stops at the first
failure with its traceback, the seed and the action count, so it can be replayed exactly.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # its output is its measure, not a banner
ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from fuzz_driver import act, check  # noqa: E402
from scene_helpers import make_app, open_scene  # noqa: E402

from game.scenes.table import TableScene  # noqa: E402

GAMES = ["klondike", "spider", "freecell", "pyramid", "golf", "yukon", "addiction"]


def one(variant: str, seed: int, actions: int) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        app = make_app(Path(tmp), size=(1024, 768), animation="fast")
        open_scene(app, variant, seed)
        rng = random.Random(f"{variant}:{seed}")
        moves = 0
        for n in range(actions):
            if not app.running:
                app.close()
                app = make_app(Path(tmp), size=(1024, 768), animation="fast")
                app.go_home()
            if isinstance(app.stack.top, TableScene):
                moves = max(moves, app.stack.top.session.moves)
            try:
                act(app, rng)
                if n % 25 == 0:
                    check(app)
            except Exception:
                print(f"FAILED {variant} seed {seed} at action {n}", file=sys.stderr)
                raise
        app.close()
        return moves


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=5000)
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores; {args.actions} actions x {args.seeds} seeds per game")
    for variant in args.games.split(","):
        for seed in range(1, args.seeds + 1):
            began = time.perf_counter()
            try:
                moves = one(variant, seed, args.actions)
            except Exception:
                traceback.print_exc()
                return 1
            print(f"{variant} seed {seed}: {args.actions} actions, {moves} moves, {time.perf_counter() - began:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
