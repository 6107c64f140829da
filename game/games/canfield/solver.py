"""Canfield for the solver: how its positions are searched (``game/games/canfield/problem.py`` is
the position and its moves), and the solutions given back as the rules' own moves, the stock's
turns and redeals written out.

Several searches share the budget (``WEIGHTS``); if the pruned moves run out, the complete mode uses
what is left and often proves the loss: depth first, compiled where it was built
(``depth_first_complete``). A hint searches each arrangement of the hidden cards with the portfolio
alone (``_pruned``): it counts wins, and a proof of loss would add nothing to it.
"""

from __future__ import annotations

from functools import partial

import game.games.canfield.fast as canfield_fast
from game.games.canfield.problem import DEFAULT_WEIGHTS, HOME, RESERVE, TALON, CanfieldProblem, CMove, Weights
from game.games.canfield.rules import RESERVE_PILE, Canfield, CanfieldState
from game.rules.base import DRAW_MOVE, MOVE, RECYCLE_MOVE, Move
from game.rules.foundations import foundation_slot_for
from game.rules.pile import FOUNDATIONS, TABLEAUS, WASTE_PILE
from game.solver.spec import SolverSpec, Way, best_first, depth_first, portfolio
from game.solver.staged import depth_first_complete, pruned_then_complete

WEIGHTS: tuple[tuple[Weights, Way], ...] = (
    (DEFAULT_WEIGHTS, depth_first),
    (DEFAULT_WEIGHTS, best_first),
)


def to_rules_moves(state: CanfieldState, moves: list[CMove]) -> list[Move]:
    """The solver's moves as the rules' moves, the stock's turns and redeals written out."""
    rules = Canfield()
    out: list[Move] = []
    s = state
    for m in moves:
        if m.src == TALON:
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
            src = RESERVE_PILE if m.src == RESERVE else TABLEAUS[m.src]
        dst = FOUNDATIONS[foundation_slot_for(m.card, s.foundations, s.base)] if m.dst == HOME else TABLEAUS[m.dst]
        move = Move(MOVE, src, dst, m.size)
        out.append(move)
        s = rules.apply(s, move)[0]
    return out


_pruned = portfolio([(partial(CanfieldProblem, weights=w), way) for w, way in WEIGHTS])
_make = pruned_then_complete(
    _pruned,
    partial(CanfieldProblem, weights=DEFAULT_WEIGHTS, complete=True),
    depth_first_complete(canfield_fast.complete_search, canfield_fast.available),
)


SOLVER = SolverSpec(_make, to_rules=to_rules_moves, sample=_pruned)
