"""The difficulty of a proved deal, from 1 to 5 stars.

A deal's *effort* is measured once, by ``tools/rate_seeds.py``, and kept beside its number in its
seeds file: the positions the solver expanded to win it (how hard a win is to find), the moves of
its winning line (how long the game is), and the passes through the stock that line needs (turns
of the waste, redeals: how much must be remembered and planned). The search is bounded by nodes
only, so the figures are the same on every machine and a deal's stars never change.

Stars are relative to the deal's own list (one game and option set): each measure becomes the
deal's percentile rank among the list's deals, the ranks are weighted (effort 0.5, length 0.3,
passes 0.2) into one score, and the list is cut into fifths by that score. So each star holds a
fifth of the proved deals, and a three-star deal with four suits is still far harder than a
three-star deal with one: the stars say how a deal compares with its neighbours, which is what a
player choosing *easy* or *hard* wants. A deal the solver could not win again within the rating's
budget is among the hardest. Why fifths: see docs/difficulty.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.core.dealid import DealId
from game.rules.base import RECYCLE, REDEAL

if TYPE_CHECKING:
    from game.solver.spec import SolverSpec

STARS = 5
WEIGHTS = (0.5, 0.3, 0.2)  # effort (nodes), length (moves), passes
EASY, MEDIUM, HARD = "easy", "medium", "hard"
LEVELS = (EASY, MEDIUM, HARD)
LEVEL_STARS = {EASY: (1, 2), MEDIUM: (3,), HARD: (4, 5)}


@dataclass(frozen=True)
class Effort:
    nodes: int  # positions the search expanded before it found its win
    moves: int  # moves in the winning line
    passes: int  # passes through the stock the line needs


def effort_of(spec: SolverSpec, deal: DealId, max_nodes: int, max_seconds: float | None = None) -> Effort | None:
    """Solve ``deal`` again (its game's solver, this node budget) and measure the win; None when no
    win is found within the budget."""
    from game.solver.api import solve_deal
    from game.solver.engine import Status

    result = solve_deal(spec, deal, max_nodes=max_nodes, max_seconds=max_seconds)
    if result.status is not Status.SOLVED:
        return None
    passes = sum(m.kind in (RECYCLE, REDEAL) for m in result.moves)
    return Effort(result.stats.nodes, len(result.moves), passes)


def _ranks(values: Sequence[float]) -> list[float]:
    """Each value's percentile rank in 0..1 (ties share the mean of their places)."""
    n = len(values)
    if n < 2:
        return [0.5] * n
    order = sorted(range(n), key=lambda i: values[i])
    ranks = [0.0] * n
    i = 0
    while i < n:
        j = i
        while j + 1 < n and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 / (n - 1)
        i = j + 1
    return ranks


def stars(efforts: Mapping[int, Effort | None]) -> dict[int, int]:
    """Every deal of one list (number -> effort, None when unrated) given 1..5 stars, a fifth of
    the list per star; ties in score go by deal number, so the result is fully determined."""
    rated = {n: e for n, e in efforts.items() if e is not None}
    numbers = sorted(rated)
    columns = [
        _ranks([float(rated[n].nodes) for n in numbers]),
        _ranks([float(rated[n].moves) for n in numbers]),
        _ranks([float(rated[n].passes) for n in numbers]),
    ]
    score = {n: sum(w * col[i] for w, col in zip(WEIGHTS, columns, strict=True)) for i, n in enumerate(numbers)}
    score.update({n: 2.0 for n, e in efforts.items() if e is None})  # not won again: the hardest
    ordered = sorted(efforts, key=lambda n: (score[n], n))
    total = len(ordered)
    return {n: 1 + (STARS * place) // total for place, n in enumerate(ordered)}


def level_of(star: int) -> str:
    return next(level for level, group in LEVEL_STARS.items() if star in group)
