"""The browser's side of the platform layer (pygbag: CPython compiled to WebAssembly, one thread,
the page's event loop). There are no threads, so the writer does its jobs on the frame after each
frame is drawn (``keep_up``), in the loop's idle time; no other process can share the data folder;
no signals reach the page. The file system lives in memory, so every file written is mirrored into
the page's ``localStorage`` (small data: saves, settings, the records) and put back at start
(:func:`restore_files`) — a reload or a new visit continues where the player left.
"""

from __future__ import annotations

import base64
import contextlib
import gc
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from game.platform.jobs import JobQueue

JOURNAL_MODE = "DELETE"  # no shared memory for a write-ahead log: the journal is deleted at each commit
PREFIX = "solitaire:"  # the localStorage keys of the data folder's files


class _NoLock:
    """A lock where there is only one thread: taking it always succeeds."""

    def acquire(self, blocking: bool = True, timeout: float = -1) -> bool:
        return True

    def release(self) -> None:
        pass

    def __enter__(self) -> bool:
        return True

    def __exit__(self, kind: object, value: object, trace: object, /) -> None:
        pass


def new_lock() -> _NoLock:
    return _NoLock()


class Writer(JobQueue):
    """The jobs are done after each frame, as soon as they are queued: there is no thread to do
    them meanwhile, and the frame has been drawn (``late`` is 0)."""

    late = 0.0

    def __init__(self, report: Callable[[BaseException], None], clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(report, _NoLock, clock)


def _storage() -> Any:
    """The page's localStorage (pygbag's ``platform.window``), or None where there is none."""
    try:
        import platform as page  # pygbag's: the browser's window, not the standard library's

        return page.window.localStorage  # type: ignore[attr-defined]
    except (ImportError, AttributeError):
        return None


def write_atomically(path: Path, data: bytes) -> None:
    """``data`` as the whole of ``path`` (one thread: no one sees it half written), and its copy in
    localStorage, which outlives the page."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    persist(path)


def persist(path: Path) -> None:
    """Mirror ``path`` into localStorage (the records' database after each game kept)."""
    storage = _storage()
    if storage is not None:
        storage.setItem(PREFIX + path.name, base64.b64encode(path.read_bytes()).decode("ascii"))


def restore_files(folder: Path) -> None:
    """Put back into ``folder`` the files of an earlier visit, from localStorage."""
    storage = _storage()
    if storage is None:
        return
    folder.mkdir(parents=True, exist_ok=True)
    for k in range(int(storage.length)):
        key = str(storage.key(k))
        if key.startswith(PREFIX):
            with contextlib.suppress(ValueError, OSError):
                (folder / key[len(PREFIX) :]).write_bytes(base64.b64decode(str(storage.getItem(key))))


class FolderLock:
    """One page, one player: the folder is always this page's."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def take(self) -> bool:
        return True

    def release(self) -> None:
        pass


def give_back_memory() -> None:
    gc.collect()


@contextlib.contextmanager
def stop_handler(stop: Callable[[], None]) -> Iterator[None]:
    """No signal reaches a page: the tab closing is the end."""
    yield
