"""Forty Thieves for the solver: how its positions are searched (``problem.py`` beside this is the
position and its moves) and the solutions given back as the rules' own moves.

Three best-first searches, each led by other weights, share the budget, each of the same complete
problem: a win found by any is a win, and one that runs out of positions has proved the loss
(nothing that could matter is pruned, see ``problem.py``). A hint's world is searched the same way.
"""

from __future__ import annotations

from functools import partial

from game.games.fortythieves.problem import (
    DEFAULT_WEIGHTS,
    HOME,
    TURN,
    WASTE,
    FMove,
    FortyThievesProblem,
    Weights,
    run_steps,
)
from game.games.fortythieves.rules import FortyThieves, FortyThievesState
from game.rules.base import DRAW_MOVE, MOVE, Move
from game.rules.foundations import foundation_slot_for
from game.rules.pile import FOUNDATIONS, TABLEAUS, WASTE_PILE, Pile
from game.solver.spec import SolverSpec, Way, best_first, portfolio

# Three best-first searches share the budget, each led by other weights (see problem.py's Weights):
# on deals 1-20 at 10,000 positions each, they win 6, 4 and 6 deals, 8 together. Depth first,
# tried as well, won 1.
WEIGHTS: tuple[tuple[Weights, Way], ...] = (
    (DEFAULT_WEIGHTS, best_first),
    ((4.0, 0.5, 3.0, 0.0, 0.0), best_first),
    ((4.0, 0.3, 1.0, 1.0, 0.0), best_first),
)
QUANTUM = 2_000


def to_rules_moves(state: FortyThievesState, moves: list[FMove]) -> list[Move]:
    """The solver's moves as the rules' moves: a run carried through the empty columns as its
    one-card moves, a card home to the foundation the rules give it."""
    rules = FortyThieves()
    out: list[Move] = []
    s = state
    for src, dst, size in moves:
        if (src, dst, size) == TURN:
            steps = [DRAW_MOVE]
        elif src == WASTE:
            steps = [Move(MOVE, WASTE_PILE, _target(s, s.waste[-1], dst))]
        elif size == 1:
            steps = [Move(MOVE, TABLEAUS[src], _target(s, s.tableau[src][-1], dst))]
        else:
            free = [j for j, col in enumerate(s.tableau) if not col and j != dst]
            steps = [Move(MOVE, TABLEAUS[a], TABLEAUS[b]) for a, b in run_steps(src, dst, size, free)]
        for move in steps:
            out.append(move)
            s = rules.play(s, move)
    return out


def _target(s: FortyThievesState, card: int, dst: int) -> Pile:
    return FOUNDATIONS[foundation_slot_for(card, s.foundations)] if dst == HOME else TABLEAUS[dst]


_make = portfolio([(partial(FortyThievesProblem, weights=w), way) for w, way in WEIGHTS], QUANTUM)

SOLVER = SolverSpec(_make, to_rules=to_rules_moves, verdict_nodes=150_000, winnable_nodes=60_000)
