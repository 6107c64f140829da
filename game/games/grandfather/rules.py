"""Grandfather's rules (SPEC GF-1 ... GF-4, as KPat's ``grandf.cpp``): one deck dealt to seven piles
in KPat's pattern — zigzag rows of 7, 6, 5, 4, 3, 2 and 1 cards forming a peak, each row's first
card face up and the rest face down, then the other 24 cards face up four to each of piles 2 to 7
(GF-1); any face-up card moves with every card on it onto the top card of a pile of the same suit
and one rank higher, an empty pile takes only a king with what lies on it (GF-2); at most twice, when
the player asks, the piles are gathered pile by pile and dealt again in the starting pattern, not
shuffled, the foundations staying (GF-3); all 52 cards home wins (GF-4)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.core.cards import NO_CARD, RANK, SUIT, Card
from game.core.dealid import DealId
from game.core.errors import ParseError
from game.core.i18n import tr
from game.rules.base import MOVE, REDEAL, REDEAL_MOVE, Event, Flipped, Gathered, Move, Moved, PileContents, Variant
from game.rules.foundations import (
    all_home,
    column_tops,
    columns_and_foundations,
    face_up_cards,
    foundation_lines,
    foundation_moves,
    next_foundation_move,
    read_foundations,
)
from game.rules.pile import FOUNDATION, FOUNDATIONS, STOCK_PILE, TABLEAU, TABLEAUS, Pile
from game.rules.piles import Column, columns_sorted, replace_at, replace_int, shuffled_deck, take_from_column
from game.rules.reasons import column_source_reason, not_on
from game.rules.text import TextReader, check_cards, header, read_tableau, tableau_lines

COLUMNS = 7
REDEALS = 2  # GF-3: at most twice
ROWS = 7  # the peak's zigzag rows: 7, 6, 5, 4, 3, 2, 1 cards


def peak_order() -> list[tuple[int, bool]]:
    """The peak's places in the order KPat deals them: zigzag rows, left to right, then right to
    left one pile in, and so on; each row's first card face up (the last card its pile gets)."""
    out: list[tuple[int, bool]] = []
    start, stop, step = 0, COLUMNS - 1, 1
    for _ in range(ROWS):
        i = start
        while True:
            out.append((i, i == start))
            if i == stop:
                break
            i += step
        start, stop, step = stop, start + step, -step
    return out


PEAK = peak_order()


def deal_pattern(cards: list[Card]) -> tuple[tuple[Column, ...], tuple[int, ...]]:
    """GF-1, GF-3: ``cards`` dealt in the starting pattern, taken from the end of the list: the peak,
    then the rest face up onto piles 2 to 7 in turn. The columns and their face-down counts."""
    cards = list(cards)
    columns: list[list[Card]] = [[] for _ in range(COLUMNS)]
    down = [0] * COLUMNS
    for pile, face_up in PEAK:
        if not cards:
            break
        columns[pile].append(cards.pop())
        if not face_up:
            down[pile] += 1
    k = 0
    while cards:
        columns[k + 1].append(cards.pop())
        k = (k + 1) % (COLUMNS - 1)
    for i, col in enumerate(columns):  # every pile's top card face up
        down[i] = min(down[i], max(0, len(col) - 1))
    return tuple(tuple(c) for c in columns), tuple(down)


def gathered(tableau: tuple[Column, ...]) -> list[Card]:
    """GF-3: the piles picked up pile by pile, the last pile first, each from its bottom card, so
    that the first pile's top card is dealt first (KPat's ``newCards``)."""
    out: list[Card] = []
    for col in reversed(tableau):
        out += col
    return out


@dataclass(frozen=True, slots=True)
class GrandfatherState:
    tableau: tuple[Column, ...]
    down: tuple[int, ...]
    foundations: tuple[Card, ...]  # top card of each slot, NO_CARD when empty
    redeals: int  # redeals left (GF-3)


