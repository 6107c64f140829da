"""The one search of a position where every card that matters is known (CM-20, CM-21): it finds a
winning line, which is remembered for every position along it, or proves the position lost, or
runs out of its budget and says nothing. The hint and the verdict of the same position share it
(:meth:`game.hints.lines.KnownLines.search_for`): the solver is asked each question once."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.solver.engine import Status
from game.solver.tasks import SolverTask

if TYPE_CHECKING:
    from game.hints.lines import KnownLines
    from game.hints.spec import HintSpec


class PositionSearch:
    def __init__(self, spec: HintSpec, state: Any, lines: KnownLines, nodes: int) -> None:
        self.state = state
        self.lines = lines
        self.status = Status.RUNNING
        self.cancelled = False
        self.moves: tuple[Any, ...] = ()
        self._task: SolverTask | None = None
        known = lines.rest(state)
        if known is not None or lines.rules.is_won(state):
            self.status, self.moves = Status.SOLVED, known or ()
        elif state in lines.lost:
            self.status = Status.UNSOLVABLE
        else:
            self._task = SolverTask(spec.solver, state, max_nodes=nodes, complete=spec.proving)

    @property
    def nodes(self) -> int:
        """Positions searched so far."""
        return self._task.search.stats.nodes if self._task is not None else 0

    @property
    def done(self) -> bool:
        return self.status is not Status.RUNNING

    def advance(self, seconds: float) -> bool:
        """Work for about ``seconds``; True once the answer is known."""
        if self._task is not None and self._task.advance(seconds):
            result = self._task.result()
            self._task = None
            self.status = result.status
            if result.status is Status.SOLVED:
                self.moves = tuple(result.moves)
                self.lines.add(self.state, result.moves)
            elif result.status is Status.UNSOLVABLE:
                self.lines.lost.add(self.state)
        return self.done

    def cancel(self) -> None:
        self.cancelled = True
        if self._task is not None:
            self._task.cancel()
            self._task = None
            self.status = Status.UNKNOWN
