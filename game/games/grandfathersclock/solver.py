"""Grandfather's Clock's search (GC) over the rules' own positions, complete: every card is face up
and there is no stock, so the search knows the whole deal and can prove it lost.

Piles that differ only in their order are one position (the clock's piles keep their places). A
card goes home at once when no card of one rank lower is left on the piles: nothing could ever
need to be put on it, so keeping it out only takes a place. The only card of a pile never moves
into an empty pile (it changes nothing). Neither leaves out a move that could matter.
"""

from __future__ import annotations

from collections.abc import Hashable

from game.core.cards import RANK
from game.games.grandfathersclock.rules import CLOCK, STARTERS, ClockState, GrandfathersClock, next_card
from game.rules.base import MOVE, Move
from game.rules.pile import TABLEAU
from game.solver.problems import RulesProblem
from game.solver.spec import SolverSpec, single

RULES = GrandfathersClock()


def _distance() -> dict[int, int]:
    """Each card not started on the clock: how far up its clock pile it lies (1: next after the starter)."""
    out: dict[int, int] = {}
    for start in STARTERS:
        c, k = next_card(start), 1
        while c not in STARTERS:
            out[c] = k
            c, k = next_card(c), k + 1
    return out


DISTANCE = _distance()


def is_safe(s: ClockState, m: Move) -> bool:
    """A card home that no card left on the piles could need: none of them is one rank lower."""
    if m.kind != MOVE or m.dst.kind != CLOCK:
        return False
    rank = RANK[s.tableau[m.src.idx][-1]]
    return rank == 1 or all(RANK[c] != rank - 1 for col in s.tableau for c in col)


def behind(tableau: tuple[tuple[int, ...], ...]) -> int:
    """Cards lying on a card that goes home sooner up its own clock pile (each must move first)."""
    n = 0
    for col in tableau:
        low = 99
        for c in col:
            d = DISTANCE.get(c, 0)
            if d > low:
                n += 1
            else:
                low = d
    return n


def clock_problem(state: ClockState, complete: bool = True) -> RulesProblem:
    def key(s: ClockState) -> Hashable:
        return tuple(sorted(s.tableau)), s.clock

    def safe(s: ClockState) -> Move | None:
        return next((m for m in RULES.legal_moves(s) if is_safe(s, m)), None)

    def prune(s: ClockState, m: Move) -> bool:
        return m.dst.kind == TABLEAU and not s.tableau[m.dst.idx] and len(s.tableau[m.src.idx]) == 1

    def score(s: ClockState, depth: int) -> float:
        left = sum(len(col) for col in s.tableau)
        empty = sum(1 for col in s.tableau if not col)
        return 1.0 * left + 1.5 * behind(s.tableau) - 0.5 * empty + depth * 0.01

    return RulesProblem(RULES, state, key, score, safe, prune, complete=True)


SOLVER = SolverSpec(single(lambda s, complete: clock_problem(s, complete)))