class Grandfather(Variant[GrandfatherState]):
    name = "grandfather"
    places = frozenset({*TABLEAUS[:COLUMNS], *FOUNDATIONS[:4], STOCK_PILE})

    def deal(self, deal_id: DealId) -> GrandfatherState:
        tableau, down = deal_pattern(list(shuffled_deck(deal_id)))
        return GrandfatherState(tableau, down, (NO_CARD,) * 4, REDEALS)

    def legal_moves(self, s: GrandfatherState) -> list[Move]:
        moves: list[Move] = []
        tableau = s.tableau
        for i, col in enumerate(tableau):
            if len(col) > s.down[i]:
                foundation_moves(moves, TABLEAUS[i], col[-1], s.foundations)
        where: dict[Card, tuple[int, int]] = {}  # every face-up card: its pile and the cards from it up
        kings: list[tuple[int, int]] = []
        for i, col in enumerate(tableau):
            n = len(col)
            for k in range(s.down[i], n):
                where[col[k]] = (i, n - k)
                if RANK[col[k]] == 13:
                    kings.append((i, n - k))
        for j, dst in enumerate(tableau):
            if dst:
                top = dst[-1]
                if RANK[top] > 1:  # GF-2: the same suit, one rank lower
                    found = where.get(top - 1)
                    if found is not None and found[0] != j:
                        moves.append(Move(MOVE, TABLEAUS[found[0]], TABLEAUS[j], found[1]))
            else:
                moves += [Move(MOVE, TABLEAUS[i], TABLEAUS[j], size) for i, size in kings if i != j]
        if s.redeals and any(tableau):
            moves.append(REDEAL_MOVE)
        return moves

    def _perform(self, s: GrandfatherState, m: Move, events: list[Event] | None) -> GrandfatherState:
        if m.kind == REDEAL:
            picked_up = gathered(s.tableau)
            tableau, down = deal_pattern(picked_up)
            if events is not None:
                events.append(Gathered(len(picked_up)))
            return GrandfatherState(tableau, down, s.foundations, s.redeals - 1)
        i = m.src.idx
        tableau, down, cards, flipped = take_from_column(s.tableau, s.down, i, m.size)
        foundations = s.foundations
        if m.dst.kind == FOUNDATION:
            foundations = replace_int(foundations, m.dst.idx, cards[0])
        else:
            tableau = replace_at(tableau, m.dst.idx, tableau[m.dst.idx] + cards)
        if events is not None:
            events.append(Moved(m.src, m.dst, cards))
            if flipped:
                top = len(tableau[i]) - 1
                events.append(Flipped(TABLEAUS[i], top, tableau[i][top], True))
        return GrandfatherState(tableau, down, foundations, s.redeals)

    def explain(self, s: GrandfatherState, m: Move) -> str:
        if m.kind == REDEAL:
            return tr("The columns have been redealt twice already.")
        if m.kind != MOVE or m.src.kind != TABLEAU or m.dst.kind not in (TABLEAU, FOUNDATION):
            return tr("Cards move from a column to another column or to a foundation.")
        if m.src == m.dst:
            return tr("The cards are already there.")
        col, down = s.tableau[m.src.idx], s.down[m.src.idx]
        reason = column_source_reason(col, down, m.size, down, "")  # any face-up card moves (GF-2)
        if reason:
            return reason
        head = col[-m.size]
        if m.dst.kind == FOUNDATION:
            return tr("Only the top card goes to a foundation, in suit, from the ace up.")
        target = s.tableau[m.dst.idx]
        if not target:
            return tr("Only a king, with the cards on it, can go on an empty column.")
        if SUIT[target[-1]] != SUIT[head] or RANK[target[-1]] != RANK[head] + 1:
            return not_on(head, target[-1], tr("A card goes on the card of its suit one rank higher."))
        return tr("That move is not allowed here.")

    def is_won(self, s: GrandfatherState) -> bool:
        return all_home(s.foundations)

    def piles(self, s: GrandfatherState) -> PileContents:
        out = columns_and_foundations(s.tableau, s.down, s.foundations)
        out[STOCK_PILE] = ((), 0)  # the redeal's place: tapped, the piles are dealt again (GF-3)
        return out

    def lift_reason(self, s: GrandfatherState, pile: Pile, index: int) -> str | None:
        if pile == STOCK_PILE:
            return tr("Tap here to redeal the columns.")
        if pile.kind == FOUNDATION:
            return tr("Cards on the foundations stay there.")
        if index < s.down[pile.idx]:
            return tr("Face-down cards cannot move.")
        return None  # GF-2: any face-up card, with everything on it

    def is_certain(self, s: GrandfatherState) -> bool:
        """CM-5: no face-down card and no pile with a card on a lower one."""
        return not any(s.down) and columns_sorted(s.tableau)

    def collect_move(self, s: GrandfatherState) -> Move | None:
        return next_foundation_move(column_tops(s.tableau), s.foundations)

    def seen(self, s: GrandfatherState) -> frozenset[object]:
        return frozenset(face_up_cards(s.tableau, s.down, s.foundations))

    def to_text(self, s: GrandfatherState) -> str:
        lines = header(self.spec, [])
        lines.append(f"redeals: {s.redeals}")
        lines += foundation_lines(s.foundations)
        lines += tableau_lines(s.tableau, s.down)
        return "\n".join(lines) + "\n"

    def parse(self, text: str) -> GrandfatherState:
        r = TextReader(text, self.spec)
        redeals = r.raw("redeals").strip()
        if redeals not in ("0", "1", "2"):
            raise ParseError(f"'redeals' is 0, 1 or 2 (redeals left), not {redeals!r}")
        foundations = read_foundations(r)
        tableau, down = read_tableau(r, COLUMNS, face_down=True)
        r.finish()
        check_cards(face_up_cards(tableau, [0] * COLUMNS, foundations), Counter(range(52)))
        return GrandfatherState(tableau, down, foundations, int(redeals))
