"""UI-12: the loop can run as an asyncio task that yields every frame, with the same step as the
desktop's loop; the machine's services are reached through one platform layer (game/platform/),
so a browser build changes nothing elsewhere."""

from __future__ import annotations

import ast
import asyncio
import os
import subprocess
import sys
from pathlib import Path

from game.platform import browser, desktop
from tests.scene_helpers import make_app, open_scene

ROOT = Path(__file__).resolve().parent.parent


def test_ui12_the_loop_runs_as_a_coroutine_that_yields_every_frame(tmp_path):
    """The coroutine draws the table, hands the event loop back between frames (another task runs
    meanwhile) and closes the app (the game saved) when it ends."""
    app = make_app(tmp_path, animation="normal")
    scene = open_scene(app, "golf", 4)
    assert scene.play(scene.session.legal[0])
    ticks: list[int] = []

    async def beside() -> None:
        while True:
            ticks.append(app.frames)
            await asyncio.sleep(0)

    async def main() -> None:
        other = asyncio.create_task(beside())
        await app.run_async(max_frames=app.frames + 12)
        other.cancel()

    asyncio.run(main())
    assert app.draws >= 1 and len(set(ticks)) >= 10  # the other task ran between (nearly) every two frames
    assert (tmp_path / "save-golf.json").exists()  # closed: the writer flushed


def test_ui12_python_m_game_asyncio_starts_plays_and_exits(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SOLITAIRE_DATA_DIR=str(tmp_path))
    out = subprocess.run(
        [sys.executable, "-m", "game", "--asyncio", "--variant", "klondike", "--frames", "8"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr


def test_ui12_no_module_outside_the_platform_layer_touches_threads_locks_signals_or_c():
    """threading, fcntl, msvcrt, signal and ctypes are the platform's (desktop.py); a browser has
    none of them, and its implementation (browser.py) offers the same names."""
    forbidden = {"threading", "fcntl", "msvcrt", "signal", "ctypes"}
    for path in (ROOT / "game").rglob("*.py"):
        if path.parent.name == "platform":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            assert not forbidden & {n.split(".")[0] for n in names}, (path, names)
    api = ("JOURNAL_MODE", "FolderLock", "Writer", "give_back_memory", "new_lock", "persist", "restore_files")
    api += ("stop_handler", "write_atomically")
    for name in api:
        assert hasattr(desktop, name) and hasattr(browser, name), name


def test_ui12_the_browser_writer_does_its_jobs_after_each_frame_without_a_thread():
    done: list[int] = []
    writer = browser.Writer(report=lambda e: None)
    writer.later("save", lambda: done.append(1))
    writer.later("save", lambda: done.append(2))  # the latest of a key wins
    assert done == []
    writer.keep_up()  # the frame's idle time
    assert done == [2] and writer.pending() == 0
