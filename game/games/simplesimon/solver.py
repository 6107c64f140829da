"""Simple Simon's search (SS): every card is face up and there is no stock, so the search knows
the whole deal and can prove a loss.

A position is the columns and how many suits went home; columns that differ only in their order
are one position. Two searches share the budget (``pruned_then_complete``): first one that moves
only whole runs onto their card (a run split where it lies on a card one rank higher, or a whole
column into an empty one, changes nothing a later move cannot do), weighed three ways; then, where
it runs out of positions, the complete search of every legal move, which proves a deal lost.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from functools import partial
from typing import NamedTuple

from game.games.simplesimon.rules import SUITS, SimpleSimonState
from game.rules.base import MOVE, Move
from game.rules.pile import TABLEAUS
from game.solver.engine import Search, Shape
from game.solver.spec import SolverSpec, best_first, portfolio
from game.solver.staged import pruned_then_complete

Card = int
Cols = tuple[tuple[Card, ...], ...]


class SNode(NamedTuple):
    cols: Cols
    done: int  # suits gone home


class SMove(NamedTuple):
    src: int
    dst: int
    size: int


def run_start(col: tuple[Card, ...]) -> int:
    """The first card of the same-suit descending run at the column's end (a card c is the same
    suit one rank below c + 1)."""
    i = len(col) - 1
    while i > 0 and col[i - 1] == col[i] + 1 and col[i - 1] // 13 == col[i] // 13:
        i -= 1
    return i


def _settle(col: tuple[Card, ...]) -> tuple[tuple[Card, ...], int]:
    """A column after cards came onto it: a complete king-to-ace suit goes home (SS-3). The column
    and the suits gone home (0 or 1)."""
    n = len(col)
    if n >= 13 and col[-1] % 13 == 0 and run_start(col) <= n - 13:
        return col[:-13], 1
    return col, 0


# (breaks, suits not home, empty columns): ways of weighing a position
WEIGHTS = ((1.5, 10.0, 2.0), (1.0, 6.0, 4.0), (3.0, 14.0, 1.0))


class SimpleSimonProblem:
    shape = Shape(safe_moves=False)

    def __init__(self, state: SimpleSimonState, weights: tuple[float, ...] = WEIGHTS[0], complete: bool = False):
        self.weights = weights
        self.complete = complete
        self.initial = SNode(state.tableau, len(state.completed))

    def start(self) -> SNode:
        return self.initial

    def key(self, node: SNode) -> Hashable:
        return tuple(sorted(node.cols))

    def is_goal(self, node: SNode) -> bool:
        return node.done == SUITS

    def safe_move(self, node: SNode) -> None:
        return None

    def successors(self, node: SNode) -> Iterator[tuple[SMove, SNode]]:
        cols = node.cols
        complete = self.complete
        empty = next((j for j, c in enumerate(cols) if not c), -1)
        onto: dict[int, list[int]] = {}  # a rank (0-based) -> the columns whose last card takes it
        for j, dst in enumerate(cols):
            if dst and dst[-1] % 13:
                onto.setdefault(dst[-1] % 13 - 1, []).append(j)
        for i, col in enumerate(cols):
            n = len(col)
            if not n:
                continue
            start = run_start(col)
            top = col[-1] % 13
            # the card at k has rank top + (n - 1 - k); the pruned search moves whole runs only
            for k in range(n - 1, start - 1, -1) if complete else (start,):
                for j in onto.get(top + n - 1 - k, ()):
                    if j != i and (complete or not _pointless(col, k, cols[j])):
                        yield self._move(node, i, j, n - k)
            if empty >= 0:
                for size in range(1, n - start + 1) if complete else (n - start,):
                    if size < n or complete:
                        yield self._move(node, i, empty, size)

    def _move(self, node: SNode, i: int, j: int, size: int) -> tuple[SMove, SNode]:
        cols = list(node.cols)
        moving = cols[i][-size:]
        cols[i] = cols[i][:-size]
        cols[j], done = _settle(cols[j] + moving)
        return SMove(i, j, size), SNode(tuple(cols), node.done + done)

    def score(self, node: SNode, depth: int) -> float:
        w_break, w_suit, w_empty = self.weights
        breaks = empties = 0
        for col in node.cols:
            if not col:
                empties += 1
            for k in range(1, len(col)):
                if col[k - 1] != col[k] + 1:  # not the same suit one rank higher
                    breaks += 1
        return breaks * w_break + (SUITS - node.done) * w_suit - empties * w_empty + depth * 0.01


def _pointless(col: tuple[Card, ...], k: int, dst: tuple[Card, ...]) -> bool:
    """A run from ``k`` that lies on a card one rank higher and would not join its own suit."""
    return k > 0 and col[k - 1] % 13 == col[k] % 13 + 1 and dst[-1] // 13 != col[k] // 13


def to_rules_moves(state: SimpleSimonState, moves: list[SMove]) -> list[Move]:
    """The solver's moves as the rules' moves."""
    return [Move(MOVE, TABLEAUS[m.src], TABLEAUS[m.dst], m.size) for m in moves]


def _member(weights: tuple[float, ...], state: SimpleSimonState) -> SimpleSimonProblem:
    return SimpleSimonProblem(state, weights)


def _complete(state: SimpleSimonState) -> SimpleSimonProblem:
    return SimpleSimonProblem(state, WEIGHTS[0], complete=True)


_pruned = portfolio([(partial(_member, w), best_first) for w in WEIGHTS])


def _sample(state: SimpleSimonState, max_nodes: int, max_seconds: float | None, complete: bool) -> Search[SNode, SMove]:
    """A hint's search of the position (every card is known): the first weighting, every legal
    move when asked."""
    return Search(SimpleSimonProblem(state, WEIGHTS[0], complete=complete), max_nodes, max_seconds)


SOLVER = SolverSpec(
    pruned_then_complete(_pruned, _complete),
    to_rules=to_rules_moves,
    sample=_sample,
)
