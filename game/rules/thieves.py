"""The Forty Thieves family: two decks, columns of face-up cards built down in suit one card at a
time, eight foundations, and a stock turned one card at a time onto the waste. Forty Thieves (SPEC
FT) and Forty & Eight (FE) are this family with other numbers: how many columns, how many cards in
each, how many times the waste goes back to the stock, and whether the deal turns the first card.

Where the SPEC is silent this follows the standard game (docs/rules.md says so too): only the top
card of a column or of the waste moves; a card on a foundation stays there; any card goes into an
empty column. The two decks' cards are the same 52 ints twice: two cards of one rank and suit are
interchangeable.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import ClassVar

from game.core.cards import NO_CARD, RANK, Card
from game.core.dealid import DealId
from game.core.i18n import tr
from game.rules.base import (
    DRAW,
    DRAW_MOVE,
    MOVE,
    RECYCLE,
    RECYCLE_MOVE,
    Event,
    Move,
    Moved,
    PileContents,
    Recycled,
    Variant,
)
from game.rules.foundations import (
    all_home,
    column_tops,
    columns_and_foundations,
    face_up_cards,
    foundation_cards,
    foundation_lines,
    foundation_moves,
    next_foundation_move,
    read_foundations,
)
from game.rules.pile import FOUNDATION, FOUNDATIONS, STOCK, STOCK_PILE, TABLEAU, TABLEAUS, WASTE, WASTE_PILE, Pile
from game.rules.piles import Column, columns_sorted, replace_at, replace_int, shuffled_deck
from game.rules.reasons import not_on, recycle_reason
from game.rules.text import TextReader, cards_field, check_cards, header, read_tableau, tableau_lines

FOUNDATION_COUNT = 8
DECK = tuple(range(52)) * 2  # FT-1, FE-1: two decks


@dataclass(frozen=True, slots=True)
class ThievesState:
    tableau: tuple[Column, ...]  # the columns, every card face up, top card last
    stock: Column  # top card last: the next card turned
    waste: Column  # top card last: the one that can be played
    foundations: tuple[Card, ...]  # top card of each of the eight, NO_CARD when empty
    redeals: int = 0  # how many times the waste may still go back to the stock


def fits(c: Card, target: Card) -> bool:
    """FT-2, FE-2: ``c`` goes on ``target`` in a column: the same suit and one rank lower."""
    return target == c + 1 and RANK[c] < 13


def takes(c: Card, column: Column) -> bool:
    """FT-2, FE-2: a column takes ``c``: an empty one any card, else by :func:`fits` on its top card."""
    return not column or fits(c, column[-1])


def thieves_places(columns: int) -> frozenset[Pile]:
    """Every place of a game of the family with ``columns`` columns."""
    return frozenset({*TABLEAUS[:columns], *FOUNDATIONS[:FOUNDATION_COUNT], STOCK_PILE, WASTE_PILE})


def home_count(s: ThievesState) -> int:
    """How many cards are on the foundations."""
    return sum(RANK[top] for top in s.foundations if top != NO_CARD)


class Thieves(Variant[ThievesState]):
    """The family's rules; a game of it says its numbers as class attributes."""

    columns: ClassVar[int]
    rows: ClassVar[int]  # cards dealt to each column
    redeals: ClassVar[int]  # times the waste goes back to the stock once the stock is empty
    first_to_waste: ClassVar[bool]  # the deal turns the stock's first card onto the waste

    @classmethod
    def stock_size(cls) -> int:
        """The stock's cards before the deal turns any."""
        return len(DECK) - cls.columns * cls.rows

    # -- dealing --------------------------------------------------------------------------------

    def deal(self, deal_id: DealId) -> ThievesState:
        """Two shuffled decks; rows of cards dealt left to right over the columns, all face up; the
        other cards are the stock, whose first card goes onto the waste where the game says so."""
        deck = shuffled_deck(deal_id, DECK)
        columns: list[list[Card]] = [[] for _ in range(self.columns)]
        for _ in range(self.rows):
            for col in columns:
                col.append(deck.pop())
        waste = (deck.pop(),) if self.first_to_waste else ()
        return ThievesState(
            tableau=tuple(tuple(c) for c in columns),
            stock=tuple(deck),
            waste=waste,
            foundations=(NO_CARD,) * FOUNDATION_COUNT,
            redeals=self.redeals,
        )

    # -- moves ----------------------------------------------------------------------------------

    def legal_moves(self, s: ThievesState) -> list[Move]:
        moves: list[Move] = []
        tableau = s.tableau
        tops = column_tops(tableau)
        if s.waste:
            tops.append((WASTE_PILE, s.waste[-1]))
        # To the foundations: a column's top card or the waste's, to every foundation that takes it.
        for pile, c in tops:
            foundation_moves(moves, pile, c, s.foundations)
        # FT-2: one card onto a column: the same suit one rank higher, or any card into an empty one.
        for pile, c in tops:
            for j, dst in enumerate(tableau):
                if pile != TABLEAUS[j] and takes(c, dst):
                    moves.append(Move(MOVE, pile, TABLEAUS[j]))
        return moves + self.stock_moves(s)

    def stock_moves(self, s: ThievesState) -> list[Move]:
        """FT-3, FE-3: turn the stock's top card onto the waste; once the stock is empty the waste
        goes back to it while a redeal is left."""
        if s.stock:
            return [DRAW_MOVE]
        return [RECYCLE_MOVE] if s.redeals and s.waste else []

    def _perform(self, s: ThievesState, m: Move, events: list[Event] | None) -> ThievesState:
        tableau, stock, waste, foundations = s.tableau, s.stock, s.waste, s.foundations
        if m.kind == DRAW:
            card = stock[-1]
            if events is not None:
                events.append(Moved(STOCK_PILE, WASTE_PILE, (card,)))
            return ThievesState(tableau, stock[:-1], waste + (card,), foundations, s.redeals)
        if m.kind == RECYCLE:  # the waste turned over: its first card is the stock's top again
            if events is not None:
                events.append(Recycled(WASTE_PILE, STOCK_PILE, len(waste)))
            return ThievesState(tableau, waste[::-1], (), foundations, s.redeals - 1)
        if m.src.kind == TABLEAU:
            column = tableau[m.src.idx]
            card = column[-1]
            tableau = replace_at(tableau, m.src.idx, column[:-1])
        else:  # the waste's top card
            card = waste[-1]
            waste = waste[:-1]
        if m.dst.kind == FOUNDATION:
            foundations = replace_int(foundations, m.dst.idx, card)
        else:
            tableau = replace_at(tableau, m.dst.idx, tableau[m.dst.idx] + (card,))
        if events is not None:
            events.append(Moved(m.src, m.dst, (card,)))
        return ThievesState(tableau, stock, waste, foundations, s.redeals)

    def piles(self, s: ThievesState) -> PileContents:
        out: PileContents = {STOCK_PILE: (s.stock, len(s.stock)), WASTE_PILE: (s.waste, 0)}
        return out | columns_and_foundations(s.tableau, (0,) * self.columns, s.foundations)

    def lift_reason(self, s: ThievesState, pile: Pile, index: int) -> str | None:
        if pile.kind == STOCK:
            return tr("Tap the stock to turn a card onto the waste.")
        if pile.kind == FOUNDATION:
            return tr("Cards on the foundations stay there.")
        cards, _ = self.piles(s)[pile]
        if index == len(cards) - 1:
            return None
        if pile.kind == WASTE:
            return tr("Only the top card of the waste can be played.")
        return one_at_a_time()

    def explain(self, s: ThievesState, m: Move) -> str:
        if m.kind in (DRAW, RECYCLE):
            return self.explain_stock(s, m)
        if m.kind != MOVE:
            return tr("That move is not allowed here.")
        src, dst = m.src, m.dst
        if src == dst:
            return tr("The cards are already there.")
        if src.kind == STOCK:
            return tr("Tap the stock to turn a card onto the waste.")
        if src.kind == FOUNDATION:
            return tr("Cards on the foundations stay there.")
        if dst.kind in (STOCK, WASTE):
            return tr("Cards cannot be put back on the stock or the waste.")
        source = s.waste if src.kind == WASTE else s.tableau[src.idx]
        if not source:
            return tr("The waste is empty.") if src.kind == WASTE else tr("That column is empty.")
        if m.size != 1:
            return one_at_a_time()
        moving = source[-1]
        if dst.kind == FOUNDATION:
            return tr("A foundation builds up by suit from the ace.")
        target = s.tableau[dst.idx]
        if target and not fits(moving, target[-1]):
            return not_on(moving, target[-1], tr("A card goes on the next higher card of its own suit."))
        return tr("That move is not allowed here.")

    def explain_stock(self, s: ThievesState, m: Move) -> str:
        """Why the stock cannot turn (FT-3, FE-3)."""
        if not self.redeals:
            return tr("The stock is empty, and the waste is not turned over: there is no redeal.")
        if m.kind == DRAW and s.redeals and s.waste:
            return tr("The stock is empty: tap it to turn the waste over.")
        if m.kind == DRAW and not s.waste:
            return tr("The stock and the waste are empty.")
        return recycle_reason(s.stock, s.waste)

    # -- ends -----------------------------------------------------------------------------------

    def is_won(self, s: ThievesState) -> bool:
        """FT-4, FE-4: all 104 cards on the eight foundations."""
        return all_home(s.foundations)

    def is_certain(self, s: ThievesState) -> bool:
        """CM-5: the stock turned out (a redeal left changes nothing), and no column (nor the
        waste, which plays from its top as a column does) has a card on one of a lower rank: the
        lowest card not home is always on top, and both of the rank below it are home, so it always
        goes home."""
        return not s.stock and columns_sorted((*s.tableau, s.waste))

    def collect_move(self, s: ThievesState) -> Move | None:
        tops = column_tops(s.tableau) + ([(WASTE_PILE, s.waste[-1])] if s.waste else [])
        return next_foundation_move(tops, s.foundations)

    def seen(self, s: ThievesState) -> frozenset[object]:
        """The stock's places turned so far (its order is fixed: place k of the stock is the same
        card however the game went, until a redeal, which comes only once every place was turned).
        Every other card is face up from the deal."""
        return frozenset(("s", k) for k in range(len(s.stock), self.stock_size()))

    def score(self, s: ThievesState) -> int | None:
        return None

    # -- text -----------------------------------------------------------------------------------

    def to_text(self, s: ThievesState) -> str:
        lines = header(self.spec, [])
        if self.redeals:
            lines.append(f"redeals: {s.redeals}")
        lines.append(f"stock: {cards_field(s.stock, len(s.stock))}".rstrip())
        lines.append(f"waste: {cards_field(s.waste)}".rstrip())
        lines += foundation_lines(s.foundations)
        lines += tableau_lines(s.tableau)
        return "\n".join(lines) + "\n"

    def parse(self, text: str) -> ThievesState:
        r = TextReader(text, self.spec)
        redeals = r.integer("redeals", 0, self.redeals) if self.redeals else 0
        stock, _ = r.cards("stock", all_down=True)
        waste = r.face_up("waste")
        foundations = read_foundations(r, FOUNDATION_COUNT)
        tableau, _ = read_tableau(r, self.columns)
        r.finish()
        cards = face_up_cards(tableau, (0,) * self.columns, foundations) + stock + waste
        check_cards(cards, Counter(DECK))
        return ThievesState(tableau, tuple(stock), tuple(waste), foundations, redeals)


def one_at_a_time() -> str:
    return tr("Cards move one at a time: only a column's top card.")


def home_cards(s: ThievesState) -> list[Card]:
    """Every card on the foundations."""
    return [c for top in s.foundations for c in foundation_cards(top)]
