"""Frame time of a busy Klondike table under the dummy video driver, and the time to first frame.

    python tools/bench_render.py [--frames 300] [--runs 5]

Prints the median frame time (draw + flip) at 1280x800 and 1920x1080, resting and with a drag in
progress, as the median of several runs, and the wall time of ``python -m game --frames 1`` (start,
first frame, save, exit).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.app import App  # noqa: E402
from game.core.dealid import DealId  # noqa: E402
from game.rules.base import MOVE  # noqa: E402
from game.rules.pile import TABLEAU  # noqa: E402
from game.session import Session  # noqa: E402
from game.store import Store  # noqa: E402


def busy_session() -> Session:
    """A deal played a while at random: long columns, cards on the foundations and the waste."""
    session = Session(DealId.make("klondike", 11, {"draw": "3"}))
    rng = random.Random(5)
    for _ in range(400):
        moves = session.rules.legal_moves(session.state)
        if not moves:
            break
        forward = [m for m in moves if not (m.kind == MOVE and m.src.kind == "foundation")]
        session.play(rng.choice(forward or moves))
    return session


def frame_times(size: tuple[int, int], frames: int, dragging: bool, store: Store) -> list[float]:
    app = App(size=size, store=store)
    app.settings.animation = "off"
    scene = app.open_game(busy_session())
    app.draw()
    if dragging:
        contents = scene.session.rules.piles(scene.session.state)
        col = max((p for p in scene.view.layout.piles if p.kind == TABLEAU), key=lambda p: len(contents[p][0]))
        _, down = contents[col]
        sprite = scene.view.sprites.at(col, down)
        assert sprite is not None
        x, y = sprite.rect.center
        scene.dragging.start((x, y))
        assert scene.dragging.current is not None
    times = []
    for k in range(frames):
        if dragging:
            scene.dragging.move((100 + (k * 7) % (size[0] - 200), 200 + (k * 5) % (size[1] - 400)))
        t0 = time.perf_counter()
        app.draw()
        times.append(time.perf_counter() - t0)
    app.close()
    return times


def generations_per_move(store: Store) -> tuple[int, int]:
    """Legal-move generations made by one player move through the real loop, counted from a
    position whose moves are known: a drag across the table for 60 frames, a drop on a legal pile,
    then frames until the table settles (the new position's moves: one generation). Returns the
    worst count and how many moves were tried (the busy deal's legal tableau moves)."""
    app = App(size=(1280, 800), store=store)
    app.settings.animation = "off"
    scene = app.open_game(busy_session())
    rules = scene.session.rules
    calls = 0
    real = rules.legal_moves

    def counting(state: object) -> list:  # type: ignore[type-arg]
        nonlocal calls
        calls += 1
        return real(state)

    rules.legal_moves = counting  # type: ignore[method-assign]
    try:
        moves = [m for m in scene.session.legal if m.kind == MOVE and m.src.kind == TABLEAU]
        worst = played = 0
        for m in moves:
            start = scene.session.state
            scene.session.legal  # noqa: B018  (the position before the move is known, as in play)
            calls = 0
            cards, _ = rules.piles(start)[m.src]
            sprite = scene.view.sprites.at(m.src, len(cards) - m.size)
            assert sprite is not None
            scene.dragging.start((sprite.rect.x + sprite.rect.w / 2, sprite.rect.y + 4))
            for k in range(60):
                scene.dragging.move((100 + k * 15, 300 + k * 3))
                app.step(1 / 60)
            assert scene.dragging.current is not None
            r = scene.view.target_rect(m.dst)
            target = (r.x + scene.dragging.current.grab[0], r.y + r.h * 0.3 + scene.dragging.current.grab[1])
            scene.dragging.move(target)
            scene.dragging.end(target, cancelled=False)
            for _ in range(5):
                app.step(1 / 60)
            if scene.session.state is not start:
                worst = max(worst, calls)
                played += 1
                scene.undo()
        return worst, played
    finally:
        del rules.legal_moves
        app.close()


def first_frame_seconds() -> float:
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, SOLITAIRE_DATA_DIR=tmp)
        t0 = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "game", "--frames", "1"], cwd=ROOT, env=env, check=True, capture_output=True
        )
        return time.perf_counter() - t0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(
        f"machine: {os.cpu_count()} cores, {platform.python_implementation()} {platform.python_version()}, "
        f"SDL driver {os.environ['SDL_VIDEODRIVER']}; median of {args.runs} runs x {args.frames} frames"
    )
    print(f"{'size':<12}{'drag':<7}{'median ms':>11}{'p95 ms':>9}")
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp))
        for size in ((1280, 800), (1920, 1080)):
            for dragging in (False, True):
                medians, p95s = [], []
                for _ in range(args.runs):
                    t = sorted(frame_times(size, args.frames, dragging, store))
                    medians.append(statistics.median(t))
                    p95s.append(t[int(len(t) * 0.95)])
                label = f"{size[0]}x{size[1]}"
                print(
                    f"{label:<12}{'yes' if dragging else 'no':<7}{statistics.median(medians) * 1000:>11.2f}"
                    f"{statistics.median(p95s) * 1000:>9.2f}"
                )
        worst, tried = generations_per_move(store)
        print(f"legal-move generations per dragged move (worst of {tried} moves, 60 drag frames each): {worst}")
    starts = sorted(first_frame_seconds() for _ in range(args.runs))
    print(f"start to first frame and exit (python -m game --frames 1): median {statistics.median(starts):.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
