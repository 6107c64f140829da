"""A solitaire collection: the games are listed in game/core/variants.py (VARIANTS), one line each."""

__version__ = "0.1.0"
