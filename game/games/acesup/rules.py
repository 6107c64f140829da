"""Aces Up's rules (SPEC AU-1 ... AU-5, as KPat's ``idiot.cpp``): one deck; the four piles get one
face-up card each from the stock's top, the other 48 cards stay in the stock (AU-1); a pile's top
card is discarded when another pile's top card is of its suit and higher, aces high, so an ace is
never discarded (AU-2); an empty pile takes the top card of any other pile (AU-3); a tap on the stock
deals one card onto each of the four piles, the first pile first, and there is no redeal (AU-4);
the game is won when the stock is empty and the four aces are left, one on each pile (AU-5).

Moving a pile's only card into an empty pile changes nothing but its place, so it is not offered:
a position whose only moves would be those is over (CM-12)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.core.cards import RANK, SUIT, Card, card_symbol_text
from game.core.dealid import DealId
from game.core.errors import ParseError
from game.core.i18n import tr
from game.rules.base import DEAL, DEAL_MOVE, MOVE, Dealt, Event, Move, Moved, PileContents, Variant
from game.rules.pile import DISCARD, DISCARD_PILE, STOCK_PILE, TABLEAU, TABLEAUS, Pile
from game.rules.piles import Column, replace_at, shuffled_deck
from game.rules.text import TextReader, cards_field, check_cards, header, tableau_lines

PILES = 4  # AU-1: four piles
STOCK_SIZE = 48  # AU-1: the rest of the deck
DEAL_SIZE = PILES  # AU-4: one card onto each pile


def high_rank(c: Card) -> int:
    """AU-2: the card's rank with aces high (2 ... 13, the ace 14)."""
    r = RANK[c]
    return 14 if r == 1 else r


def beats(higher: Card, c: Card) -> bool:
    """AU-2: ``higher`` is of ``c``'s suit and above it, aces high."""
    return SUIT[higher] == SUIT[c] and high_rank(higher) > high_rank(c)


@dataclass(frozen=True, slots=True)
class AcesUpState:
    tableau: tuple[Column, ...]  # the four piles, each bottom first
    stock: Column  # face down; its top is its last card: the next deal gives stock[-1 - i] to pile i
    discard: Column  # the cards discarded, the first at the bottom


def dealt_cards(stock: Column) -> Column:
    """AU-4: the cards the next deal takes, in the order of the piles they land on (the stock's top
    card onto the first pile, as KPat's ``dealRow``)."""
    return tuple(reversed(stock[-DEAL_SIZE:])) if stock else ()


def discardable(tableau: tuple[Column, ...], i: int) -> bool:
    """AU-2: pile ``i``'s top card can go: another pile's top card is of its suit and higher."""
    col = tableau[i]
    if not col:
        return False
    c = col[-1]
    return any(j != i and dst and beats(dst[-1], c) for j, dst in enumerate(tableau))


