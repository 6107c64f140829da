"""Scorpion for the solver (SPEC SC): a compact position, the rules' own moves, and a search that
leaves out nothing that could matter, so it proves a deal lost when it cannot be won.

A position is the columns (tuples of card numbers), the face-down count of each, whether the stock
is still to be dealt and how many suits have left. Card ``c`` goes only on ``c + 1`` (its suit,
one rank higher), and one deck holds each card once: a column's last card takes at most one card
of the table, so a position has at most seven moves onto cards, a king's moves onto the empty
columns and the deal.

Why nothing that is left out could matter:

- **Columns that are interchangeable.** Once the stock is dealt, columns in another order are one
  position; before, the three left columns each wait for a known card of the stock, so only the
  other four are interchangeable. A king goes into one empty column of each kind, and a column
  that is a king with everything on it does not move into an empty column of its own kind (nothing
  but its place would change).
- **Joins once the stock is dealt.** A card moved onto its suit one rank higher (with everything on
  it) can never be wrong once the deal is done: the card under it lay where only that card could
  go, every move of the position before has its like after, and the card it leaves uncovered is
  one more to play. So, dealt, the search takes every such move at once, one after the other,
  without branching; only the kings' moves into empty columns are choices. Before the deal a join
  can be wrong (a dealt card could land on a card it should have covered), so there it branches.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import NamedTuple

from game.games.scorpion.rules import ScorpionState
from game.rules.base import DEAL_MOVE, MOVE, Move
from game.rules.pile import TABLEAUS
from game.solver.engine import Search, Shape
from game.solver.spec import Searcher, SolverSpec

Card = int
Cols = tuple[tuple[Card, ...], ...]
LEFT = 3  # the columns the stock is dealt onto
SUITS = 4
SUIT_LENGTH = 13


class SNode(NamedTuple):
    cols: Cols
    down: tuple[int, ...]
    undealt: bool  # the stock is still to be dealt
    done: int  # suits that left the table


def _uncovered(col: tuple[Card, ...], down: int) -> int:
    """The face-down count once the column's last card is face up again."""
    return min(down, max(0, len(col) - 1))


def _settle(col: tuple[Card, ...], down: int) -> tuple[tuple[Card, ...], int, int]:
    """A column after cards came onto it: a complete king-to-ace run of one suit at its end leaves
    (and the card under it turns up). The column, its face-down count and the suits gone (0 or 1)."""
    n = len(col)
    if n - down < SUIT_LENGTH or col[-1] % 13:
        return col, down, 0
    for k in range(n - SUIT_LENGTH + 1, n):
        if col[k - 1] != col[k] + 1:
            return col, down, 0
    rest = col[: n - SUIT_LENGTH]
    return rest, _uncovered(rest, down), 1


def _breaks(cols: Cols, down: tuple[int, ...]) -> int:
    """Places where a face-up card does not lie on its suit one rank higher (its card must move
    again), and non-kings at the bottom of a column (each must move onto its card one day)."""
    n = 0
    for col, d in zip(cols, down, strict=True):
        if col and d == 0 and col[0] % 13 != 12:
            n += 1
        for k in range(max(d, 1), len(col)):
            if col[k - 1] != col[k] + 1:
                n += 1
    return n


def _joins(cols: Cols, down: tuple[int, ...], first: bool = False) -> list[tuple[int, int, int]]:
    """Every card that may go on another column's last card (its suit, one rank higher), as
    (from, to, cards moved); with ``first``, the first one only."""
    out = []
    for j, dst in enumerate(cols):
        if dst and dst[-1] % 13:
            wanted = dst[-1] - 1
            for i, col in enumerate(cols):
                if wanted in col:
                    k = col.index(wanted)
                    if i != j and k >= down[i]:
                        out.append((i, j, len(col) - k))
                        if first:
                            return out
                    break
    return out


_MOVES: dict[tuple[int, int, int], Move] = {}


