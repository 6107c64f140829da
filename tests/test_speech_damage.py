"""CM-19, issue 36 item 17: ``--speech log:FILE`` where FILE cannot take the lines. ``/dev/full`` or
a disk that fills during play (OSError at start or at a move), a FIFO nobody reads (the game never
opened, and SIGTERM did not end it), a FIFO whose reader leaves or ``log:/dev/stdout`` piped into
``head`` (BrokenPipeError ended the game after a few frames, exit 0, no word), ``~nosuchuser/x.log``
(RuntimeError), a file the kernel refuses writes to (EINVAL). Speech that cannot be written is
speech off, said once; the game goes on.

(A FIFO test never hangs the suite: the game opens a FIFO without waiting for a reader, each
subprocess has a timeout, and the reader here is opened non-blocking.)"""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest
from scene_helpers import key, run

from game.app import App
from game.platform import speech
from game.platform.speech import LogSpeaker, open_speaker
from game.speech.announcer import Announcer, Silent
from game.store import Store

ROOT = Path(__file__).resolve().parent.parent
OFF = "Speech is off"
posix = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX FIFOs")


class Told:
    """What a speaker reported, in order."""

    def __init__(self) -> None:
        self.reasons: list[str] = []

    def __call__(self, reason: str) -> None:
        self.reasons.append(reason)


def speech_lines(app: App) -> list[str]:
    return [p for p in app.store.problems if OFF in p]


def played(app: App) -> None:
    """Some play: the home screen's arrows, a game opened, a move's worth of keys."""
    for k in (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_RETURN):
        key(app, k)
    run(app, 5)
    for k in (pygame.K_RIGHT, pygame.K_RETURN, pygame.K_h, pygame.K_u):
        key(app, k)
    run(app, 5)


def told_once(app: App, before: list[str]) -> None:
    """The speech's failure was said exactly once, and the game plays on without speech."""
    seen: list[str] = list(before)
    real = app.store.problems

    class Recording(list[str]):
        def append(self, item: str) -> None:
            seen.append(item)
            super().append(item)

    app.store.problems = Recording(real)
    played(app)
    app.apply_language()  # the speaker is opened again in the new language: not said again
    played(app)
    assert app.running
    assert len([p for p in seen if OFF in p]) == 1, seen
    assert not app.speech.on


def test_cm19_dev_full_is_speech_off_said_once_and_the_game_goes_on(tmp_path):
    app = App(size=(800, 600), store=Store(tmp_path), speech="log:/dev/full")
    try:
        app.go_home()  # the first line is said here, and cannot be written
        told_once(app, speech_lines(app))
    finally:
        app.close()


@pytest.mark.parametrize("number", [errno.ENOSPC, errno.EINVAL, errno.EIO, errno.EFBIG])
def test_cm19_a_disk_that_fills_during_play_or_a_refused_write_is_speech_off_once(tmp_path, monkeypatch, number):
    path = tmp_path / "said.txt"
    app = App(size=(800, 600), store=Store(tmp_path / "data"), speech=f"log:{path}")
    try:
        app.go_home()
        run(app, 2)
        lines = path.read_text(encoding="utf-8").splitlines()
        assert lines and not speech_lines(app)

        def refused(fd: int, data: bytes) -> int:
            raise OSError(number, os.strerror(number))

        monkeypatch.setattr(speech.os, "write", refused)
        told_once(app, [])
    finally:
        app.close()
    assert path.read_text(encoding="utf-8").splitlines() == lines  # what was said stays, whole


def test_cm19_a_short_write_finishes_its_line(tmp_path, monkeypatch):
    """The kernel may take part of a line: the rest follows, never a line cut in two."""
    path = tmp_path / "said.txt"
    speaker = LogSpeaker(path, Told())
    real = os.write
    monkeypatch.setattr(speech.os, "write", lambda fd, data: real(fd, data[:3]))
    speaker.speak("Seven of clubs", True)
    speaker.speak("Eight of clubs", True)
    monkeypatch.undo()
    speaker.close()
    assert path.read_text(encoding="utf-8") == "Seven of clubs\nEight of clubs\n"


def test_cm19_a_pipe_whose_reader_leaves_mid_game_is_speech_off_once_and_play_goes_on(tmp_path):
    """``log:/dev/stdout`` piped into ``head``: the broken pipe ended the game (exit 0, no word)."""
    read, write = os.pipe()
    app = App(size=(800, 600), store=Store(tmp_path), speech=f"log:/dev/fd/{write}")
    try:
        app.go_home()
        assert os.read(read, 1000).startswith(b"Solitaire")
        os.close(read)  # head has its line, and leaves
        told_once(app, [])
    finally:
        app.close()
        os.close(write)


