"""The two errors that every layer may show a player."""

from __future__ import annotations


class ParseError(ValueError):
    """Text that is not what it claims to be: a card, a deal ID, a position, a move, a save file."""


class IllegalMove(ValueError):
    """A move the rules do not allow here. ``reason`` is short, translated and fit for a player."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
