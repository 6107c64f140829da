"""Normandy for the solver (NO): a compact position, runs moved whole, the safe cards sent home
without branching, and a score.

A position is the columns, the face-down count of each, how many stock cards are left (the stock's
order is fixed by the deal, so its length says which cards remain) and each suit's two foundation
heights, the higher first (game/solver/two_decks.py). Its key sorts the (face-down, column) pairs:
columns in another order are one position.

A card goes home at once when no card left could ever need it (CM-20 for two decks in alternating
colours). Left out, so this search never proves a deal lost:

- a foundation's card brought back onto a column;
- part of a run moved onto another card, or into an empty column (the whole run moves);
- a whole column moved into an empty one (nothing changes but its place).

A complete search, asked for to prove a loss, searches the rules' own positions with every legal
move instead (:class:`~game.solver.problems.RulesProblem`): slower, and as exact as the rules.

Moves are ``(src, dst, size)``: a column to a column or home (``HOME``), or the deal (``DEAL``).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from functools import partial
from typing import Any, NamedTuple

from game.core.cards import RANK, RED, Card
from game.games.normandy.rules import COLUMNS, Normandy, NormandyState
from game.rules.base import DEAL_MOVE, MOVE, Move
from game.rules.foundations import foundation_slot_for
from game.rules.pile import FOUNDATIONS, TABLEAUS
from game.solver.engine import Shape
from game.solver.problems import RulesProblem
from game.solver.spec import Searcher, SolverSpec, best_first, portfolio
from game.solver.two_decks import Home, goes_home, heights, safe_home_alternate, sent_home

HOME = COLUMNS
DEAL = (-1, -1, COLUMNS)
NMove = tuple[int, int, int]  # from, to, how many cards

# The score's weights: cards not home, face-down cards, breaks in the columns' runs, the stock
# left, empty columns (a bonus).
Weights = tuple[float, float, float, float, float]
DEFAULT_WEIGHTS: Weights = (3.0, 8.0, 2.0, 0.0, 1.0)


class NNode(NamedTuple):
    cols: tuple[tuple[Card, ...], ...]
    down: tuple[int, ...]
    stock: int  # cards left in the stock: the next deal takes stock[stock - 8 : stock]
    home: Home


def fits(c: Card, under: Card) -> bool:
    """NO-2: ``c`` goes on ``under``: one rank lower, the other colour."""
    return RANK[under] == RANK[c] + 1 and RED[under] != RED[c]


def run_start(col: tuple[Card, ...], down: int) -> int:
    """The first card of the run in alternating colours at the column's end."""
    i = len(col) - 1
    while i > down and fits(col[i], col[i - 1]):
        i -= 1
    return i


