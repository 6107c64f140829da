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
import heapq
import time
from collections.abc import Callable, Hashable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Generic, Protocol, TypeVar, cast

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
    problem class (``shape = Shape(...)``), one value, rather than guessed from what it has."""

    ordered: bool = False  # successors list the most promising move first: depth first needs no scores
    safe_moves: bool = True  # safe_move may name a move (False: it never does, the engine need not ask)
    lines: bool = False  # successors give each child settled, with its line (its move, then safe moves)
    lazy: bool = False  # a LazyProblem: best first builds a child only when it takes it from the heap


class Problem(Protocol[N, M_co]):
    """A game's search problem, and its :class:`Shape`."""

    complete: bool  # True when successors() never leaves out a move that could matter
    shape: Shape

    def start(self) -> N: ...

    def key(self, node: N) -> Hashable: ...

    def is_goal(self, node: N) -> bool: ...

    def successors(self, node: N) -> Iterable[tuple[M_co, N]]: ...

    def safe_move(self, node: N) -> tuple[M_co, N] | None:
        """A move that can never hurt (taken alone, without trying the others), or None."""
        ...

    def score(self, node: N, depth: int) -> float:
        """Lower is more promising."""
        ...


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
    or run it in a worker; ``cancel()`` stops it."""

    def __init__(
        self,
        problem: Problem[N, M],
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
        shape = problem.shape
        self._ordered = shape.ordered
        self._has_safe = shape.safe_moves
        self._yields_lines = shape.lines
        self._lazy = shape.lazy and not depth_first
        start, prefix = self._settle(problem.start(), ())
        self._root = (problem.key(start), start, prefix)  # the start, settled, and its safe moves
        self._parents: dict[Hashable, tuple[Hashable | None, tuple[M, ...]]] = {self._root[0]: (None, prefix)}
        self._heap: list[tuple[float, int, Hashable, N, int]] = []  # best first
        self._stack: list[tuple[Hashable, N, int]] = []  # depth first
        # lazy best first: score, order, the parent's key, the parent, the sketched move, the child
        # when already built, the parent's depth
        self._heap_lazy: list[tuple[float, int, Hashable, N, Any, tuple[tuple[M, ...], N] | None, int]] = []
        self._elapsed = 0.0
        if problem.is_goal(start):
            self.status = Status.SOLVED
            self.moves = list(prefix)
        else:
            self._begin()

    def _begin(self) -> None:
        key, start, _ = self._root
        if self.depth_first:
            self._stack.append((key, start, 0))
        elif self._lazy:
            self._expand_lazy(key, start, 0)
        else:
            self._push(start, key, 0)

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

    def _push(self, node: N, key: Hashable, depth: int) -> None:
        self._counter += 1
        heapq.heappush(self._heap, (self.problem.score(node, depth), self._counter, key, node, depth))

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
            self.stats.seen = len(self._parents)
        return self.status

    def _advance(self, budget: int, began: float) -> None:
        if self.depth_first:
            self._step_depth_first(budget, began)
        elif self._lazy:
            self._step_lazy(budget, began)
        else:
            self._step_best_first(budget, began)

    def _out_of_budget(self, began: float, n: int) -> bool:
        """Cancelled, or the node budget spent, or (looked at every 64 positions) the time."""
        if self._cancelled or self.stats.nodes >= self.max_nodes:
            return True
        if n % 64 or self.max_seconds is None:
            return False
        return self._elapsed + self.clock() - began > self.max_seconds

    def _stops(self, pending: bool, began: float, n: int) -> bool:
        """Nothing left to search (the space is exhausted), or the budget spent (UNKNOWN)."""
        if not pending:
            self._exhaust()
            return True
        if self._out_of_budget(began, n):
            self.status = Status.UNKNOWN
            return True
        return False

    def _step_best_first(self, budget: int, began: float) -> None:
        heap = self._heap
        for n in range(budget):
            if self._stops(bool(heap), began, n):
                return
            _, _, key, node, depth = heapq.heappop(heap)
            children = self._expand(key, node, depth)
            if children is None:
                return
            for ckey, child, child_depth in children:
                self._push(child, ckey, child_depth)

    def _step_lazy(self, budget: int, began: float) -> None:
        """Best first, each position built when it is taken from the heap (and dropped there if it
        was met before): the first time a position is taken is by its best-scored line to it."""
        heap, parents = self._heap_lazy, self._parents
        problem = cast(LazyProblem[N, M], self.problem)
        play, key_of, is_goal, pop = problem.play, self.problem.key, self.problem.is_goal, heapq.heappop
        n = 0
        while n < budget:
            if self._stops(bool(heap), began, n):
                return
            _, _, parent_key, parent, sketch, built, depth = pop(heap)
            line, child = built if built is not None else play(parent, sketch)
            key = key_of(child)
            if key in parents:
                continue
            parents[key] = (parent_key, line)
            if is_goal(child):
                self._solved(key)
                return
            n += 1
            self._expand_lazy(key, child, depth + len(line))

    def _expand_lazy(self, key: Hashable, node: N, depth: int) -> None:
        heap, push, counter = self._heap_lazy, heapq.heappush, self._counter
        for score, sketch, built in cast(LazyProblem[N, M], self.problem).moves(node, depth):
            counter += 1
            push(heap, (score, counter, key, node, sketch, built, depth))
        self.stats.nodes += 1
        self.stats.generated += counter - self._counter
        self._counter = counter

    def _step_depth_first(self, budget: int, began: float) -> None:
        """Depth first, the most promising child first; a position is never entered twice."""
        if self._ordered and not self._has_safe:
            self._step_ordered(budget, began)
            return
        problem, stack = self.problem, self._stack
        for n in range(budget):
            if self._stops(bool(stack), began, n):
                return
            key, node, depth = stack.pop()
            children = self._expand(key, node, depth)
            if children is None:
                return
            if not self._ordered:
                children.sort(key=lambda c: problem.score(c[1], c[2]))
            children.reverse()  # the best on top
            stack.extend(children)

    def _step_ordered(self, budget: int, began: float) -> None:
        """Depth first over a problem that lists its best move first and has no safe moves (the
        games played onto a waste): the same search as ``_expand`` with its work done in one loop, since
        their positions are small ints and the calls and lists around them cost as much as the
        moves. (Measured, with the tightest move list: a fifth less time on its deals 1-15;
        none measurable on the others, whose own moves take most of the time.)"""
        problem, stack, parents = self.problem, self._stack, self._parents
        successors, key_of, is_goal = problem.successors, problem.key, problem.is_goal
        yields_lines, stats = self._yields_lines, self.stats
        pop, extend = stack.pop, stack.extend
        line: tuple[M, ...]
        for n in range(budget):
            if self._stops(bool(stack), began, n):
                return
            key, node, depth = pop()
            stats.nodes += 1
            out: list[tuple[Hashable, N, int]] = []
            generated = 0
            for move, child in successors(node):
                generated += 1
                ckey = key_of(child)
                if ckey in parents:
                    continue
                line = move if yields_lines else (move,)  # type: ignore[assignment]  # see _expand
                parents[ckey] = (key, line)
                if is_goal(child):
                    self._solved(ckey)
                    return
                out.append((ckey, child, depth + len(line)))
            stats.generated += generated
            out.reverse()  # the best on top
            extend(out)

    def _expand(self, key: Hashable, node: N, depth: int) -> list[tuple[Hashable, N, int]] | None:
        """The positions one move (and the safe moves after it) from ``node`` not met before, each
        with its key and its depth; None once one of them is a win. (The search's inner loop:
        its names are local on purpose.)"""
        problem, parents, settle, has_safe = self.problem, self._parents, self._settle, self._has_safe
        key_of, is_goal, yields_lines = problem.key, problem.is_goal, self._yields_lines
        self.stats.nodes += 1
        out: list[tuple[Hashable, N, int]] = []
        generated = 0
        line: tuple[M, ...]
        for move, child in problem.successors(node):
            generated += 1
            if yields_lines:
                line = move  # type: ignore[assignment]  # the problem's move and safe moves, settled
            elif has_safe:
                child, line = settle(child, (move,))
            else:
                line = (move,)
            ckey = key_of(child)
            if ckey in parents:
                continue
            parents[ckey] = (key, line)
            if is_goal(child):
                self._solved(ckey)
                return None
            out.append((ckey, child, depth + len(line)))
        self.stats.generated += generated
        return out

    def _exhaust(self) -> None:
        self.exhausted = True
        self.status = Status.UNSOLVABLE if self.problem.complete else Status.UNKNOWN

    def _solved(self, key: Hashable) -> None:
        self.moves = self._line(key)
        self.status = Status.SOLVED

    def _line(self, key: Hashable) -> list[M]:
        pieces: list[tuple[M, ...]] = []
        k: Hashable | None = key
        while k is not None:
            parent, line = self._parents[k]
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


def solve(
    problem: Problem[N, M], max_nodes: int = 200_000, max_seconds: float | None = None, depth_first: bool = False
) -> Result[M]:
    return Search(problem, max_nodes, max_seconds, depth_first=depth_first).run()
