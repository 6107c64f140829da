"""Forty Thieves as a search problem: a compact position, every move, the safe moves home taken
without branching, and a score. Every card is known to the solver (the stock's order too: a hint
searches worlds whose stock was dealt again, never the real one).

A position is the ten columns (in their places: the key sorts them), the waste, how many cards
the stock still holds (its order is fixed) and each suit's two foundations as two heights, the
higher first. Nothing is pruned that could matter: the only moves left out are a column's one card
into an empty column (the same position, the columns sorted) and every empty column but the first
(empty columns are alike), so a search that runs out of positions proves the deal lost.

Moves are ``(src, dst, size)``: a column 0-9 or the waste (``WASTE``) to a column 0-9 or home
(``HOME``), one card or a run of ``size`` carried through the empty columns (one step here, the
single moves it is made of in the rules' line); ``TURN`` turns the stock.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import NamedTuple

from game.core.cards import NO_CARD, RANK, SUIT, Card
from game.games.fortythieves.rules import FortyThievesState

WASTE = 10
HOME = 10
TURN = (11, 11, 0)
FMove = tuple[int, int, int]  # from, to, how many cards (a run carried through empty columns)
Home = tuple[int, ...]  # the eight heights: suit u's higher at 2u, its lower at 2u + 1

# The score's weights: cards not home, cards out of sequence in the columns (each counted with
# the cards above it), the waste's cards, empty columns (a bonus), the depth, and the cards above
# those that go home next.
Weights = tuple[float, float, float, float, float, float]
DEFAULT_WEIGHTS: Weights = (4.0, 0.3, 2.0, 1.0, 0.0, 0.0)


class FNode(NamedTuple):
    cols: tuple[tuple[Card, ...], ...]
    waste: tuple[Card, ...]
    stock: int  # cards left in the stock: the next one turned is STOCK[stock - 1]
    home: Home


def heights(foundations: tuple[Card, ...]) -> Home:
    """Each suit's two foundation heights, the higher first (a suit has at most two: two aces)."""
    per_suit: list[list[int]] = [[], [], [], []]
    for top in foundations:
        if top != NO_CARD:
            per_suit[SUIT[top]].append(RANK[top])
    out: list[int] = []
    for hs in per_suit:
        hs = sorted(hs + [0, 0], reverse=True)[:2]
        out += hs
    return tuple(out)


def goes_home(c: Card, home: Home) -> bool:
    r, u = RANK[c], 2 * SUIT[c]
    return home[u] == r - 1 or home[u + 1] == r - 1


def safe_home(c: Card, home: Home) -> bool:
    """CM-20's rule for two decks built in suit: ``c`` goes home and no card left could ever need
    it — an ace or a two (an ace always has a foundation of its own), or a card both of whose
    cards one rank lower (the only cards that go on it) are home already."""
    r, u = RANK[c], 2 * SUIT[c]
    if r <= 2:
        return goes_home(c, home)
    return home[u + 1] == r - 1  # the lower foundation takes it: the higher holds the other r - 1


def sent_home(c: Card, home: Home) -> Home:
    """The heights after ``c`` goes home (onto the lower foundation of its suit when both take it)."""
    r, u = RANK[c], 2 * SUIT[c]
    hi, lo = home[u], home[u + 1]
    if lo == r - 1:
        lo = r
    else:
        hi = r
    if lo > hi:
        hi, lo = lo, hi
    return home[:u] + (hi, lo) + home[u + 2 :]


