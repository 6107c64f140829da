"""The game beside Aisleriot on the same virtual screen: window mapped, idle CPU and memory.

    python tools/bench_beside.py [--size 1920x1080] [--runs 3] [--seconds 10]

Starts its own Xvfb (needs xvfb and xdotool; Aisleriot is `apt-get install aisleriot`, found
as /usr/games/sol). Each program opens Klondike in a fresh home or data folder; the script times
the spawn to a visible window of that process (xdotool, polled every 10 ms), lets it settle for
4 s, reads its CPU over ``--seconds`` from /proc, then its RSS. Medians over the runs, with the
machine's core count. Linux only. Programs not installed are skipped.
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
AISLERIOT = "/usr/games/sol"


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mib(pid: int) -> float:
    line = next(x for x in Path(f"/proc/{pid}/status").read_text().splitlines() if x.startswith("VmRSS"))
    return int(line.split()[1]) / 1024


def mapped(pid: int, display: str) -> bool:
    out = subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--pid", str(pid)],
        env=dict(os.environ, DISPLAY=display),
        capture_output=True,
        text=True,
    )
    return bool(out.stdout.strip())


def one(command: list[str], env: dict[str, str], display: str, seconds: float) -> tuple[float, float, float]:
    with tempfile.TemporaryFile() as log:
        began = time.perf_counter()
        proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=log)
        try:
            while not mapped(proc.pid, display):
                if time.perf_counter() - began > 20 or proc.poll() is not None:
                    log.seek(0)
                    raise RuntimeError(f"{command[0]} showed no window:\n{log.read().decode(errors='replace')}")
                time.sleep(0.01)
            shown = time.perf_counter() - began
            time.sleep(4.0)
            c0, t0 = cpu_seconds(proc.pid), time.perf_counter()
            time.sleep(seconds)
            cpu = (cpu_seconds(proc.pid) - c0) / (time.perf_counter() - t0) * 100
            return shown, cpu, rss_mib(proc.pid)
        finally:
            proc.terminate()
            proc.wait(10)


def window_size(text: str) -> str:
    w, _, h = text.partition("x")
    if not (w.isdigit() and h.isdigit() and 320 <= int(w) <= 8192 and 320 <= int(h) <= 8192):
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1920x1080 (320 to 8192 each way)")
    return text


def positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive whole number")
    return int(text)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=window_size, default="1920x1080")
    parser.add_argument("--runs", type=positive, default=3)
    parser.add_argument("--seconds", type=positive, default=10)
    args = parser.parse_args()
    if not shutil.which("Xvfb") or not shutil.which("xdotool"):
        print("needs Xvfb and xdotool (apt-get install xvfb xdotool)", file=sys.stderr)
        return 2
    display = ":96"
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", f"{args.size}x24"], stderr=subprocess.DEVNULL)
    time.sleep(1.0)
    w, h = args.size.split("x")
    programs = {"this game": [sys.executable, "-m", "game", "--size", args.size, "--variant", "klondike"]}
    if Path(AISLERIOT).exists():
        programs["Aisleriot"] = [AISLERIOT, "klondike"]
    print(f"machine: {os.cpu_count()} cores; Xvfb {w}x{h}; Klondike; median of {args.runs} runs")
    print(f"{'program':<12} {'window shown':>13} {'idle CPU':>10} {'RSS':>9}")
    try:
        for name, command in programs.items():
            rows = []
            for _ in range(args.runs):
                with tempfile.TemporaryDirectory() as home:
                    env = dict(os.environ, DISPLAY=display, HOME=home, SOLITAIRE_DATA_DIR=home)
                    env.update(SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
                    rows.append(one(command, env, display, args.seconds))
            shown, cpu, rss = (statistics.median(r[k] for r in rows) for k in range(3))
            print(f"{name:<12} {shown:>11.2f} s {cpu:>8.1f} % {rss:>5.0f} MiB")
    finally:
        xvfb.terminate()
    return 0


if __name__ == "__main__":
    sys.exit(main())
