"""How much play a crash loses (SPEC UI-11): the game killed with SIGKILL at random moments while a
driver plays at a person's speed, and each time the save on disk compared with the moves made.

    python tools/bench_save_lag.py [--runs 200] [--interval 0.6] [--variant klondike] [--moves 40]

Each run starts the game in a child process on a fresh data folder (headless: SDL's dummy video
driver) with the real loop, table and background writer. The child plays a random legal move every
``--interval`` seconds and prints the moment each move was made (CLOCK_MONOTONIC, shared by both
processes). The parent kills it at a random moment, reads the save, and counts:

- *lost*: moves made more than 0.5 s before the kill that are not in the save (UI-11 allows none);
- *behind*: every move made before the kill that is not in the save (a move younger than half a
  second may be).

Prints the runs with a lost move, the worst and median figures, and the machine's core count.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ALLOWED_LAG = 0.5  # seconds: UI-11


def child(data: Path, variant: str, interval: float, moves: int, seed: int) -> None:
    """The game's own loop, with a move every ``interval`` seconds; each move printed once made."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(ROOT))
    import pygame

    from game.app import App
    from game.core.dealid import DealId
    from game.scenes.table import TableScene
    from game.session import Session
    from game.store import Store

    rng = random.Random(seed)
    app = App(size=(1280, 800), store=Store(data))
    app.settings.animation = "normal"
    scene = app.open_game(Session(DealId.make(variant, 1 + seed % 1000)))
    assert isinstance(scene, TableScene)
    clock = pygame.time.Clock()
    last = time.perf_counter()
    next_move = time.monotonic() + interval
    made = 0
    print("ready", flush=True)
    while made < moves:
        now = time.perf_counter()
        app.step(now - last)
        last = now
        if time.monotonic() >= next_move:
            legal = scene.session.legal
            if not legal:
                break
            scene.play(rng.choice(legal))
            made += 1
            print(f"move {scene.session.moves} {time.monotonic():.4f}", flush=True)
            next_move += interval
        clock.tick(60)
    print("done", flush=True)
    time.sleep(3600)  # wait for the kill


def saved_moves(data: Path, variant: str) -> int:
    path = data / f"save-{variant}.json"
    try:
        return int(json.loads(path.read_text("utf-8"))["cursor"])
    except (OSError, ValueError, KeyError, TypeError):
        return 0  # no save (or a half-written one, which must never happen: os.replace is atomic)


def one_run(variant: str, interval: float, moves: int, seed: int) -> tuple[int, int, int]:
    """(moves made, lost, behind) for one kill."""
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        env = dict(os.environ, SDL_AUDIODRIVER="dummy", SOLITAIRE_DATA_DIR=tmp)
        env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
        args = ["--child", "--data", tmp, "--variant", variant, "--interval", str(interval), "--moves", str(moves)]
        proc = subprocess.Popen(
            [sys.executable, __file__, *args, "--seed", str(seed)],
            env=env,
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        assert proc.stdout is not None
        if proc.stdout.readline().strip() != "ready":
            proc.kill()
            raise SystemExit("the child did not start")
        began = time.monotonic()
        kill_at = began + random.Random(seed).uniform(interval, interval * moves)
        time.sleep(max(0.0, kill_at - time.monotonic()))
        proc.kill()
        killed = time.monotonic()
        out, _ = proc.communicate()
        lines = [line.split() for line in out.splitlines() if line.startswith("move ")]
        made = [(int(n), float(t)) for _, n, t in lines]
        on_disk = saved_moves(data, variant)
        old = [n for n, t in made if t <= killed - ALLOWED_LAG]
        lost = max(0, max(old, default=0) - on_disk)
        behind = max(0, max((n for n, _ in made), default=0) - on_disk)
        return len(made), lost, behind


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--interval", type=float, default=0.6, help="seconds between moves (default 0.6)")
    parser.add_argument("--variant", default="klondike")
    parser.add_argument("--moves", type=int, default=40, help="moves a run plays at most (default 40)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--data", help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(Path(args.data), args.variant, args.interval, args.moves, args.seed)
        return 0
    print(f"machine: {os.cpu_count()} cores; {args.runs} kills of {args.variant}, a move every {args.interval} s")
    results = []
    for run in range(args.runs):
        made, lost, behind = one_run(args.variant, args.interval, args.moves, run)
        results.append((made, lost, behind))
        if lost:
            print(f"run {run}: {made} moves made, {lost} older than {ALLOWED_LAG} s lost")
    losing = [lost for _, lost, _ in results if lost]
    behinds = [behind for _, _, behind in results]
    print(f"runs with a move older than {ALLOWED_LAG} s lost: {len(losing)} of {len(results)}")
    print(f"moves lost (older than {ALLOWED_LAG} s): total {sum(losing)}, worst {max(losing, default=0)}")
    print(f"save behind at the kill (any age): median {statistics.median(behinds):g}, worst {max(behinds)}")
    return 1 if losing else 0


if __name__ == "__main__":
    sys.exit(main())
