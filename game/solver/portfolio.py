"""Several searches of one position taking turns: the first to find a win, or to search every
position, answers for them all."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, Protocol

from game.solver.engine import M, N, Result, Stats, Status


class Member(Protocol[M]):
    """What a portfolio needs of each of its searches: a :class:`~game.solver.engine.Search`, or a
    compiled search of the same positions (a game's ``fast`` module)."""

    @property
    def status(self) -> Status: ...

    @property
    def exhausted(self) -> bool:
        """Every position the moves reach was searched."""
        ...

    @property
    def moves(self) -> list[M]: ...

    @property
    def stats(self) -> Stats: ...

    def step(self, budget: int = ...) -> Status: ...

    def cancel(self) -> None: ...


class Portfolio(Generic[N, M]):
    """Several searches of one position, each led by a different heuristic, advanced in turn: the
    first to find a win wins. A heuristic that suits most deals can be very slow on a few, and
    another one is often quick exactly there. The members search the same positions with the same
    moves, in different orders: so when one has searched them all, the others have nothing more
    to find, and the portfolio stops (UNSOLVABLE if the moves leave nothing out, else UNKNOWN).
    UNKNOWN as well once every member has spent its budget.

    Each member in turn expands ``quantum`` positions, however the caller slices its steps, so a
    search gives the same answer run at once or a few positions per frame."""

    def __init__(self, searches: Sequence[Member[M]], quantum: int = 2000, max_seconds: float | None = None) -> None:
        self.searches = searches
        self.quantum = quantum
        self.max_seconds = max_seconds  # for all the members together: one that stops leaves its time to the rest
        self.status = Status.RUNNING
        self.moves: list[M] = []
        self._turn = 0
        self._spent = 0  # positions the member whose turn it is has expanded in this turn

    @property
    def exhausted(self) -> bool:
        """A member searched every position the moves reach (so the others have nothing to add)."""
        return any(s.exhausted for s in self.searches)

    @property
    def stats(self) -> Stats:
        total = Stats()
        for s in self.searches:
            total.nodes += s.stats.nodes
            total.generated += s.stats.generated
            total.seen += s.stats.seen
            total.seconds += s.stats.seconds
        return total

    def step(self, budget: int = 1000) -> Status:
        if self.status is not Status.RUNNING:
            return self.status
        done = next((s for s in self.searches if s.status is Status.SOLVED or s.exhausted), None)
        if done is None:  # a member may finish on its own start (a position won by safe moves alone)
            running = [s for s in self.searches if s.status is Status.RUNNING]
            if self.max_seconds is not None and self.stats.seconds >= self.max_seconds:
                for s in running:
                    s.cancel()
                running = []
            if not running:
                self.status = Status.UNKNOWN
                return self.status
            search = running[self._turn % len(running)]
            before = search.stats.nodes
            search.step(min(budget, self.quantum - self._spent))
            self._spent += max(1, search.stats.nodes - before)
            if self._spent >= self.quantum or search.status is not Status.RUNNING:
                self._turn += 1
                self._spent = 0
            if search.status is Status.SOLVED or search.exhausted:
                done = search
        if done is not None:
            self.status = done.status
            self.moves = list(done.moves)
            for other in self.searches:
                if other is not done:
                    other.cancel()
        elif all(s.status is not Status.RUNNING for s in self.searches):
            self.status = Status.UNKNOWN
        return self.status

    def cancel(self) -> None:
        for s in self.searches:
            s.cancel()
        self.status = Status.UNKNOWN

    def run(self) -> Result[M]:
        while self.step(self.quantum) is Status.RUNNING:
            pass
        return self.result()

    def result(self) -> Result[M]:
        return Result(self.status, list(self.moves), self.stats)
