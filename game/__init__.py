"""A solitaire collection: the games are listed in game/core/variants.py (VARIANTS), one line each."""

import os

# pygame prints a greeting on import; the game's commands and tools print what they were asked for
# (a usage line, a deal, a measure) first, so the greeting is left out unless the player set it.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

__version__ = "0.1.0"
