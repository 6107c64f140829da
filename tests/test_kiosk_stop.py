"""UI-5: SIGTERM (what ``systemctl stop`` sends) ends the kiosk, and the desktop game, as their own
way out does: saves flushed, the kiosk player's throwaway folder removed, exit status 0, within
two seconds; the handler is the app's only while it runs."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from game.cli import stop_handler

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX signals")


def run_until_started(tmp_path: Path, args: list[str], started: Callable[[Path, Path], bool]) -> tuple[int, float, str]:
    """Start the game with ``args``; once ``started(data, tmp)`` holds, send SIGTERM. The exit
    status, the seconds it took to exit, and stderr."""
    data, tmp = tmp_path / "data", tmp_path / "tmp"
    tmp.mkdir()
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        SOLITAIRE_DATA_DIR=str(data),
        TMPDIR=str(tmp),  # the kiosk's player folders are made here, so those left are its own
        SDL_NO_SIGNAL_HANDLERS="1",  # SDL's own SIGTERM handler (a quit event) is not what ends it
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    game = subprocess.Popen(
        [sys.executable, "-m", "game", "--size", "640x480", *args], cwd=ROOT, env=env, stderr=subprocess.PIPE
    )
    try:
        deadline = time.monotonic() + 60
        while not started(data, tmp):
            assert game.poll() is None, game.stderr.read() if game.stderr else ""
            assert time.monotonic() < deadline, "the game did not start"
            time.sleep(0.05)
        time.sleep(0.3)  # into its loop, resting
        sent = time.monotonic()
        game.send_signal(signal.SIGTERM)
        try:
            status = game.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pytest.fail("SIGTERM did not end the game within 10 s")
        took = time.monotonic() - sent
        return status, took, game.stderr.read().decode() if game.stderr else ""
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()


def test_ui5_sigterm_ends_the_kiosk_cleanly_within_two_seconds(tmp_path):
    status, took, err = run_until_started(
        tmp_path, ["--kiosk", "--kiosk-window"], lambda data, tmp: any(tmp.glob("solitaire-kiosk-*"))
    )
    assert status == 0 and took < 2.0, (status, took, err)
    assert "Traceback" not in err, err
    assert not list((tmp_path / "tmp").glob("solitaire-kiosk-*"))  # the player's folder is gone


def test_ui5_sigterm_ends_the_desktop_game_cleanly_and_its_settings_are_saved(tmp_path):
    status, took, err = run_until_started(tmp_path, [], lambda data, tmp: (data / ".lock").exists())
    assert status == 0 and took < 2.0, (status, took, err)
    assert (tmp_path / "data" / "settings.json").exists()  # App.close ran: settings saved, saves flushed


class FakeApp:
    running = True


def test_ui5_the_stop_handler_stops_the_loop_and_gives_the_previous_handler_back():
    def previous(signum: int, frame: object) -> None:
        raise AssertionError("the previous handler while the app runs")

    before = signal.signal(signal.SIGTERM, previous)
    try:
        app = FakeApp()
        with stop_handler(app):  # type: ignore[arg-type]
            signal.raise_signal(signal.SIGTERM)
            assert app.running is False
        assert signal.getsignal(signal.SIGTERM) is previous
    finally:
        signal.signal(signal.SIGTERM, before)
