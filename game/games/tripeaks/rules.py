"""TriPeaks (SPEC TP-1 ... TP-5): three overlapping peaks of 28 cards; play the uncovered ones onto
the waste one rank up or down, the king and the ace next to each other unless ``wrap=off``.

The peaks are one tier of 28 places, row by row (3, 6, 9 and 10 cards), each card half over the
two of the row below it. Where each place sits on that lattice (:data:`LATTICE_X`) is the one
source of which cards cover which (:data:`COVERED_BY`): the table draws the same numbers. A card
is face up exactly when nothing covers it (TP-2), so the state keeps no face-down counts.

The score (TP-4) lives in the state beside the chain it is counted from, as a scoring game's does: undo
goes back to the earlier state, and with it to the earlier score.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.core.cards import NO_CARD, RANK, Card, card_symbol_text, parse_card
from game.core.dealid import DealId
from game.core.errors import ParseError
from game.core.i18n import tr
from game.rules.base import (
    DRAW,
    DRAW_MOVE,
    MOVE,
    RECYCLE,
    Event,
    Flipped,
    Move,
    Moved,
    PeakCleared,
    PileContents,
    ScoreChanged,
    Variant,
)
from game.rules.pile import STOCK_PILE, WASTE, WASTE_PILE, Pile, PileKind, Role, register_kind
from game.rules.piles import Column, replace_int, shuffled_deck
from game.rules.text import DOWN_MARK, GAP, TextReader, cards_field, check_cards, header

ROWS = (3, 6, 9, 10)  # TP-1: the rows of the three peaks together, from their tops down
PLACES = sum(ROWS)
PEAKS = 3
# TP-1: 28 places in three peaks; written k4.10 (row 4, place 10) — k for peak, p being a tier's of its own
PEAK = register_kind(PileKind("peak", Role.TIER, "k", count=PLACES, layer=6, rows=ROWS)).name
PEAK_PLACES = tuple(Pile(PEAK, i) for i in range(PLACES))
_ROW_STARTS = tuple(sum(ROWS[:r]) for r in range(len(ROWS)))

# Each place's x on the lattice, in steps of a card: the bottom row's ten cards at 0 .. 9, each
# row above half a step in from the cards under it; the two upper rows split into three peaks.
LATTICE_X: tuple[float, ...] = (
    *(3 * p + 1.5 for p in range(PEAKS)),
    *(3 * p + 1 + k for p in range(PEAKS) for k in range(2)),
    *(j + 0.5 for j in range(9)),
    *(float(j) for j in range(10)),
)
LATTICE_ROW: tuple[int, ...] = tuple(r for r, length in enumerate(ROWS) for _ in range(length))
# The places of the row below that overlap each place: those half a step to either side.
COVERED_BY: tuple[tuple[int, ...], ...] = tuple(
    tuple(j for j in range(PLACES) if LATTICE_ROW[j] == LATTICE_ROW[k] + 1 and abs(LATTICE_X[j] - LATTICE_X[k]) == 0.5)
    for k in range(PLACES)
)
# The places each place overlaps (the inverse of COVERED_BY): those that may turn up when it goes.
COVERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(j for j in range(PLACES) if k in COVERED_BY[j]) for k in range(PLACES)
)
TOPS = tuple(range(PEAKS))  # the top card of each peak

STOCK_SIZE = 52 - PLACES - 1  # TP-1: 23, one more turned onto the waste
PEAK_BONUS = 15  # TP-4: the top of a peak cleared
LAST_PEAK_BONUS = 30  # TP-4: ... the last of the three


@dataclass(frozen=True, slots=True)
class TriPeaksState:
    peaks: tuple[Card, ...]  # the 28 places, row by row; NO_CARD once played
    stock: Column  # top card last, face down
    waste: Column  # top card last
    wrap: bool  # TP-2: the king and the ace are next to each other
    chain: int = 0  # TP-4: cards played since the stock was last turned
    score: int = 0


def face_up(peaks: tuple[Card, ...], k: int) -> bool:
    """TP-2: a card turns up once no card of the row below overlaps it (the bottom row from the start)."""
    return all(peaks[j] == NO_CARD for j in COVERED_BY[k])


def uncovered(peaks: tuple[Card, ...]) -> list[int]:
    """The places whose card can be played: there, and nothing over it."""
    return [k for k in range(PLACES) if peaks[k] != NO_CARD and face_up(peaks, k)]


def connects(a: Card, b: Card, wrap: bool) -> bool:
    """TP-2: one rank apart, suits aside; with ``wrap`` the king and the ace too."""
    apart = abs(RANK[a] - RANK[b])
    return apart == 1 or (wrap and apart == 12)


def points(chain: int, place: int, peaks_after: tuple[Card, ...]) -> int:
    """TP-4: what playing the ``chain``-th card of a chain from ``place`` scores: ``chain``, and the
    peak's bonus when the card was the top of a peak (the last peak's when no top is left)."""
    if place not in TOPS:
        return chain
    tops_left = any(peaks_after[t] != NO_CARD for t in TOPS)
    return chain + (PEAK_BONUS if tops_left else LAST_PEAK_BONUS)


class TriPeaks(Variant[TriPeaksState]):
    name = "tripeaks"
    places = frozenset({*PEAK_PLACES, STOCK_PILE, WASTE_PILE})

    def deal(self, deal_id: DealId) -> TriPeaksState:
        """TP-1: the peaks dealt row by row from the top, one card turned onto the waste, 23 in the stock."""
        deck = shuffled_deck(deal_id)
        peaks = tuple(deck.pop() for _ in range(PLACES))
        waste = (deck.pop(),)
        return TriPeaksState(peaks, tuple(deck), waste, deal_id.option("wrap") == "on")

    def legal_moves(self, s: TriPeaksState) -> list[Move]:
        top = s.waste[-1] if s.waste else None
        moves = [
            Move(MOVE, PEAK_PLACES[k], WASTE_PILE)
            for k in uncovered(s.peaks)
            if top is None or connects(s.peaks[k], top, s.wrap)
        ]
        return moves + self.stock_moves(s)

    def stock_moves(self, s: TriPeaksState) -> list[Move]:
        """TP-3: one card at a time, no redeal."""
        return [DRAW_MOVE] if s.stock else []

    def _perform(self, s: TriPeaksState, m: Move, events: list[Event] | None) -> TriPeaksState:
        if m.kind == DRAW:  # TP-3, TP-4: a turn of the stock ends the chain
            c = s.stock[-1]
            if events is not None:
                events.append(Moved(STOCK_PILE, WASTE_PILE, (c,)))
            return TriPeaksState(s.peaks, s.stock[:-1], s.waste + (c,), s.wrap, 0, s.score)
        k = m.src.idx
        c = s.peaks[k]
        peaks = replace_int(s.peaks, k, NO_CARD)
        chain = s.chain + 1
        gained = points(chain, k, peaks)
        score = s.score + gained
        if events is not None:
            events.append(Moved(m.src, WASTE_PILE, (c,)))
            events += [Flipped(PEAK_PLACES[j], 0, peaks[j], True) for j in COVERS[k] if face_up(peaks, j)]
            events.append(ScoreChanged(s.score, score))
            if gained > chain:  # a peak's top: its bonus, said apart from the run's points
                events.append(PeakCleared(gained - chain, gained - chain == LAST_PEAK_BONUS))
        return TriPeaksState(peaks, s.stock, s.waste + (c,), s.wrap, chain, score)

    def explain(self, s: TriPeaksState, m: Move) -> str:
        if m.kind == DRAW:
            return tr("The stock is empty.")
        if m.kind == RECYCLE:
            return tr("TriPeaks has no redeal.")
        if m.kind != MOVE or m.src.kind != PEAK or m.dst.kind != WASTE:
            return tr("Tap a card one rank above or below the waste card to play it.")
        if m.size != 1:
            return tr("Only the top card can be played.")
        c = s.peaks[m.src.idx]
        if c == NO_CARD:
            return tr("There is no card to play there.")
        if not face_up(s.peaks, m.src.idx):
            return tr("That card is still covered by the row below.")
        top = s.waste[-1]
        if not s.wrap and {RANK[c], RANK[top]} == {1, 13}:
            return tr("Kings and aces do not connect: the option that joins them is off.")
        return tr("{card} is not one rank above or below {top}.", card=card_symbol_text(c), top=card_symbol_text(top))

    def is_won(self, s: TriPeaksState) -> bool:
        """TP-5: all 28 cards of the peaks played."""
        return all(c == NO_CARD for c in s.peaks)

    def piles(self, s: TriPeaksState) -> PileContents:
        """The 28 places of the peaks (a covered card face down), the stock and the waste."""
        out: PileContents = {STOCK_PILE: (s.stock, len(s.stock)), WASTE_PILE: (s.waste, 0)}
        for k, c in enumerate(s.peaks):
            out[PEAK_PLACES[k]] = ((c,), 0 if face_up(s.peaks, k) else 1) if c != NO_CARD else ((), 0)
        return out

    def lift_reason(self, s: TriPeaksState, pile: Pile, index: int) -> str | None:
        if pile == STOCK_PILE:
            return tr("Tap the stock to turn a card onto the waste.")
        if pile.kind != PEAK:
            return tr("The waste's cards stay there.")
        if s.peaks[pile.idx] == NO_CARD or index != 0:
            return tr("There is no card to play there.")
        if not face_up(s.peaks, pile.idx):
            return tr("That card is still covered by the row below.")
        return None

    def score(self, s: TriPeaksState) -> int | None:
        return s.score

    def seen(self, s: TriPeaksState) -> frozenset[object]:
        """The face-up cards of the peaks (those turned up once stay known: see History.seen) and the waste."""
        return frozenset([c for k, c in enumerate(s.peaks) if c != NO_CARD and face_up(s.peaks, k)] + list(s.waste))

    def to_text(self, s: TriPeaksState) -> str:
        lines = header(self.spec, [("wrap", "on" if s.wrap else "off")])
        lines += [f"score: {s.score}", f"chain: {s.chain}"]
        for r, length in enumerate(ROWS):
            start = _ROW_STARTS[r]
            row = [_place_text(s.peaks, k) for k in range(start, start + length)]
            lines.append(f"row{r + 1}: {' '.join(row)}")
        lines.append(f"stock: {cards_field(s.stock, len(s.stock))}".rstrip())
        lines.append(f"waste: {cards_field(s.waste)}".rstrip())
        return "\n".join(lines) + "\n"

    def parse(self, text: str) -> TriPeaksState:
        r = TextReader(text, self.spec)
        score = r.integer("score", 0, 10**6)
        chain = r.integer("chain", 0, PLACES)
        peaks: list[Card] = []
        marks: list[bool] = []
        for row, length in enumerate(ROWS):
            tokens = r.raw(f"row{row + 1}").split()
            if len(tokens) != length:
                raise ParseError(f"row{row + 1} of the peaks has {length} places (-- for a card played)")
            for token in tokens:
                down = token.startswith(DOWN_MARK)
                peaks.append(NO_CARD if token == GAP else parse_card(token.removeprefix(DOWN_MARK)))
                marks.append(down)
        for k, down in enumerate(marks):
            if peaks[k] != NO_CARD and down == face_up(tuple(peaks), k):
                place = PEAK_PLACES[k]
                raise ParseError(f"{place}: a card is face down (#) exactly while a card of the row below overlaps it")
        stock, _ = r.cards("stock", all_down=True)
        waste = r.face_up("waste")
        r.finish()
        check_cards(peaks + stock + waste, Counter(range(52)))
        return TriPeaksState(tuple(peaks), tuple(stock), tuple(waste), r.options["wrap"] == "on", chain, score)


def _place_text(peaks: tuple[Card, ...], k: int) -> str:
    """``--`` for a card played, ``#7C`` for a covered card, ``7C`` for an uncovered one."""
    c = peaks[k]
    if c == NO_CARD:
        return GAP
    return cards_field((c,), 0 if face_up(peaks, k) else 1)
