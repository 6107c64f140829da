"""Solving a deal or a position: the search problem of its variant, run within a budget, the
solution given back as the rules' own moves (checked by replaying them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core.dealid import DealId
from game.rules.base import Move
from game.rules.registry import rules_for, start
from game.solver import freecell, klondike
from game.solver.engine import Portfolio, Result, Search, Status
from game.solver.freecell import WEIGHTS, FreeCellProblem
from game.solver.problems import problem_for

SOLVER_VERSION = 4


DEPTH_FIRST = {"golf", "pyramid"}  # measured: depth first (best child first) wins more of these


def searcher(
    variant: str, state: Any, max_nodes: int = 200_000, max_seconds: float | None = None, complete: bool = False
) -> Search[Any, Any] | Portfolio[Any, Any]:
    """A resumable search of this position (call ``step`` a slice at a time, or ``run``).
    ``complete`` asks for a move generator that leaves nothing out, so that a loss can be proved.
    FreeCell and Klondike run a portfolio of heuristics sharing the budget."""
    if variant == "freecell":
        share = max_seconds / len(WEIGHTS) if max_seconds is not None else None
        return Portfolio([Search(FreeCellProblem(state, w), max_nodes // len(WEIGHTS), share) for w in WEIGHTS])
    if variant == "klondike":
        members = klondike.WEIGHTS
        share = max_seconds / len(members) if max_seconds is not None else None
        return Portfolio(
            [
                Search(klondike.KlondikeProblem(state, w), max_nodes // len(members), share, depth_first=df)
                for w, df in members
            ]
        )
    problem = problem_for(variant, state, complete=complete)
    return Search(problem, max_nodes, max_seconds, depth_first=variant in DEPTH_FIRST)


# Games whose solver has moves of its own, and how they become the rules' moves.
_CONVERT: dict[str, Callable[[Any, list[Any]], list[Move]]] = {
    "freecell": freecell.to_rules_moves,
    "klondike": klondike.to_rules_moves,
}


def rules_moves(variant: str, state: Any, moves: list[Any]) -> list[Move]:
    """A solution in the rules' moves (the solver's own moves converted, replayed on ``state``)."""
    convert = _CONVERT.get(variant)
    if convert is not None and moves and not isinstance(moves[0], Move):
        return convert(state, moves)
    return list(moves)


def solve_position(
    variant: str, state: Any, max_nodes: int = 200_000, max_seconds: float | None = None
) -> Result[Move]:
    """Solve a position; a SOLVED result's moves are the rules' moves and are replayed to a win."""
    result = searcher(variant, state, max_nodes, max_seconds).run()
    moves = rules_moves(variant, state, result.moves) if result.status is Status.SOLVED else []
    if result.status is Status.SOLVED:
        rules = rules_for(variant)
        s = state
        for m in moves:
            s, _ = rules.apply(s, m)
        if not rules.is_won(s):
            raise AssertionError(f"the solver's line for {variant} does not win: a solver bug")
    return Result(result.status, moves, result.stats)


def solve_deal(deal_id: DealId, max_nodes: int = 200_000, max_seconds: float | None = None) -> Result[Move]:
    _, state = start(deal_id)
    return solve_position(deal_id.variant, state, max_nodes, max_seconds)
