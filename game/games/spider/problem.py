"""Spider for the solver, with 1, 2 or 4 suits: a compact position and runs moved whole (SPEC SP;
issue 16). ``solver.py`` chooses the search that runs it: this problem under the Python searches, or
the same search compiled (``fast.py``).

A position is four plain values: the columns (tuples of card numbers), the face-down count of
each, how many stock cards are left (the stock's order is fixed by the deal, so its length says
which cards remain) and how many suits are completed. Its key sorts the (face-down, column) pairs,
so positions that differ only in the order of their columns are one. Completing a suit and turning
up a card happen inside a move, as in the rules.

Moves: a same-suit run (or its end) onto a card one rank higher; a run onto an empty column (one
empty column stands for all of them); a deal. What is left out — so this search never proves a
deal lost; ``complete=True`` keeps every legal move:

- a whole column moved onto an empty one (nothing changes but the column's place);
- part of a same-suit run moved onto another card (it splits a run for no new card);
- a run moved from one card one rank higher onto another of a different suit than the run, when
  that uncovers no card and empties no column (the run sits as well where it is).

The score weighs face-down cards, breaks in the columns' runs, suits not yet completed, the stock,
and empty columns, by the weights the solver gives.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import NamedTuple

from game.games.spider.rules import DEAL_SIZE, SpiderState
from game.solver.engine import Shape

Card = int
Cols = tuple[tuple[Card, ...], ...]
DEAL = -1  # SMove.src of a deal


class SNode(NamedTuple):
    cols: Cols
    down: tuple[int, ...]
    stock: int  # cards left in the stock (the deal's stock, from its end)
    done: int  # suits completed


class SMove(NamedTuple):
    src: int  # a column, or DEAL
    dst: int
    size: int


def run_start(col: tuple[Card, ...], down: int) -> int:
    """The first card of the same-suit descending run at the column's end."""
    i = len(col) - 1
    while i > down and col[i - 1] == col[i] + 1 and col[i - 1] // 13 == col[i] // 13:
        i -= 1
    return i


def _settle(col: tuple[Card, ...], down: int) -> tuple[tuple[Card, ...], int, int]:
    """A column after cards were put on it: a completed K-to-A suit leaves (and the card under it
    turns up). Returns the column, its face-down count and the suits completed (0 or 1)."""
    n = len(col)
    if n - down >= 13 and col[-1] % 13 == 0 and run_start(col, down) <= n - 13:
        col = col[:-13]
        return col, min(down, max(0, len(col) - 1)), 1
    return col, down, 0


def _uncover(col: tuple[Card, ...], down: int) -> int:
    """The face-down count once the top card is face up again."""
    return min(down, max(0, len(col) - 1))


class SpiderProblem:
    shape = Shape(safe_moves=False)

    def __init__(
        self, state: SpiderState, weights: tuple[float, ...] = (3.0, 1.5, 10.0, 0.5, 2.0), complete: bool = False
    ) -> None:
        self.stock_cards = state.stock
        self.weights = weights
        self.complete = complete
        self.initial = SNode(state.tableau, state.down, len(state.stock), len(state.completed))

    def start(self) -> SNode:
        return self.initial

    def key(self, node: SNode) -> Hashable:
        if self.complete and node.stock:  # the next deal puts a known card on each column: their order matters
            return node.cols, node.down, node.stock
        # columns in another order are one position: exact once the stock is spent; before that the
        # pruned search takes them as one too, a loss it can afford (2 suits, deals 1-10 at 10 s:
        # 10 won so, 8 with the exact key)
        return tuple(sorted(zip(node.down, node.cols, strict=True))), node.stock

    def is_goal(self, node: SNode) -> bool:
        return node.done == 8

    def safe_move(self, node: SNode) -> None:
        return None

    def last_phase(self, node: SNode) -> bool:
        return not node.stock

    def successors(self, node: SNode) -> Iterator[tuple[SMove, SNode]]:
        yield from self.phase_moves(node)
        if self._can_deal(node):
            yield self._deal(node)

    def phase_moves(self, node: SNode) -> Iterator[tuple[SMove, SNode]]:
        """The moves but the deal."""
        cols, down = node.cols, node.down
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
            # the run's cards that may move with the cards after them (part of a run is left out
            # unless complete): the card at k has rank top + (n - 1 - k)
            for k in range(n - 1, start - 1, -1) if self.complete else (start,):
                for j in onto.get(top + n - 1 - k, ()):
                    if j == i or (not self.complete and self._pointless(col, d, k, start, cols[j])):
                        continue
                    yield self._move(node, i, j, n - k)
            if empty >= 0 and (self.complete or start > 0 or d > 0):  # a whole column: only if it uncovers
                sizes = range(1, n - start + 1) if self.complete else (n - start,)
                for size in sizes:
                    if size == n and not self.complete:
                        continue
                    yield self._move(node, i, empty, size)

    @staticmethod
    def _can_deal(node: SNode) -> bool:
        cols = node.cols
        return bool(node.stock) and (all(cols) or sum(len(c) for c in cols) < len(cols))

    def deal(self, node: SNode) -> tuple[SMove, SNode]:
        return self._deal(node)

    def dealt_score(self, node: SNode, score: float, depth: int) -> float | None:
        """The score of the position a deal from ``node`` (scored ``score`` at ``depth``) leads to,
        without building it: each card dealt adds a break unless it lands on its suit one rank
        higher. None when no deal is legal. (A fifth of the phase search's time went to building
        and scoring deals never taken.)"""
        if not self._can_deal(node):
            return None
        dealt = self.stock_cards[node.stock - DEAL_SIZE : node.stock]
        cols = node.cols
        if not all(cols) or any(cols[j][-1] == c + 1 and c % 13 == 0 for j, c in enumerate(dealt)):
            return self.score(self._deal(node)[1], depth + 1)  # an empty column filled, or a suit completed
        breaks = sum(cols[j][-1] != c + 1 for j, c in enumerate(dealt))
        w_break, w_stock = self.weights[1], self.weights[3]
        return score + breaks * w_break - len(dealt) * w_stock * 0.1 + 0.01

    @staticmethod
    def _pointless(col: tuple[Card, ...], d: int, k: int, start: int, dst: tuple[Card, ...]) -> bool:
        if k > start:
            return True  # part of a same-suit run onto another card
        if k > d and col[k - 1] % 13 == col[k] % 13 + 1:  # it lies on a card one rank higher ...
            return dst[-1] // 13 != col[k] // 13  # ... and would not join its suit there
        return False

    def _move(self, node: SNode, i: int, j: int, size: int) -> tuple[SMove, SNode]:
        cols, down = list(node.cols), list(node.down)
        moving = cols[i][-size:]
        cols[i] = cols[i][:-size]
        down[i] = _uncover(cols[i], down[i])
        cols[j], down[j], done = _settle(cols[j] + moving, down[j])
        return SMove(i, j, size), SNode(tuple(cols), tuple(down), node.stock, node.done + done)

    def _deal(self, node: SNode) -> tuple[SMove, SNode]:
        dealt = self.stock_cards[node.stock - DEAL_SIZE : node.stock]
        cols, down, done = list(node.cols), list(node.down), node.done
        for j, c in enumerate(dealt):
            cols[j], down[j], finished = _settle(cols[j] + (c,), down[j])
            done += finished
        return SMove(DEAL, DEAL, len(dealt)), SNode(tuple(cols), tuple(down), node.stock - len(dealt), done)

    def score(self, node: SNode, depth: int) -> float:
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
            + (8 - node.done) * w_suit
            + node.stock * w_stock * 0.1
            - empties * w_empty
            + depth * 0.01
        )
