"""Klondike for the solver: how its positions are searched (``game/games/klondike/problem.py``
is the position and its moves), and the solutions given back as the rules' own moves, the stock's
turns and redeals written out.

Five searches share the budget (``WEIGHTS``); if the pruned moves run out, the complete mode uses
what is left, often proving the loss (``_make``): depth first, compiled where it was built
(``depth_first_complete``). A hint searches each arrangement of the hidden cards with the compiled
search where it was built, else the portfolio alone (``_sample``).
"""

from __future__ import annotations

from functools import partial

import game.games.klondike.fast as klondike_fast
from game.games.klondike.problem import DEFAULT_WEIGHTS, HOME, TALON, KlondikeProblem, KMove, Weights
from game.games.klondike.rules import Klondike, KlondikeState
from game.rules.base import DRAW_MOVE, MOVE, RECYCLE_MOVE, Move
from game.rules.foundations import foundation_slot_for
from game.rules.pile import FOUNDATIONS, TABLEAUS, WASTE_PILE
from game.solver.spec import Searcher, SolverSpec, Way, beam, best_first, depth_first, portfolio
from game.solver.staged import depth_first_complete, pruned_then_complete

# A portfolio (see engine.Portfolio): the weights of face-down cards, talon cards, digging and depth
# in the score, and the way of searching. On deals 1-200 at 10 s: the first alone solves 166 (draw
# 1) and 146 (draw 3); with the next three, each quick on deals where the first needs over 250,000
# positions, 171 and 151; with the beam (game/solver/beam.py), 172 and 155: it wins draw-3 deals 3,
# 11, 137, 142 and 171 within 20,000 positions, where the others find nothing in 60 s.
WEIGHTS: tuple[tuple[Weights, Way], ...] = (
    (DEFAULT_WEIGHTS, depth_first),
    ((1.0, 1.0, 1.0, 0.0), depth_first),
    (DEFAULT_WEIGHTS, best_first),
    ((0.5, 0.0, 0.0, 0.0), depth_first),
    (DEFAULT_WEIGHTS, beam),
)


def to_rules_moves(state: KlondikeState, moves: list[KMove]) -> list[Move]:
    """The solver's moves as the rules' moves, the stock's turns and redeals written out."""
    rules = Klondike()
    out: list[Move] = []
    s = state
    for m in moves:
        if m.src == HOME:
            src = FOUNDATIONS[s.foundations.index(m.card)]
        elif m.src == TALON:
            for _ in range(2 * 52 * 4):
                if s.waste and s.waste[-1] == m.card:
                    break
                turn = DRAW_MOVE if s.stock else RECYCLE_MOVE
                out.append(turn)
                s = rules.apply(s, turn)[0]
            else:
                raise AssertionError(f"card {m.card} never reaches the waste's top: a solver bug")
            src = WASTE_PILE
        else:
            src = TABLEAUS[m.src]
        dst = FOUNDATIONS[foundation_slot_for(m.card, s.foundations)] if m.dst == HOME else TABLEAUS[m.dst]
        move = Move(MOVE, src, dst, m.size)
        out.append(move)
        s = rules.apply(s, move)[0]
    return out


_pruned = portfolio([(partial(KlondikeProblem, weights=w), way) for w, way in WEIGHTS])
_make = pruned_then_complete(
    _pruned,
    partial(KlondikeProblem, weights=DEFAULT_WEIGHTS, complete=True),
    depth_first_complete(klondike_fast.complete_search, klondike_fast.available),
)


def _sample(state: KlondikeState, max_nodes: int, max_seconds: float | None, complete: bool) -> Searcher:
    """A hint's search of a world of the hidden cards (game/games/klondike/hints.py): the compiled search
    where it was built (game/games/klondike/fast.py), else the portfolio alone (a hint counts wins:
    a complete stage could only add a proof of loss)."""
    if klondike_fast.available() and not complete:
        return klondike_fast.FastSearch(state, max_nodes)
    return _pruned(state, max_nodes, max_seconds, complete)


SOLVER = SolverSpec(_make, to_rules=to_rules_moves, sample=_sample)
