"""What the game asks of the machine, in one place (SPEC UI-12): where the files live, files
written whole and synced, one process per data folder, the background writer, a lock for what two
threads share, memory handed back, a stop signal, SQLite's journal, a compiled library's functions
(``native``), and the window (``display``).
Each has a desktop and a browser implementation; the browser's is chosen when the game runs on
CPython compiled to WebAssembly (pygbag: ``sys.platform == "emscripten"``), where there are no
threads, no ``fcntl``, no signals, no compiled library and no disk that outlives the page unless
the game keeps it.
No module outside this package imports ``threading``, ``fcntl``, ``msvcrt``, ``signal`` or
``ctypes``.
"""

from __future__ import annotations

import sys

BROWSER = sys.platform == "emscripten"

if sys.platform == "emscripten":
    from game.platform.browser import (
        JOURNAL_MODE,
        FolderLock,
        Writer,
        compiled_library,
        data_folder,
        give_back_memory,
        new_lock,
        persist,
        restore_files,
        stop_handler,
        write_atomically,
    )
else:
    from game.platform.desktop import (
        JOURNAL_MODE,
        FolderLock,
        Writer,
        data_folder,
        give_back_memory,
        new_lock,
        persist,
        restore_files,
        stop_handler,
        write_atomically,
    )
    from game.platform.native import compiled_library

__all__ = [
    "BROWSER",
    "JOURNAL_MODE",
    "FolderLock",
    "Writer",
    "compiled_library",
    "data_folder",
    "give_back_memory",
    "new_lock",
    "persist",
    "restore_files",
    "stop_handler",
    "write_atomically",
]
