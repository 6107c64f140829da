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
import importlib.util
import os
import sys
import threading
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol

from game.speech.announcer import Silent, Speaker

DEBIAN_PYTHON = Path("/usr/lib/python3/dist-packages")  # where python3-speechd puts its module
SCREEN_READERS = frozenset({"orca", "nvda", "jfw", "narrator"})  # process names


class LogSpeaker:
    """Each announcement a line of ``path`` (appended, flushed at once)."""

    name = "log"

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self._file = path.open("a", encoding="utf-8")

    def speak(self, text: str, interrupt: bool) -> None:
        self._file.write(" ".join(text.split()) + "\n")
        self._file.flush()

    def close(self) -> None:
        self._file.close()


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


def open_speaker(choice: str, language: str) -> Speaker:
    """``choice``: "off", "on", "auto" (on when a screen reader runs) or "log:FILE"."""
    if choice.startswith("log:"):
        try:
            return LogSpeaker(Path(choice[4:]).expanduser())
        except OSError:
            return Silent()
    if choice == "on" or (choice == "auto" and screen_reader_running()):
        return system_speaker(language)
    return Silent()
