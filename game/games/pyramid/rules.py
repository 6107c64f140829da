"""Pyramid (SPEC PY-1 ... PY-6): remove pairs that add up to 13, kings alone; three passes."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.core.cards import NO_CARD, RANK, Card, card_symbol_text
from game.core.dealid import DealId
from game.core.errors import ParseError
from game.core.i18n import tr
from game.rules.base import (
    DRAW,
    DRAW_MOVE,
    PAIR,
    RECYCLE,
    RECYCLE_MOVE,
    Event,
    Move,
    Moved,
    PileContents,
    Recycled,
    Variant,
)
from game.rules.pile import (
    DISCARD_PILE,
    NO_PILE,
    STOCK,
    STOCK_PILE,
    WASTE,
    WASTE_PILE,
    Pile,
    PileKind,
    Role,
    register_kind,
)
from game.rules.piles import Column, replace_int, shuffled_deck
from game.rules.reasons import recycle_reason
from game.rules.text import TextReader, cards_field, check_cards, header

ROWS = 7
SLOTS = 28
# PY-1: seven rows of 1 to 7 places, each half over the row above; written p7.1 (row 7, place 1)
PYRAMID = register_kind(PileKind("pyramid", Role.TIER, "p", count=SLOTS, layer=6, rows=tuple(range(1, ROWS + 1)))).name
PYRAMID_SLOTS = tuple(Pile(PYRAMID, i) for i in range(SLOTS))
REDEALS = 2  # PY-5: three passes through the stock in all


def slot(row: int, i: int) -> int:
    return row * (row + 1) // 2 + i


# The two slots that cover each slot (none for the bottom row).
COVERED_BY: tuple[tuple[int, ...], ...] = tuple(
    (slot(r + 1, i), slot(r + 1, i + 1)) if r < ROWS - 1 else () for r in range(ROWS) for i in range(r + 1)
)
_PILE_ORDER = {PYRAMID: 0, STOCK: 1, WASTE: 2}


def _pile_order(p: Pile) -> tuple[int, int]:
    return _PILE_ORDER.get(p.kind, 9), p.idx


@dataclass(frozen=True, slots=True)
class PyramidState:
    pyramid: tuple[Card, ...]  # 28 slots, row by row; NO_CARD once removed
    stock: Column  # top card last, face up (PY-1)
    waste: Column  # top card last
    recycles: int
    discard: Column = ()  # the removed cards, the last pair on top

    @property
    def redeals_left(self) -> int:
        return REDEALS - self.recycles


def _removed(s: PyramidState) -> Column:
    """The removed cards in the order they went, the last pair on top. A state built by hand (a
    test, an old text) may not list them: those come first, in card order."""
    listed = set(s.discard)
    unlisted = sorted(set(range(52)) - set(s.pyramid) - set(s.stock) - set(s.waste) - listed)
    return (*unlisted, *s.discard)


def available_slots(pyramid: tuple[Card, ...]) -> list[int]:
    """PY-3: the pyramid cards no card of the row below still covers."""
    return [k for k in range(SLOTS) if pyramid[k] != NO_CARD and all(pyramid[c] == NO_CARD for c in COVERED_BY[k])]


class Pyramid(Variant[PyramidState]):
    name = "pyramid"
    places = frozenset({*PYRAMID_SLOTS, STOCK_PILE, WASTE_PILE})

    def deal(self, deal_id: DealId) -> PyramidState:
        deck = shuffled_deck(deal_id)
        pyramid = tuple(deck.pop() for _ in range(SLOTS))
        return PyramidState(pyramid, tuple(deck), (), 0)

    def _available(self, s: PyramidState) -> list[tuple[Pile, Card]]:
        out = [(PYRAMID_SLOTS[k], s.pyramid[k]) for k in available_slots(s.pyramid)]
        if s.stock:
            out.append((STOCK_PILE, s.stock[-1]))
        if s.waste:
            out.append((WASTE_PILE, s.waste[-1]))
        return out

    def legal_moves(self, s: PyramidState) -> list[Move]:
        avail = self._available(s)
        moves = []
        for n, (pile, c) in enumerate(avail):
            if RANK[c] == 13:
                moves.append(Move(PAIR, pile, NO_PILE))
                continue
            for other, d in avail[n + 1 :]:
                if RANK[c] + RANK[d] == 13:
                    moves.append(Move(PAIR, pile, other))
        return moves + self.stock_moves(s)

    def stock_moves(self, s: PyramidState) -> list[Move]:
        """PY-4, PY-5: turn the stock; when it is empty, turn the waste back (three passes in all)."""
        if s.stock:
            return [DRAW_MOVE]
        return [RECYCLE_MOVE] if s.waste and s.recycles < REDEALS else []

    def normalise(self, move: Move) -> Move:
        """A pair is listed with its pyramid card first (the upper, leftmost one if both are)."""
        if move.kind != PAIR or move.dst == NO_PILE:
            return move
        if _pile_order(move.dst) < _pile_order(move.src):
            return Move(PAIR, move.dst, move.src)
        return move

    def _perform(self, s: PyramidState, m: Move, events: list[Event] | None) -> PyramidState:
        if m.kind == DRAW:
            if events is not None:
                events.append(Moved(STOCK_PILE, WASTE_PILE, s.stock[-1:]))
            return PyramidState(s.pyramid, s.stock[:-1], s.waste + s.stock[-1:], s.recycles, s.discard)
        if m.kind == RECYCLE:
            if events is not None:
                events.append(Recycled(WASTE_PILE, STOCK_PILE, len(s.waste)))
            return PyramidState(s.pyramid, tuple(reversed(s.waste)), (), s.recycles + 1, s.discard)
        pyramid, stock, waste, discard = s.pyramid, s.stock, s.waste, s.discard
        for pile in (m.src, m.dst):
            if pile.kind == PYRAMID:
                c = pyramid[pile.idx]
                pyramid = replace_int(pyramid, pile.idx, NO_CARD)
            elif pile.kind == STOCK:
                c, stock = stock[-1], stock[:-1]
            elif pile.kind == WASTE:
                c, waste = waste[-1], waste[:-1]
            else:
                continue
            discard += (c,)
            if events is not None:
                events.append(Moved(pile, DISCARD_PILE, (c,)))
        return PyramidState(pyramid, stock, waste, s.recycles, discard)

    def explain(self, s: PyramidState, m: Move) -> str:
        if m.kind == DRAW:
            return tr("The stock is empty.")
        if m.kind == RECYCLE:
            return recycle_reason(s.stock, s.waste)
        if m.kind != PAIR:
            return tr("In Pyramid you remove pairs that add up to 13, and kings alone.")
        avail = dict(self._available(s))
        cards = []
        for pile in (m.src, m.dst):
            if pile == NO_PILE:
                continue
            if pile.kind == PYRAMID and 0 <= pile.idx < SLOTS and s.pyramid[pile.idx] != NO_CARD and pile not in avail:
                return tr("That card is still covered by the row below.")
            if pile not in avail:
                return tr("There is no card to play there.")
            cards.append(avail[pile])
        if m.src == m.dst:
            return tr("Pick two different cards.")
        if len(cards) == 1:
            return tr("Only a king is removed alone; pick a partner that adds up to 13.")
        total = RANK[cards[0]] + RANK[cards[1]]
        return tr(
            "{a} and {b} add up to {total}, not 13.",
            a=card_symbol_text(cards[0]),
            b=card_symbol_text(cards[1]),
            total=total,
        )

    def is_won(self, s: PyramidState) -> bool:
        return all(c == NO_CARD for c in s.pyramid)

    def piles(self, s: PyramidState) -> PileContents:
        """The 28 pyramid places, the stock (its top card face up, PY-1), the waste and the
        removed cards."""
        out: PileContents = {STOCK_PILE: (s.stock, max(0, len(s.stock) - 1)), WASTE_PILE: (s.waste, 0)}
        for k, c in enumerate(s.pyramid):
            out[PYRAMID_SLOTS[k]] = ((c,) if c != NO_CARD else (), 0)
        out[DISCARD_PILE] = (_removed(s), 0)
        return out

    def lift_reason(self, s: PyramidState, pile: Pile, index: int) -> str | None:
        if pile == DISCARD_PILE:
            return tr("Removed cards stay removed.")
        cards, _ = self.piles(s)[pile]
        if not cards or index != len(cards) - 1:
            return tr("Only the top card can be played.")
        if pile.kind == PYRAMID and pile.idx not in available_slots(s.pyramid):
            return tr("That card is still covered by the row below.")
        return None

    def drop_move(self, s: PyramidState, pile: Pile, index: int, target: Pile) -> Move:
        """Putting a card on another means pairing them (PY-2)."""
        return Move(PAIR, pile, target)

    def seen(self, s: PyramidState) -> frozenset[object]:
        return frozenset(s.waste + s.stock[-1:])

    def to_text(self, s: PyramidState) -> str:
        lines = header(self.spec, [])
        lines.append(f"recycles: {s.recycles}")
        for r in range(ROWS):
            lines.append(f"row{r + 1}: {cards_field(s.pyramid[slot(r, 0) : slot(r + 1, 0)])}")
        lines.append(f"stock: {cards_field(s.stock, len(s.stock) - 1)}".rstrip())
        lines.append(f"waste: {cards_field(s.waste)}".rstrip())
        lines.append(f"discard: {cards_field(_removed(s))}".rstrip())
        return "\n".join(lines) + "\n"

    def parse(self, text: str) -> PyramidState:
        r = TextReader(text, self.spec)
        recycles = r.integer("recycles", 0, REDEALS)
        pyramid: list[Card] = []
        for row in range(ROWS):
            cards, _ = r.cards(f"row{row + 1}", gaps=True)
            if len(cards) != row + 1:
                raise ParseError(f"row{row + 1} of the pyramid has {row + 1} places (-- for a removed card)")
            pyramid += cards
        stock, down = r.cards("stock", allow_down=True)
        if stock and down != len(stock) - 1:
            raise ParseError("the stock's top card is face up and the others face down (PY-1)")
        waste = r.face_up("waste")
        discard = r.face_up("discard")
        r.finish()
        check_cards(pyramid + stock + waste + discard, Counter(range(52)))
        return PyramidState(tuple(pyramid), tuple(stock), tuple(waste), recycles, tuple(discard))
