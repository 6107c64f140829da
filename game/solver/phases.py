"""A search phase by phase, for games whose stock deals cards that can never go back (issue
29): the deals split a game into phases, so the search commits to a position to deal from as a
player does.

In each phase a best-first search, within ``phase_nodes`` positions, moves cards without dealing.
Every position it expands from which a deal is legal is a candidate; each candidate is scored by
the position the deal leads to (the solver knows the deal's cards: all cards are known when it
proves a deal winnable, and a hint's search works on an arrangement it sampled). The best
``fan`` candidates, in order, start the next phase; when a phase finds no way on, the search goes
back to the phase before and tries its next candidate. The last phase (no stock left) searches
for the win.

One table of positions serves every phase, so a position is expanded once in a round, and each
position's line is its parent's line and the moves between. A round leaves positions out (the
deals after the best few, the positions after a phase's budget); once it has tried every phase it
starts again from the start, wider: larger phases, or, when no phase ran out of positions, one more
deal tried from each. A round that left nothing out has searched every position the
problem's moves reach (``exhausted``: a loss proved only if the problem leaves out no move).
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.solver.engine import M, M_co, N, Problem, Search, Status

Entry = tuple[float, int, Hashable, Any, int]  # score, order, key, position, depth


class PhasedProblem(Problem[N, M_co], Protocol):
    """A problem whose moves include deals that end a phase."""

    def phase_moves(self, node: N) -> Iterable[tuple[M_co, N]]:
        """The successors but the deal."""
        ...

    def deal(self, node: N) -> tuple[M_co, N]:
        """The deal from ``node`` (only asked when ``dealt_score`` said it is legal)."""
        ...

    def dealt_score(self, node: N, score: float, depth: int) -> float | None:
        """The score of the position the deal from ``node`` leads to, given the score of ``node``
        at ``depth``, without building it; None when no deal is legal."""
        ...

    def last_phase(self, node: N) -> bool:
        """No deal is left: the phase of this position looks for the win."""
        ...


@dataclass
class _Phase:
    """One phase being searched: its best-first heap, the positions it has expanded, and the deals
    found from them (scored by the position each leads to), chosen once the phase is over."""

    heap: list[Entry]
    last: bool  # no stock left: this phase looks for the win
    expanded: int = 0
    # the positions that may deal: the score after the deal, order, the position's key, it, its depth
    deals: list[tuple[float, int, Hashable, Any, int]] = field(default_factory=list)
    chosen: list[tuple[Hashable, Any, int]] | None = None  # the deals to try, best first
    tried: int = 0


class PhaseSearch(Search[N, M]):
    """A resumable search phase by phase, with the interface of :class:`Search`."""

    def __init__(
        self,
        problem: PhasedProblem[N, M],
        max_nodes: int = 200_000,
        max_seconds: float | None = None,
        clock: Callable[[], float] = time.perf_counter,
        phase_nodes: int = 2000,
        fan: int = 3,
        last_nodes: int | None = None,
        widen: int = 2,
    ) -> None:
        self.phase_nodes = phase_nodes
        self.fan = fan
        self.last_nodes = 4 * phase_nodes if last_nodes is None else last_nodes  # the last phase looks for the win
        self.widen = widen
        self.rounds = 1  # searches from the start, each wider than the one before
        # this round left positions out (a phase's budget ran out) or deals (past the fan): a
        # wider round may find more
        self._cut_positions = self._cut_deals = False
        self._phases: list[_Phase] = []
        self._phased = problem
        super().__init__(problem, max_nodes, max_seconds, clock)

    def _begin(self) -> None:
        key, start, prefix = self._root
        self.parents = {key: (None, prefix)}
        self._cut_positions = self._cut_deals = False
        self._open(key, start, 0)

    def _again(self) -> None:
        """Every phase tried: if positions were left out, search again from the start, each phase
        ``widen`` times larger (as many deals tried from each: the tree of phases grows as the fan to
        the power of the deals); if only deals were, every phase searched all it could reach, so a
        larger one would search the same again: one more deal is tried from each. Else every position
        the moves reach was searched, and there is no win among them."""
        if not (self._cut_positions or self._cut_deals):
            self._exhaust()
            return
        if self._cut_positions:
            self.phase_nodes *= self.widen
            self.last_nodes *= self.widen
        else:
            self.fan += 1
        self.rounds += 1
        self._begin()

    def _open(self, key: Hashable, node: N, depth: int) -> None:
        self._counter += 1
        entry = (self._phased.score(node, depth), self._counter, key, node, depth)
        self._phases.append(_Phase([entry], last=self._phased.last_phase(node)))

    def _advance(self, budget: int, began: float) -> None:
        for n in range(budget):
            if self._out_of_budget(began, n):
                self.status = Status.UNKNOWN
                return
            if not self._phases:
                self._again()
                if self.status is not Status.RUNNING:
                    return
                continue
            phase = self._phases[-1]
            limit = self.last_nodes if phase.last else self.phase_nodes
            if phase.chosen is None and phase.heap and phase.expanded < limit:
                if self._expand_in(phase):
                    return
            else:
                self._cut_positions = self._cut_positions or bool(phase.heap)
                self._next_phase(phase)
                if self.status is not Status.RUNNING:  # a deal won
                    return

    def _expand_in(self, phase: _Phase) -> bool:
        """Expand the phase's best position; True once a child is a win."""
        problem, parents = self._phased, self.parents
        score, _, key, node, depth = heapq.heappop(phase.heap)
        phase.expanded += 1
        self.stats.nodes += 1
        dealt = problem.dealt_score(node, score, depth)
        if dealt is not None:
            self._counter += 1
            phase.deals.append((dealt, self._counter, key, node, depth))
        for move, child in problem.phase_moves(node):
            self.stats.generated += 1
            self._counter += 1
            ckey = problem.key(child)
            if ckey in parents:
                continue
            parents[ckey] = (key, (move,))
            if problem.is_goal(child):
                self.solved(ckey)
                return True
            heapq.heappush(phase.heap, (problem.score(child, depth + 1), self._counter, ckey, child, depth + 1))
        return False

    def _next_phase(self, phase: _Phase) -> None:
        """The phase is over: start the next phase from its next best deal, or go back a phase."""
        if phase.chosen is None:
            phase.heap = []
            phase.chosen = []
            for _, _, parent, node, depth in sorted(phase.deals):
                if len(phase.chosen) == self.fan:
                    self._cut_deals = True
                    break
                move, child = self._phased.deal(node)
                ckey = self._phased.key(child)
                if ckey in self.parents:
                    continue
                self.parents[ckey] = (parent, (move,))
                if self._phased.is_goal(child):
                    self.solved(ckey)
                    return
                phase.chosen.append((ckey, child, depth + 1))
            phase.deals = []
        if phase.tried < len(phase.chosen):
            ckey, child, depth = phase.chosen[phase.tried]
            phase.tried += 1
            self._open(ckey, child, depth)
        else:
            self._phases.pop()
