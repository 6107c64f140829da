"""A deal's verdict, as the winnability table counts it: solved (its line replayed to a win through
the rules), proved lost, or unknown within a budget. It sits above the solver because it reads a
game's record. It is a plain function of plain data so that any worker can run it: a process
pool's, or Dask distributed's on another machine with the game installed (``tools/winnability.py``),
which finds it by its module's name."""

from __future__ import annotations

import time
from typing import Any

from game.core.dealid import DealId
from game.core.variants import variant_spec
from game.games.index import game_for
from game.rules.history import History
from game.rules.registry import start
from game.solver.api import SOLVER_VERSION, rules_moves, settle
from game.solver.engine import Status

# (variant, options, deal number, seconds, positions, seconds of complete search to prove a loss)
Task = tuple[str, dict[str, str], int, float, int, float]


def option_label(variant: str, options: dict[str, str]) -> str:
    """``NAME:draw=3,redeals=unlimited``, or the variant alone when it has no options."""
    written = variant_spec(variant).options_text(options.items())
    return variant + (":" + written if written else "")


def deal_verdict(task: Task) -> dict[str, Any]:
    """One deal's result line: its option set, number, status (``solved``, ``unsolvable``,
    ``unknown``, or ``bad-line`` for a solution the rules refuse — never counted as won), the time
    and positions it took, the budget, and the solver's version."""
    variant, options, number, seconds, nodes, prove = task
    deal = DealId.make(variant, number, options)
    rules, initial = start(deal)
    spec = game_for(variant).solver
    began = time.perf_counter()
    result = settle(spec, initial, nodes, seconds, prove)  # what `python -m game solve` runs too
    status = result.status.value
    if result.status is Status.SOLVED:
        moves = rules_moves(spec, initial, result.moves)
        if not rules.is_won(History.replay(rules, initial, moves).state):
            status = "bad-line"
    return {
        "set": option_label(variant, options),
        "deal": number,
        "status": status,
        "seconds": round(time.perf_counter() - began, 3),
        "nodes": result.stats.nodes,
        "budget": [seconds, nodes],
        "prove": prove,
        "solver": SOLVER_VERSION,
    }
