"""Data on disk: settings and saved games as versioned JSON in the user's data folder.

Writes go to a temporary file in the same folder, are flushed and synced, then ``os.replace``-d
over the old file, so a crash never leaves half a file. Saves made during play go through
:meth:`Store.write_later`: the data is encoded at once (a fraction of a millisecond) and written by
the background writer (``game/writer.py``), the latest data of each file winning, so a frame never
waits for the disk and a move is on disk within half a second (UI-11); :meth:`Store.flush` writes
whatever is waiting (on quit, on focus loss, on leaving a table). A file that cannot be read or
understood is moved aside (``name.corrupt-<time>.json``) and reported, never silently overwritten.
A data folder that cannot be written (read-only, full, gone) is said once, and play goes on.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from pathlib import Path
from typing import Any

from game.core.i18n import tr
from game.core.system_words import system_reason
from game.platform import FolderLock, Writer, data_folder, restore_files, write_atomically

APP = "solitaire-collection"
MAX_FILE_BYTES = 16 * 1024 * 1024


def data_dir() -> Path:
    """``$SOLITAIRE_DATA_DIR`` if set (tests, portable installs), else the platform's folder for
    the game's files: SDL's per-user folder, or in a browser a folder of the page's."""
    override = os.environ.get("SOLITAIRE_DATA_DIR")
    path = Path(override) if override else data_folder(APP)
    with contextlib.suppress(OSError):  # a folder that cannot be made: the store says nothing can be saved
        path.mkdir(parents=True, exist_ok=True)
    return path


class Store:
    def __init__(self, root: Path | None = None) -> None:
        self.root = root if root is not None else data_dir()
        self.problems: list[str] = []  # what went wrong reading or writing, for the player
        self.writer = Writer(self._job_failed)  # also the records' (game/records/keeper.py)
        self._folder_lock = FolderLock(self.root)
        self.read_only = False  # another instance owns the folder, or it cannot be written: no writes
        self._failing: str | None = None  # the write error already told, until a write succeeds

    # -- one process per data folder --------------------------------------------------------------

    def lock(self) -> bool:
        """Take the data folder for this process. False when another instance holds it: then this
        one saves nothing (``read_only``), so neither overwrites the other's games in silence. A
        folder where no file can be made (read-only, full) is said once, and nothing is written."""
        restore_files(self.root)  # a browser's files of an earlier visit (nothing on a desktop)
        try:
            locked = self._folder_lock.take()
        except OSError as e:
            self.read_only = True
            self.problems.append(
                tr(
                    "Nothing can be saved: the folder {path} cannot be written ({why}).",
                    path=str(self.root),
                    why=_why(e),
                )
            )
            return True  # not another instance's: this one plays on, saving nothing
        if not locked:
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
        self._folder_lock.release()

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
        """Write ``data`` now, in this thread (tests and tools; the game uses :meth:`write_later`)."""
        if not self.read_only:
            self._write_bytes(name, encode(data))

    def _write_bytes(self, name: str, raw: bytes) -> None:
        write_atomically(self.path(name), raw)

    # -- writing off the frame --------------------------------------------------------------------

    def write_later(self, name: str, data: dict[str, Any]) -> None:
        """Queue ``data`` for ``name``, encoded now (so later changes to it cannot leak in and the
        writer holds no lock of the frame's); the background writer saves it soon (latest wins)."""
        if self.read_only:
            return
        raw = encode(data)
        self.writer.later(("file", name), lambda: self._write_reporting(name, raw))

    def flush(self) -> None:
        """Write everything still waiting, now, in this thread (and wait for a write under way)."""
        self.writer.flush()

    def keep_up(self) -> None:
        """Called every frame: see :meth:`game.writer.Writer.keep_up`."""
        self.writer.keep_up()

    def _write_reporting(self, name: str, data: bytes) -> None:
        try:
            self._write_bytes(name, data)
        except OSError as e:
            self._write_failed(e)
        else:
            self._failing = None

    def _write_failed(self, error: OSError) -> None:
        """Tell the player once, not at every move, until a write succeeds again."""
        why = _why(error)
        if why != self._failing:
            self._failing = why
            self.problems.append(tr("The game could not be saved: {error}", error=why))

    def _job_failed(self, error: BaseException) -> None:
        if isinstance(error, OSError):
            self._write_failed(error)
        else:
            why = f"{type(error).__name__}: {error}"
            self.problems.append(tr("The game could not be saved: {error}", error=why))


def encode(data: dict[str, Any]) -> bytes:
    return json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8")


def _why(error: OSError) -> str:
    """An OS error as a player reads it: its words, without the path the message names already."""
    return system_reason(error)
