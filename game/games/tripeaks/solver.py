"""TriPeaks in compact form: a position is one int, so a deal's whole space is searched and a lost
deal is proved lost (TP-1 ... TP-5).

The deal's cards stay where they were dealt; a position says only what has gone: a bitmask of the
peaks' cards played, how many stock cards have been turned and the rank of the waste's top card
(suits never matter). The moves are the rules' own moves.

A turn of the stock is searched as a run of turns that ends on a card some uncovered card fits:
a turn onto a card nothing fits leads only to more turns, and the longer run reaches the same
positions directly. With turns taken so, one cut keeps the space small without leaving out a win:
two positions with the same cards played and the same waste top, the second with more of the stock
turned, are met in that order — the first *dominates* the second. Whatever the second can still do
the first can do too, in as many steps: the same plays, and a run of turns that goes on to the
same stock card. So a position dominated by one met before is not searched, and exhausting the
space still proves a loss. (Single turns would not do: a position's own turn onto a card of the
rank it shows is dominated by it, and the search would never go past it.)
"""

from __future__ import annotations

from collections.abc import Hashable

from game.core.cards import NO_CARD, RANK
from game.games.tripeaks.rules import COVERED_BY, LATTICE_ROW, PEAK_PLACES, PLACES, TriPeaksState
from game.rules.base import DRAW_MOVE, MOVE, Move
from game.rules.pile import WASTE_PILE
from game.solver.engine import Shape
from game.solver.spec import SolverSpec, single

# A position: bits 0-27 the peaks' cards played, 28-32 the stock cards turned, 33-36 the waste's top rank.
_ALL = (1 << PLACES) - 1
_TURNED = PLACES
_TOP = PLACES + 5
_COVER_MASK = tuple(sum(1 << j for j in COVERED_BY[k]) for k in range(PLACES))
# Measured on deals 1-120 (both options): trying the bottom rows' cards first finds each win in
# about 6 % fewer positions than the top rows' first; the same deals are won either way.
_ORDER = tuple(sorted(range(PLACES), key=lambda k: (-LATTICE_ROW[k], k)))
# The uncovered cards of a set played and where a run of turns may end (see TriPeaksProblem._free),
# kept for at most FREE_KEPT sets (about 60 MB; measured: 14,000 sets in a search of 88,000 positions).
FREE_KEPT = 200_000
_Free = tuple[tuple[tuple[tuple[Move, ...], int, int], ...], tuple[int, ...]]


class TriPeaksProblem:
    """Complete: every legal move is tried; the only positions left out are dominated ones (see
    the module's docstring), so exhausting the space proves a loss."""

    shape = Shape(ordered=True, safe_moves=False)

    complete = True

    def __init__(self, state: TriPeaksState) -> None:
        self.ranks = tuple(RANK[c] if c != NO_CARD else 0 for c in state.peaks)
        self.stock = tuple(RANK[c] for c in reversed(state.stock))  # in the order they are turned
        self.wrap = state.wrap
        gone = sum(1 << k for k, c in enumerate(state.peaks) if c == NO_CARD)
        top = RANK[state.waste[-1]] if state.waste else 0
        self.initial = gone | top << _TOP
        self.plays = tuple((Move(MOVE, PEAK_PLACES[k], WASTE_PILE),) for k in range(PLACES))
        self.turns = tuple((DRAW_MOVE,) * n for n in range(len(self.stock) + 1))
        # for each waste top rank (0: none, any card goes), the ranks that go onto it
        self.fits = tuple(self._fits(top) for top in range(14))
        # for each (cards played, waste top), the fewest stock cards turned it was met with
        self.earliest: dict[int, int] = {self._without_turns(self.initial): 0}
        # the search's view of each place (its line, bit and rank), shared by every set it is free in
        self.places = tuple((self.plays[k], 1 << k, self.ranks[k]) for k in range(PLACES))
        self.free: dict[int, _Free] = {}  # for each set of cards played met (see _free)
        self.stops: dict[int, tuple[int, ...]] = {}  # for each set of ranks uncovered: where turns may end

    def _fits(self, top: int) -> frozenset[int]:
        if top == 0:
            return frozenset(range(1, 14))
        near = {top - 1, top + 1} & set(range(1, 14))
        if self.wrap and top in (1, 13):
            near.add(14 - top if top == 13 else 13)
        return frozenset(near)

    @staticmethod
    def _without_turns(node: int) -> int:
        return node & _ALL | (node >> _TOP) << _TURNED

    def start(self) -> int:
        return self.initial

    def key(self, node: int) -> Hashable:
        return node

    def is_goal(self, node: int) -> bool:
        return node & _ALL == _ALL

    def safe_move(self, node: int) -> tuple[Move, int] | None:
        return None

    def lines(self, node: int) -> list[tuple[tuple[Move, ...], int]]:
        """The uncovered cards that fit the waste (the bottom rows first), then each run of turns of
        the stock that ends on a card an uncovered card fits, the shortest first; positions dominated
        by one met before are left out."""
        gone = node & _ALL
        turned = node >> _TURNED & 31
        fits = self.fits[node >> _TOP]
        earliest = self.earliest
        free, stops = self._free(gone)
        out: list[tuple[tuple[Move, ...], int]] = []
        for line, bit, r in free:
            if r in fits:
                played = gone | bit
                seen = played | r << _TURNED
                if earliest.get(seen, 99) > turned:
                    earliest[seen] = turned
                    out.append((line, played | turned << _TURNED | r << _TOP))
        for t in stops:
            if t > turned:
                r = self.stock[t - 1]
                seen = gone | r << _TURNED
                if earliest.get(seen, 99) > t:
                    earliest[seen] = t
                    out.append((self.turns[t - turned], gone | t << _TURNED | r << _TOP))
        return out

    def _free(self, gone: int) -> _Free:
        """The uncovered cards when ``gone`` have been played (the bottom rows first: each card's
        line, bit and rank), and the stock cards, counted as turned, some of them fits: a run of
        turns may end there. Kept for each set met: many positions share their peaks."""
        known = self.free.get(gone)
        if known is None:
            free = tuple(
                self.places[k] for k in _ORDER if not gone >> k & 1 and gone & _COVER_MASK[k] == _COVER_MASK[k]
            )
            ranks = sum({1 << r for _, _, r in free})
            stops = self.stops.get(ranks)
            if stops is None:
                playable = {r for _, _, r in free}
                stops = self.stops[ranks] = tuple(
                    t for t in range(1, len(self.stock) + 1) if not playable.isdisjoint(self.fits[self.stock[t - 1]])
                )
            if len(self.free) >= FREE_KEPT:
                self.free.clear()  # a very long search: kept again from here, never more than this many
            known = self.free[gone] = (free, stops)
        return known

    def score(self, node: int, depth: int) -> float:
        left = PLACES - (node & _ALL).bit_count()
        return left - 0.25 * (len(self.stock) - (node >> _TURNED & 31))


# Depth first, the most promising child first, as the other games played onto a waste.
SOLVER = SolverSpec(single(lambda s, complete: TriPeaksProblem(s), depth_first=True))
