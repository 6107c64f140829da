"""Pyramid in compact form (PY): a position is one int, so a deal's whole space can be searched
quickly and a lost deal is proved lost. The deal's cards stay fixed; a position is a bitmask of the
removed pyramid cards, a bitmask of the removed stock cards, where the stock's top is in this pass
and which pass it is. Its moves are the rules' own moves, the most promising first, for the
engine's depth-first search."""

from __future__ import annotations

from collections.abc import Hashable

from game.core.cards import NO_CARD, RANK
from game.games.pyramid.bounds import loose_stock_for, pack
from game.games.pyramid.rules import COVERED_BY, PYRAMID_SLOTS, REDEALS, PyramidState
from game.rules.base import DRAW_MOVE, PAIR, RECYCLE_MOVE, Move
from game.rules.pile import NO_PILE, STOCK_PILE, WASTE_PILE, Pile
from game.solver.engine import Shape
from game.solver.spec import SolverSpec, single

_COVER_MASK = tuple(sum(1 << c for c in COVERED_BY[k]) for k in range(28))


def _cone(k: int) -> int:
    """Every slot that covers slot k, directly or not."""
    out = 0
    for c in COVERED_BY[k]:
        out |= 1 << c | _cone(c)
    return out


_CONE = tuple(_cone(k) for k in range(28))
# Every slot that slot k covers, directly or not: none of them is free while k is there.
_UNDER = tuple(sum(1 << j for j in range(28) if _CONE[j] >> k & 1) for k in range(28))
_ALL_GONE = (1 << 28) - 1
# A Pyramid position: bits 0-27 the removed pyramid cards, 28-51 the removed stock cards (in the
# order this pass turns them), 52-56 the stock's top (the first card not yet turned nor removed),
# 57-58 the passes done.
_USED = 28
_AT = 52
_PASSES = 57
_CARDS = (1 << _AT) - 1
_BEFORE_PASSES = (1 << _PASSES) - 1


# The free cards of a pyramid (see PyramidProblem._find_free).
_Free = tuple[tuple[int, Pile] | None, tuple[tuple[int, Pile, int, tuple[tuple[Move, int], ...]], ...]]
_STOCK_WITH_WASTE = Move(PAIR, STOCK_PILE, WASTE_PILE)


