"""Solving without freezing a frame: a search advanced a slice at a time (a few milliseconds per
fixed step of the game loop), given up as soon as the position it was about has changed."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from game.solver.api import rules_moves, searcher
from game.solver.engine import Result, Status
from game.solver.spec import Searcher, SolverSpec


class SolverTask:
    def __init__(
        self,
        spec: SolverSpec,
        state: Any,
        max_nodes: int = 300_000,
        complete: bool = False,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.spec = spec
        self.state = state
        self.clock = clock
        self.search: Searcher = searcher(spec, state, max_nodes=max_nodes, complete=complete)

    @property
    def done(self) -> bool:
        return self.search.status is not Status.RUNNING

    def advance(self, seconds: float) -> bool:
        """Work for about ``seconds``; True once finished."""
        end = self.clock() + seconds
        while not self.done and self.clock() < end:
            self.search.step(32)
        return self.done

    def cancel(self) -> None:
        self.search.cancel()
        self.search.step(1)

    def result(self) -> Result[Any]:
        r = self.search.result()
        if r.status is Status.SOLVED:
            r.moves = rules_moves(self.spec, self.state, r.moves)
        return r
