"""Mod 3's search (MO) over the rules' own positions: a fast search that leaves moves out, then,
if it runs out of positions, a complete one with the budget left (asked for ``complete``, that
one alone). The solver knows the whole deal, the stock's order too (``solve``, seeds,
winnability); a hint searches worlds of the stock it deals itself (``game/games/mod3/hints.py``).

Both searches treat as one position what differs only in the order of a row's building piles
(nothing depends on where a building pile lies) and, once the stock is empty, in the order of the
fourth row (while cards are left to deal, each place gets its own cards). Both leave out only
moves that change nothing: a card into an empty place other than the first of its row (the others
are the same place), a lone card of the fourth row into another empty place of it, and a card
between two building piles whose piles then hold what they held before (the top card of a
sequence onto the same sequence without it). Both send an ace to the aces pile at once when
that fills no place from the stock: the ace can never go anywhere else that helps, and lifting it
off only uncovers a card.

The fast search also sends an ace there when it fills its place from the stock (as KPat's own
solver does), and a card of the fourth row, or a dealt card that starts no sequence, onto the
building pile that takes it, at once; so it cannot prove a loss.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial

from game.core.cards import RANK
from game.games.mod3.rules import (
    ACES,
    ACES_PILE,
    BUILD,
    BUILD_PILES,
    WIDTH,
    Mod3,
    Mod3State,
    built_count,
    openings,
    row_of,
    source_cards,
    started,
)
from game.rules.base import MOVE, Move
from game.rules.pile import TABLEAU
from game.solver.engine import Search
from game.solver.problems import RulesProblem
from game.solver.spec import SolverSpec, best_first, portfolio
from game.solver.staged import pruned_then_complete

RULES = Mod3()
BUILT = 96  # every card but the eight aces


def key(s: Mod3State) -> Hashable:
    rows = tuple(tuple(sorted(s.builds[r * WIDTH : (r + 1) * WIDTH])) for r in range(3))
    tableau = s.tableau if s.stock else tuple(sorted(s.tableau))
    return rows, tableau, len(s.stock)


def refills(s: Mod3State, m: Move) -> bool:
    """The move empties a place of the fourth row that the stock then fills."""
    return m.src.kind == TABLEAU and len(s.tableau[m.src.idx]) == 1 and bool(s.stock)


def is_safe(s: Mod3State, m: Move) -> bool:
    """An ace to the aces pile that fills no place from the stock: always right (see the module)."""
    return m.kind == MOVE and m.dst.kind == ACES and not refills(s, m)


def _cards(s: Mod3State, m: Move) -> tuple[int, ...]:
    return s.tableau[m.src.idx] if m.src.kind == TABLEAU else s.builds[m.src.idx]


def changes_nothing(s: Mod3State, m: Move) -> bool:
    """A move the searches leave out: it reaches a position that is the same one (module docstring)."""
    if m.kind != MOVE:
        return False
    if m.dst.kind == BUILD:
        dst = s.builds[m.dst.idx]
        if not dst:
            row = m.dst.idx // WIDTH
            first = next(j for j in range(row * WIDTH, (row + 1) * WIDTH) if not s.builds[j])
            if m.dst.idx != first:
                return True
        return m.src.kind == BUILD and m.src.idx // WIDTH == m.dst.idx // WIDTH and s.builds[m.src.idx][:-1] == dst
    if m.dst.kind == TABLEAU:
        first = next(j for j, col in enumerate(s.tableau) if not col)
        return m.dst.idx != first or (m.src.kind == TABLEAU and len(s.tableau[m.src.idx]) == 1)
    return False


def forced(s: Mod3State, complete: bool) -> Move | None:
    """The move made at once: an ace that fills no place from the stock; in the fast search any
    ace, then a card of the fourth row or a dealt card that starts no sequence onto the building
    pile that takes it (module docstring)."""
    sources = source_cards(s)
    for src, c in sources:
        if RANK[c] == 1 and not (complete and src.kind == TABLEAU and len(s.tableau[src.idx]) == 1 and s.stock):
            return Move(MOVE, src, ACES_PILE)
    if complete:
        return None
    empty, wanted = openings(s.builds)
    for src, c in sources:
        if src.kind == BUILD and started(s.builds[src.idx], src.idx // WIDTH):
            continue
        if src.kind == TABLEAU and len(s.tableau[src.idx]) == 1 and s.stock:
            continue  # it fills the place from the stock: when is a choice
        if c in wanted:
            return Move(MOVE, src, BUILD_PILES[wanted[c][0]])
        if RANK[c] <= 4 and empty[row_of(RANK[c])]:
            return Move(MOVE, src, BUILD_PILES[empty[row_of(RANK[c])][0]])
    return None


def buried(s: Mod3State) -> int:
    """Cards of the fourth row lying on another card: each must move before the card under it."""
    return sum(max(0, len(col) - 1) for col in s.tableau)


def strays(s: Mod3State) -> int:
    """Building piles holding a dealt card that starts no sequence there."""
    return sum(1 for i, p in enumerate(s.builds) if p and not started(p, i // WIDTH))


def score(weights: tuple[float, float, float], s: Mod3State, depth: int) -> float:
    w_buried, w_stray, w_empty = weights
    empty = sum(1 for col in s.tableau if not col)
    return (
        (BUILT - built_count(s))
        + w_buried * buried(s)
        + w_stray * strays(s)
        - w_empty * empty
        + 0.02 * len(s.stock)
        + depth * 0.01
    )


WEIGHTS: tuple[tuple[float, float, float], ...] = ((0.6, 1.0, 0.3),)  # others tried did no better (deals 1-40)


def mod3_problem(state: Mod3State, complete: bool, weights: tuple[float, float, float] = WEIGHTS[0]) -> RulesProblem:
    """The search: ``complete`` leaves out only what changes nothing and can prove a loss."""

    return RulesProblem(
        RULES,
        state,
        key,
        partial(score, weights),
        partial(forced, complete=complete),
        changes_nothing,
        complete=complete,
    )


def _member(weights: tuple[float, float, float], state: Mod3State) -> RulesProblem:
    return mod3_problem(state, False, weights)


def _complete(state: Mod3State) -> RulesProblem:
    return mod3_problem(state, True)


def _sample(state: Mod3State, max_nodes: int, max_seconds: float | None, complete: bool) -> Search[Mod3State, Move]:
    """A hint's search of one world of the stock: the fast search alone, with the whole budget."""
    return Search(mod3_problem(state, complete), max_nodes, max_seconds)


SOLVER = SolverSpec(
    pruned_then_complete(portfolio([(partial(_member, w), best_first) for w in WEIGHTS]), _complete),
    sample=_sample,
)
