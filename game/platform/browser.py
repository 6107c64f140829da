"""The browser's side of the platform layer (pygbag: CPython compiled to WebAssembly, one thread,
the page's event loop). There are no threads, so the writer does its jobs on the frame after each
frame is drawn (``keep_up``), in the loop's idle time; no other process can share the data folder;
no signals reach the page. The file system lives in memory, so every file written is mirrored into
the page's ``localStorage`` (small data: saves, settings, the records) and put back at start
(:func:`restore_files`) — a reload or a new visit continues where the player left. The page
itself is reached here too: its size, and its loader's fitting of the canvas to it.
"""

from __future__ import annotations

import base64
import contextlib
import gc
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.platform.jobs import JobQueue

if TYPE_CHECKING:
    from game.platform.native import NativeLibrary

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


def _page() -> Any:
    """The page's JavaScript ``window`` (pygbag's ``platform.window``), or None outside a page: the
    standard library's ``platform`` module has no ``window``."""
    try:
        import platform as page  # pygbag's in a page: the browser's window

        return page.window  # type: ignore[attr-defined]
    except (ImportError, AttributeError):
        return None


def _storage() -> Any:
    """The page's localStorage, or None where there is none."""
    return getattr(_page(), "localStorage", None)


def page_size() -> tuple[int, int] | None:
    """The page's inner size in CSS pixels, or None where there is no page to ask."""
    window = _page()
    try:
        return (int(window.innerWidth), int(window.innerHeight)) if window is not None else None
    except (AttributeError, TypeError, ValueError):
        return None


def fit_canvas() -> None:
    """Have pygbag's loader scale the canvas to the page again, keeping its shape (as it does when
    the page is resized): called when the game has just given the canvas its size."""
    resize = getattr(_page(), "window_resize", None)
    if resize is not None:
        resize()


def data_folder(app: str) -> Path:
    """Where the game keeps its files in a page: a folder of the home of the page's in-memory file
    system (pygbag makes one); :func:`persist` and :func:`restore_files` keep them across visits."""
    return Path.home() / app


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


def compiled_library(module: str) -> NativeLibrary | None:
    """No compiled library loads in a page: the game's pure-Python code runs."""
    return None


@contextlib.contextmanager
def stop_handler(stop: Callable[[], None]) -> Iterator[None]:
    """No signal reaches a page: the tab closing is the end."""
    yield
