"""Solving a deal or a position: the search its game's :class:`SolverSpec` describes, run within a
budget, the solution given back as the rules' own moves (checked by replaying them)."""

from __future__ import annotations

from typing import Any

from game.core.dealid import DealId
from game.rules.base import Move, Variant
from game.rules.registry import start
from game.solver.engine import Result, Status
from game.solver.spec import Searcher, SolverSpec

# The solver's version: the seeds lists and the winnability results name the version that made
# them. Bump it when a search can give another verdict, and say what changed in
# tools/winnability_doc.py's SOLVER_CHANGES (the page names the changes its table mixes).
SOLVER_VERSION = 16


def searcher(
    spec: SolverSpec, state: Any, max_nodes: int = 200_000, max_seconds: float | None = None, complete: bool = False
) -> Searcher:
    """A resumable search of this position (call ``step`` a slice at a time, or ``run``)."""
    return spec.make(state, max_nodes, max_seconds, complete)


def settle(spec: SolverSpec, state: Any, max_nodes: int, max_seconds: float | None, prove: float = 0.0) -> Result[Any]:
    """The winnability table's search of a position, which ``solve`` runs too (one verdict per
    question): the game's own search (pruned where the game prunes; a staged search goes on with
    every move when its pruned moves run out), then, when that leaves it unknown and ``prove`` seconds
    are given, the complete search, which can prove a loss. The solver's own moves."""
    result = spec.make(state, max_nodes, max_seconds, False).run()
    if result.status is Status.UNKNOWN and prove > 0:
        complete = spec.make(state, max_nodes, prove, True).run()
        if complete.status is not Status.UNKNOWN:
            return complete
    return result


def rules_moves(spec: SolverSpec, state: Any, moves: list[Any]) -> list[Move]:
    """A solution in the rules' moves (the solver's own moves converted, replayed on ``state``)."""
    if spec.to_rules is not None and moves and not isinstance(moves[0], Move):
        return spec.to_rules(state, moves)
    return list(moves)


def solve_position(
    spec: SolverSpec,
    rules: Variant[Any],
    state: Any,
    max_nodes: int = 200_000,
    max_seconds: float | None = None,
    complete: bool = False,
    prove: float = 0.0,
) -> Result[Move]:
    """Solve a position; a SOLVED result's moves are the rules' moves and are replayed to a win.
    ``complete`` leaves out no move, so that a loss can be proved (slower where the game prunes);
    else the table's search (:func:`settle`), with ``prove`` seconds of complete search after it."""
    if complete:
        result = searcher(spec, state, max_nodes, max_seconds, True).run()
    else:
        result = settle(spec, state, max_nodes, max_seconds, prove)
    moves = rules_moves(spec, state, result.moves) if result.status is Status.SOLVED else []
    if result.status is Status.SOLVED:
        s = state
        for m in moves:
            s, _ = rules.apply(s, m)
        if not rules.is_won(s):
            raise AssertionError(f"the solver's line for {rules.name} does not win: a solver bug")
    return Result(result.status, moves, result.stats)


def solve_deal(
    spec: SolverSpec,
    deal_id: DealId,
    max_nodes: int = 200_000,
    max_seconds: float | None = None,
    complete: bool = False,
    prove: float = 0.0,
) -> Result[Move]:
    rules, state = start(deal_id)
    return solve_position(spec, rules, state, max_nodes, max_seconds, complete, prove)
