"""Grandfather's search (GF) over the rules' own positions, complete: it proves a deal lost.

A redeal gathers the piles in their order (GF-3), so while one is left the piles' order matters and
every move is tried. Once none is left: piles that differ only in their order are one position, a
card that can go home goes at once (in a game built down by suit no card can ever need it: its
one-lower card is home already), and a whole pile never moves into an empty one (it changes nothing).
"""

from __future__ import annotations

from collections.abc import Hashable

from game.games.grandfather.rules import Grandfather, GrandfatherState
from game.rules.base import MOVE, Move
from game.rules.pile import FOUNDATION, TABLEAU
from game.solver.problems import RulesProblem, blocking, home_ranks
from game.solver.spec import SolverSpec, single


def grandfather_problem(state: GrandfatherState) -> RulesProblem:
    rules = Grandfather()

    def key(s: GrandfatherState) -> Hashable:
        if s.redeals:
            return s.tableau, s.down, tuple(sorted(s.foundations)), s.redeals
        return tuple(sorted(zip(s.down, s.tableau, strict=True))), tuple(sorted(s.foundations))

    def safe(s: GrandfatherState) -> Move | None:
        if s.redeals:
            return None
        return next((m for m in rules.legal_moves(s) if m.kind == MOVE and m.dst.kind == FOUNDATION), None)

    def prune(s: GrandfatherState, m: Move) -> bool:
        if s.redeals or m.kind != MOVE or m.dst.kind != TABLEAU or s.tableau[m.dst.idx]:
            return False
        return len(s.tableau[m.src.idx]) == m.size and s.down[m.src.idx] == 0  # a whole pile into an empty one

    def score(s: GrandfatherState, depth: int) -> float:
        home = sum(home_ranks(s.foundations))
        return (52 - home) + 2.0 * sum(s.down) + 0.8 * blocking(s.tableau) - 1.5 * s.redeals + depth * 0.01

    return RulesProblem(rules, state, key, score, safe, prune, complete=True)


SOLVER = SolverSpec(single(lambda s, complete: grandfather_problem(s)))
