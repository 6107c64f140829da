"""Speakers (CM-19): the machine's side of spoken play. ``open_speaker`` turns the setting or
``--speech auto|on|off|log:FILE`` into one:

- ``log:FILE``: each announcement appended to FILE as one line (tests, and a player's transcript);
- the platform's screen reader or speech service: on Linux, Speech Dispatcher (what Orca speaks
  through) by Debian's ``python3-speechd`` bindings, which can choose a voice of the game's
  language; else ``prismatoid`` (PyPI: NVDA, JAWS, SAPI, OneCore on Windows, VoiceOver or
  AVSpeech on macOS, Speech Dispatcher on Linux), the one maintained library that reaches them all;
- silence: no library, no service, no audio device — the game starts and plays, without a word.

A real speaker is fed by a thread of its own: the frame never waits for a speech service, and an
announcement still queued when a newer one comes is dropped (the newer one interrupts it).
"""

from __future__ import annotations

import contextlib
import errno
import importlib.util
import os
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol

from game.core.i18n import tr
from game.core.system_words import system_reason
from game.speech.announcer import Silent, Speaker

DEBIAN_PYTHON = Path("/usr/lib/python3/dist-packages")  # where python3-speechd puts its module
SCREEN_READERS = frozenset({"orca", "nvda", "jfw", "narrator"})  # process names
# a log's file: appended to, made if missing, never waited for (O_NONBLOCK: a FIFO), not inherited
WRITE_FLAGS = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
Failed = Callable[[str], None]  # told once why the speech stopped


