"""Baker's Dozen for the solver: a compact position (the columns and each suit's height home), every
move (a column's last card home or onto a card one rank higher: nothing is left out, so an
exhausted search proves a deal lost), the provably safe moves home taken without branching, and a
score that counts the cards not home and the cards lying on lower ones."""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from functools import partial
from typing import NamedTuple

from game.core.cards import NO_CARD, RANK, SUIT, Card
from game.games.bakersdozen.rules import BakersDozen, DozenState
from game.rules.base import MOVE, Move
from game.rules.pile import FOUNDATIONS, TABLEAUS
from game.solver.engine import Shape
from game.solver.spec import SolverSpec, best_first, depth_first, portfolio

Cols = tuple[tuple[Card, ...], ...]
Home = tuple[int, int, int, int]
HOME = -1  # a solver move's destination when the card goes to its foundation


class BDMove(NamedTuple):
    src: int  # the column the card leaves
    dst: int  # the column it goes on, or HOME


class BDNode(NamedTuple):
    cols: Cols
    home: Home  # the rank on each suit's foundation (0: none)


def safe_cards(home: Home) -> frozenset[Card]:
    """CM-20's rule here: the next card of a suit goes home without a choice when no card left could
    ever need to be put on it. Any card one rank lower may go on it, whatever the suit, so: an ace,
    a two (an ace always goes home rather than onto it), or a card whose rank below is home in
    every suit (card = suit * 13 + rank - 1)."""
    low = min(home)
    return frozenset(13 * suit + h for suit, h in enumerate(home) if h < 13 and (h <= 1 or low >= h))


def column_cost(col: tuple[Card, ...], wanted: frozenset[Card], weights: tuple[float, ...]) -> float:
    """A column's share of the score (lower is better): its cards lying on a lower card (each must
    move off before that card can go home), more for one lying on a lower card of its own suit (it
    can never go home first: it must find a place in the columns), and the cards on top of each
    card wanted next."""
    w_block, w_dig, _, _, w_same = weights
    blocking = 0
    same = 0
    low = 99
    lows = [99, 99, 99, 99]  # the lowest rank of each suit so far, from the bottom up
    dig = 0
    n = len(col)
    for k, c in enumerate(col):
        r, suit = RANK[c], SUIT[c]
        if r > low:
            blocking += 1
            if r > lows[suit]:
                same += 1
        else:
            low = r
        if r < lows[suit]:
            lows[suit] = r
        if c in wanted:
            dig += n - 1 - k
    return w_block * blocking + w_dig * dig + w_same * same


def stuck(cols: Cols, home: Home) -> bool:
    """Some card can never leave its column, whatever is played: a sound test of a lost position.

    A card leaves its place for its foundation (only if no lower card of its suit lies under it)
    or for a card one rank higher that is not home, not under it, and has every card above it
    able to leave first. Which cards could leave is found from the top of each column down, the
    least set closed under those two ways out: the first card in a column that is not in it can
    never move, and the position is lost (in a won game every card leaves, each in its turn)."""
    where: dict[Card, tuple[int, int]] = {}
    for i, col in enumerate(cols):
        for k, c in enumerate(col):
            where[c] = (i, k)
    freed = [0] * len(cols)  # how many cards from the top of each column could leave
    left = sum(len(col) for col in cols)
    moved = True
    while moved:
        moved = False
        for i, col in enumerate(cols):
            n = len(col)
            while freed[i] < n:
                k = n - 1 - freed[i]
                c = col[k]
                r, suit = RANK[c], SUIT[c]
                free = True
                for y in col[:k]:
                    if SUIT[y] == suit and RANK[y] < r:
                        free = False
                        break
                if not free and r < 13:
                    for s in range(4):
                        if home[s] >= r + 1:
                            continue
                        j, t = where[13 * s + r]  # the card one rank higher in suit s
                        if j == i and t < k:
                            continue
                        if t >= len(cols[j]) - 1 - freed[j]:
                            free = True
                            break
                if not free:
                    break
                freed[i] += 1
                left -= 1
                moved = True
    return left > 0


# blocking, digging, depth, cards not home, blocking a lower card of its own suit. Two weightings
# take turns of QUANTUM positions, the first searched best first and depth first, the second best
# first: chosen on deals 1-60, where each wins deals the others leave unknown. The first weighs most
# the cards above a lower one of their own suit (such a card must find a place in the columns), with
# a light depth term that keeps the search deep; the second only counts the cards on lower ones.
WEIGHTS = ((1.0, 0.3, 0.5, 1.0, 2.0), (2.0, 0.5, 1.0, 1.0, 0.0))
QUANTUM = 4_000


