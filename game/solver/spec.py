"""How a game is searched, in one value: its :class:`SolverSpec` (the problem, or a portfolio of
heuristics sharing the budget; how the solver's own moves become the rules' moves; and the budgets
that the game's verdicts and winnable deals use; a hint's budgets are its hints' spec's,
``game/hints/spec.py``). Each solver module defines its game's
spec; the game's record (``game/games``) holds it, and nothing branches on a game's name."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from game.rules.base import Move
from game.solver.beam import Beam
from game.solver.engine import AnyProblem, Result, Search, Stats, Status
from game.solver.portfolio import Portfolio


class Searcher(Protocol):
    """A resumable search of one position: a :class:`~game.solver.engine.Search`, a portfolio of
    them, a staged search, or a compiled one (a game's ``fast`` module)."""

    status: Status

    @property
    def stats(self) -> Stats: ...

    def step(self, budget: int = ...) -> Status:
        """Search up to ``budget`` positions more; the status so far."""

    def cancel(self) -> None: ...

    def run(self) -> Result[Any]:
        """Search to the end of the budget; the result."""

    def result(self) -> Result[Any]: ...


@dataclass(frozen=True)
class SolverSpec:
    make: Callable[[Any, int, float | None, bool], Searcher]
    """A resumable search of a position: ``make(state, max_nodes, max_seconds, complete)``.
    ``complete`` asks for a move generator that leaves nothing out, so a loss can be proved."""
    to_rules: Callable[[Any, list[Any]], list[Move]] | None = None
    """Converts a line of the solver's own moves (replayed from the state) to the rules' moves."""
    verdict_nodes: int = 150_000  # "can this still be won?" once every card is known (SP-16)
    winnable_nodes: int = 60_000  # each random deal tried when a winnable one is looked for live
    notation: Callable[[Any, list[Move]], str] | None = None
    """A line of the rules' moves in the game's usual notation, when it has one (``solve`` prints it)."""
    sample: Callable[[Any, int, float | None, bool], Searcher] | None = None
    """The search of one arrangement of the hidden cards for a hint, when it differs from ``make``:
    a hint counts wins, so a search that can only add a proof of loss is left out."""

    def for_sampling(self) -> SolverSpec:
        """This spec with ``sample`` as its search (itself when there is none)."""
        return self if self.sample is None else replace(self, make=self.sample)


def single(problem: Callable[[Any, bool], AnyProblem[Any, Any]], depth_first: bool = False) -> Callable[..., Searcher]:
    """One search of ``problem(state, complete)``."""

    def make(state: Any, max_nodes: int, max_seconds: float | None, complete: bool) -> Searcher:
        return Search(problem(state, complete), max_nodes, max_seconds, depth_first=depth_first)

    return make


Way = Callable[[AnyProblem[Any, Any], int, float | None], Search[Any, Any]]
"""A way of searching a problem within a budget: ``way(problem, max_nodes, max_seconds)``."""


def best_first(problem: AnyProblem[Any, Any], max_nodes: int, max_seconds: float | None) -> Search[Any, Any]:
    return Search(problem, max_nodes, max_seconds)


def depth_first(problem: AnyProblem[Any, Any], max_nodes: int, max_seconds: float | None) -> Search[Any, Any]:
    return Search(problem, max_nodes, max_seconds, depth_first=True)


def beam(problem: AnyProblem[Any, Any], max_nodes: int, max_seconds: float | None) -> Search[Any, Any]:
    """A beam of 100 positions a layer, then 500; wider beams cost more than they find (measured on the draw games)."""
    return Beam(problem, max_nodes, max_seconds, width=100, widen=5, max_width=500)


def portfolio(
    members: Sequence[tuple[Callable[[Any], AnyProblem[Any, Any]], Way]], quantum: int = 2000
) -> Callable[[Any, int, float | None, bool], Portfolio[Any, Any]]:
    """Several searches (``(problem, way)``) taking turns of ``quantum`` positions, each with an
    equal share of the node budget, all within the time budget; the first to finish wins."""

    def make(state: Any, max_nodes: int, max_seconds: float | None, complete: bool) -> Portfolio[Any, Any]:
        searches = [way(problem(state), max_nodes // len(members), max_seconds) for problem, way in members]
        return Portfolio(searches, quantum, max_seconds)

    return make
