"""Headless everywhere: no window, no sound device; English, whatever the machine's locale (the
tests that are about languages choose theirs); and a data folder of the test run's own, so that no
test reads or writes the player's saves and records, and two test processes (pytest -n 2) never
share one."""

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["SOLITAIRE_LANG"] = "en"
os.environ["SOLITAIRE_DATA_DIR"] = tempfile.mkdtemp(prefix="solitaire-tests-")