def _move_of(i: int, j: int, size: int) -> Move:
    """The rules' move of ``size`` cards from column ``i`` to column ``j`` (made once, then kept)."""
    move = _MOVES.get((i, j, size))
    if move is None:
        move = _MOVES[i, j, size] = Move(MOVE, TABLEAUS[i], TABLEAUS[j], size)
    return move


class ScorpionProblem:
    """Scorpion's search: complete (``complete`` is always True: nothing that could matter is left
    out, see the module's note)."""

    shape = Shape()

    complete = True

    def __init__(self, state: ScorpionState, weights: tuple[float, float] = (3.0, 2.0)) -> None:
        self.stock = state.stock
        self.weights = weights
        self.initial = SNode(state.tableau, state.down, bool(state.stock), len(state.completed))

    def start(self) -> SNode:
        return self.initial

    def key(self, node: SNode) -> Hashable:
        pairs = tuple(zip(node.down, node.cols, strict=True))
        if node.undealt:  # the left columns wait for their dealt cards: their order matters
            return pairs[:LEFT], tuple(sorted(pairs[LEFT:]))
        return tuple(sorted(pairs))

    def is_goal(self, node: SNode) -> bool:
        return node.done == SUITS

    def safe_move(self, node: SNode) -> tuple[Move, SNode] | None:
        """Once the stock is dealt: a card onto its suit one rank higher (the module's note)."""
        if node.undealt:
            return None
        found = _joins(node.cols, node.down, first=True)
        return self._move(node, *found[0]) if found else None

    def successors(self, node: SNode) -> Iterator[tuple[Move, SNode]]:
        yield from self._joins(node)
        yield from self._kings(node)
        if node.undealt:
            yield self._deal(node)

    def _joins(self, node: SNode) -> Iterator[tuple[Move, SNode]]:
        for i, j, size in _joins(node.cols, node.down):
            yield self._move(node, i, j, size)

    def _kings(self, node: SNode) -> Iterator[tuple[Move, SNode]]:
        cols, down = node.cols, node.down
        empties = [j for j, col in enumerate(cols) if not col]
        if not empties:
            return
        if node.undealt:  # each empty left column, and one of the others
            targets = [j for j in empties if j < LEFT] + [j for j in empties if j >= LEFT][:1]
        else:
            targets = empties[:1]
        for i, col in enumerate(cols):
            for k in range(down[i], len(col)):
                if col[k] % 13 != 12:
                    continue
                whole = k == 0
                for j in targets:
                    if whole and (not node.undealt or (i >= LEFT and j >= LEFT)):
                        continue  # only its place would change
                    yield self._move(node, i, j, len(col) - k)

    def _move(self, node: SNode, i: int, j: int, size: int) -> tuple[Move, SNode]:
        cols, down = list(node.cols), list(node.down)
        src = cols[i]
        rest = src[:-size]
        cols[i] = rest
        if down[i] >= len(rest):
            down[i] = _uncovered(rest, down[i])
        joined = cols[j] + src[-size:]
        gone = 0
        if joined[-1] % 13 == 0 and len(joined) - down[j] >= SUIT_LENGTH:
            joined, down[j], gone = _settle(joined, down[j])
        cols[j] = joined
        return _move_of(i, j, size), SNode(tuple(cols), tuple(down), node.undealt, node.done + gone)

    def _deal(self, node: SNode) -> tuple[Move, SNode]:
        cols, down, done = list(node.cols), list(node.down), node.done
        for j, c in enumerate(self.stock):
            cols[j], down[j], gone = _settle(cols[j] + (c,), down[j])
            done += gone
        return DEAL_MOVE, SNode(tuple(cols), tuple(down), False, done)

    def score(self, node: SNode, depth: int) -> float:
        w_down, w_break = self.weights
        return sum(node.down) * w_down + _breaks(node.cols, node.down) * w_break + depth * 0.01


def _make(state: ScorpionState, max_nodes: int, max_seconds: float | None, complete: bool) -> Searcher:
    """One best-first search; it is complete either way."""
    return Search(ScorpionProblem(state), max_nodes, max_seconds)


SOLVER = SolverSpec(_make)
