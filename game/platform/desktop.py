"""The desktop's side of the platform layer: a thread for the writer, ``fcntl`` (or ``msvcrt``) to
keep one process per data folder, files replaced whole after an fsync, glibc's heap handed back,
SIGTERM ending the game as Quit does, and SQLite's write-ahead log."""

from __future__ import annotations

import contextlib
import ctypes
import gc
import os
import signal
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO

from game.platform.jobs import JobQueue

JOURNAL_MODE = "WAL"  # readers never wait for the writer; a crash loses at most the game being written
IDLE_EXIT = 5.0  # seconds without work before the writer's thread ends (the next job starts another)


def new_lock() -> threading.RLock:
    """A lock for what the frame and the writer's thread share (the records' connection)."""
    return threading.RLock()


class Writer(JobQueue):
    """The background writer: one thread does the jobs as they come, so the frame never waits for
    the disk; a job writes bytes made before it was queued (the caller encodes), so the frame's own
    work cannot starve it, and ``keep_up`` on the frame takes over a job that waited 0.25 s."""

    def __init__(self, report: Callable[[BaseException], None], clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(report, threading.Lock, clock)
        self._wake = threading.Condition(self._lock)  # type: ignore[arg-type]  # a threading.Lock
        self._thread: threading.Thread | None = None

    def _queued(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._loop, name="writer", daemon=True)
            self._thread.start()
        self._wake.notify()

    def _loop(self) -> None:
        while True:
            with self._lock:
                while not self._jobs:
                    if not self._wake.wait(timeout=IDLE_EXIT) and not self._jobs:
                        self._thread = None
                        return
            with self._io:  # taken under the write lock: a flush never races an older job
                job = self._take()
                if job is not None:
                    self._do(job)


def write_atomically(path: Path, data: bytes) -> None:
    """``data`` as the whole of ``path``: written to a temporary file beside it, flushed, synced and
    renamed over it, so a crash leaves the old file or the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def data_folder(app: str) -> Path:
    """The per-user folder SDL names for the game's files (on Linux ``~/.local/share/solitaire/``
    and the app's name; on Windows the same under ``%APPDATA%``)."""
    import pygame  # only here: the rest of this module is plain Python

    return Path(pygame.system.get_pref_path("solitaire", app))


def restore_files(folder: Path) -> None:
    """Nothing to restore: the disk keeps the files."""


def persist(path: Path) -> None:
    """Nothing to do: a file written is on the disk (the browser mirrors it into the page's storage)."""


class FolderLock:
    """One process per data folder: an exclusive lock on its ``.lock`` file, held while the game
    runs (closing the file releases it)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._file: IO[str] | None = None

    def take(self) -> bool:
        """True when this process holds the folder now; False when another does. OSError when the
        folder cannot be written at all (read-only, full, gone)."""
        self._file = (self.folder / ".lock").open("a+")
        try:
            self._probe()
        except OSError:
            self.release()
            raise
        try:
            if sys.platform == "win32":
                import msvcrt

                msvcrt.locking(self._file.fileno(), msvcrt.LK_NBLCK, 1)
            else:
                import fcntl

                fcntl.flock(self._file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self.release()
            return False
        return True

    def _probe(self) -> None:
        """Raise OSError unless a file can be made in the folder: read-only or full, its lock file
        may still open, having been made before."""
        fd, probe = tempfile.mkstemp(prefix=".probe.", suffix=".tmp", dir=self.folder)
        os.close(fd)
        os.unlink(probe)

    def release(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


def give_back_memory() -> None:
    """Collect the garbage of a scene just left and, on glibc, hand the freed heap back to the
    system (without this, a game's card faces, freed, still count in the process's memory)."""
    gc.collect()
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):  # not glibc (musl has no malloc_trim): no matter
            ctypes.CDLL("libc.so.6").malloc_trim(0)


@contextlib.contextmanager
def stop_handler(stop: Callable[[], None]) -> Iterator[None]:
    """SIGTERM (``systemctl stop``, ``kill``) calls ``stop``, which ends the loop at its next frame
    so the app closes normally (saves flushed, a kiosk player's folder removed, exit status 0); the
    handler does nothing else, so no save is cut in half. SDL's own handler only posts a quit
    event, which a kiosk ignores. The previous handler is back afterwards (the default, if the one
    before was not Python's)."""

    def handle(signum: int, frame: object) -> None:
        stop()

    try:
        previous = signal.signal(signal.SIGTERM, handle)
    except ValueError:  # not the main thread: the app is driven by someone else, who stops it
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous if previous is not None else signal.SIG_DFL)
