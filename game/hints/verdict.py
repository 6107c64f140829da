"""CM-21, an honest verdict in every game (SP-16 for all): once nothing that matters is unseen (the
game's :class:`~game.hints.spec.HintSpec` says when: its ``worlds`` are None), the position is
searched after each move, a slice at a time; when the search proves it lost, the verdict says so,
and then looks back along the line played for the last position that could still be won (a
winning line found from it), so the player can undo to it.

It never peeks: before everything that matters is known it is never asked. Looking back is not
peeking either: by then the player has seen every card, so the earlier positions are known whole.
The search is the one the hint of the same position uses (:meth:`KnownLines.search_for`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.hints.lines import KnownLines
from game.hints.position import PositionSearch
from game.hints.spec import HintSpec
from game.solver.engine import Status

LOOK_BACK = 60  # positions searched at most, looking back for one that could be won
BACK_NODES = 20_000  # each such search's budget (a position a few moves before a loss is often quick)


def all_known(spec: HintSpec, state: Any, seen: frozenset[object]) -> bool:
    """Nothing that matters is unseen: the verdict may be given."""
    return spec.worlds(state, seen, 0) is None


class Verdict:
    """Can the last position of ``line`` (the positions from the deal's start) still be won?
    ``lost`` once proved not; then ``back``: how many moves back the last position that could be
    won lies (None while it is looked for, or if none was found)."""

    def __init__(self, spec: HintSpec, line: Sequence[Any], lines: KnownLines) -> None:
        self.spec = spec
        self.line = list(line)
        self.lines = lines
        self.search: PositionSearch | None = lines.search_for(spec, self.line[-1])
        self.lost = False
        self.back: int | None = None
        self._looked = 0  # positions looked at, going back
        self._done = False

    @property
    def done(self) -> bool:
        return self._done

    def advance(self, seconds: float) -> bool:
        """Work for about ``seconds``; True once there is nothing more to find."""
        if self._done or self.search is None:
            return True
        if not self.search.advance(seconds):
            return False
        if not self.lost:  # the position itself
            self.lost = self.search.status is Status.UNSOLVABLE
            self.search = None
            if not self.lost:
                self._done = True
                return True
        else:  # an earlier position
            if self.search.status is Status.SOLVED:
                self.back = self._looked
                self._done = True
                return True
            self.search = None
        return self._look_back()

    def _look_back(self) -> bool:
        """Start the search of the next position back; True when there is none left to try."""
        while self._looked < min(LOOK_BACK, len(self.line) - 1):
            self._looked += 1
            state = self.line[-1 - self._looked]
            if self.lines.winnable(state):
                self.back = self._looked
                self._done = True
                return True
            if state not in self.lines.lost:
                self.search = PositionSearch(self.spec, state, self.lines, BACK_NODES)
                return False
        self._done = True
        return True

    def cancel(self) -> None:
        """Stop; the position's own search is left to the hint that may share it (the next
        position's search gives it up), a search looking back is given up now."""
        self._done = True
        if self.search is not None and self.lost:
            self.search.cancel()
