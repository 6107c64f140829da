"""Start-up: the time to the first frame and the memory, beside a bare ``import pygame``.

    python tools/bench_start.py [--runs 5] [--size 1280x800]

With DISPLAY set (a real X server or Xvfb) the game opens a real window; otherwise the dummy
driver. Each run is a fresh process: ``python -m game --frames 1`` (the home screen, one frame,
exit) and ``python -m game --variant klondike --frames 1``, timed from launch to exit, with the
child's peak RSS; beside ``python -c "import pygame"``. Prints medians with the core count.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VISIT_ALL = """
import os
from game.app import App
from game.games.index import GAMES
from game.core.dealid import DealId
from game.session import Session
app = App()
app.go_home()
for _ in range(5):
    app.step(1 / 60)
for game in GAMES:
    table = app.open_game(Session(DealId.make(game.name, 3)))
    if os.environ["HINTS"] == "1":
        table.table.show_hint()
    for _ in range(60):
        app.step(1 / 60)
    app.go_home()
    app.step(1 / 60)
import gc
gc.collect()  # what the app holds, not garbage waiting for the collector
rss = [line for line in open("/proc/self/status") if line.startswith("VmRSS")][0].split()[1]
print(round(int(rss) / 1024))
"""


def one(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Seconds from launch to exit, and the peak RSS in MiB, of one fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    began = time.perf_counter()
    subprocess.run([sys.executable, *args], cwd=ROOT, env=env, check=True, capture_output=True)
    seconds = time.perf_counter() - began
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return seconds, max(peak, before) / 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--size", default="1280x800")
    args = parser.parse_args()
    env = dict(os.environ)
    if not env.get("DISPLAY"):
        env["SDL_VIDEODRIVER"] = "dummy"
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    cases = {
        "import pygame": ["-c", "import pygame"],
        "home screen, first frame": ["-m", "game", "--size", args.size, "--frames", "1"],
        "Klondike table, first frame": ["-m", "game", "--size", args.size, "--variant", "klondike", "--frames", "1"],
    }
    driver = "x11" if env.get("DISPLAY") else "dummy"
    print(f"machine: {os.cpu_count()} cores, {platform.python_implementation()} {platform.python_version()}, {driver}")
    for name, case in cases.items():
        times = []
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory() as data:
                seconds, _ = one(case, dict(env, SOLITAIRE_DATA_DIR=data))
                times.append(seconds)
        print(f"{name:<30} median {statistics.median(times):.2f} s over {args.runs} runs")
    print(f"peak RSS of any child: {resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024:.0f} MiB")
    with tempfile.TemporaryDirectory() as data:
        for hints in ("0", "1"):
            out = subprocess.run(
                [sys.executable, "-c", VISIT_ALL],
                cwd=ROOT,
                env=dict(env, SOLITAIRE_DATA_DIR=data, HINTS=hints),
                capture_output=True,
            )
            what = "with a hint asked in each" if hints == "1" else "played, no hints"
            print(f"RSS after the home screen and all seven games ({what}): {out.stdout.decode().strip()} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
