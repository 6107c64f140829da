"""Idle CPU of the game in a real X window (SPEC UI-7): the table open, nobody touching it.

    python tools/bench_idle.py [--size 1920x1080] [--seconds 10] [--runs 3] [--variant klondike]

Starts its own Xvfb (apt-get install xvfb) unless DISPLAY is set, opens the game in a window,
waits for it to settle, then reads the process's CPU time from /proc over the measuring window.
Prints the median share of one core over the runs, with the machine's core count. Linux only.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


def one_run(size: str, seconds: float, variant: str, display: str, playing: bool) -> float:
    with tempfile.TemporaryDirectory() as data:
        if playing:  # a game in progress: its clock runs, so the status bar changes every second
            sys.path.insert(0, str(ROOT))
            from game.core.dealid import DealId
            from game.session import Session
            from game.store import Store

            session = Session(DealId.make(variant, 7))
            session.play(session.legal[0])
            Store(Path(data)).write(f"save-{variant}", session.to_dict())
        env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy", SOLITAIRE_DATA_DIR=data)
        game = subprocess.Popen(
            [sys.executable, "-m", "game", "--size", size, "--variant", variant],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            time.sleep(4.0)  # start, the deal flying in, settling
            c0, t0 = cpu_seconds(game.pid), time.perf_counter()
            time.sleep(seconds)
            return (cpu_seconds(game.pid) - c0) / (time.perf_counter() - t0) * 100
        finally:
            game.terminate()
            game.wait(10)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--variant", default="klondike")
    parser.add_argument("--playing", action="store_true", help="a game in progress (its clock ticking)")
    args = parser.parse_args()
    xvfb = None
    display = os.environ.get("DISPLAY", "")
    if not display:
        if not shutil.which("Xvfb"):
            print("needs DISPLAY or Xvfb (apt-get install xvfb)", file=sys.stderr)
            return 2
        display = ":97"
        xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", f"{args.size}x24"], stderr=subprocess.DEVNULL)
        time.sleep(1.0)
    try:
        shares = [one_run(args.size, args.seconds, args.variant, display, args.playing) for _ in range(args.runs)]
    finally:
        if xvfb is not None:
            xvfb.terminate()
    state = "a game in progress" if args.playing else "a new deal"
    runs = ", ".join(f"{s:.1f}" for s in shares)
    print(f"machine: {os.cpu_count()} cores; {args.variant} at {args.size}, {state}; {args.seconds:g} s x {args.runs}")
    print(f"idle CPU: median {statistics.median(shares):.1f} % of one core (runs: {runs})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
