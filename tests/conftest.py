"""Headless everywhere: no window, no sound device; English, whatever the machine's locale (the
tests that are about languages choose theirs); and a data folder of the test run's own, so that no
test reads or writes the player's saves and records, and two test processes (pytest -n 2) never
share one.

The test run's files are in memory where the machine has a memory file system (/dev/shm): its
temporary folders (pytest's tmp_path, the data folder, the tools' own temporary folders, through
TMPDIR), not on the disk. The game syncs every file it saves (and SQLite every record it adds), and
the suite saves thousands: on a disk each sync waits for it, on /dev/shm it returns at once. The
code runs the same either way; only the waiting goes."""

import atexit
import os
import shutil
import tempfile

MEMORY = "/dev/shm"
if os.path.isdir(MEMORY) and os.access(MEMORY, os.W_OK):
    os.environ["TMPDIR"] = MEMORY  # pytest's tmp_path, tempfile here and in every tool a test starts
    tempfile.tempdir = None  # asked again: TMPDIR as it is now

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["SOLITAIRE_LANG"] = "en"
os.environ["SOLITAIRE_DATA_DIR"] = tempfile.mkdtemp(prefix="solitaire-tests-")
atexit.register(shutil.rmtree, os.environ["SOLITAIRE_DATA_DIR"], True)
