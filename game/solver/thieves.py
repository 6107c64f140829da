"""The Forty Thieves family (game/rules/thieves.py) as a search problem: a compact position, every
move, the safe moves home taken without branching, and a score. Every card is known to the solver
(the stock's order too: a hint searches worlds whose stock was dealt again, never the real one).

A position is the columns (in their places: the key sorts them), the waste, the stock (the cards
it was last made of, which a redeal changes, and how many are left of them), the redeals left and
each suit's two foundations as two heights, the higher first. Nothing is pruned that could matter:
the only moves left out are a column's one card into an empty column (the same position, the
columns sorted) and every empty column but the first (empty columns are alike), so a search that
runs out of positions proves the deal lost.

Moves are ``(src, dst, size)``: a column or the waste (``WASTE``) to a column or home (``HOME``),
one card or a run of ``size`` carried through the empty columns (one step here, the single moves it
is made of in the rules' line); ``TURN`` turns the stock and ``REDEAL`` turns the waste back.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from functools import partial
from typing import NamedTuple

from game.core.cards import RANK, Card
from game.rules.base import DRAW_MOVE, MOVE, RECYCLE_MOVE, Move
from game.rules.foundations import foundation_slot_for
from game.rules.pile import FOUNDATIONS, TABLEAUS, WASTE_PILE, Pile
from game.rules.thieves import Thieves, ThievesState
from game.solver.engine import Shape
from game.solver.spec import SolverSpec, Way, best_first, portfolio
from game.solver.two_decks import Home, goes_home, heights, safe_home, sent_home

WASTE = 10  # no game of the family has more than ten columns
HOME = 10
TURN = (11, 11, 0)
REDEAL = (12, 12, 0)
FMove = tuple[int, int, int]  # from, to, how many cards (a run carried through empty columns)

# The score's weights: cards not home, cards out of sequence in the columns (each counted with
# the cards above it), the waste's cards, empty columns (a bonus), and the depth.
Weights = tuple[float, float, float, float, float]
DEFAULT_WEIGHTS: Weights = (4.0, 0.3, 2.0, 1.0, 0.0)


class FNode(NamedTuple):
    cols: tuple[tuple[Card, ...], ...]
    waste: tuple[Card, ...]
    stock: int  # cards left in the stock: the next one turned is deck[stock - 1]
    home: Home
    deck: tuple[Card, ...]  # the stock as it was last made (the deal's, or a redeal's), top card last
    redeals: int  # how many times the waste may still go back


class ThievesProblem:
    """The search problem of one position (see the module's docstring). ``complete`` is always
    true: no move that could matter is left out."""

    shape = Shape()

    complete = True

    def __init__(self, state: ThievesState, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.stock_cards = state.stock
        self.weights = weights
        self.initial = FNode(
            state.tableau, state.waste, len(state.stock), heights(state.foundations), state.stock, state.redeals
        )
        self._safe: dict[Home, frozenset[Card]] = {}  # the cards safe_home sends home, by foundations
        self._disorder: dict[tuple[Card, ...], int] = {}  # column_disorder of each column met
        self._runs: dict[tuple[Card, ...], tuple[int, tuple[tuple[int, Card], ...]]] = {}  # column_run's
        self._homeable: dict[Home, frozenset[Card]] = {}  # the cards that go home, by foundations

    def start(self) -> FNode:
        return self.initial

    def key(self, node: FNode) -> Hashable:
        """The columns in any order, the waste and the stock left (the foundations follow): the
        stock's count while it is the one the search began with, its cards and the redeals left
        once a redeal has made another."""
        if node.deck is self.stock_cards:
            return (tuple(sorted(node.cols)), node.waste, node.stock)
        return (tuple(sorted(node.cols)), node.waste, node.deck[: node.stock], node.redeals)

    def is_goal(self, node: FNode) -> bool:
        return sum(node.home) == 104

    def safe_move(self, node: FNode) -> tuple[FMove, FNode] | None:
        safe = self._safe.get(node.home)
        if safe is None:
            safe = self._safe[node.home] = safe_cards(node.home)
        for i, col in enumerate(node.cols):
            if col and col[-1] in safe:
                return (i, HOME, 1), self.play(node, (i, HOME, 1))
        if node.waste and node.waste[-1] in safe:
            return (WASTE, HOME, 1), self.play(node, (WASTE, HOME, 1))
        return None

    def moves(self, node: FNode) -> list[FMove]:
        """Every move worth a branch, the most promising kinds first: home, onto a card, into an
        empty column, the stock. Besides each one-card move, a column's run in suit carried whole
        onto the card above its head (or into an empty column) through the other empty columns, as
        a player does it one card at a time (:func:`run_steps`): one step of the search."""
        cols = node.cols
        homeable = self._homeable.get(node.home)
        if homeable is None:
            homeable = self._homeable[node.home] = frozenset(c for c in range(52) if goes_home(c, node.home))
        out: list[FMove] = []
        by_top: dict[Card, list[int]] = {}
        empties = 0
        empty = -1
        for j, col in enumerate(cols):
            if col:
                by_top.setdefault(col[-1], []).append(j)
            else:
                empties += 1
                if empty < 0:
                    empty = j
        later: list[FMove] = []
        cap = 1 << empties
        runs = self._runs
        for i, col in enumerate(cols):
            if not col:
                continue
            if col[-1] in homeable:
                out.append((i, HOME, 1))
            run = runs.get(col)
            if run is None:
                run = runs[col] = column_run(col)
            k, heads = run
            for size, parent in heads:
                if size > cap:
                    break
                for j in by_top.get(parent, ()):
                    if j != i:
                        out.append((i, j, size))
            if empty >= 0 and len(col) > 1:
                later.append((i, empty, 1))
                whole = min(k, cap >> 1)
                if whole > 1 and whole < len(col):
                    later.append((i, empty, whole))
        if node.waste:
            c = node.waste[-1]
            if c in homeable:
                out.append((WASTE, HOME, 1))
            if RANK[c] < 13:
                out += [(WASTE, j, 1) for j in by_top.get(c + 1, ())]
            if empty >= 0:
                later.append((WASTE, empty, 1))
        out += later
        if node.stock:
            out.append(TURN)
        elif node.redeals and node.waste:
            out.append(REDEAL)
        return out

    def play(self, node: FNode, move: FMove) -> FNode:
        cols, waste, stock, home, deck, redeals = node
        src, dst, size = move
        if move == TURN:
            return FNode(cols, waste + (deck[stock - 1],), stock - 1, home, deck, redeals)
        if move == REDEAL:
            return FNode(cols, (), len(waste), home, waste[::-1], redeals - 1)
        if src == WASTE:
            cards = waste[-1:]
            waste = waste[:-1]
        else:
            cards = cols[src][-size:]
            cols = cols[:src] + (cols[src][:-size],) + cols[src + 1 :]
        if dst == HOME:
            home = sent_home(cards[0], home)
        else:
            cols = cols[:dst] + (cols[dst] + cards,) + cols[dst + 1 :]
        return FNode(cols, waste, stock, home, deck, redeals)

    def successors(self, node: FNode) -> Iterator[tuple[FMove, FNode]]:
        play = self.play
        for m in self.moves(node):
            yield m, play(node, m)

    def score(self, node: FNode, depth: int) -> float:
        """Lower is more promising: cards not home, cards out of sequence (each with the cards
        above it, which must move before it does), the waste's size, empty columns (a bonus)."""
        w_home, w_order, w_waste, w_empty, w_depth = self.weights
        disorder = 0
        empty = 0
        known = self._disorder
        for col in node.cols:
            if not col:
                empty += 1
                continue
            d = known.get(col)
            if d is None:
                d = known[col] = column_disorder(col)
            disorder += d
        return (
            w_home * (104 - sum(node.home))
            + w_order * disorder
            + w_waste * len(node.waste)
            - w_empty * empty
            + w_depth * depth
        )


def column_run(col: tuple[Card, ...]) -> tuple[int, tuple[tuple[int, Card], ...]]:
    """The length of the run in suit at the end of a column, and for each part of it that may move
    (its top ``size`` cards, shortest first) the card its head goes on (none for a king)."""
    n = len(col)
    k = 1
    while k < n and col[n - k - 1] == col[n - k] + 1 and RANK[col[n - k]] < 13:
        k += 1
    return k, tuple((size, col[n - size] + 1) for size in range(1, k + 1) if RANK[col[n - size]] < 13)


def column_disorder(col: tuple[Card, ...]) -> int:
    """The cards of a column out of sequence, each counted with the cards above it."""
    n = len(col)
    disorder = 0
    for k in range(1, n):
        below = col[k - 1]
        if below != col[k] + 1 or RANK[below] == 1:
            disorder += n - k
    return disorder


def safe_cards(home: Home) -> frozenset[Card]:
    """Every card :func:`safe_home` sends home from these foundations."""
    return frozenset(c for c in range(52) if safe_home(c, home))


def run_steps(src: int, dst: int, size: int, free: list[int]) -> list[tuple[int, int]]:
    """The one-card moves that carry ``size`` cards from column ``src`` to column ``dst`` through
    the empty columns ``free`` (at most 2 ** len(free) cards): half of them to an empty column,
    the rest to ``dst``, then the half onto them, each half carried the same way."""
    if size == 1:
        return [(src, dst)]
    if not free or size > 1 << len(free):
        raise ValueError(f"{size} cards cannot be carried through {len(free)} empty columns")
    half, via, rest = size // 2, free[0], free[1:]
    return run_steps(src, via, half, rest) + run_steps(src, dst, size - half, rest) + run_steps(via, dst, half, rest)


# Three best-first searches share the budget, each led by other weights (see Weights): on Forty
# Thieves deals 1-20 at 10,000 positions each, they win 6, 4 and 6 deals, 8 together. Depth first,
# tried as well, won 1.
WEIGHTS: tuple[tuple[Weights, Way], ...] = (
    (DEFAULT_WEIGHTS, best_first),
    ((4.0, 0.5, 3.0, 0.0, 0.0), best_first),
    ((4.0, 0.3, 1.0, 1.0, 0.0), best_first),
)
QUANTUM = 2_000


def thieves_solver(rules: Thieves) -> SolverSpec:
    """The solver of a game of the family: the three searches over one complete problem (a win
    found by any is a win, and one that runs out of positions has proved the loss), the solutions
    given back as the rules' own moves."""

    def to_rules(state: ThievesState, moves: list[FMove]) -> list[Move]:
        return to_rules_moves(rules, state, moves)

    make = portfolio([(partial(ThievesProblem, weights=w), way) for w, way in WEIGHTS], QUANTUM)
    return SolverSpec(make, to_rules=to_rules, verdict_nodes=150_000, winnable_nodes=60_000)


def to_rules_moves(rules: Thieves, state: ThievesState, moves: list[FMove]) -> list[Move]:
    """The solver's moves as the rules' moves: a run carried through the empty columns as its
    one-card moves, a card home to the foundation the rules give it."""
    out: list[Move] = []
    s = state
    for src, dst, size in moves:
        if (src, dst, size) == TURN:
            steps = [DRAW_MOVE]
        elif (src, dst, size) == REDEAL:
            steps = [RECYCLE_MOVE]
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


def _target(s: ThievesState, card: int, dst: int) -> Pile:
    return FOUNDATIONS[foundation_slot_for(card, s.foundations)] if dst == HOME else TABLEAUS[dst]