class AcesUp(Variant[AcesUpState]):
    name = "acesup"
    places = frozenset({*TABLEAUS[:PILES], STOCK_PILE, DISCARD_PILE})

    def deal(self, deal_id: DealId) -> AcesUpState:
        """AU-1: the deck is the stock, its top card last; the first deal of four makes the piles."""
        deck = shuffled_deck(deal_id)
        tableau = tuple((deck.pop(),) for _ in range(PILES))
        return AcesUpState(tableau, tuple(deck), ())

    def legal_moves(self, s: AcesUpState) -> list[Move]:
        """Every discard (AU-2), then every top card into an empty pile (AU-3), then the deal (AU-4)."""
        tableau = s.tableau
        moves = [Move(MOVE, TABLEAUS[i], DISCARD_PILE) for i in range(PILES) if discardable(tableau, i)]
        empty = [j for j, col in enumerate(tableau) if not col]
        if empty:
            for i, col in enumerate(tableau):
                if len(col) > 1:  # a lone card moved to an empty pile changes nothing
                    moves += [Move(MOVE, TABLEAUS[i], TABLEAUS[j]) for j in empty]
        return moves + self.stock_moves(s)

    def stock_moves(self, s: AcesUpState) -> list[Move]:
        """AU-4: a deal while the stock has cards, whatever the piles hold."""
        return [DEAL_MOVE] if s.stock else []

    def _perform(self, s: AcesUpState, m: Move, events: list[Event] | None) -> AcesUpState:
        if m.kind == DEAL:
            dealt = dealt_cards(s.stock)
            tableau = tuple(col + (dealt[j],) for j, col in enumerate(s.tableau))
            if events is not None:
                events.append(Dealt(TABLEAUS[:PILES], dealt))
            return AcesUpState(tableau, s.stock[:-DEAL_SIZE], s.discard)
        i = m.src.idx
        c = s.tableau[i][-1]
        tableau = replace_at(s.tableau, i, s.tableau[i][:-1])
        discard = s.discard
        if m.dst.kind == DISCARD:
            discard += (c,)
        else:
            tableau = replace_at(tableau, m.dst.idx, tableau[m.dst.idx] + (c,))
        if events is not None:
            events.append(Moved(m.src, m.dst, (c,)))
        return AcesUpState(tableau, s.stock, discard)

    def explain(self, s: AcesUpState, m: Move) -> str:
        if m.kind == DEAL:
            return tr("The stock is empty.")
        if m.kind != MOVE or m.src.kind != TABLEAU or m.dst.kind not in (TABLEAU, DISCARD):
            if m.src == STOCK_PILE:
                return tr("Tap the stock to deal a card onto each column.")
            return tr("A card moves from a column to the discard pile or to an empty column.")
        col = s.tableau[m.src.idx]
        if not col:
            return tr("That column is empty.")
        if m.size != 1:
            return tr("Only the top card can move.")
        if m.src == m.dst:
            return tr("The cards are already there.")
        c = col[-1]
        if m.dst.kind == DISCARD:
            if RANK[c] == 1:
                return tr("An ace is never discarded: aces are high.")
            return tr(
                "{card} can be discarded only while another column shows a higher card of its suit.",
                card=card_symbol_text(c),
            )
        if s.tableau[m.dst.idx]:
            return tr("A card can go only onto an empty column.")
        if len(col) == 1:
            return tr("That card is alone in its column: moving it changes nothing.")
        return tr("That move is not allowed here.")

    def is_won(self, s: AcesUpState) -> bool:
        """AU-5: the stock dealt and the four aces left, one on each pile."""
        return not s.stock and all(len(col) == 1 and RANK[col[0]] == 1 for col in s.tableau)

    def piles(self, s: AcesUpState) -> PileContents:
        out: PileContents = {STOCK_PILE: (s.stock, len(s.stock)), DISCARD_PILE: (s.discard, 0)}
        for i, col in enumerate(s.tableau):
            out[TABLEAUS[i]] = (col, 0)
        return out

    def lift_reason(self, s: AcesUpState, pile: Pile, index: int) -> str | None:
        if pile == STOCK_PILE:
            return tr("Tap the stock to deal a card onto each column.")
        if pile == DISCARD_PILE:
            return tr("Removed cards stay removed.")
        if index != len(s.tableau[pile.idx]) - 1:
            return tr("Only the top card can move.")
        return None

    def seen(self, s: AcesUpState) -> frozenset[object]:
        """Every card dealt face up so far: on the piles and discarded (one deck: a card seen once
        stays known when a deal is taken back)."""
        return frozenset([c for col in s.tableau for c in col] + list(s.discard))

    def to_text(self, s: AcesUpState) -> str:
        lines = header(self.spec, [])
        lines.append(f"stock: {cards_field(s.stock, len(s.stock))}".rstrip())
        lines.append(f"discard: {cards_field(s.discard)}".rstrip())
        lines += tableau_lines(s.tableau)
        return "\n".join(lines) + "\n"

    def parse(self, text: str) -> AcesUpState:
        r = TextReader(text, self.spec)
        stock, _ = r.cards("stock", all_down=True)
        if len(stock) % DEAL_SIZE or len(stock) > STOCK_SIZE:
            raise ParseError(f"the stock holds a multiple of four cards, at most {STOCK_SIZE}, not {len(stock)}")
        discard = r.face_up("discard")
        tableau = tuple(tuple(r.face_up(f"tableau{i + 1}")) for i in range(PILES))
        r.finish()
        check_cards(stock + discard + [c for col in tableau for c in col], Counter(range(52)))
        aces = [card_symbol_text(c) for c in discard if RANK[c] == 1]
        if aces:
            raise ParseError(f"an ace is never discarded ({', '.join(aces)})")
        return AcesUpState(tableau, tuple(stock), tuple(discard))
