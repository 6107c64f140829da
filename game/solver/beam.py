"""Beam search: the search goes down one layer of moves at a time and keeps only the ``width`` most
promising new positions of each layer.

Depth-first search follows its best guess to the end, so one early mistake can hold it for
minutes in a subtree with no win. Best-first search spreads out, but it spends its budget in the
shallow layers. A beam keeps a few hundred alternatives side by side all the way down: it is not
trapped by one early mistake, and it reaches the end of a deal in a second or two. It proves
nothing when it fails, since it drops positions, so it is a member of a portfolio, not a search
of its own.

A layer may come out empty: every position kept leads only to positions kept before, or to none.
The beam then starts again from the start, ``widen`` times wider, until its budget is spent or
it would be wider than ``max_width``.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable, Hashable

from game.solver.engine import AnyProblem, M, N, Search, Status


class Beam(Search[N, M]):
    """A resumable beam search with the interface of :class:`Search` (``step``, ``cancel``,
    ``result``); it is never ``exhausted``, since it leaves positions out."""

    def __init__(
        self,
        problem: AnyProblem[N, M],
        max_nodes: int = 200_000,
        max_seconds: float | None = None,
        clock: Callable[[], float] = time.perf_counter,
        width: int = 100,
        widen: int = 5,
        max_width: int | None = None,
    ) -> None:
        self.width = width
        self.widen = widen
        self.max_width = max_width  # no wider beam than this: then the search gives up (UNKNOWN)
        self.layers = 0  # layers searched by the current beam
        self._layer: list[tuple[Hashable, N]] = []
        self._at = 0  # the next position of the layer to expand
        # the next layer so far: (score, order, key, position, parent's key, moves from the parent)
        self._next: list[tuple[float, int, Hashable, N, Hashable, tuple[M, ...]]] = []
        self._next_keys: set[Hashable] = set()
        super().__init__(problem, max_nodes, max_seconds, clock)

    def _begin(self) -> None:
        key, start, prefix = self._root
        self.parents = {key: (None, prefix)}  # the positions kept, and how each was reached
        self._layer = [(key, start)]
        self._at = 0
        self.layers = 0

    def _advance(self, budget: int, began: float) -> None:
        for n in range(budget):
            if self._out_of_budget(began, n):
                self.status = Status.UNKNOWN
                return
            if self._at == len(self._layer):
                self._next_layer()
                if self.status is not Status.RUNNING:
                    return
            key, node = self._layer[self._at]
            self._at += 1
            if self._expand_into_next(key, node):
                return

    def _next_layer(self) -> None:
        """Keep the best ``width`` of the next layer; if there are none, start again wider."""
        best = heapq.nsmallest(self.width, self._next)
        self._next, self._next_keys = [], set()
        for _, _, key, _, parent, line in best:
            self.parents[key] = (parent, line)
        self._layer = [(key, node) for _, _, key, node, _, _ in best]
        self._at = 0
        self.layers += 1
        if not self._layer:
            self.width *= self.widen
            if self.max_width is not None and self.width > self.max_width:
                self.status = Status.UNKNOWN
                return
            self._begin()

    def _expand_into_next(self, key: Hashable, node: N) -> bool:
        """Add the new positions one move from ``node`` to the next layer; True once one is a win."""
        problem, parents, seen = self.problem, self.parents, self._next_keys
        self.stats.nodes += 1
        depth = self.layers + 1
        for line, child in self.children(node):
            self.stats.generated += 1
            ckey = problem.key(child)
            if ckey in parents or ckey in seen:
                continue
            if problem.is_goal(child):
                parents[ckey] = (key, line)
                self.solved(ckey)
                return True
            seen.add(ckey)
            self._counter += 1
            self._next.append((problem.score(child, depth), self._counter, ckey, child, key, line))
        return False
