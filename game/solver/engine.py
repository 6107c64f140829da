"""One search engine for every game: best-first search over positions, a transposition table on
canonical keys, node and time budgets, resumable in steps, cancellable.

A :class:`Problem` says, for one game, what a position's successors are (with the moves that lead
there), which moves are provably safe (taken without branching), how promising a position looks,
and how to recognise equivalent positions (its canonical key). The engine knows nothing of cards.

Results: SOLVED with the whole line of moves; UNSOLVABLE only when the whole space was searched
by a complete move generator (nothing pruned that could matter); otherwise UNKNOWN.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Hashable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from game.solver.walks import BestFirst, DepthFirst, LazyBestFirst, OrderedDepthFirst, Walk

N = TypeVar("N")  # a position in the solver's own form
M = TypeVar("M")  # a move in the solver's own form
M_co = TypeVar("M_co", covariant=True)


@contextmanager
def no_cycle_collector() -> Iterator[None]:
    """The cyclic garbage collector off for a while, as it was after. A search makes millions of
    small tuples and no reference cycles, so the collector only slows it down (by about a quarter on
    the draw games, its passes over a growing table of positions), and a pass over a hint's many worlds
    can hold up a frame: refcounting frees what is dropped meanwhile."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


class Status(Enum):
    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"
    UNKNOWN = "unknown"
    RUNNING = "running"


@dataclass(frozen=True)
class Shape:
    """How a problem's moves come, which picks the engine's way through them: declared by each
    problem class (``shape = Shape(...)``), one value, rather than guessed from what it has. (Whether
    its children come one move at a time or settled, with their line, is its kind: a
    :class:`Problem` or a :class:`LinesProblem`.)"""

    ordered: bool = False  # successors list the most promising move first: depth first needs no scores
    safe_moves: bool = True  # safe_move may name a move (False: it never does, the engine need not ask)
    lazy: bool = False  # a LazyProblem: best first builds a child only when it takes it from the heap


class Searchable(Protocol[N, M_co]):
    """What every search problem says of a position, and its :class:`Shape`."""

    complete: bool  # True when the children never leave out a move that could matter
    shape: Shape

    def start(self) -> N: ...

    def key(self, node: N) -> Hashable: ...

    def is_goal(self, node: N) -> bool: ...

    def safe_move(self, node: N) -> tuple[M_co, N] | None:
        """A move that can never hurt (taken alone, without trying the others), or None."""
        ...

    def score(self, node: N, depth: int) -> float:
        """Lower is more promising."""
        ...


class Problem(Searchable[N, M_co], Protocol[N, M_co]):
    """A game's search problem whose children come one move each: the engine takes the safe moves
    after each (``Shape.safe_moves``)."""

    def successors(self, node: N) -> Iterable[tuple[M_co, N]]: ...


@runtime_checkable
class LinesProblem(Searchable[N, M_co], Protocol[N, M_co]):
    """A game's search problem whose children come settled, each with its line: its move and the
    moves that follow it without a choice (a card's safe moves home, a run of the stock's turns)."""

    def lines(self, node: N) -> Iterable[tuple[tuple[M_co, ...], N]]: ...


@runtime_checkable
class LazyProblem(Protocol[N, M_co]):
    """A problem whose children best-first search builds only when it takes them (``Shape.lazy``).
    Most children wait on the heap and are never taken: the all-open games take about one in eight. So the
    problem scores each move without building its position, and builds it once taken."""

    def moves(self, node: N, depth: int) -> Iterable[tuple[float, Any, tuple[tuple[M_co, ...], N] | None]]:
        """Each move from ``node`` (at ``depth``): the score of the position it leads to, a sketch of
        the move (the problem's own, for ``play``), and the position with its line when it is already
        built (a move followed by safe moves is settled at once), else None."""
        ...

    def play(self, node: N, sketch: Any) -> tuple[tuple[M_co, ...], N]:
        """The position a sketched move leads to, with its line of moves."""
        ...


AnyProblem = Problem[N, M] | LinesProblem[N, M]  # what a search takes


@dataclass
class Stats:
    nodes: int = 0  # positions expanded
    generated: int = 0
    seen: int = 0  # distinct positions in the transposition table
    seconds: float = 0.0


@dataclass
class Result(Generic[M]):
    status: Status
    moves: list[M] = field(default_factory=list)
    stats: Stats = field(default_factory=Stats)