@posix
def test_cm19_a_fifo_nobody_reads_is_speech_off_at_once_never_a_wait(tmp_path):
    fifo = tmp_path / "said.fifo"
    os.mkfifo(fifo)
    told = Told()
    assert isinstance(open_speaker(f"log:{fifo}", "en", told), Silent)
    assert told.reasons == ["nothing reads it"]


@posix
def test_cm19_a_fifo_whose_reader_leaves_is_speech_off_once(tmp_path):
    fifo = tmp_path / "said.fifo"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    told = Told()
    speaker = open_speaker(f"log:{fifo}", "en", told)
    announcer = Announcer(speaker)
    announcer.say("Klondike, deal 7")
    assert os.read(reader, 100) == b"Klondike, deal 7\n"
    os.close(reader)  # the reader leaves
    announcer.say("Ten of hearts, column 3")
    announcer.say("Nine of spades, column 4")
    announcer.close()
    assert told.reasons == ["nothing reads it any more"]


def test_cm19_a_home_folder_that_does_not_exist_is_speech_off_once():
    told = Told()
    assert isinstance(open_speaker("log:~nosuchuser-of-this-machine/x.log", "en", told), Silent)
    assert told.reasons == ["there is no such home folder"]


@pytest.mark.parametrize("where", ["folder", "file-as-folder", "dev-null-folder"])
def test_cm19_a_path_that_cannot_be_a_file_is_speech_off_once(tmp_path, where):
    (tmp_path / "file").write_text("")
    path = {"folder": tmp_path, "file-as-folder": tmp_path / "file" / "x", "dev-null-folder": "/dev/null/x"}[where]
    told = Told()
    assert isinstance(open_speaker(f"log:{path}", "en", told), Silent)
    assert len(told.reasons) == 1 and told.reasons[0]


def test_cm19_the_message_names_the_file_short_and_says_why(tmp_path):
    app = App(size=(800, 600), store=Store(tmp_path), speech="log:" + "/dev/full")
    try:
        app.go_home()
        [line] = speech_lines(app)
        assert line == "Speech is off: /dev/full cannot take what is said (the disk is full)."
    finally:
        app.close()


def game(args: list[str], tmp_path: Path, **kw: object) -> subprocess.Popen[bytes]:
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        SOLITAIRE_DATA_DIR=str(tmp_path / "data"),
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    return subprocess.Popen(
        [sys.executable, "-m", "game", "--size", "640x480", *args], cwd=ROOT, env=env, stderr=subprocess.PIPE, **kw
    )  # type: ignore[call-overload]


@posix
def test_cm19_the_game_opens_with_a_fifo_nobody_reads_and_sigterm_ends_it(tmp_path):
    """It never opened (the open waited for a reader for ever); SDL had taken SIGTERM as a quit
    event that no loop read, so SIGTERM did not end it either."""
    fifo = tmp_path / "said.fifo"
    os.mkfifo(fifo)
    proc = game(["--speech", f"log:{fifo}"], tmp_path)
    try:
        deadline = time.monotonic() + 60
        while not (tmp_path / "data" / ".lock").exists():
            assert proc.poll() is None and time.monotonic() < deadline, "the game did not start"
            time.sleep(0.05)
        time.sleep(0.5)
        proc.send_signal(signal.SIGTERM)
        status = proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        pytest.fail("SIGTERM did not end the game")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    err = proc.stderr.read().decode() if proc.stderr else ""
    assert status == 0 and "Traceback" not in err, err


@posix
def test_cm19_speech_to_stdout_piped_into_head_lets_the_game_play_on(tmp_path):
    """``--speech log:/dev/stdout | head -1``: head leaves after a line; the game played its 12
    frames (it ended after a few, exit 0, taking the broken pipe for a closed stdout). Twelve: a still
    table's loop rests between frames, so ninety took twenty seconds of waiting and proved no more."""
    proc = game(
        ["--speech", "log:/dev/stdout", "--frames", "12", "--variant", "golf"], tmp_path, stdout=subprocess.PIPE
    )
    assert proc.stdout is not None
    first = proc.stdout.readline()
    proc.stdout.close()  # the reader leaves
    try:
        status = proc.wait(timeout=120)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        pytest.fail("the game did not end")
    err = proc.stderr.read().decode() if proc.stderr else ""
    assert first and status == 0 and "Traceback" not in err, err
    assert (tmp_path / "data" / "settings.json").exists()  # it closed as a game does, at its last frame
