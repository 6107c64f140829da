"""Golf and Pyramid in compact form: a position is a few small ints, so the whole space of a deal
can be searched in well under a second and a lost deal is proved lost.

Both keep the deal's cards fixed and describe a position by what has gone: Golf by the height of
each column, how far the stock has been turned and the waste's top card; Pyramid by a bitmask of
the removed pyramid cards, a bitmask of the removed stock cards, how many stock cards have been
turned in this pass and which pass it is. Their moves are the rules' own moves.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import NamedTuple

from game.core.cards import NO_CARD, RANK, Card
from game.rules.base import (
    DRAW_MOVE,
    MOVE,
    NO_PILE,
    PAIR,
    PYRAMID_SLOTS,
    RECYCLE_MOVE,
    STOCK_PILE,
    TABLEAUS,
    WASTE_PILE,
    Move,
    Pile,
)
from game.rules.golf import GolfState
from game.rules.pyramid import COVERED_BY, REDEALS, PyramidState

# -- Golf -----------------------------------------------------------------------------------------


class GolfNode(NamedTuple):
    heights: tuple[int, ...]
    turned: int  # stock cards turned so far
    top: Card  # the waste's top card


class GolfProblem:
    """GO-1 ... GO-4. Complete: every legal move is tried, so exhausting the space proves a loss."""

    complete = True

    def __init__(self, state: GolfState) -> None:
        self.columns = state.tableau
        self.stock = tuple(reversed(state.stock))  # in the order they will be turned
        self.initial = GolfNode(tuple(len(c) for c in state.tableau), 0, state.waste[-1] if state.waste else NO_CARD)
        # Column cards as bits (column i, depth d -> bit 5 * i + d) and, for each, the cards one
        # rank away that could still be the waste's top when it is free.
        self.cards = {5 * i + d: c for i, col in enumerate(state.tableau) for d, c in enumerate(col)}
        self.col_bits = [[sum(1 << (5 * i + d) for d in range(h)) for h in range(6)] for i in range(7)]
        self.stock_bits = [sum(1 << j for j in range(t, len(self.stock))) for t in range(len(self.stock) + 1)]
        self.near_cols: dict[int, int] = {}
        self.near_stock: dict[int, int] = {}
        for k, c in self.cards.items():
            near = {RANK[c] - 1, RANK[c] + 1}
            # a card under this one in its own column cannot come out first: it never helps
            self.near_cols[k] = sum(
                1 << j for j, d in self.cards.items() if RANK[d] in near and not (j // 5 == k // 5 and j < k)
            )
            self.near_stock[k] = sum(1 << j for j, d in enumerate(self.stock) if RANK[d] in near)

    def dead(self, node: GolfNode) -> bool:
        """Some column card can never be played: no card one rank away is left to be the waste's
        top (the waste's cards under its top are out of reach for good). Then the deal is lost."""
        present = 0
        for i, h in enumerate(node.heights):
            present |= self.col_bits[i][h]
        stock = self.stock_bits[node.turned]
        top = RANK[node.top] if node.top != NO_CARD else 0
        bits = present
        while bits:
            low = bits & -bits
            k = low.bit_length() - 1
            bits ^= low
            if (
                not (self.near_cols[k] & present)
                and not (self.near_stock[k] & stock)
                and abs(RANK[self.cards[k]] - top) != 1
            ):
                return True
        return False

    def start(self) -> GolfNode:
        return self.initial

    def key(self, node: GolfNode) -> Hashable:
        return (node.heights, node.turned, RANK[node.top] if node.top != NO_CARD else 0)  # suits never matter

    def is_goal(self, node: GolfNode) -> bool:
        return not any(node.heights)

    def safe_move(self, node: GolfNode) -> tuple[Move, GolfNode] | None:
        return None

    def successors(self, node: GolfNode) -> Iterator[tuple[Move, GolfNode]]:
        top_rank = RANK[node.top] if node.top != NO_CARD else 0
        for i, h in enumerate(node.heights):
            if h:
                c = self.columns[i][h - 1]
                if top_rank == 0 or abs(RANK[c] - top_rank) == 1:
                    heights = node.heights[:i] + (h - 1,) + node.heights[i + 1 :]
                    child = GolfNode(heights, node.turned, c)
                    if not self.dead(child):
                        yield Move(MOVE, TABLEAUS[i], WASTE_PILE), child
        if node.turned < len(self.stock):
            child = GolfNode(node.heights, node.turned + 1, self.stock[node.turned])
            if not self.dead(child):
                yield DRAW_MOVE, child

    def score(self, node: GolfNode, depth: int) -> float:
        return sum(node.heights) - 0.25 * (len(self.stock) - node.turned)


# -- Pyramid --------------------------------------------------------------------------------------


_COVER_MASK = tuple(sum(1 << c for c in COVERED_BY[k]) for k in range(28))


def _cone(k: int) -> int:
    """Every slot that covers slot k, directly or not."""
    out = 0
    for c in COVERED_BY[k]:
        out |= 1 << c | _cone(c)
    return out


_CONE = tuple(_cone(k) for k in range(28))


class PyramidNode(NamedTuple):
    gone: int  # removed pyramid cards, one bit per slot
    used: int  # removed stock cards, one bit per card in draw order
    turned: int  # cards turned onto the waste in this pass
    passes: int  # redeals done


class PyramidProblem:
    """PY-1 ... PY-6. Complete (kings alone are removed without branching: that never hurts)."""

    complete = True

    def __init__(self, state: PyramidState) -> None:
        self.pyramid = state.pyramid
        # this pass's draw order: the waste as it was turned, then the stock from its top
        self.deck = tuple(state.waste) + tuple(reversed(state.stock))
        gone = sum(1 << k for k, c in enumerate(state.pyramid) if c == NO_CARD)
        self.initial = PyramidNode(gone, 0, len(state.waste), state.recycles)
        # For each pyramid slot: where its possible partners are (pyramid slots outside the cards
        # that cover it, which must go before it is free, and stock cards).
        self.partner_slots: list[int] = []
        self.partner_deck: list[int] = []
        for k, c in enumerate(state.pyramid):
            want = 13 - RANK[c] if c != NO_CARD else -1
            slots = sum(1 << j for j, d in enumerate(state.pyramid) if d != NO_CARD and RANK[d] == want)
            self.partner_slots.append(slots & ~_CONE[k])
            self.partner_deck.append(sum(1 << i for i, d in enumerate(self.deck) if RANK[d] == want))

    def start(self) -> PyramidNode:
        return self.initial

    def key(self, node: PyramidNode) -> Hashable:
        return node

    def is_goal(self, node: PyramidNode) -> bool:
        return node.gone == (1 << 28) - 1

    def _available(self, node: PyramidNode) -> list[tuple[Pile, Card, str, int]]:
        gone = node.gone
        out: list[tuple[Pile, Card, str, int]] = [
            (PYRAMID_SLOTS[k], self.pyramid[k], "p", k)
            for k in range(28)
            if not gone >> k & 1 and gone & _COVER_MASK[k] == _COVER_MASK[k]
        ]
        s = self._stock_top(node)
        if s >= 0:
            out.append((STOCK_PILE, self.deck[s], "d", s))
        w = self._waste_top(node)
        if w >= 0:
            out.append((WASTE_PILE, self.deck[w], "d", w))
        return out

    def _stock_top(self, node: PyramidNode) -> int:
        for i in range(node.turned, len(self.deck)):
            if not node.used >> i & 1:
                return i
        return -1

    def _waste_top(self, node: PyramidNode) -> int:
        for i in range(node.turned - 1, -1, -1):
            if not node.used >> i & 1:
                return i
        return -1

    @staticmethod
    def _remove(node: PyramidNode, items: list[tuple[str, int]]) -> PyramidNode:
        gone, used = node.gone, node.used
        for where, k in items:
            if where == "p":
                gone |= 1 << k
            else:
                used |= 1 << k
        return PyramidNode(gone, used, node.turned, node.passes)

    def safe_move(self, node: PyramidNode) -> tuple[Move, PyramidNode] | None:
        for pile, c, where, k in self._available(node):
            if RANK[c] == 13:
                return Move(PAIR, pile, NO_PILE), self._remove(node, [(where, k)])
        return None

    def dead(self, node: PyramidNode) -> bool:
        """Some pyramid card (not a king) has no partner left that could ever reach it: lost."""
        gone, used = node.gone, node.used
        for k in range(28):
            if gone >> k & 1 or RANK[self.pyramid[k]] == 13:
                continue
            if not (self.partner_slots[k] & ~gone) and not (self.partner_deck[k] & ~used):
                return True
        return False

    def successors(self, node: PyramidNode) -> Iterator[tuple[Move, PyramidNode]]:
        avail = self._available(node)
        for n, (pile, c, where, k) in enumerate(avail):
            for other, d, where2, k2 in avail[n + 1 :]:
                if RANK[c] + RANK[d] == 13:
                    child = self._remove(node, [(where, k), (where2, k2)])
                    if not self.dead(child):
                        yield Move(PAIR, pile, other), child
        s = self._stock_top(node)
        if s >= 0:
            yield DRAW_MOVE, PyramidNode(node.gone, node.used, s + 1, node.passes)
        elif node.passes < REDEALS and self._waste_top(node) >= 0:
            yield RECYCLE_MOVE, PyramidNode(node.gone, node.used, 0, node.passes + 1)

    def score(self, node: PyramidNode, depth: int) -> float:
        return 28 - bin(node.gone).count("1") + node.passes * 3
