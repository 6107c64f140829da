"""The winning lines known for one game's positions, so that the hint, the demo and CM-21's
verdict ask the solver each question once (CM-20, CM-21).

A line is added from the position its search started at: every position it passes through is
remembered with the rest of the line from there. Only lines found where every card that matters
was known are added (a line found in one world of the hidden cards would peek), and a demo's line
for its deal. A position proved lost is remembered too.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any

from game.hints.position import PositionSearch
from game.rules.base import Move, Variant

if TYPE_CHECKING:
    from game.hints.spec import HintSpec

MAX_POSITIONS = 20_000  # past this many, the oldest lines are forgotten (a long session's worth)


class KnownLines:
    def __init__(self, rules: Variant[Any]) -> None:
        self.rules = rules
        self._lines: list[tuple[Move, ...]] = []
        self._at: dict[Hashable, tuple[int, int]] = {}  # a position -> (its line, how far along it)
        self.lost: set[Hashable] = set()
        self._search: PositionSearch | None = None  # the search of the position last asked about

    def search_for(self, spec: HintSpec, state: Any) -> PositionSearch:
        """The search of ``state`` (every card that matters known): the one already under way
        for it, shared by the hint and the verdict, else a new one (the last one, about another
        position, is given up)."""
        current = self._search
        if current is not None and current.state == state and not current.cancelled:
            return current
        if current is not None:
            current.cancel()
        self._search = PositionSearch(spec, state, self, spec.budget)
        return self._search

    def stop_search(self) -> None:
        """The position changed to one no search is wanted for: the last search is given up."""
        if self._search is not None:
            self._search.cancel()
            self._search = None

    def add(self, state: Any, moves: Sequence[Move]) -> None:
        """Remember ``moves``, a line that wins from ``state``."""
        if len(self._at) + len(moves) > MAX_POSITIONS:
            self._lines.clear()
            self._at.clear()
        line = tuple(moves)
        number = len(self._lines)
        self._lines.append(line)
        s = state
        for k, move in enumerate(line):
            self._at[s] = (number, k)
            s = self.rules.play(s, move)

    def rest(self, state: Any) -> tuple[Move, ...] | None:
        """The rest of a known winning line from ``state`` (never empty), or None."""
        found = self._at.get(state)
        if found is None:
            return None
        number, k = found
        return self._lines[number][k:]

    def winnable(self, state: Any) -> bool:
        return self.rules.is_won(state) or state in self._at

    def bring_forward(self, state: Any, move: Move) -> bool:
        """Make ``move`` the next move of the known line from ``state`` when the line, with that
        move taken out of its place and played first, still wins (checked by playing it through the
        rules); True when it now is."""
        rest = self.rest(state)
        if rest is None or move not in rest:
            return False
        if rest[0] == move:
            return True
        k = rest.index(move)
        line = (move, *rest[:k], *rest[k + 1 :])
        s = state
        for m in line:
            if not self.rules.is_legal(s, m):
                return False
            s = self.rules.play(s, m)
        if not self.rules.is_won(s):
            return False
        self.add(state, line)
        return True

    def forget(self) -> None:
        """A new deal on the table: nothing known is about it."""
        self._lines.clear()
        self._at.clear()
        self.lost.clear()
        self.stop_search()
