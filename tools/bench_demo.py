"""The demo's cost per option set: ``demo --all --headless`` one show at a time, with its time and
memory.

    python tools/bench_demo.py [--seed 1] [--runs 1] [--speed 1] [--hardest] [NAME ...]

NAME is a seeds list's name (``spider-suits4``); none means every show of ``demo --all``. Each show
is played headless on simulated time as ``python -m game demo --all --headless`` plays it (the same
app, scene and loop); the deal is drawn by an Rng seeded with ``--seed`` and the run number, so a
figure can be reproduced. ``--hardest`` shows instead each list's ready deal of the largest rated
effort: the demo's worst case, whose memory bounds the demo's.

Per show: the deal, won or not, the deals the search tried, the wall seconds, the peak resident
memory during the show (Linux: the process's high-water mark is reset before each show through
/proc/self/clear_refs) and the memory still held once the show has been left and the heap handed
back. The last line is the whole run's peak, which is what ``/usr/bin/time -v python -m game demo
--all --headless`` reports as "Maximum resident set size".
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def memory() -> tuple[float, float]:
    """(resident now, high-water mark since the last reset) in MiB, from /proc (0 where there is none)."""
    found = {"VmRSS": 0.0, "VmHWM": 0.0}
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                key = line.split(":", 1)[0]
                if key in found:
                    found[key] = int(line.split()[1]) / 1024
    except OSError:
        pass
    return found["VmRSS"], found["VmHWM"]


def reset_peak() -> None:
    """Start a new high-water mark (Linux 4.0+; elsewhere the peak stays the process's)."""
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as refs:
            refs.write("5")
    except OSError:
        pass


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="seeds list names; none: every show")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=1, help="deals per show (each drawn with its own seed)")
    parser.add_argument("--speed", type=float, default=1.0)
    parser.add_argument("--hardest", action="store_true", help="each show's hardest ready deal")
    args = parser.parse_args()

    from game.app import App
    from game.core.dealid import DealId
    from game.core.rng import Rng
    from game.games.index import game_for
    from game.platform import give_back_memory
    from game.play.demo import LINE_NODES, LineSearch, Show, every_show, ready
    from game.scenes.demo import DemoScene, run_headless
    from game.solver.seeds import seeds_name, winnable_efforts
    from game.store import Store

    shows = [s for s in every_show() if not args.names or seeds_name(s.variant, s.options) in args.names]
    print(f"{len(shows)} shows, {args.runs} run(s) each, speed {args.speed:g}, seed {args.seed}", flush=True)
    print(f"{'show':34} {'deal':>6} {'won':>4} {'tried':>5} {'seconds':>8} {'peak MiB':>9} {'after MiB':>9}")
    began = time.perf_counter()
    all_won = True
    highest = 0.0  # the whole run's peak (each show's reset starts the kernel's mark again)
    with tempfile.TemporaryDirectory() as tmp:
        app = App(size=(1280, 800), store=Store(Path(tmp)))
        for show in shows:
            name = seeds_name(show.variant, show.options)
            for run in range(args.runs):
                give_back_memory()
                reset_peak()
                rng = Rng.for_stream(f"bench-demo:{name}", args.seed * 1000 + run)
                if args.hardest:
                    efforts = winnable_efforts(show.variant, show.options)
                    hardest = max(ready(show), key=lambda n: getattr(efforts[n], "nodes", 0))
                    deal = DealId.make(show.variant, hardest, dict(show.options))
                    search = LineSearch(
                        Show(show.variant, show.options, deal), game_for(show.variant).solver, nodes=LINE_NODES
                    )
                else:
                    search = LineSearch(show, game_for(show.variant).solver, below=rng.below)
                t0 = time.perf_counter()
                demo = DemoScene(app, iter([show]), args.speed, search=search)
                app.replace(demo)
                won = run_headless(app, demo)
                seconds = time.perf_counter() - t0
                _, peak = memory()
                highest = max(highest, peak)
                number, tried = demo.session.deal_id.number, demo.search.tried
                del demo, search
                app.go_home()
                give_back_memory()
                after, _ = memory()
                all_won = all_won and won
                print(
                    f"{name:34} {number:>6} {'yes' if won else 'NO':>4} {tried:>5} {seconds:>8.1f} "
                    f"{peak:>9.0f} {after:>9.0f}",
                    flush=True,
                )
        app.close()
    whole = max(highest, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
    print(
        f"all {'won' if all_won else 'NOT won'} in {time.perf_counter() - began:.0f} s; peak {whole:.0f} MiB",
        flush=True,
    )
    return 0 if all_won else 1


if __name__ == "__main__":
    sys.exit(main())
