"""What a very long game costs to save and to load (issue 14's stress finding).

    python tools/bench_long_game.py [--moves 100000] [--runs 3]

Plays ``--moves`` stock turns in Klondike (draw 1, unlimited redeals), then times the part of a
save that runs in the frame (``Session.to_dict``), the JSON the background writer makes, and a load
(a replay through the rules). Medians over the runs, with the machine's core count.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.dealid import parse_deal_id
from game.rules.base import DRAW_MOVE, RECYCLE_MOVE
from game.session import Session


def timed(action: Callable[[], object]) -> float:
    began = time.perf_counter()
    action()
    return time.perf_counter() - began


def positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive whole number")
    return int(text)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=positive, default=100_000)
    parser.add_argument("--runs", type=positive, default=3)
    args = parser.parse_args()
    session = Session(parse_deal_id("klondike:draw=1,redeals=unlimited:5:v1"))
    while session.moves < args.moves:
        session.play(DRAW_MOVE if DRAW_MOVE in session.legal else RECYCLE_MOVE)
    data = session.to_dict()
    text = json.dumps(data)
    in_frame = statistics.median(timed(session.to_dict) for _ in range(args.runs))
    writer = statistics.median(timed(lambda: json.dumps(data)) for _ in range(args.runs))
    load = statistics.median(timed(lambda: Session.from_dict(json.loads(text))) for _ in range(args.runs))
    print(f"machine: {os.cpu_count()} cores; {args.moves} moves; median of {args.runs} runs")
    print(f"save, in the frame: {in_frame * 1000:.1f} ms; JSON, off the frame: {writer * 1000:.1f} ms")
    print(f"load (replay): {load:.2f} s; file {len(text) // 1024} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
