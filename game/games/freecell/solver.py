"""FreeCell's solver: the portfolio of two weightings of the search in problem.py, each member the
compiled search (fast.py) where it is built and plays the layout, else the Python one; the solution
turned back into the rules' moves and the standard notation (notation.py)."""

from __future__ import annotations

from functools import partial

import game.games.freecell.fast as freecell_fast
from game.games.freecell.notation import standard_notation, to_rules_moves
from game.games.freecell.problem import QUANTUM, WEIGHTS, FreeCellProblem
from game.games.freecell.rules import FreeCellState
from game.solver.portfolio import Portfolio
from game.solver.spec import Searcher, SolverSpec, best_first, portfolio

_python_search = portfolio([(partial(FreeCellProblem, weights=w), best_first) for w in WEIGHTS], QUANTUM)


def search(state: FreeCellState, max_nodes: int, max_seconds: float | None, complete: bool) -> Searcher:
    """The portfolio of the two weightings: each member the compiled search (fast.py) where it is
    built and plays this layout, the same search with the same results in a fraction of the time,
    else the Python one. (Every move is searched either way: ``complete`` changes nothing.)"""
    if freecell_fast.available() and freecell_fast.handles(state):
        members = [freecell_fast.FastSearch(state, w, max_nodes // len(WEIGHTS), max_seconds) for w in WEIGHTS]
        return Portfolio(members, QUANTUM, max_seconds)
    return _python_search(state, max_nodes, max_seconds, complete)


SOLVER = SolverSpec(search, to_rules=to_rules_moves, notation=standard_notation)
