"""Addiction's search (AD) over the rules' own positions: the grid and the redeals left, scored by
the cards in place."""

from __future__ import annotations

from game.games.addiction.rules import Addiction, AddictionState
from game.games.addiction.rules import score as addiction_score
from game.solver.problems import RulesProblem
from game.solver.spec import SolverSpec, single


def addiction_problem(state: AddictionState) -> RulesProblem:
    def score(s: AddictionState, depth: int) -> float:
        return (48 - addiction_score(s.grid)) * 3 + s.redeals * 8

    return RulesProblem(Addiction(), state, lambda s: (s.grid, s.redeals), score)


SOLVER = SolverSpec(single(lambda s, complete: addiction_problem(s)))
