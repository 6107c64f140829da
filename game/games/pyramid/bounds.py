"""Pyramid with a looser stock (PY-2, PY-3, PY-5): a test that a position can never be won.

In the looser game every card of the stock and the waste may be paired at any time, each once: the
order of the stock, its turns and its passes no longer matter. Each play of the real game is a play
of the looser one (a pair with the stock's or the waste's top takes one loose card of that rank; a
pair of two loose cards, or a loose king, only gives loose cards away), so a position the looser
game cannot win is lost. Loose cards of one rank are alike, so a looser position is the pyramid
cards gone and how many loose cards of each rank are left: a small space, searched once per deal
and remembered, that settles at once most deals the real search cannot exhaust.

Its verdicts do not depend on the order of the stock, so the searches of one position's
arrangements of the hidden stock (a hint's) share them, and so do the positions of one game after
it: :func:`loose_stock_for` hands out the same :class:`LooseStock` while the pyramid is the same one
with cards gone.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.games.pyramid.rules import COVERED_BY, SLOTS

# The loose cards left, packed 3 bits a rank (0 to 4 cards): rank r at bit 3 * r.
RANK_BITS = 3
_ALL_GONE = (1 << SLOTS) - 1
_COVER_MASK = tuple(sum(1 << c for c in COVERED_BY[k]) for k in range(SLOTS))

# What a pyramid leaves free once some cards are gone: a free king's slot bit (or None), and each
# free card as its rank, slot bit and its pairs with the free cards after it (both slot bits).
_Free = tuple[int | None, tuple[tuple[int, int, tuple[int, ...]], ...]]


# The last few pyramids' looser games, the latest first: a hint searches several arrangements of one
# position, and the positions of one game come one after another.
_RECENT: list[LooseStock] = []
_KEEP = 4


def loose_stock_for(pyramid: tuple[int, ...]) -> LooseStock:
    """The looser game of ``pyramid`` (each slot's rank, 0 once its card is gone): one already
    made for the same pyramid with fewer cards gone (its verdicts hold: a slot gone is never
    looked at), or a new one."""
    for index, known in enumerate(_RECENT):
        if all(rank == 0 or rank == then for rank, then in zip(pyramid, known.pyramid, strict=True)):
            if index:
                _RECENT.insert(0, _RECENT.pop(index))
            return known
    made = LooseStock(pyramid)
    _RECENT.insert(0, made)
    del _RECENT[_KEEP:]
    return made


def pack(ranks: Iterable[int]) -> int:
    """The loose cards of these ranks, packed."""
    return sum(1 << RANK_BITS * r for r in ranks)


def one_of(rank: int) -> int:
    """One loose card of this rank, packed (to add or take away)."""
    return 1 << RANK_BITS * rank


class LooseStock:
    """Whether a position of one deal can be won when its loose cards can be paired at any time.
    Every verdict is remembered: the search asks again and again about the same few thousand."""

    def __init__(self, pyramid: tuple[int, ...]) -> None:
        """``pyramid``: each slot's rank (0 for a slot whose card is gone)."""
        self.pyramid = pyramid
        self.known: dict[int, bool] = {}
        self.free: dict[int, _Free] = {}

    def can_win(self, gone: int, loose: int) -> bool:
        """Whether the pyramid can be cleared from ``gone`` with the ``loose`` cards."""
        if gone == _ALL_GONE:
            return True
        key = gone | loose << 28
        verdict = self.known.get(key)
        if verdict is None:
            verdict = self.known[key] = self._search(gone, loose)
        return verdict

    def _search(self, gone: int, loose: int) -> bool:
        """A free king goes alone (that never hurts); else each pair of free cards, then each free
        card with a loose card of its partner's rank. The search is at most 28 plays deep."""
        king, cards = self._free(gone)
        if king is not None:
            return self.can_win(gone | king, loose)
        for rank, slot, pairs in cards:
            for both in pairs:
                if self.can_win(gone | both, loose):
                    return True
            partner = one_of(13 - rank)
            if loose >> RANK_BITS * (13 - rank) & 7 and self.can_win(gone | slot, loose - partner):
                return True
        return False

    def _free(self, gone: int) -> _Free:
        free = self.free.get(gone)
        if free is None:
            free = self.free[gone] = self._find_free(gone)
        return free

    def _find_free(self, gone: int) -> _Free:
        """The first free king's slot bit, and each free card (the lower rows first) with its pairs
        among the free cards after it."""
        rank = self.pyramid
        slots = [k for k in range(SLOTS - 1, -1, -1) if not gone >> k & 1 and gone & _COVER_MASK[k] == _COVER_MASK[k]]
        king = next((1 << k for k in slots if rank[k] == 13), None)
        cards = tuple(
            (rank[a], 1 << a, tuple(1 << a | 1 << b for b in slots[i + 1 :] if rank[a] + rank[b] == 13))
            for i, a in enumerate(slots)
        )
        return king, cards
