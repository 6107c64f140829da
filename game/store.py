"""Data on disk: settings and saved games as versioned JSON in the user's data folder.

Writes go to a temporary file in the same folder, are flushed and synced, then ``os.replace``-d
over the old file, so a crash never leaves half a file. Saves made during play go through
:meth:`Store.write_later`: one background writer, the latest data of each file wins, and
:meth:`Store.flush` writes whatever is waiting (on quit, on focus loss, on leaving a table), so a
frame never waits for the disk. A file that cannot be read or understood
is moved aside (``name.corrupt-<time>.json``) and reported, never silently overwritten.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import IO, Any

from game.core.i18n import tr

APP = "solitaire-collection"
MAX_FILE_BYTES = 16 * 1024 * 1024


def data_dir() -> Path:
    """``$SOLITAIRE_DATA_DIR`` if set (tests, portable installs), else SDL's per-user folder."""
    override = os.environ.get("SOLITAIRE_DATA_DIR")
    if override:
        path = Path(override)
    else:
        import pygame  # only here: the rest of this module is plain Python

        path = Path(pygame.system.get_pref_path("solitaire", APP))
    path.mkdir(parents=True, exist_ok=True)
    return path


class Store:
    def __init__(self, root: Path | None = None) -> None:
        self.root = root if root is not None else data_dir()
        self.problems: list[str] = []  # what went wrong reading or writing, for the player
        self._pending: dict[str, dict[str, Any]] = {}  # name -> the latest data waiting to be written
        self._lock = threading.Lock()  # guards _pending
        self._wake = threading.Condition(self._lock)
        self._io = threading.Lock()  # one write at a time, by the writer or by flush
        self._writer: threading.Thread | None = None
        self._lock_file: IO[str] | None = None
        self.read_only = False  # another instance owns this folder: nothing is written

    # -- one process per data folder --------------------------------------------------------------

    def lock(self) -> bool:
        """Take the data folder for this process. False when another instance holds it: then this
        one saves nothing (``read_only``), so neither overwrites the other's games in silence."""
        try:
            self._lock_file = (self.root / ".lock").open("a+")
        except OSError:
            return True  # a folder we cannot lock in: carry on as before
        try:
            if sys.platform == "win32":
                import msvcrt

                msvcrt.locking(self._lock_file.fileno(), msvcrt.LK_NBLCK, 1)
            else:
                import fcntl

                fcntl.flock(self._lock_file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self._lock_file.close()
            self._lock_file = None
            self.read_only = True
            return False
        self._clean_temporary_files()
        return True

    def _clean_temporary_files(self) -> None:
        """Half-written temporary files left by a process killed while saving: the folder is ours
        now, so nobody is writing them (the saves themselves were replaced whole or not at all)."""
        for tmp in self.root.glob(".*.tmp"):
            try:
                if tmp.is_file() and not tmp.is_symlink():
                    tmp.unlink()
            except OSError:
                pass

    def unlock(self) -> None:
        if self._lock_file is not None:
            self._lock_file.close()  # closing the file releases the lock
            self._lock_file = None

    def path(self, name: str) -> Path:
        return self.root / f"{name}.json"

    def read(self, name: str, version: int) -> dict[str, Any] | None:
        """The saved object, or None when there is none or it was unreadable (then moved aside and
        a problem recorded)."""
        path = self.path(name)
        if not path.exists() and not path.is_symlink():
            return None
        try:
            if not path.is_file():  # a FIFO, a device, a folder, a dangling or odd link: never opened
                raise ValueError("it is not a regular file")
            if path.stat().st_size > MAX_FILE_BYTES:
                raise ValueError(f"it is larger than {MAX_FILE_BYTES // 1024 // 1024} MiB")
            with path.open("rb") as f:
                raw = f.read(MAX_FILE_BYTES + 1)
            if len(raw) > MAX_FILE_BYTES:
                raise ValueError(f"it is larger than {MAX_FILE_BYTES // 1024 // 1024} MiB")
            data = json.loads(raw.decode("utf-8"))
            if not isinstance(data, dict) or data.get("version") != version:
                raise ValueError(f"expected version {version}")
            return data
        except (OSError, UnicodeDecodeError, ValueError, RecursionError, MemoryError) as e:
            self.set_aside(name, str(e) or type(e).__name__)
            return None

    def set_aside(self, name: str, why: str) -> Path | None:
        """Move an unusable file out of the way and remember to tell the player."""
        path = self.path(name)
        aside = path.with_name(f"{name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}.json")
        try:
            os.replace(path, aside)
        except OSError:
            kept = None
        else:
            kept = aside
        self.problems.append(
            tr(
                "The saved file {name} could not be read ({why}); it was kept aside as {kept}.",
                name=path.name,
                why=why[:80],
                kept=kept.name if kept else tr("nothing"),
            )
        )
        return kept

    def write(self, name: str, data: dict[str, Any]) -> None:
        if self.read_only:
            return
        path = self.path(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(data, f, ensure_ascii=False, indent=1)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    # -- writing off the frame --------------------------------------------------------------------

    def write_later(self, name: str, data: dict[str, Any]) -> None:
        """Queue ``data`` for ``name``; the background writer saves it soon (latest wins)."""
        if self.read_only:
            return
        with self._lock:
            self._pending[name] = data
            if self._writer is None or not self._writer.is_alive():
                self._writer = threading.Thread(target=self._write_loop, name="store-writer", daemon=True)
                self._writer.start()
            self._wake.notify()

    def flush(self) -> None:
        """Write everything still waiting, now, in this thread (and wait for a write under way)."""
        with self._io:
            with self._lock:
                pending, self._pending = self._pending, {}
            for name, data in pending.items():
                self._write_reporting(name, data)

    def _write_loop(self) -> None:
        while True:
            with self._lock:
                while not self._pending:
                    if not self._wake.wait(timeout=5.0):
                        self._writer = None
                        return
            with self._io:  # popped under the write lock: a flush never races an older write
                with self._lock:
                    if not self._pending:
                        continue
                    name = next(iter(self._pending))
                    data = self._pending.pop(name)
                self._write_reporting(name, data)

    def _write_reporting(self, name: str, data: dict[str, Any]) -> None:
        try:
            self.write(name, data)
        except OSError as e:
            self.problems.append(tr("The game could not be saved: {error}", error=str(e)))
