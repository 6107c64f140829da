"""Spider's solver (SPEC SP; issues 16, 29 and 39): the searches of :class:`SpiderProblem`
(``problem.py``) the solver and the hints run. Three members side by side in a portfolio (the first
to win wins): with one and two suits, best-first searches led by three weightings; with four, searches
deal by deal (:mod:`game.solver.phases`), and a hint's search of each arrangement of the hidden
cards is the greedy one alone. Each is compiled where the C extension is built (``fast.py``: the
same search, step for step, far faster); ``complete`` keeps the Python search.
"""

from __future__ import annotations

from functools import partial

import game.games.spider.fast as fast
from game.games.spider.problem import DEAL, SMove, SNode, SpiderProblem
from game.games.spider.rules import SpiderState
from game.rules.base import DEAL_MOVE, MOVE, Move
from game.rules.pile import TABLEAUS
from game.solver.engine import Search
from game.solver.phases import PhaseSearch
from game.solver.portfolio import Portfolio
from game.solver.spec import Searcher, SolverSpec, best_first, portfolio


def to_rules_moves(state: SpiderState, moves: list[SMove]) -> list[Move]:
    """The solver's moves as the rules' moves."""
    return [DEAL_MOVE if m.src == DEAL else Move(MOVE, TABLEAUS[m.src], TABLEAUS[m.dst], m.size) for m in moves]


# (down, breaks, suits, stock, empty columns): three ways of weighing a position
WEIGHTS = ((3.0, 1.5, 10.0, 0.5, 2.0), (6.0, 1.0, 6.0, 1.0, 4.0), (2.0, 3.0, 14.0, 0.2, 1.0))


def _member(weights: tuple[float, ...], state: SpiderState) -> SpiderProblem:
    return SpiderProblem(state, weights)


PORTFOLIO_QUANTUM = 2_000  # positions a member searches in its turn
_python_best_first = portfolio([(partial(_member, w), best_first) for w in WEIGHTS], PORTFOLIO_QUANTUM)


# (positions searched in a phase, deals tried from it, weights): ways of searching four suits deal
# by deal, each round twice as wide as the one before. The greedy one wins most deals in a few
# thousand positions (and alone searches a hint's arrangements); the two wide ones weigh breaks and
# face-down cards differently, and a deal one of them cannot win the other often wins quickly (on
# the hardest tenth of deals 1-100, tuned there: issue 39)
PHASES: tuple[tuple[int, int, tuple[float, ...]], ...] = (
    (1, 1, WEIGHTS[0]),
    (2000, 3, WEIGHTS[2]),
    (2000, 3, WEIGHTS[1]),
)


def _phase_search(
    state: SpiderState, max_nodes: int, max_seconds: float | None, phase: tuple[int, int, tuple[float, ...]]
) -> Search[SNode, SMove] | fast.FastPhaseSearch:
    """A search deal by deal of four suits: compiled where it is built, else in Python (the same
    search either way)."""
    nodes, fan, weights = phase
    if fast.handles(state):
        return fast.FastPhaseSearch(state, weights, max_nodes, max_seconds, phase_nodes=nodes, fan=fan)
    return PhaseSearch(SpiderProblem(state, weights), max_nodes, max_seconds, phase_nodes=nodes, fan=fan)


def _make(state: SpiderState, max_nodes: int, max_seconds: float | None, complete: bool) -> Searcher:
    """A portfolio of the weightings (four suits: of searches deal by deal); with ``complete``, one
    search with every legal move."""
    if complete:
        return Search(SpiderProblem(state, WEIGHTS[0], complete=True), max_nodes, max_seconds)
    if state.suits == 4:
        share = max_nodes // len(PHASES)
        searches = [_phase_search(state, share, max_seconds, phase) for phase in PHASES]
        return Portfolio(searches, PORTFOLIO_QUANTUM, max_seconds)
    if fast.handles(state):  # the same portfolio of best-first searches, compiled
        share = max_nodes // len(WEIGHTS)
        members = [fast.FastBestFirst(state, w, share, max_seconds) for w in WEIGHTS]
        return Portfolio(members, PORTFOLIO_QUANTUM, max_seconds)
    return _python_best_first(state, max_nodes, max_seconds, complete)


def _sample(state: SpiderState, max_nodes: int, max_seconds: float | None, complete: bool) -> Searcher:
    """A hint's search of one arrangement of the hidden cards: with four suits, the greedy search
    deal by deal alone, with the whole budget (it wins the easy arrangements in a few thousand
    positions, where the portfolio's third of the budget is too little)."""
    if state.suits == 4 and not complete:
        return _phase_search(state, max_nodes, max_seconds, PHASES[0])
    return _make(state, max_nodes, max_seconds, complete)


SOLVER = SolverSpec(
    _make,
    to_rules=to_rules_moves,
    sample=_sample,
)
