"""Frames through the real loop (``App.step`` with events posted), for every game and the home
screen: per-frame median and p99 of main-thread CPU time and of wall time, in the situations
players meet — idle, a busy table, a long drag, auto-collect (Klondike, FreeCell), Spider's
completed suit flying, the win panel, the home screen, a player who follows every hint (the hint's
search in the frames' slices, CM-20) — and how many of those frames were drawn at all (UI-7: an
idle table draws none). ``--keep-collector`` leaves the loaded code in the collector's passes (the
app sets it aside at start: game/platform/heap.py), to measure what that changes.

    python tools/bench_frames.py [--frames 240] [--runs 3] [--size 1280x800] [--only TEXT] [--keep-collector]

With DISPLAY set it runs in a real window (the real present path); else the dummy driver.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
if not os.environ.get("DISPLAY"):
    os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # its output is its measure, not a banner

import pygame  # noqa: E402
from helpers import columns, move  # noqa: E402

from game.app import App  # noqa: E402
from game.core.dealid import DealId  # noqa: E402
from game.games.index import GAMES  # noqa: E402
from game.games.spider.rules import SpiderState  # noqa: E402
from game.session import Session  # noqa: E402
from game.store import Store  # noqa: E402

Setup = Callable[[App], Callable[[int], None]]  # prepares the app; returns what to do at frame k


def played(variant: str, moves: int) -> Session:
    """Deal 11 after ``moves`` moves picked by a fixed rule that keeps moves open (a busy table,
    not one under a "no moves left" panel)."""
    session = Session(DealId.make(variant, 11))
    rules = session.rules
    for k in range(moves):
        if not session.legal or session.won:
            break
        forward = [m for m in session.legal if m.kind != "move" or m.src.kind != "foundation"] or session.legal
        mobility = {m: len(rules.legal_moves(rules.apply(session.state, m)[0])) for m in forward}
        roomy = sorted(forward, key=lambda m: -mobility[m])[:3]  # keep options open: no dead end
        session.play(roomy[k % len(roomy)])
    return session


def idle(variant: str) -> Setup:
    def setup(app: App) -> Callable[[int], None]:
        app.open_game(played(variant, 0))
        return lambda k: None

    return setup


def busy_drag(variant: str) -> Setup:
    def setup(app: App) -> Callable[[int], None]:
        scene = app.open_game(played(variant, 60))
        sprites = [s for s in scene.view.sprites.items if s.face_up and s.pile.kind == "tableau"]
        start = sprites[0].rect.x + 5, sprites[0].rect.y + 5
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        w, h = app.window_size()

        def frame(k: int) -> None:
            pos = (100 + (k * 7) % (w - 200), 150 + (k * 5) % (h - 300))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))

        return frame

    return setup


def collect(variant: str, number: int) -> Setup:
    """A deal played to the point where auto-collect takes over, then the collect animated."""

    def setup(app: App) -> Callable[[int], None]:
        from helpers import solve_deal

        line = solve_deal(DealId.make(variant, number), max_nodes=400_000).moves
        scene = app.open_game(Session(DealId.make(variant, number)))
        scene.view.sprites.speed = 0.0
        for m in line:
            if scene.table.collecting or scene.session.won:
                break
            scene.play(m)
        scene.view.sprites.speed = 1.0
        return lambda k: None

    return setup


def following_hints(variant: str) -> Setup:
    """H asked, the hint's search run in the frames' slices, its move played half a second after
    it shows, and H again: a player who follows every hint."""

    def setup(app: App) -> Callable[[int], None]:
        scene = app.open_game(played(variant, 0))

        def frame(k: int) -> None:
            table = scene.table
            if table.hint_job is not None or scene.session.won:
                return
            if table.hint is not None and table.hint.move is not None:
                if k % 30 == 0:
                    scene.play(table.hint.move)
                    table.hint = None
            elif table.hint is None:
                table.show_hint()

        return frame

    return setup


def spider_flight(app: App) -> Callable[[int], None]:
    run = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    tableau, down = columns("#5D 7H", "#4C 2S", "#6D 8D", "#7C 9D", f"#3C {run}", "#2D AS", *(["KC"] * 4))
    session = Session(DealId.make("spider", 1))
    from game.rules.history import History

    session.history = History(session.rules, SpiderState(tableau, down, (), (), 2))
    scene = app.open_game(session)
    scene.play(move("t6>t5"))
    return lambda k: None


def home(app: App) -> Callable[[int], None]:
    app.go_home()
    return lambda k: None


def win_panel(app: App) -> Callable[[int], None]:
    collect("golf", 5)(app)
    return lambda k: None


def measure(setup: Setup, frames: int, size: tuple[int, int]) -> tuple[list[float], list[float], int]:
    with tempfile.TemporaryDirectory() as tmp:
        app = App(size=size, store=Store(Path(tmp)))
        app.settings.animation = "normal"
        act = setup(app)
        for _ in range(3):
            app.step(1 / 60)
        cpu, wall = [], []
        drawn = app.draws
        for k in range(frames):
            act(k)
            c0, w0 = time.process_time(), time.perf_counter()
            app.step(1 / 60)
            cpu.append(time.process_time() - c0)
            wall.append(time.perf_counter() - w0)
        drawn = app.draws - drawn
        app.close()
        return cpu, wall, drawn


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=240)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--only", default="", help="the situations whose name holds this text")
    parser.add_argument("--keep-collector", action="store_true", help="the loaded code left in the collector's passes")
    args = parser.parse_args()
    if args.keep_collector:
        import game.app

        game.app.set_aside_what_is_loaded = lambda: None  # type: ignore[attr-defined]
    size = tuple(int(x) for x in args.size.split("x"))
    cases: dict[str, Setup] = {f"{g.name}: idle": idle(g.name) for g in GAMES}
    cases |= {f"{v}: busy table, long drag": busy_drag(v) for v in ("klondike", "spider", "freecell", "yukon")}
    cases |= {"klondike: auto-collect": collect("klondike", 16), "freecell: auto-collect": collect("freecell", 1)}
    cases |= {"spider: a completed suit flies": spider_flight, "golf: won, the panel": win_panel, "home screen": home}
    cases |= {f"{v}: following the hints": following_hints(v) for v in ("klondike", "spider", "golf", "tripeaks")}
    cases = {name: setup for name, setup in cases.items() if args.only in name}
    driver = os.environ.get("SDL_VIDEODRIVER", "x11")
    print(f"machine: {os.cpu_count()} cores; {driver} at {args.size}; {args.frames} frames, median of {args.runs} runs")
    print(f"{'situation':<34}{'cpu med':>9}{'cpu p99':>9}{'cpu max':>9}{'wall med':>10}{'wall p99':>10}{'drawn':>7}")
    for name, setup in cases.items():
        rows = [measure(setup, args.frames, size) for _ in range(args.runs)]
        med = [statistics.median(r[0]) * 1000 for r in rows]
        p99 = [sorted(r[0])[int(len(r[0]) * 0.99) - 1] * 1000 for r in rows]
        wmed = [statistics.median(r[1]) * 1000 for r in rows]
        wp99 = [sorted(r[1])[int(len(r[1]) * 0.99) - 1] * 1000 for r in rows]
        most = [max(r[0]) * 1000 for r in rows]
        drawn = statistics.median(r[2] for r in rows)
        print(
            f"{name:<34}{statistics.median(med):>8.2f} {statistics.median(p99):>8.2f} {statistics.median(most):>8.2f} "
            f"{statistics.median(wmed):>9.2f} {statistics.median(wp99):>9.2f}{drawn:>7.0f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
