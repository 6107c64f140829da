"""A search in two stages: a fast one that leaves moves out, then, only if that one ran out of
positions without a win, a complete one with what is left of the budget."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic

from game.solver.compiled import CompiledSearch
from game.solver.engine import AnyProblem, M, N, Result, Search, Stats, Status
from game.solver.portfolio import Portfolio


class Staged(Generic[N, M]):
    """A fast search that leaves moves out; then, if it has searched every position its moves reach
    and found no win, a complete search of the same position with what is left of the budget. The
    second finds the win the first left out, or proves the loss (often in a moment: the positions
    left are few when the pruned ones ran out so soon)."""

    def __init__(
        self,
        first: Search[N, M] | Portfolio[N, M],
        then: Callable[[int, float | None], Search[N, M] | CompiledSearch[M]],
        max_nodes: int,
        max_seconds: float | None,
    ) -> None:
        self.first = first
        self.then = then
        self.second: Search[N, M] | CompiledSearch[M] | None = None
        self.max_nodes = max_nodes
        self.max_seconds = max_seconds
        self.status = Status.RUNNING
        self.moves: list[M] = []

    @property
    def exhausted(self) -> bool:
        return self.second is not None and self.second.exhausted

    @property
    def stats(self) -> Stats:
        total = Stats(**vars(self.first.stats))
        if self.second is not None:
            total.nodes += self.second.stats.nodes
            total.generated += self.second.stats.generated
            total.seen += self.second.stats.seen
            total.seconds += self.second.stats.seconds
        return total

    def step(self, budget: int = 1000) -> Status:
        if self.status is not Status.RUNNING:
            return self.status
        done: Search[N, M] | Portfolio[N, M] | CompiledSearch[M]
        if self.second is None:
            status = self.first.step(budget)
            if status is Status.UNKNOWN and self.first.exhausted:
                spent = self.first.stats
                seconds = None if self.max_seconds is None else max(0.0, self.max_seconds - spent.seconds)
                self.second = self.then(max(0, self.max_nodes - spent.nodes), seconds)
                return self.status
            done = self.first
        else:
            status = self.second.step(budget)
            done = self.second
        if status is not Status.RUNNING:
            self.status = status
            self.moves = list(done.moves)
        return self.status

    def cancel(self) -> None:
        self.first.cancel()
        if self.second is not None:
            self.second.cancel()
        self.status = Status.UNKNOWN

    def run(self) -> Result[M]:
        while self.step(5000) is Status.RUNNING:
            pass
        return self.result()

    def result(self) -> Result[M]:
        return Result(self.status, list(self.moves), self.stats)


Stages = Search[Any, Any] | CompiledSearch[Any] | Staged[Any, Any]  # what pruned_then_complete makes
CompleteWay = Callable[[Any, int, float | None], Search[Any, Any] | CompiledSearch[Any]]
"""How a complete problem is searched within a budget: ``way(problem, max_nodes, max_seconds)``."""


def best_first_search(problem: Any, max_nodes: int, max_seconds: float | None) -> Search[Any, Any]:
    return Search(problem, max_nodes, max_seconds)


def depth_first_complete(
    compiled: Callable[[Any, int, float | None], CompiledSearch[Any]], available: Callable[[], bool]
) -> CompleteWay:
    """The complete search depth first, the most promising child first (proving a loss keeps only the
    path in hand): ``compiled`` where the game's library is ``available`` (asked at each search),
    else the engine's own walk, the same positions either way."""

    def way(problem: Any, max_nodes: int, max_seconds: float | None) -> Search[Any, Any] | CompiledSearch[Any]:
        if available():
            return compiled(problem, max_nodes, max_seconds)
        return Search(problem, max_nodes, max_seconds, depth_first=True)

    return way


def pruned_then_complete(
    pruned: Callable[[Any, int, float | None, bool], Portfolio[Any, Any]],
    complete_problem: Callable[[Any], AnyProblem[Any, Any]],
    way: CompleteWay = best_first_search,
) -> Callable[[Any, int, float | None, bool], Stages]:
    """A solver's ``make`` for a game with a pruned search and a complete one (the draw games' kind):
    the ``pruned`` portfolio, then (if its moves run out) a search of ``complete_problem`` with the
    budget left, best first unless the game gives its own ``way``; asked for ``complete``, that
    complete search alone."""

    def make(state: Any, max_nodes: int, max_seconds: float | None, complete: bool) -> Stages:
        def complete_search(nodes: int, seconds: float | None) -> Search[Any, Any] | CompiledSearch[Any]:
            return way(complete_problem(state), nodes, seconds)

        if complete:
            return complete_search(max_nodes, max_seconds)
        return Staged(pruned(state, max_nodes, max_seconds, False), complete_search, max_nodes, max_seconds)

    return make
