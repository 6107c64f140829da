"""Yukon's search (YU) over the rules' own positions: columns that differ only in their order are
one position, a card safe to send home goes at once, and a whole column never moves onto an empty
one (it would change nothing)."""

from __future__ import annotations

from collections.abc import Hashable

from game.games.yukon.rules import Yukon, YukonState
from game.rules.base import Move
from game.rules.pile import TABLEAU, TABLEAUS
from game.solver.problems import RulesProblem, blocking, home_ranks, safe_home_move
from game.solver.spec import SolverSpec, single


def yukon_problem(state: YukonState) -> RulesProblem:
    rules = Yukon()

    def key(s: YukonState) -> Hashable:
        return (tuple(sorted(zip(s.down, s.tableau, strict=True))), tuple(sorted(s.foundations)))

    def safe(s: YukonState) -> Move | None:
        return safe_home_move(rules, s, [(TABLEAUS[i], col[-1]) for i, col in enumerate(s.tableau) if col])

    def prune(s: YukonState, m: Move) -> bool:
        if m.dst.kind == TABLEAU and not s.tableau[m.dst.idx]:
            col, down = s.tableau[m.src.idx], s.down[m.src.idx]
            return len(col) - m.size == 0 and down == 0  # a whole column onto an empty one
        return False

    def score(s: YukonState, depth: int) -> float:
        home = sum(home_ranks(s.foundations))
        return (52 - home) + 2.0 * sum(s.down) + 0.8 * blocking(s.tableau) + depth * 0.01

    return RulesProblem(rules, state, key, score, safe, prune, complete=True)


SOLVER = SolverSpec(single(lambda s, complete: yukon_problem(s)))
