"""FreeCell's solver: the portfolio of two weightings of the search in problem.py, each member the
compiled search (fast.py) where it is built and plays the layout, else the Python one; the solution
turned back into the rules' moves and the standard notation (notation.py)."""

from __future__ import annotations

from functools import partial

import game.games.freecell.fast as freecell_fast
from game.games.freecell.notation import standard_notation, to_rules_moves
from game.games.freecell.problem import QUANTUM, FreeCellProblem, leaders
from game.games.freecell.rules import FreeCellState
from game.solver.portfolio import Portfolio
from game.solver.spec import Searcher, SolverSpec, best_first, portfolio


def search(state: FreeCellState, max_nodes: int, max_seconds: float | None, complete: bool) -> Searcher:
    """The portfolio of the layout's two weightings (problem.leaders): each member the compiled
    search (fast.py) where it is built and plays this layout, the same search with the same results
    in a fraction of the time, else the Python one. (Every move is searched either way:
    ``complete`` changes nothing.)"""
    weights = leaders(state)
    if freecell_fast.available() and freecell_fast.handles(state):
        start = freecell_fast.position(state)
        budget = max_nodes // len(weights)
        members = [freecell_fast.FastSearch(state, w, budget, max_seconds, start=start) for w in weights]
        return Portfolio(members, QUANTUM, max_seconds)
    python_search = portfolio([(partial(FreeCellProblem, weights=w), best_first) for w in weights], QUANTUM)
    return python_search(state, max_nodes, max_seconds, complete)


SOLVER = SolverSpec(search, to_rules=to_rules_moves, notation=standard_notation)