class LogSpeaker:
    """Each announcement a line of ``path``, appended and written at once. A file that cannot take
    its lines — ``/dev/full``, a full disk, a FIFO nobody reads or whose reader has gone (``head``
    on ``/dev/stdout``), a file the kernel refuses writes to — is speech off: ``failed`` is told
    why, once, and nothing more is written; the game goes on (issue 36, item 17).
    The file is opened without waiting: a FIFO with no reader is refused at once (opening it for
    writing would wait for ever, the game never opening and not even SIGTERM ending it), and a
    reader that does not keep up stops the speech rather than the frame."""

    name = "log"

    def __init__(self, path: Path, failed: Failed | None = None) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self._fd: int | None = os.open(path, WRITE_FLAGS, 0o644)
        self._failed = failed

    def speak(self, text: str, interrupt: bool) -> None:
        if self._fd is None:
            return
        data = (" ".join(text.split()) + "\n").encode("utf-8", "replace")
        try:
            while data:  # a write may take part of the line: the rest follows
                data = data[os.write(self._fd, data) :]
        except OSError as e:
            self.close()
            if self._failed is not None:
                self._failed(cannot_write(e))

    def close(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            with contextlib.suppress(OSError):
                os.close(fd)


def cannot_write(error: Exception) -> str:
    """Why a log cannot take its lines, worded to follow "cannot take what is said"."""
    if isinstance(error, RuntimeError):  # Path.expanduser: ~nosuchuser
        return tr("there is no such home folder")
    if not isinstance(error, OSError):  # a NUL in the path
        return str(error)
    if error.errno == errno.ENXIO:
        return tr("nothing reads it")
    if error.errno == errno.EPIPE:
        return tr("nothing reads it any more")
    if error.errno == errno.EAGAIN:
        return tr("its reader does not keep up")
    return system_reason(error)


class Voice(Protocol):
    """A speech service's client: says a text, stops what it says."""

    def say(self, text: str) -> None: ...

    def stop(self) -> None: ...

    def close(self) -> None: ...


class Threaded:
    """A speaker that hands each text to ``voice`` on a thread of its own, the latest first."""

    def __init__(self, voice: Voice, name: str) -> None:
        self.voice, self.name = voice, name
        self._next: tuple[str, bool] | None = None
        self._ready = threading.Condition()
        self._open = True
        self._thread = threading.Thread(target=self._run, name="speech", daemon=True)
        self._thread.start()

    def speak(self, text: str, interrupt: bool) -> None:
        with self._ready:
            self._next = (text, interrupt)  # a text not yet said is stale now: replaced
            self._ready.notify()

    def _run(self) -> None:
        while True:
            with self._ready:
                while self._next is None and self._open:
                    self._ready.wait()
                if not self._open:
                    return
                assert self._next is not None
                text, interrupt = self._next
                self._next = None
            try:
                if interrupt:
                    self.voice.stop()
                self.voice.say(text)
            except Exception:  # a service that went away: silence, never a crash
                self._open = False
                return

    def close(self) -> None:
        with self._ready:
            self._open = False
            self._ready.notify()
        with contextlib.suppress(Exception):  # a service already gone
            self.voice.close()


class SpeechdVoice:
    """Speech Dispatcher through its Python client, in the game's language."""

    def __init__(self, speechd: Any, language: str) -> None:
        self.client = speechd.SSIPClient("solitaire")
        self.client.set_language(language)
        self.client.set_priority(speechd.Priority.MESSAGE)

    def say(self, text: str) -> None:
        self.client.speak(text)

    def stop(self) -> None:
        self.client.cancel()

    def close(self) -> None:
        self.client.close()


class PrismVoice:
    """prismatoid's best backend for this machine (a running screen reader first)."""

    def __init__(self, prism: Any) -> None:
        self.backend = prism.Context().acquire_best()

    def say(self, text: str) -> None:
        self.backend.speak(text, True)

    def stop(self) -> None:
        self.backend.stop()

    def close(self) -> None:
        pass


def _module(name: str) -> ModuleType | None:
    """``name`` imported, or Debian's copy of it (a virtual environment does not see it); None."""
    try:
        return importlib.import_module(name)
    except ImportError:
        pass
    init = DEBIAN_PYTHON / name / "__init__.py"
    if not init.is_file():
        return None
    spec = importlib.util.spec_from_file_location(name, init, submodule_search_locations=[str(init.parent)])
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except Exception:
        del sys.modules[name]
        return None
    return module


def system_speaker(language: str) -> Speaker:
    """The platform's speech: Speech Dispatcher on Linux, else prismatoid's best; silence if
    neither can be reached."""
    if sys.platform == "emscripten":
        return Silent()  # the browser's page has no speech service this game can reach
    tries = ("speechd", "prism") if sys.platform.startswith("linux") else ("prism",)
    for name in tries:
        module = _module(name)
        if module is None:
            continue
        try:
            voice: Voice = SpeechdVoice(module, language) if name == "speechd" else PrismVoice(module)
        except Exception:  # no service, no socket, no backend: try the next, then silence
            continue
        return Threaded(voice, "speech-dispatcher" if name == "speechd" else "prismatoid")
    return Silent()


def screen_reader_running() -> bool:
    """Whether the system's screen reader runs now (speech is on by default then)."""
    if sys.platform.startswith("linux"):
        try:
            for entry in os.scandir("/proc"):
                if entry.name.isdigit():
                    try:
                        comm = Path(entry.path, "comm").read_text().strip().lower()
                    except OSError:
                        continue
                    if comm in SCREEN_READERS:
                        return True
        except OSError:
            return False
        return False
    if sys.platform == "win32":
        import ctypes

        running = ctypes.c_int(0)
        windll: Any = ctypes.windll
        windll.user32.SystemParametersInfoW(0x0046, 0, ctypes.byref(running), 0)  # SPI_GETSCREENREADER
        return bool(running.value)
    return False  # macOS: VoiceOver is not asked; the setting turns speech on


def open_speaker(choice: str, language: str, failed: Failed | None = None) -> Speaker:
    """``choice``: "off", "on", "auto" (on when a screen reader runs) or "log:FILE". A log that
    cannot be opened is silence, and ``failed`` is told why."""
    if choice.startswith("log:"):
        try:
            return LogSpeaker(Path(choice[4:]).expanduser(), failed)
        except (OSError, RuntimeError, ValueError) as e:  # RuntimeError: ~nosuchuser; ValueError: a NUL
            if failed is not None:
                failed(cannot_write(e))
            return Silent()
    if choice == "on" or (choice == "auto" and screen_reader_running()):
        return system_speaker(language)
    return Silent()