class NormandyProblem:
    """The search problem of one position (see the module's docstring)."""

    shape = Shape()
    complete = False

    def __init__(self, state: NormandyState, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.stock_cards = state.stock
        self.weights = weights
        self.initial = NNode(state.tableau, state.down, len(state.stock), heights(state.foundations))

    def start(self) -> NNode:
        return self.initial

    def key(self, node: NNode) -> Hashable:
        return tuple(sorted(zip(node.down, node.cols, strict=True))), node.stock, node.home

    def is_goal(self, node: NNode) -> bool:
        return sum(node.home) == 104

    def safe_move(self, node: NNode) -> tuple[NMove, NNode] | None:
        for i, col in enumerate(node.cols):
            if len(col) > node.down[i] and safe_home_alternate(col[-1], node.home):
                move = (i, HOME, 1)
                return move, self.play(node, move)
        return None

    def moves(self, node: NNode) -> list[NMove]:
        """Home first, then whole runs onto a card, then into an empty column, then the deal."""
        cols, down, home = node.cols, node.down, node.home
        out: list[NMove] = []
        later: list[NMove] = []
        empty = next((j for j, col in enumerate(cols) if not col), -1)
        for i, col in enumerate(cols):
            n = len(col)
            if n <= down[i]:
                continue
            if goes_home(col[-1], home):
                out.append((i, HOME, 1))
            start = run_start(col, down[i])
            head = col[start]
            for j, dst in enumerate(cols):
                if j != i and dst and fits(head, dst[-1]):
                    out.append((i, j, n - start))
            if empty >= 0 and start > 0:
                later.append((i, empty, n - start))
        out += later
        if node.stock:
            out.append(DEAL)
        return out

    def play(self, node: NNode, move: NMove) -> NNode:
        cols, down, stock, home = node
        src, dst, size = move
        if move == DEAL:
            dealt = self.stock_cards[stock - COLUMNS : stock]
            return NNode(tuple(col + (dealt[j],) for j, col in enumerate(cols)), down, stock - COLUMNS, home)
        col = cols[src]
        moving, rest = col[-size:], col[:-size]
        new_cols = list(cols)
        new_cols[src] = rest
        if rest and down[src] >= len(rest):  # the card uncovered turns face up
            down = down[:src] + (len(rest) - 1,) + down[src + 1 :]
        if dst == HOME:
            home = sent_home(moving[0], home)
        else:
            new_cols[dst] = cols[dst] + moving
        return NNode(tuple(new_cols), down, stock, home)

    def successors(self, node: NNode) -> Iterator[tuple[NMove, NNode]]:
        play = self.play
        for m in self.moves(node):
            yield m, play(node, m)

    def score(self, node: NNode, depth: int) -> float:
        return score(node, self.weights, depth)


def score(node: NNode, weights: Weights, depth: int) -> float:
    """Lower is more promising: cards not home, face-down cards, breaks in the columns' runs, the
    stock left, empty columns (a bonus)."""
    w_home, w_down, w_break, w_stock, w_empty = weights
    breaks = empties = 0
    for col, d in zip(node.cols, node.down, strict=True):
        if not col:
            empties += 1
        for k in range(max(d, 1), len(col)):
            if not fits(col[k], col[k - 1]):
                breaks += 1
    return (
        w_home * (104 - sum(node.home))
        + w_down * sum(node.down)
        + w_break * breaks
        + w_stock * node.stock
        - w_empty * empties
        + 0.01 * depth
    )


def to_rules_moves(state: NormandyState, moves: list[NMove]) -> list[Move]:
    """The solver's moves as the rules' moves (a card home to the foundation the rules give it)."""
    rules = Normandy()
    out: list[Move] = []
    s = state
    for src, dst, size in moves:
        if (src, dst, size) == DEAL:
            move = DEAL_MOVE
        elif dst == HOME:
            move = Move(MOVE, TABLEAUS[src], FOUNDATIONS[foundation_slot_for(s.tableau[src][-1], s.foundations)])
        else:
            move = Move(MOVE, TABLEAUS[src], TABLEAUS[dst], size)
        out.append(move)
        s = rules.play(s, move)
    return out


def rules_problem(state: NormandyState) -> RulesProblem:
    """Every legal move of the rules, for a complete search (it proves a loss)."""
    rules = Normandy()

    def key(s: NormandyState) -> Hashable:
        return tuple(sorted(zip(s.down, s.tableau, strict=True))), len(s.stock), tuple(sorted(s.foundations))

    def rules_score(s: NormandyState, depth: int) -> float:
        return score(NNode(s.tableau, s.down, len(s.stock), heights(s.foundations)), DEFAULT_WEIGHTS, depth)

    return RulesProblem(rules, state, key, rules_score, complete=True)


# Two best-first searches, each led by other weights, share the budget: on deals 1-20 at 30,000
# positions, each alone wins 9 (the first in less time); with parts of runs moved too, as many in
# twice the time.
_PRUNED = portfolio(
    [
        (partial(NormandyProblem, weights=DEFAULT_WEIGHTS), best_first),
        (partial(NormandyProblem, weights=(3.0, 4.0, 2.0, 0.0, 2.0)), best_first),
    ],
    2_000,
)


def _make(state: NormandyState, max_nodes: int, max_seconds: float | None, complete: bool) -> Searcher:
    """Two best-first searches led by other weights share the budget; a complete search is one
    search of the rules' own moves."""
    if complete:
        return best_first(rules_problem(state), max_nodes, max_seconds)
    return _PRUNED(state, max_nodes, max_seconds, False)


def _to_rules(state: NormandyState, moves: list[Any]) -> list[Move]:
    """A line of either search as the rules' moves (the complete one's are the rules' already)."""
    if moves and isinstance(moves[0], Move):
        return list(moves)
    return to_rules_moves(state, moves)


SOLVER = SolverSpec(_make, to_rules=_to_rules)