class DozenProblem:
    """Positions after their safe moves home; children by every legal move."""

    shape = Shape()

    complete = True

    def __init__(self, state: DozenState, weights: tuple[float, ...] = WEIGHTS[0]) -> None:
        self.weights = weights
        home = [0, 0, 0, 0]
        for top in state.foundations:
            if top != NO_CARD:
                home[SUIT[top]] = RANK[top]
        self.initial = BDNode(state.tableau, (home[0], home[1], home[2], home[3]))
        self._safe: dict[Home, frozenset[Card]] = {}
        self._costs: dict[tuple[Home, tuple[Card, ...]], float] = {}

    def start(self) -> BDNode:
        return self.initial

    def key(self, node: BDNode) -> Hashable:
        """The columns in any order (they are alike: an empty one takes nothing); the foundations
        hold the rest."""
        return tuple(sorted(node.cols))

    def is_goal(self, node: BDNode) -> bool:
        return node.home == (13, 13, 13, 13)

    def _safe_for(self, home: Home) -> frozenset[Card]:
        safe = self._safe.get(home)
        if safe is None:
            safe = self._safe[home] = safe_cards(home)
        return safe

    def safe_move(self, node: BDNode) -> tuple[BDMove, BDNode] | None:
        safe = self._safe_for(node.home)
        for i, col in enumerate(node.cols):
            if col and col[-1] in safe:
                return BDMove(i, HOME), _home(node, i)
        return None

    def successors(self, node: BDNode) -> Iterator[tuple[BDMove, BDNode]]:
        cols, home = node.cols, node.home
        if stuck(cols, home):
            return
        tops: dict[int, list[int]] = {}  # rank of a column's last card -> the columns
        for j, col in enumerate(cols):
            if col:
                tops.setdefault(RANK[col[-1]], []).append(j)
        for i, col in enumerate(cols):
            if not col:
                continue
            c = col[-1]
            if home[SUIT[c]] == RANK[c] - 1:
                yield BDMove(i, HOME), _home(node, i)
            for j in tops.get(RANK[c] + 1, ()):
                changed = list(cols)
                changed[i], changed[j] = col[:-1], cols[j] + (c,)
                yield BDMove(i, j), BDNode(tuple(changed), home)

    def score(self, node: BDNode, depth: int) -> float:
        """Cards not home; cards lying on lower ones; cards on top of the next card of each suit;
        a little depth."""
        home = node.home
        wanted = frozenset(suit * 13 + h for suit, h in enumerate(home) if h < 13)
        w_depth, w_home = self.weights[2], self.weights[3]
        costs = self._costs
        h = (52.0 - sum(home)) * w_home
        for col in node.cols:
            if col:
                got = costs.get((home, col))
                if got is None:
                    got = costs[(home, col)] = column_cost(col, wanted, self.weights)
                h += got
        return h + w_depth * depth


def _home(node: BDNode, i: int) -> BDNode:
    col = node.cols[i]
    c = col[-1]
    h = list(node.home)
    h[SUIT[c]] += 1
    return BDNode(node.cols[:i] + (col[:-1],) + node.cols[i + 1 :], (h[0], h[1], h[2], h[3]))


def to_rules_moves(state: DozenState, moves: list[BDMove]) -> list[Move]:
    """The solver's moves as the rules' moves, replayed on the real position (a card goes to the
    foundation slot of its suit, or the first empty one for an ace)."""
    rules = BakersDozen()
    out: list[Move] = []
    s = state
    for m in moves:
        if m.dst == HOME:
            card = s.tableau[m.src][-1]
            slot = next(
                f
                for f, top in enumerate(s.foundations)
                if (top == NO_CARD and RANK[card] == 1) or (RANK[card] > 1 and top == card - 1)
            )
            move = Move(MOVE, TABLEAUS[m.src], FOUNDATIONS[slot])
        else:
            move = Move(MOVE, TABLEAUS[m.src], TABLEAUS[m.dst])
        out.append(move)
        s = rules.play(s, move)
    return out


MEMBERS = (
    (partial(DozenProblem, weights=WEIGHTS[0]), best_first),
    (partial(DozenProblem, weights=WEIGHTS[0]), depth_first),
    (partial(DozenProblem, weights=WEIGHTS[1]), best_first),
)
# The verdict after each move (CM-21) searches 30,000 positions, about 3 s of one core, not the
# default 150,000: a hard deal's search ran 15 s after every move ("Computing…" all the while).
SOLVER = SolverSpec(portfolio(MEMBERS, QUANTUM), to_rules=to_rules_moves, verdict_nodes=30_000)
