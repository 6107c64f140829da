"""Spiderette for the solver: a compact position, runs moved whole, a portfolio of weightings,
then, if their moves run out, every legal move — so a loss can be proved (SPEC ST-1 ... ST-4).

A position is four plain values: the columns (tuples of card numbers), each one's face-down count,
how many stock cards are left (the stock's order is fixed by the deal, so its length says which
cards remain) and how many suits have left the table. A completed suit leaves, and the card it
uncovers turns up, inside the move that completes it, as in the rules.

Moves: a same-suit run (or its end) onto a card one rank higher; a run onto an empty column (the
first empty column stands for all of them: a whole column may move from one empty place to
another); a deal. The pruned search leaves out

- a whole column moved onto an empty one (nothing changes but the column's place);
- part of a same-suit run moved onto another card (it splits a run and uncovers nothing);
- a run moved off a card one rank higher onto a card of a suit other than its own (it lay as well
  where it was);

and takes columns in another order as one position even while a stock is left (a loss it can
afford). When its positions run out without a win, the complete search, which keeps every legal
move and the columns' order while a stock is left, gets the budget left: it finds the win the
pruning hid, or proves the deal lost.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from functools import partial
from typing import NamedTuple

from game.games.spiderette.rules import DEAL_SIZE, SUITS, SpideretteState, can_deal
from game.rules.base import DEAL_MOVE, MOVE, Move
from game.rules.pile import TABLEAUS
from game.solver.engine import Search, Shape
from game.solver.spec import SolverSpec, best_first, portfolio
from game.solver.staged import pruned_then_complete

Card = int
Cols = tuple[tuple[Card, ...], ...]
DEAL = -1  # RMove.src of a deal


class RNode(NamedTuple):
    cols: Cols
    down: tuple[int, ...]
    stock: int  # cards left in the stock (the deal's stock, from its end)
    done: int  # suits completed


class RMove(NamedTuple):
    src: int  # a column, or DEAL
    dst: int
    size: int


def run_start(col: tuple[Card, ...], down: int) -> int:
    """The first card of the same-suit descending run at the column's end."""
    i = len(col) - 1
    while i > down and col[i - 1] == col[i] + 1 and col[i - 1] // 13 == col[i] // 13:
        i -= 1
    return i


def _uncover(col: tuple[Card, ...], down: int) -> int:
    """The face-down count once the column's last card is face up again."""
    return min(down, max(0, len(col) - 1))


def _settle(col: tuple[Card, ...], down: int) -> tuple[tuple[Card, ...], int, int]:
    """A column after cards came onto it: a completed king-to-ace suit leaves (and the card under
    it turns up). The column, its face-down count and the suits completed (0 or 1)."""
    n = len(col)
    if n - down >= 13 and col[-1] % 13 == 0 and run_start(col, down) <= n - 13:
        col = col[:-13]
        return col, _uncover(col, down), 1
    return col, down, 0


# (face down, breaks, suits not completed, stock, empty columns): ways of weighing a position
WEIGHTS = ((3.0, 1.5, 10.0, 0.5, 2.0), (6.0, 1.0, 6.0, 1.0, 4.0), (2.0, 3.0, 14.0, 0.2, 1.0))


