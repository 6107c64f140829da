"""Golf (SPEC GO-1 ... GO-4): play column cards onto the waste one rank up or down."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.core.cards import RANK, Card, card_symbol_text
from game.core.dealid import DealId
from game.core.errors import ParseError
from game.core.i18n import tr
from game.rules.base import DRAW, DRAW_MOVE, MOVE, RECYCLE, Event, Move, Moved, PileContents, Variant
from game.rules.pile import STOCK, STOCK_PILE, TABLEAU, TABLEAUS, WASTE, WASTE_PILE, Pile
from game.rules.piles import Column, replace_at, shuffled_deck
from game.rules.text import TextReader, cards_field, check_cards, header, read_tableau, tableau_lines

COLUMNS = 7
ROWS = 5


@dataclass(frozen=True, slots=True)
class GolfState:
    tableau: tuple[Column, ...]
    stock: Column  # top card last
    waste: Column  # top card last


def connects(a: Card, b: Card) -> bool:
    """GO-2: one rank apart, suit and colour aside; K and A do not connect."""
    return abs(RANK[a] - RANK[b]) == 1


class Golf(Variant[GolfState]):
    name = "golf"
    places = frozenset({*TABLEAUS[:COLUMNS], STOCK_PILE, WASTE_PILE})

    def deal(self, deal_id: DealId) -> GolfState:
        """GO-1: 7 columns of 5 face up, dealt row by row; one stock card turned onto the waste."""
        deck = shuffled_deck(deal_id)
        columns: list[list[Card]] = [[] for _ in range(COLUMNS)]
        for _ in range(ROWS):
            for col in columns:
                col.append(deck.pop())
        waste = (deck.pop(),)
        return GolfState(tuple(tuple(c) for c in columns), tuple(deck), waste)

    def legal_moves(self, s: GolfState) -> list[Move]:
        top = s.waste[-1] if s.waste else None
        moves = [
            Move(MOVE, TABLEAUS[i], WASTE_PILE)
            for i, col in enumerate(s.tableau)
            if col and (top is None or connects(col[-1], top))
        ]
        return moves + self.stock_moves(s)

    def stock_moves(self, s: GolfState) -> list[Move]:
        """GO-3: one card at a time, no redeal."""
        return [DRAW_MOVE] if s.stock else []

    def _perform(self, s: GolfState, m: Move, events: list[Event] | None) -> GolfState:
        if m.kind == DRAW:
            c = s.stock[-1]
            if events is not None:
                events.append(Moved(STOCK_PILE, WASTE_PILE, (c,)))
            return GolfState(s.tableau, s.stock[:-1], s.waste + (c,))
        col = s.tableau[m.src.idx]
        if events is not None:
            events.append(Moved(m.src, WASTE_PILE, col[-1:]))
        return GolfState(replace_at(s.tableau, m.src.idx, col[:-1]), s.stock, s.waste + col[-1:])

    def explain(self, s: GolfState, m: Move) -> str:
        if m.kind == DRAW:
            return tr("The stock is empty: Golf has no redeal.")
        if m.kind == RECYCLE:
            return tr("Golf has no redeal.")
        if m.kind != MOVE or m.src.kind != TABLEAU or m.dst.kind != WASTE:
            if m.src.kind in (STOCK, WASTE):
                return tr("Tap the stock to turn a card onto the waste.")
            return tr("In Golf a column's last card goes to the waste.")
        col = s.tableau[m.src.idx]
        if not col:
            return tr("That column is empty.")
        if m.size != 1:
            return tr("Only a column's last card can be played.")
        top = s.waste[-1]
        if {RANK[col[-1]], RANK[top]} == {1, 13}:
            return tr("Kings and aces do not connect in Golf.")
        return tr(
            "{card} is not one rank above or below {top}.", card=card_symbol_text(col[-1]), top=card_symbol_text(top)
        )

    def is_won(self, s: GolfState) -> bool:
        return not any(s.tableau)

    def piles(self, s: GolfState) -> PileContents:
        out: PileContents = {STOCK_PILE: (s.stock, len(s.stock)), WASTE_PILE: (s.waste, 0)}
        for i, col in enumerate(s.tableau):
            out[TABLEAUS[i]] = (col, 0)
        return out

    def lift_reason(self, s: GolfState, pile: Pile, index: int) -> str | None:
        if pile == STOCK_PILE:
            return tr("Tap the stock to turn a card onto the waste.")
        if pile.kind != TABLEAU:
            return tr("The waste's cards stay there.")
        if index != len(s.tableau[pile.idx]) - 1:
            return tr("Only a column's last card can be played.")
        return None

    def seen(self, s: GolfState) -> frozenset[object]:
        return frozenset(s.waste)

    def to_text(self, s: GolfState) -> str:
        lines = header(self.spec, [])
        lines.append(f"stock: {cards_field(s.stock, len(s.stock))}".rstrip())
        lines.append(f"waste: {cards_field(s.waste)}".rstrip())
        lines += tableau_lines(s.tableau)
        return "\n".join(lines) + "\n"

    def parse(self, text: str) -> GolfState:
        r = TextReader(text, self.spec)
        stock, _ = r.cards("stock", all_down=True)
        waste = r.face_up("waste")
        columns, _ = read_tableau(r, COLUMNS)
        r.finish()
        if any(len(c) > ROWS for c in columns):
            raise ParseError(f"a Golf column holds at most {ROWS} cards")
        check_cards(stock + waste + [c for col in columns for c in col], Counter(range(52)))
        return GolfState(columns, tuple(stock), tuple(waste))
