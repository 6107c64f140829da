"""CM-20's choice while cards are hidden: which plan (game/hints/plans.py: a move, or turns of the
stock and the move of the card they bring up) keeps the most ways the hidden cards could lie
winnable.

The weighing runs over the *worlds* of the position (game/hints/beliefs.py: the hidden cards dealt
among their places from what the player sees, never from where they really are, and carried on
from move to move with what was found of them), each search bounded by positions, never by time:

1. **Solve** each world whose winning line is not known yet, within ``nodes_each`` positions. A
   winning line counts for every plan it shows can be played first and still win
   (:func:`~game.hints.plans.supports`).
2. **Check** the plans the lines count for most, and the best plan of the table and the best that
   turns the stock: each is played on every won world that has not counted for it yet, and that
   world solved again. A check is skipped once the plan can no longer catch the best.
3. While the two best plans keep as many worlds, and worlds and budget are left, as many worlds
   again are weighed the same way: a tie on a few worlds is settled on more (a move that loses one
   world in thirty is told from one that loses none).

The hint is the first move of the plan that keeps the most worlds winnable; a tie goes to progress
(the game's ``progress``: a card turned up, a column emptied, a card home, a run kept going), then
to a move a winning line starts with, then to a stock turn, a deal or a redeal, and only last to a
move that makes no progress at all (see :meth:`Weighing.tier`): cards shifted between columns keep
every world winnable where the position is easy, and taken as hints they would go on for ever.

``budget`` caps the positions searched in all, so the slowest hint has a ceiling. The same worlds,
plans and budgets give the same hint however the work is sliced.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.hints.beliefs import Step
from game.hints.plans import Plan, supports
from game.rules.base import Move, Variant
from game.solver.engine import Status, no_cycle_collector
from game.solver.sampling import TRIVIAL
from game.solver.spec import SolverSpec
from game.solver.tasks import SolverTask

HINTS_VERSION = 9  # changes when the hints choose differently (tools/bench_hints.py plays again what an older one did)


_MOVES: dict[Move, Move] = {}  # every move the lines kept hold, once (see kept_line)


def kept_line(moves: Sequence[Move]) -> tuple[Move, ...]:
    """A winning line to keep in a world, its moves shared with every other line's: the worlds of a
    table hold thousands of lines of a hundred moves, and a move is a small object the garbage
    collector would otherwise walk over, one by one, a whole frame long."""
    return tuple(_MOVES.setdefault(m, m) for m in moves)


@dataclass(frozen=True)
class Weight:
    """What the weighing found for one plan: the worlds it keeps winnable, of the worlds weighed."""

    kept: int
    worlds: int


class Weighing:
    """The rounds of the module's docstring, a slice at a time (the ``SolverTask`` face: ``advance``,
    ``cancel``, and :meth:`best` once done), over the worlds of ``step``: what it finds is kept in
    them — a world's winning line, its proof of loss, the line found after each plan checked — for
    the next hints. A world whose line is known already counts at once, without a search."""

    def __init__(
        self,
        spec: SolverSpec,
        rules: Variant[Any],
        step: Step,
        plans: Sequence[Plan],
        progress: Callable[[Move], int],
        nodes_each: int,
        budget: int,
        checks: int,
        batch: int = 0,
    ) -> None:
        self.spec = spec.for_sampling()
        self.rules = rules
        self.step = step
        self.worlds = step.worlds
        self.plans = list(plans)
        self.rank = {p: (progress(p[-1]), -k) for k, p in enumerate(self.plans)}  # ties: progress, the order given
        self.nodes_each = nodes_each
        self.budget = budget
        self.checks = checks
        self.batch = batch or len(self.worlds)
        self.used = 0  # the worlds weighed so far
        self.kept: dict[Plan, set[int]] = {p: set() for p in self.plans}
        self.rest: dict[tuple[int, Plan], tuple[Move, ...]] = {}  # the line that wins after a plan, by world
        self.won: set[int] = set()  # the worlds weighed that a line is known for
        self.first: set[Move] = set()  # the moves winning lines start with
        self.spent = 0  # positions searched so far
        self._tried: set[tuple[Plan, int]] = set()  # the checks made
        self._todo: list[tuple[Plan | None, int]] = []
        self._checking = False
        self._task: SolverTask | None = None
        self._job: tuple[Plan | None, int, int] | None = None  # the search under way: (plan, world, budget)
        self._cancelled = False
        self._take_batch()
        self._next()

    # -- the rounds --------------------------------------------------------------------------------

    def _take_batch(self) -> None:
        """The next batch of worlds: those with a known line count at once, the others are searched."""
        more = min(len(self.worlds), self.used + max(self.batch, self.used))  # 6, 12, 24, 48...
        for k in range(self.used, more):
            world = self.worlds[k]
            if world.line is not None:
                self._credit(k, world.line)
            elif not world.lost and world.tried < self.nodes_each:
                self._todo.append((None, k))
        self.used = more

    def _next(self) -> None:
        self._task, self._job = None, None
        while self.spent < self.budget:
            while self._todo:
                plan, k = self._todo.pop(0)
                if plan is not None and not self._may_win(plan):
                    continue
                state = self.worlds[k].state
                if plan is not None:
                    self._tried.add((plan, k))
                    for move in plan:
                        state = self.rules.play(state, move)
                nodes = min(self.nodes_each, self.budget - self.spent)
                self._task, self._job = SolverTask(self.spec, state, max_nodes=nodes), (plan, k, nodes)
                return
            if not self._checking:
                self._checking = True
                self._todo = self._plan_checks()
            elif self._tied() and self.used < len(self.worlds):
                self._checking = False
                self._take_batch()
            else:
                return

    def _plan_checks(self) -> list[tuple[Plan | None, int]]:
        """The plans the lines count for most (``checks`` of them, and always the best of those that
        begin with a move of the table and the best of those that turn the stock: CM-20 compares
        the two), each to be tried on the won worlds that did not count for it."""
        if not self.won or not self.checks:
            return []
        ranked = sorted(self.plans, key=self._order)
        chosen = ranked[: self.checks]
        for kind in (False, True):  # the best of the table's plans, and the best that turns the stock
            best = next((p for p in ranked if (p[0].kind in TRIVIAL) is kind), None)
            if best is not None and best not in chosen:
                chosen.append(best)
        won = sorted(self.won)  # world by world: a budget spent part way has checked every plan about as often
        return [(p, k) for k in won for p in chosen if k not in self.kept[p] and (p, k) not in self._tried]

    def _tied(self) -> bool:
        """The two plans that keep the most worlds keep as many."""
        counts = sorted((len(kept) for kept in self.kept.values()), reverse=True)
        return len(counts) > 1 and counts[0] == counts[1] and counts[0] > 0

    def _may_win(self, plan: Plan) -> bool:
        """The plan could still keep as many worlds as the best so far, were every check left won."""
        left = sum(1 for p, _ in self._todo if p == plan) + 1
        return len(self.kept[plan]) + left >= max(len(kept) for kept in self.kept.values())

    def advance(self, seconds: float) -> bool:
        """Work for about ``seconds`` (one search after another within them); True once the
        weighing is over."""
        end = time.perf_counter() + seconds
        with no_cycle_collector():  # as in the search's own steps: between them too, no cycles are made
            while self._task is not None and not self._cancelled:
                if not self._task.advance(max(0.0, end - time.perf_counter())):
                    return False
                self._record(self._task)
                self._next()
                if time.perf_counter() >= end:  # searches over at once (a world won by its safe
                    break  # moves alone) still wait for the next slice: one slice, one slice's time
            return self._task is None or self._cancelled

    def _record(self, task: SolverTask) -> None:
        assert self._job is not None
        plan, k, nodes = self._job
        result = task.result()
        self.spent += max(1, result.stats.nodes)
        world = self.worlds[k]
        if plan is None:
            if result.status is Status.SOLVED and result.moves:
                world.line = kept_line(result.moves)
                self._credit(k, world.line)
            elif result.status is Status.UNSOLVABLE:
                world.lost = True
            else:
                world.tried = max(world.tried, nodes)
        elif result.status is Status.SOLVED:
            self.kept[plan].add(k)
            self.rest[(k, plan)] = kept_line(result.moves)

    def _credit(self, k: int, line: tuple[Move, ...]) -> None:
        """World ``k`` is won by ``line``: every plan the line shows wins counts it."""
        self.won.add(k)
        self.first.add(line[0])
        for plan, rest in supports(self.rules, self.worlds[k].state, line, self.plans):
            self.kept[plan].add(k)
            self.rest[(k, plan)] = rest

    def cancel(self) -> None:
        self._cancelled = True
        if self._task is not None:
            self._task.cancel()

    # -- the answer ----------------------------------------------------------------------------------

    def _order(self, p: Plan) -> tuple[int, int, int, int, int]:
        """Most worlds kept first; then the plan's tier (:meth:`tier`); then progress; then the
        fewest moves; then the order given."""
        progress, order = self.rank[p]
        return (-len(self.kept[p]), -self.tier(p), -progress, len(p), -order)

    def tier(self, p: Plan) -> int:
        """How a plan ranks among those that keep as many worlds: 3 a move that makes progress (a
        card turned up, a column emptied, a card home, a card brought into play, a run kept going);
        2 a move of the table some winning line starts with (the search chose it: it has a
        purpose); 1 a plan that begins with a stock turn, a deal or a redeal (CM-20: only when no
        move of the table keeps as many); 0 a move of the table that neither makes progress nor
        starts a line (cards shifted from column to column, a card brought down from its
        foundation), which keeps a world winnable only because so much else does."""
        if p[0].kind in TRIVIAL:
            return 1
        if self.rank[p][0] > 0:
            return 3
        return 2 if p[0] in self.first else 0

    def best(self) -> Plan | None:
        """The plan that keeps the most worlds winnable (module docstring); None when no world was won."""
        if not self.won:
            return None
        return min(self.plans, key=self._order)

    def weight(self, plan: Plan) -> Weight:
        return Weight(len(self.kept[plan]), self.used)

    def remember(self, chosen: Plan) -> None:
        """Keep, for each world, the line that wins once the first move of a plan is played: of the
        chosen plan, and of every single move weighed (the player may play another than the hint)."""
        after = self.step.after
        for (k, plan), rest in self.rest.items():
            if len(plan) == 1 and (k, plan[0]) not in after:
                after[(k, plan[0])] = rest
        for k in self.kept[chosen]:
            after[(k, chosen[0])] = (*chosen[1:], *self.rest.get((k, chosen), ()))