class SpideretteProblem:
    shape = Shape(safe_moves=False)

    def __init__(self, state: SpideretteState, weights: tuple[float, ...] = WEIGHTS[0], complete: bool = False):
        self.stock_cards = state.stock
        self.weights = weights
        self.complete = complete
        self.initial = RNode(state.tableau, state.down, len(state.stock), len(state.completed))

    def start(self) -> RNode:
        return self.initial

    def key(self, node: RNode) -> Hashable:
        if self.complete and node.stock:  # the next deal puts a known card on each column: order matters
            return node.cols, node.down, node.stock
        return tuple(sorted(zip(node.down, node.cols, strict=True))), node.stock

    def is_goal(self, node: RNode) -> bool:
        return node.done == SUITS

    def safe_move(self, node: RNode) -> None:
        return None

    def successors(self, node: RNode) -> Iterator[tuple[RMove, RNode]]:
        cols, down = node.cols, node.down
        complete = self.complete
        empty = next((j for j, c in enumerate(cols) if not c), -1)
        onto: dict[int, list[int]] = {}  # a rank (0-based) -> the columns whose last card takes it
        for j, dst in enumerate(cols):
            if dst and dst[-1] % 13:
                onto.setdefault(dst[-1] % 13 - 1, []).append(j)
        for i, col in enumerate(cols):
            n = len(col)
            d = down[i]
            if n <= d:
                continue
            start = run_start(col, d)
            top = col[-1] % 13
            # the card at k has rank top + (n - 1 - k); the pruned search moves whole runs only
            for k in range(n - 1, start - 1, -1) if complete else (start,):
                for j in onto.get(top + n - 1 - k, ()):
                    if j == i or (not complete and _pointless(col, d, k, cols[j])):
                        continue
                    yield self._move(node, i, j, n - k)
            if empty >= 0:
                for size in range(1, n - start + 1) if complete else (n - start,):
                    if size == n and not complete:
                        continue
                    yield self._move(node, i, empty, size)
        if can_deal(cols, node.stock):
            yield self._deal(node)

    def _move(self, node: RNode, i: int, j: int, size: int) -> tuple[RMove, RNode]:
        cols, down = list(node.cols), list(node.down)
        moving = cols[i][-size:]
        cols[i] = cols[i][:-size]
        down[i] = _uncover(cols[i], down[i])
        cols[j], down[j], done = _settle(cols[j] + moving, down[j])
        return RMove(i, j, size), RNode(tuple(cols), tuple(down), node.stock, node.done + done)

    def _deal(self, node: RNode) -> tuple[RMove, RNode]:
        dealt = self.stock_cards[max(0, node.stock - DEAL_SIZE) : node.stock]
        cols, down, done = list(node.cols), list(node.down), node.done
        for j, c in enumerate(dealt):
            cols[j], down[j], finished = _settle(cols[j] + (c,), down[j])
            done += finished
        return RMove(DEAL, DEAL, len(dealt)), RNode(tuple(cols), tuple(down), node.stock - len(dealt), done)

    def score(self, node: RNode, depth: int) -> float:
        w_down, w_break, w_suit, w_stock, w_empty = self.weights
        breaks = empties = 0
        for col, d in zip(node.cols, node.down, strict=True):
            if not col:
                empties += 1
            for k in range(max(d, 1), len(col)):
                if col[k - 1] != col[k] + 1:  # not the same suit one rank higher
                    breaks += 1
        return (
            sum(node.down) * w_down
            + breaks * w_break
            + (SUITS - node.done) * w_suit
            + node.stock * w_stock * 0.1
            - empties * w_empty
            + depth * 0.01
        )


def _pointless(col: tuple[Card, ...], d: int, k: int, dst: tuple[Card, ...]) -> bool:
    """A run from ``k`` that lies on a card one rank higher and would not join its own suit."""
    return k > d and col[k - 1] % 13 == col[k] % 13 + 1 and dst[-1] // 13 != col[k] // 13


def to_rules_moves(state: SpideretteState, moves: list[RMove]) -> list[Move]:
    """The solver's moves as the rules' moves."""
    return [DEAL_MOVE if m.src == DEAL else Move(MOVE, TABLEAUS[m.src], TABLEAUS[m.dst], m.size) for m in moves]


def _member(weights: tuple[float, ...], state: SpideretteState) -> SpideretteProblem:
    return SpideretteProblem(state, weights)


def _complete(state: SpideretteState) -> SpideretteProblem:
    return SpideretteProblem(state, WEIGHTS[0], complete=True)


_pruned = portfolio([(partial(_member, w), best_first) for w in WEIGHTS])


def _sample(state: SpideretteState, max_nodes: int, max_seconds: float | None, complete: bool) -> Search[RNode, RMove]:
    """A hint's search of one arrangement of the hidden cards: the first weighting alone, with the
    whole budget (a third of a hint's small budget each wins too few arrangements to tell moves
    apart), every legal move when asked."""
    return Search(SpideretteProblem(state, WEIGHTS[0], complete=complete), max_nodes, max_seconds)


SOLVER = SolverSpec(
    pruned_then_complete(_pruned, _complete),
    to_rules=to_rules_moves,
    sample=_sample,
)
