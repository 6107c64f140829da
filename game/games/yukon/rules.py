"""Yukon (SPEC YU-1 ... YU-4): building down in alternating colours without a stock, any face-up card moves with
everything on it."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.core.cards import NO_CARD, RANK, Card, can_stack_alternate
from game.core.dealid import DealId
from game.core.i18n import tr
from game.rules.base import MOVE, Event, Flipped, Move, Moved, PileContents, Variant
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
from game.rules.pile import FOUNDATION, FOUNDATIONS, TABLEAU, TABLEAUS, Pile
from game.rules.piles import Column, columns_sorted, replace_at, replace_int, shuffled_deck, take_from_column
from game.rules.reasons import alternate_destination_reason, column_source_reason
from game.rules.text import TextReader, check_cards, header, read_tableau, tableau_lines

COLUMNS = 7

# The cards that may go on each card: the other colour, one rank lower (none on an ace).
FITS_ON: tuple[tuple[Card, ...], ...] = tuple(
    tuple(x for x in range(52) if can_stack_alternate(x, c)) for c in range(52)
)


@dataclass(frozen=True, slots=True)
class YukonState:
    tableau: tuple[Column, ...]
    down: tuple[int, ...]
    foundations: tuple[Card, ...]  # top card of each slot, NO_CARD when empty


class Yukon(Variant[YukonState]):
    name = "yukon"
    places = frozenset({*TABLEAUS[:COLUMNS], *FOUNDATIONS[:4]})

    def deal(self, deal_id: DealId) -> YukonState:
        """YU-1: column 1 is one face-up card; column k (2-7) has k-1 face-down cards under 5 face-up."""
        deck = shuffled_deck(deal_id)
        columns = [[deck.pop()]]
        for col in range(1, COLUMNS):
            columns.append([deck.pop() for _ in range(col + 5)])
        return YukonState(tuple(tuple(c) for c in columns), tuple(range(COLUMNS)), (NO_CARD,) * 4)

    def legal_moves(self, s: YukonState) -> list[Move]:
        moves: list[Move] = []
        tableau = s.tableau
        for i, col in enumerate(tableau):
            if len(col) > s.down[i]:
                foundation_moves(moves, TABLEAUS[i], col[-1], s.foundations)
        # Where every face-up card is, then for each destination the (at most two) cards that fit.
        where: dict[Card, tuple[int, int]] = {}
        kings: list[tuple[int, int]] = []
        for i, col in enumerate(tableau):
            n = len(col)
            for k in range(s.down[i], n):
                where[col[k]] = (i, n - k)
                if RANK[col[k]] == 13:
                    kings.append((i, n - k))
        for j, dst in enumerate(tableau):
            if dst:
                for wanted in FITS_ON[dst[-1]]:
                    found = where.get(wanted)
                    if found is not None and found[0] != j:
                        moves.append(Move(MOVE, TABLEAUS[found[0]], TABLEAUS[j], found[1]))
            else:
                moves += [Move(MOVE, TABLEAUS[i], TABLEAUS[j], size) for i, size in kings if i != j]
        return moves

    def _perform(self, s: YukonState, m: Move, events: list[Event] | None) -> YukonState:
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
        return YukonState(tableau, down, foundations)

    def explain(self, s: YukonState, m: Move) -> str:
        if m.kind != MOVE or m.src.kind != TABLEAU or m.dst.kind not in (TABLEAU, FOUNDATION):
            return tr("In Yukon cards move from a column to another column or to a foundation.")
        if m.src == m.dst:
            return tr("The cards are already there.")
        col, down = s.tableau[m.src.idx], s.down[m.src.idx]
        reason = column_source_reason(col, down, m.size, down, "")  # any face-up card moves (YU-2)
        if reason:
            return reason
        empty_rule = tr("Only a king, with the cards on it, can go on an empty column.")
        return alternate_destination_reason(col[-m.size], m.dst, m.size, s.tableau, empty_rule)

    def is_won(self, s: YukonState) -> bool:
        return all_home(s.foundations)

    def piles(self, s: YukonState) -> PileContents:
        return columns_and_foundations(s.tableau, s.down, s.foundations)

    def lift_reason(self, s: YukonState, pile: Pile, index: int) -> str | None:
        if pile.kind == FOUNDATION:
            return tr("Cards on the foundations stay there.")
        if index < s.down[pile.idx]:
            return tr("Face-down cards cannot move.")
        return None  # YU-2: any face-up card, with everything on it

    def is_certain(self, s: YukonState) -> bool:
        """CM-5: no face-down card and no column with a card on a lower one."""
        return not any(s.down) and columns_sorted(s.tableau)

    def collect_move(self, s: YukonState) -> Move | None:
        return next_foundation_move(column_tops(s.tableau), s.foundations)

    def seen(self, s: YukonState) -> frozenset[object]:
        return frozenset(face_up_cards(s.tableau, s.down, s.foundations))

    def to_text(self, s: YukonState) -> str:
        lines = header(self.spec, [])
        lines += foundation_lines(s.foundations)
        lines += tableau_lines(s.tableau, s.down)
        return "\n".join(lines) + "\n"

    def parse(self, text: str) -> YukonState:
        r = TextReader(text, self.spec)
        foundations = read_foundations(r)
        tableau, down = read_tableau(r, COLUMNS, face_down=True)
        r.finish()
        check_cards(face_up_cards(tableau, [0] * COLUMNS, foundations), Counter(range(52)))
        return YukonState(tableau, down, foundations)