class PyramidProblem:
    """PY-1 ... PY-6. Complete: every pair is tried (a king alone is removed without branching:
    that never hurts) but those after which the pyramid could not be cleared even if the stock's
    cards could be paired at any time (:class:`~game.games.pyramid.bounds.LooseStock`), so
    exhausting the space proves a loss."""

    shape = Shape(ordered=True, safe_moves=False)

    complete = True

    def __init__(self, state: PyramidState) -> None:
        self.pyramid = tuple(RANK[c] if c != NO_CARD else 0 for c in state.pyramid)
        # this pass's order: the waste as it was turned, then the stock from its top
        self.deck = tuple(RANK[c] for c in (*state.waste, *reversed(state.stock)))
        gone = sum(1 << k for k, c in enumerate(state.pyramid) if c == NO_CARD)
        self.initial = self._at(gone, 0, len(state.waste), state.recycles)
        # For each pyramid slot, where its partners are: pyramid slots that neither cover it (they
        # must go before it is free) nor lie under it (they are not free while it is there), and
        # stock cards.
        self.partner_slots: list[int] = []
        self.partner_deck: list[int] = []
        for k, r in enumerate(self.pyramid):
            want = 13 - r if r else -1
            slots = sum(1 << j for j, d in enumerate(self.pyramid) if d and d == want)
            self.partner_slots.append(slots & ~_CONE[k] & ~_UNDER[k])
            self.partner_deck.append(sum(1 << i for i, d in enumerate(self.deck) if d == want))
        self.non_kings = sum(1 << k for k, r in enumerate(self.pyramid) if r != 13)
        self.loose_stock = loose_stock_for(self.pyramid)
        self.all_loose = pack(self.deck)
        # The stock cards in each set of 8 of them (by bits of a byte of ``used``), packed:
        # three lookups count the cards a position has used.
        self.used_bytes = tuple(
            tuple(pack(r for i, r in enumerate(self.deck[start : start + 8]) if byte >> i & 1) for byte in range(256))
            for start in range(0, 24, 8)
        )
        # For each set of cards left, the earliest point it has been met at: (passes, stock top).
        # A pair that leaves the same cards at a later point is not searched: the earlier
        # position gets there by turning the stock (and redealing if need be). A turn or a
        # redeal is not searched when the same position has been met after fewer passes.
        self.earliest: dict[int, int] = {self.initial & _CARDS: self.initial >> _AT}
        self.fewest: dict[int, int] = {self.initial & _BEFORE_PASSES: self.initial >> _PASSES}
        self.free: dict[int, _Free] = {}

    def _at(self, gone: int, used: int, turned: int, passes: int) -> int:
        """The position, its stock top moved past removed cards (so equal positions are one)."""
        while turned < len(self.deck) and used >> turned & 1:
            turned += 1
        return gone | used << _USED | turned << _AT | passes << _PASSES

    def start(self) -> int:
        return self.initial

    def key(self, node: int) -> Hashable:
        return node

    def is_goal(self, node: int) -> bool:
        return node & _ALL_GONE == _ALL_GONE

    def safe_move(self, node: int) -> tuple[Move, int] | None:
        return None

    def dead(self, gone: int, used: int) -> bool:
        """Some pyramid card (not a king) has no partner left that could ever reach it: lost."""
        left = ~gone & _ALL_GONE
        unused = ~used
        bits = left & self.non_kings
        while bits:
            low = bits & -bits
            k = low.bit_length() - 1
            bits ^= low
            if not (self.partner_slots[k] & left) and not (self.partner_deck[k] & unused):
                return True
        return False

    def _loose(self, used: int) -> int:
        """The stock's and waste's cards left, packed as :class:`LooseStock` counts them."""
        low, middle, high = self.used_bytes
        return self.all_loose - low[used & 255] - middle[used >> 8 & 255] - high[used >> 16]

    def _free(self, gone: int) -> _Free:
        """The pyramid's free cards when ``gone`` have been removed, kept for each set met: many
        positions share their pyramid and differ only in the stock."""
        free = self.free.get(gone)
        if free is None:
            free = self.free[gone] = self._find_free(gone)
        return free

    def _find_free(self, gone: int) -> _Free:
        """The first free king's slot bit and pile (or None), and each free card, the last slot
        first: its rank, pile and slot bit, and its pairs with the free cards after it (the last
        first), each as the move and both slot bits."""
        slots = [k for k in range(28) if not gone >> k & 1 and gone & _COVER_MASK[k] == _COVER_MASK[k]]
        king = next(((1 << k, PYRAMID_SLOTS[k]) for k in slots if self.pyramid[k] == 13), None)
        cards = []
        for i in range(len(slots) - 1, -1, -1):
            a = slots[i]
            pairs = tuple(
                (Move(PAIR, PYRAMID_SLOTS[a], PYRAMID_SLOTS[b]), 1 << a | 1 << b)
                for b in reversed(slots[i + 1 :])
                if self.pyramid[a] + self.pyramid[b] == 13
            )
            cards.append((self.pyramid[a], PYRAMID_SLOTS[a], 1 << a, pairs))
        return king, tuple(cards)

    def lines(self, node: int) -> list[tuple[tuple[Move, ...], int]]:
        """Each child with its line, one move (a :class:`~game.solver.engine.LinesProblem`, for the
        search's ordered loop). A free king alone if there is one; else the pairs (the stock's and
        waste's cards and the lower rows first), then a turn of the stock or a redeal."""
        gone = node & _ALL_GONE
        used = node >> _USED & ((1 << 24) - 1)
        s = node >> _AT & 31
        passes = node >> _PASSES
        deck = self.deck
        w = s - 1
        while w >= 0 and used >> w & 1:
            w -= 1
        # A child of a pair was looked at when it was made; a turn or a redeal keeps its parent's
        # cards: only the start is left to look at.
        if node == self.initial and not self.loose_stock.can_win(gone, self._loose(used)):
            return []
        king, cards = self._free(gone)
        # -1 for no card: it makes 13 with no rank
        stock_rank = deck[s] if s < len(deck) else -1
        waste_rank = deck[w] if w >= 0 else -1
        if king is not None:
            return self._fresh([(Move(PAIR, king[1], NO_PILE), self._at(gone | king[0], used, s, passes))])
        if stock_rank == 13:
            return self._fresh([(Move(PAIR, STOCK_PILE, NO_PILE), self._at(gone, used | 1 << s, s, passes))])
        if waste_rank == 13:
            return self._fresh([(Move(PAIR, WASTE_PILE, NO_PILE), self._at(gone, used | 1 << w, s, passes))])
        # each pair as (the move, the slots it removes, the stock cards it removes)
        pairs: list[tuple[Move, int, int]] = []
        if stock_rank + waste_rank == 13:
            pairs.append((_STOCK_WITH_WASTE, 0, 1 << s | 1 << w))
        for rank, pile, slot, partners in cards:
            if rank + waste_rank == 13:
                pairs.append((Move(PAIR, pile, WASTE_PILE), slot, 1 << w))
            if rank + stock_rank == 13:
                pairs.append((Move(PAIR, pile, STOCK_PILE), slot, 1 << s))
            pairs.extend((move, slots, 0) for move, slots in partners)
        out: list[tuple[Move, int]] = []
        for move, slots, stock_cards in pairs:
            g, u = gone | slots, used | stock_cards
            if not self.dead(g, u) and self.loose_stock.can_win(g, self._loose(u)):
                out.append((move, self._at(g, u, s, passes)))
        if s < len(deck):
            out.append((DRAW_MOVE, self._at(gone, used, s + 1, passes)))
        elif passes < REDEALS and w >= 0:
            out.append((RECYCLE_MOVE, self._at(gone, used, 0, passes + 1)))
        return self._fresh(out)

    def _fresh(self, children: list[tuple[Move, int]]) -> list[tuple[tuple[Move, ...], int]]:
        """The children that no position met before makes useless (see ``earliest``). Passes sit
        above the stock top in a position's bits, so one comparison orders both."""
        earliest, fewest = self.earliest, self.fewest
        out: list[tuple[tuple[Move, ...], int]] = []
        for move, child in children:
            cards, when = child & _CARDS, child >> _AT
            place, passes = child & _BEFORE_PASSES, child >> _PASSES
            if move.kind == PAIR:
                if when >= earliest.get(cards, 1 << 10):
                    continue
            elif passes >= fewest.get(place, REDEALS + 1):
                continue
            if when < earliest.get(cards, 1 << 10):
                earliest[cards] = when
            if passes < fewest.get(place, REDEALS + 1):
                fewest[place] = passes
            out.append(((move,), child))
        return out

    def score(self, node: int, depth: int) -> float:
        return 28 - (node & _ALL_GONE).bit_count() + (node >> _PASSES) * 3


# Measured: depth first (best child first) wins more deals in the same budget.
SOLVER = SolverSpec(single(lambda s, complete: PyramidProblem(s), depth_first=True))