class Search(Generic[N, M]):
    """Best-first search (or depth first, the most promising child first). ``step(n)`` expands
    up to n positions and returns the status so far, so a caller can spread the work over frames
    or run it in a worker; ``cancel()`` stops it.

    Two strategies, picked once from the problem: its :meth:`children` (settled with the safe moves
    here, or by the problem itself: a :class:`LinesProblem`) and its walk (``game.solver.walks``: best
    first, lazy best first, depth first, or the ordered depth first of the games played onto a waste),
    which owns the positions waiting to be expanded. The search keeps what they share: the positions
    met and how each was reached, the budget, the counts and the result."""

    def __init__(
        self,
        problem: AnyProblem[N, M],
        max_nodes: int = 200_000,
        max_seconds: float | None = None,
        clock: Callable[[], float] = time.perf_counter,
        depth_first: bool = False,
    ) -> None:
        self.problem = problem
        self.depth_first = depth_first
        self.max_nodes = max_nodes
        self.max_seconds = max_seconds
        self.clock = clock
        self.stats = Stats()
        self.status = Status.RUNNING
        self.moves: list[M] = []
        self.exhausted = False  # every position reachable with the problem's moves was searched
        self._cancelled = False
        self._counter = 0
        self._has_safe = problem.shape.safe_moves
        self.children = self._children_of(problem)
        start, prefix = self._settle(problem.start(), ())
        self._root = (problem.key(start), start, prefix)  # the start, settled, and its safe moves
        # each position met (by key): its parent's key and the moves from the parent
        self.parents: dict[Hashable, tuple[Hashable | None, tuple[M, ...]]] = {self._root[0]: (None, prefix)}
        self._walk = walk_for(self, problem, depth_first)
        self._elapsed = 0.0
        if problem.is_goal(start):
            self.status = Status.SOLVED
            self.moves = list(prefix)
        else:
            self._begin()

    def _children_of(self, problem: AnyProblem[N, M]) -> Callable[[N], Iterable[tuple[tuple[M, ...], N]]]:
        """How a position's children come, each with its line: the problem's own lines, or its
        moves each followed by the safe moves it allows, or its moves alone."""
        if isinstance(problem, LinesProblem):
            return problem.lines
        successors, settle = problem.successors, self._settle

        def settled(node: N) -> Iterator[tuple[tuple[M, ...], N]]:
            for move, child in successors(node):
                child, line = settle(child, (move,))
                yield line, child

        def single(node: N) -> Iterator[tuple[tuple[M, ...], N]]:
            for move, child in successors(node):
                yield (move,), child

        return settled if self._has_safe else single

    def _begin(self) -> None:
        key, start, _ = self._root
        self._walk.begin(key, start)

    def _settle(self, node: N, line: tuple[M, ...]) -> tuple[N, tuple[M, ...]]:
        """Take the provably safe moves, one after the other."""
        if not self._has_safe:
            return node, line
        while True:
            safe = self.problem.safe_move(node)
            if safe is None:
                return node, line
            move, node = safe
            line = (*line, move)

    def cancel(self) -> None:
        self._cancelled = True

    def step(self, budget: int = 1000) -> Status:
        """Expand up to ``budget`` positions; the status so far."""
        if self.status is not Status.RUNNING:
            return self.status
        began = self.clock()
        try:
            with no_cycle_collector():
                self._advance(budget, began)
        finally:
            self._elapsed += self.clock() - began
            self.stats.seconds = self._elapsed
            self.stats.seen = len(self.parents)
        return self.status

    def _advance(self, budget: int, began: float) -> None:
        self._walk.advance(budget, began)

    def _out_of_budget(self, began: float, n: int) -> bool:
        """Cancelled, or the node budget spent, or (looked at every 64 positions) the time."""
        if self._cancelled or self.stats.nodes >= self.max_nodes:
            return True
        if n % 64 or self.max_seconds is None:
            return False
        return self._elapsed + self.clock() - began > self.max_seconds

    def stops(self, pending: bool, began: float, n: int) -> bool:
        """Nothing left to search (the space is exhausted), or the budget spent (UNKNOWN): for a
        walk, before it takes its ``n``-th position of this step."""
        if not pending:
            self._exhaust()
            return True
        if self._out_of_budget(began, n):
            self.status = Status.UNKNOWN
            return True
        return False

    def expand(self, key: Hashable, node: N, depth: int) -> list[tuple[Hashable, N, int]] | None:
        """The positions one move (and the safe moves after it) from ``node`` not met before, each
        with its key and its depth; None once one of them is a win. (The search's inner loop:
        its names are local on purpose.)"""
        parents, key_of, is_goal = self.parents, self.problem.key, self.problem.is_goal
        self.stats.nodes += 1
        out: list[tuple[Hashable, N, int]] = []
        generated = 0
        for line, child in self.children(node):
            generated += 1
            ckey = key_of(child)
            if ckey in parents:
                continue
            parents[ckey] = (key, line)
            if is_goal(child):
                self.solved(ckey)
                return None
            out.append((ckey, child, depth + len(line)))
        self.stats.generated += generated
        return out

    def _exhaust(self) -> None:
        self.exhausted = True
        self.status = Status.UNSOLVABLE if self.problem.complete else Status.UNKNOWN

    def solved(self, key: Hashable) -> None:
        """The position ``key`` is a win: the line to it is the result."""
        self.moves = self._line(key)
        self.status = Status.SOLVED

    def _line(self, key: Hashable) -> list[M]:
        pieces: list[tuple[M, ...]] = []
        k: Hashable | None = key
        while k is not None:
            parent, line = self.parents[k]
            pieces.append(line)
            k = parent
        out: list[M] = []
        for line in reversed(pieces):
            out += line
        return out

    def run(self) -> Result[M]:
        while self.step(5000) is Status.RUNNING:
            pass
        return self.result()

    def result(self) -> Result[M]:
        return Result(self.status, list(self.moves), self.stats)


def walk_for(search: Search[N, M], problem: AnyProblem[N, M], depth_first: bool) -> Walk[N]:
    """The walk a problem's :class:`~game.solver.engine.Shape` and the caller's choice call for."""
    shape = problem.shape
    if depth_first:
        if shape.ordered and not shape.safe_moves and isinstance(problem, LinesProblem):
            return OrderedDepthFirst(search, problem)
        return DepthFirst(search, problem, sort=not shape.ordered)
    if shape.lazy:
        if not isinstance(problem, LazyProblem):
            raise TypeError(f"{type(problem).__name__} declares Shape(lazy=True) without moves() and play()")
        return LazyBestFirst(search, problem)
    return BestFirst(search, problem.score)


def solve(
    problem: AnyProblem[N, M], max_nodes: int = 200_000, max_seconds: float | None = None, depth_first: bool = False
) -> Result[M]:
    return Search(problem, max_nodes, max_seconds, depth_first=depth_first).run()
