"""The ways a :class:`~game.solver.engine.Search` walks through positions, one strategy each, and
each the owner of the positions it has waiting: best first (a heap by score), lazy best first (a
heap of moves not yet played), depth first (a stack, the most promising child on top) and the
ordered depth first of the games played onto a waste, whose positions are small ints. A walk takes
positions and hands them to the search's :meth:`~game.solver.engine.Search.expand` (or, ordered,
reads its children itself); the search keeps what every walk shares: the positions met, the
budget and the result.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

if TYPE_CHECKING:
    from game.solver.engine import AnyProblem, LazyProblem, LinesProblem, Search, Stats

N = TypeVar("N")  # a position in the solver's own form
M = TypeVar("M")  # a move in the solver's own form
N_contra = TypeVar("N_contra", contravariant=True)


class Walk(Protocol[N_contra]):
    """A search's way through its positions."""

    def begin(self, key: Hashable, start: N_contra) -> None:
        """Start (again) from the settled start."""

    def advance(self, budget: int, began: float) -> None:
        """Take up to ``budget`` positions, until the search stops (won, exhausted, out of budget)."""


class BestFirst(Generic[N, M]):
    """The most promising position first, by the problem's score (ties: the first met)."""

    def __init__(self, search: Search[N, M], score: Callable[[N, int], float]) -> None:
        self.search = search
        self.score = score
        self.heap: list[tuple[float, int, Hashable, N, int]] = []
        self.counter = 0

    def begin(self, key: Hashable, start: N) -> None:
        self.heap = []
        self._push(key, start, 0)

    def _push(self, key: Hashable, node: N, depth: int) -> None:
        self.counter += 1
        heapq.heappush(self.heap, (self.score(node, depth), self.counter, key, node, depth))

    def advance(self, budget: int, began: float) -> None:
        heap, search = self.heap, self.search
        for n in range(budget):
            if search.stops(bool(heap), began, n):
                return
            _, _, key, node, depth = heapq.heappop(heap)
            children = search.expand(key, node, depth)
            if children is None:
                return
            for ckey, child, child_depth in children:
                self._push(ckey, child, child_depth)


class LazyBestFirst(Generic[N, M]):
    """Best first, each position built when it is taken from the heap (and dropped there if it
    was met before): the first time a position is taken is by its best-scored line to it."""

    def __init__(self, search: Search[N, M], problem: LazyProblem[N, M]) -> None:
        self.search = search
        self.problem = problem
        # score, order, the parent's key, the parent, the sketched move, the child when already
        # built, the parent's depth
        self.heap: list[tuple[float, int, Hashable, N, Any, tuple[tuple[M, ...], N] | None, int]] = []
        self.counter = 0

    def begin(self, key: Hashable, start: N) -> None:
        self.heap = []
        self._expand(key, start, 0)

    def advance(self, budget: int, began: float) -> None:
        heap, search = self.heap, self.search
        parents = search.parents
        play, key_of, is_goal, pop = self.problem.play, search.problem.key, search.problem.is_goal, heapq.heappop
        n = 0
        while n < budget:
            if search.stops(bool(heap), began, n):
                return
            _, _, parent_key, parent, sketch, built, depth = pop(heap)
            line, child = built if built is not None else play(parent, sketch)
            key = key_of(child)
            if key in parents:
                continue
            parents[key] = (parent_key, line)
            if is_goal(child):
                search.solved(key)
                return
            n += 1
            self._expand(key, child, depth + len(line))

    def _expand(self, key: Hashable, node: N, depth: int) -> None:
        heap, push, counter = self.heap, heapq.heappush, self.counter
        for score, sketch, built in self.problem.moves(node, depth):
            counter += 1
            push(heap, (score, counter, key, node, sketch, built, depth))
        stats: Stats = self.search.stats
        stats.nodes += 1
        stats.generated += counter - self.counter
        self.counter = counter


class DepthFirst(Generic[N, M]):
    """Depth first, the most promising child first (by the problem's score, unless it lists its
    moves best first); a position is never entered twice."""

    def __init__(self, search: Search[N, M], problem: AnyProblem[N, M], sort: bool) -> None:
        self.search = search
        self.score = problem.score
        self.sort = sort
        self.stack: list[tuple[Hashable, N, int]] = []

    def begin(self, key: Hashable, start: N) -> None:
        self.stack = [(key, start, 0)]

    def advance(self, budget: int, began: float) -> None:
        score, stack, search = self.score, self.stack, self.search
        for n in range(budget):
            if search.stops(bool(stack), began, n):
                return
            key, node, depth = stack.pop()
            children = search.expand(key, node, depth)
            if children is None:
                return
            if self.sort:
                children.sort(key=lambda c: score(c[1], c[2]))
            children.reverse()  # the best on top
            stack.extend(children)


class OrderedDepthFirst(Generic[N, M]):
    """Depth first over a problem that lists its best child first, each with its line, and has no
    safe moves (the games played onto a waste): :class:`DepthFirst` with the search's expansion done
    in the one loop, since their positions are small ints and the calls and lists around them cost as
    much as the moves. (Measured, with the tightest move list: a fifth less time on the quickest of those
    games, deals 1-15; none measurable on the others, whose own moves take most of the time.)"""

    def __init__(self, search: Search[N, M], problem: LinesProblem[N, M]) -> None:
        self.search = search
        self.lines: Callable[[N], Iterable[tuple[tuple[M, ...], N]]] = problem.lines
        self.stack: list[tuple[Hashable, N, int]] = []

    def begin(self, key: Hashable, start: N) -> None:
        self.stack = [(key, start, 0)]

    def advance(self, budget: int, began: float) -> None:
        search, stack = self.search, self.stack
        parents, stats = search.parents, search.stats
        lines, key_of, is_goal = self.lines, search.problem.key, search.problem.is_goal
        pop, extend = stack.pop, stack.extend
        for n in range(budget):
            if search.stops(bool(stack), began, n):
                return
            key, node, depth = pop()
            stats.nodes += 1
            out: list[tuple[Hashable, N, int]] = []
            generated = 0
            for line, child in lines(node):
                generated += 1
                ckey = key_of(child)
                if ckey in parents:
                    continue
                parents[ckey] = (key, line)
                if is_goal(child):
                    search.solved(ckey)
                    return
                out.append((ckey, child, depth + len(line)))
            stats.generated += generated
            out.reverse()  # the best on top
            extend(out)
