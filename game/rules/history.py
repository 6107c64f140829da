"""A game's line of play: undo and redo of anything, and the memory of what the player has seen.

``History`` keeps every position from the start to the furthest move played, and a cursor. Undo
moves the cursor back and returns the events that animate going back; redo moves it forward; a
new move after an undo drops the undone moves. ``seen`` is the union of everything the player has
been shown — undoing a flip or a deal onto the columns turns the cards back over, but never makes them
unknown again (SP-14), so hints can use them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Generic, TypeVar

from game.core.errors import IllegalMove
from game.core.i18n import tr
from game.rules.base import Event, Move, Variant, invert_events

S = TypeVar("S")


class History(Generic[S]):
    def __init__(self, rules: Variant[S], start: S) -> None:
        self.rules = rules
        self._states: list[S] = [start]
        self._moves: list[Move] = []
        self._texts: list[str] = []  # the moves written out, kept as they are played: a save of a
        # long game copies a list instead of formatting every move again
        self._events: list[list[Event]] = []
        self._cursor = 0
        self.seen: frozenset[object] = rules.seen(start)

    @classmethod
    def replay(cls, rules: Variant[S], start: S, moves: Iterable[Move]) -> History[S]:
        """Rebuild a history by playing ``moves`` from ``start``; IllegalMove if one does not apply."""
        history = cls(rules, start)
        for n, move in enumerate(moves, 1):
            try:
                history.play(move)
            except IllegalMove as e:
                raise IllegalMove(
                    tr("Move {n} ({move}) cannot be replayed: {reason}", n=n, move=str(move), reason=e.reason)
                ) from None
        return history

    @property
    def state(self) -> S:
        return self._states[self._cursor]

    @property
    def start(self) -> S:
        return self._states[0]

    @property
    def line(self) -> list[S]:
        """The positions from the start to the current one (the undone ones left out)."""
        return self._states[: self._cursor + 1]

    @property
    def moves(self) -> list[Move]:
        """The moves that lead from the start to the current position."""
        return self._moves[: self._cursor]

    @property
    def move_texts(self) -> list[str]:
        """Every move played, the undone ones too (redo survives a save), as text."""
        return list(self._texts)

    @property
    def redo_moves(self) -> list[Move]:
        return self._moves[self._cursor :]

    @property
    def can_undo(self) -> bool:
        return self._cursor > 0

    @property
    def can_redo(self) -> bool:
        return self._cursor < len(self._moves)

    def play(self, move: Move, legal: list[Move] | None = None) -> list[Event]:
        """Play a move (IllegalMove, history untouched, if it is not legal). ``legal``: the
        position's legal moves, when the caller has them already."""
        new, events = self.rules.apply(self.state, move, legal)
        del self._states[self._cursor + 1 :], self._moves[self._cursor :], self._events[self._cursor :]
        del self._texts[self._cursor :]
        self._states.append(new)
        self._moves.append(self.rules.normalise(move))
        self._texts.append(str(self._moves[-1]))
        self._events.append(events)
        self._cursor += 1
        self.seen = self.seen | self.rules.seen(new)
        return list(events)

    def undo(self) -> list[Event]:
        if not self.can_undo:
            raise IllegalMove(tr("There is nothing to undo."))
        self._cursor -= 1
        return invert_events(self._events[self._cursor])

    def redo(self) -> list[Event]:
        if not self.can_redo:
            raise IllegalMove(tr("There is nothing to redo."))
        self._cursor += 1
        return list(self._events[self._cursor - 1])

    def restart(self) -> None:
        """Back to the deal's first position, keeping what was seen (restart is not a new deal)."""
        self._cursor = 0
        del self._states[1:], self._moves[:], self._events[:], self._texts[:]
