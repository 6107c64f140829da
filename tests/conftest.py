"""Headless everywhere: no window, no sound device; English, whatever the machine's locale (the
tests that are about languages choose theirs)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["SOLITAIRE_LANG"] = "en"