class FortyThievesProblem:
    """The search problem of one position (see the module's docstring). ``complete`` is always
    true: no move that could matter is left out."""

    complete = True

    def __init__(self, state: FortyThievesState, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.stock_cards = state.stock
        self.weights = weights
        self.initial = FNode(state.tableau, state.waste, len(state.stock), heights(state.foundations))

    def start(self) -> FNode:
        return self.initial

    def key(self, node: FNode) -> Hashable:
        """The columns in any order, the waste and the stock left (the foundations follow)."""
        return (tuple(sorted(node.cols)), node.waste, node.stock)

    def is_goal(self, node: FNode) -> bool:
        return sum(node.home) == 104

    def safe_move(self, node: FNode) -> tuple[FMove, FNode] | None:
        home = node.home
        for i, col in enumerate(node.cols):
            if col and safe_home(col[-1], home):
                return (i, HOME, 1), self.play(node, (i, HOME, 1))
        if node.waste and safe_home(node.waste[-1], home):
            return (WASTE, HOME, 1), self.play(node, (WASTE, HOME, 1))
        return None

    def moves(self, node: FNode) -> list[FMove]:
        """Every move worth a branch, the most promising kinds first: home, onto a card, into an
        empty column, the stock. Besides each one-card move, a column's run in suit carried whole
        onto the card above its head (or into an empty column) through the other empty columns, as
        a player does it one card at a time (:func:`run_steps`): one step of the search."""
        cols, home = node.cols, node.home
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
        for i, col in enumerate(cols):
            n = len(col)
            if not n:
                continue
            c = col[-1]
            if goes_home(c, home):
                out.append((i, HOME, 1))
            # the run in suit at the column's end, as long as the empty columns can carry
            k = 1
            while k < n and col[n - k - 1] == col[n - k] + 1 and RANK[col[n - k]] < 13:
                k += 1
            for size in range(1, min(k, 1 << empties) + 1):
                head = col[n - size]
                if RANK[head] < 13:
                    for j in by_top.get(head + 1, ()):
                        if j != i:
                            out.append((i, j, size))
            if empty >= 0 and n > 1:
                later.append((i, empty, 1))
                whole = min(k, 1 << (empties - 1))
                if whole > 1 and whole < n:
                    later.append((i, empty, whole))
        if node.waste:
            c = node.waste[-1]
            if goes_home(c, home):
                out.append((WASTE, HOME, 1))
            if RANK[c] < 13:
                out += [(WASTE, j, 1) for j in by_top.get(c + 1, ())]
            if empty >= 0:
                later.append((WASTE, empty, 1))
        out += later
        if node.stock:
            out.append(TURN)
        return out

    def play(self, node: FNode, move: FMove) -> FNode:
        cols, waste, stock, home = node
        src, dst, size = move
        if move == TURN:
            return FNode(cols, waste + (self.stock_cards[stock - 1],), stock - 1, home)
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
        return FNode(cols, waste, stock, home)

    def successors(self, node: FNode) -> Iterator[tuple[FMove, FNode]]:
        play = self.play
        for m in self.moves(node):
            yield m, play(node, m)

    def score(self, node: FNode, depth: int) -> float:
        """Lower is more promising: cards not home, cards out of sequence (each with the cards
        above it, which must move before it does), the waste's size, empty columns (a bonus), and
        how deep the cards that go home next lie (the cards above the shallowest copy of each)."""
        w_home, w_order, w_waste, w_empty, w_depth, w_dig = self.weights
        home = node.home
        needed: dict[Card, int] = {}  # the next card of each foundation -> the fewest cards above a copy
        for u in range(4):
            for h in home[2 * u], home[2 * u + 1]:
                if h < 13:
                    needed[13 * u + h] = 99
        disorder = 0
        empty = 0
        for col in node.cols:
            n = len(col)
            if not n:
                empty += 1
                continue
            for k in range(1, n):
                below = col[k - 1]
                if below != col[k] + 1 or RANK[below] == 1:
                    disorder += n - k
            for k, c in enumerate(col):
                if c in needed and n - 1 - k < needed[c]:
                    needed[c] = n - 1 - k
        waste = node.waste
        n = len(waste)
        for k, c in enumerate(waste):
            if c in needed and n - 1 - k < needed[c]:
                needed[c] = n - 1 - k
        dig = sum(v for v in needed.values() if v < 99)
        return (
            w_home * (104 - sum(home))
            + w_order * disorder
            + w_waste * n
            - w_empty * empty
            + w_depth * depth
            + w_dig * dig
        )


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
