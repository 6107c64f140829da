"""Normandy (SPEC NO-1 ... NO-4; KPat's name for the game elsewhere called Gypsy): two decks, eight
columns of one face-down card under two face-up ones, eight foundations, and a stock of 80 cards
dealt one onto each column at a tap.

From KPat's dealer (src/normandy.cpp): three rows of eight, the first face down; the columns build
down in alternating colours, and any ordered run in alternating colours moves, whatever its length;
an empty column takes any card or run; a foundation's top card may come back onto a column; the
stock deals a row whenever asked, empty columns or not, and has no redeal. The two decks' cards are
the same 52 ints twice: two cards of one rank and suit are interchangeable.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.core.cards import NO_CARD, RANK, Card, can_stack_alternate
from game.core.dealid import DealId
from game.core.errors import ParseError
from game.core.i18n import tr
from game.rules.base import DEAL, DEAL_MOVE, MOVE, Dealt, Event, Flipped, Move, Moved, PileContents, Variant
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
from game.rules.pile import FOUNDATION, FOUNDATIONS, STOCK, STOCK_PILE, TABLEAUS, Pile
from game.rules.piles import (
    Column,
    alternate_run_start,
    columns_sorted,
    replace_at,
    replace_int,
    shuffled_deck,
    take_from_column,
)
from game.rules.reasons import alternate_destination_reason, alternate_run_rule, column_source_reason
from game.rules.text import TextReader, cards_field, check_cards, header, read_tableau, tableau_lines

COLUMNS = 8
FOUNDATION_COUNT = 8
DECK = tuple(range(52)) * 2  # NO-1: two decks
DOWN_ROWS = 1  # NO-1 as KPat deals it: one face-down row, then two face-up rows
UP_ROWS = 2
STOCK_SIZE = len(DECK) - COLUMNS * (DOWN_ROWS + UP_ROWS)  # 80: ten deals of eight


@dataclass(frozen=True, slots=True)
class NormandyState:
    tableau: tuple[Column, ...]  # eight columns, top card last
    down: tuple[int, ...]  # how many cards at the bottom of each column are face down
    stock: Column  # the next deal takes the last eight: stock[-8 + j] onto column j
    foundations: tuple[Card, ...]  # top card of each of the eight, NO_CARD when empty


def home_count(s: NormandyState) -> int:
    """How many cards are on the foundations."""
    return sum(RANK[top] for top in s.foundations if top != NO_CARD)


def dealt_cards(stock: Column) -> Column:
    """NO-3: the cards the next deal takes, in the order of the columns they land on."""
    return stock[-COLUMNS:]


class Normandy(Variant[NormandyState]):
    name = "normandy"
    places = frozenset({*TABLEAUS[:COLUMNS], *FOUNDATIONS[:FOUNDATION_COUNT], STOCK_PILE})

    # -- dealing --------------------------------------------------------------------------------

    def deal(self, deal_id: DealId) -> NormandyState:
        """NO-1: two shuffled decks; a row of eight face down, then two rows face up; the other 80
        cards are the stock."""
        deck = shuffled_deck(deal_id, DECK)
        columns: list[list[Card]] = [[] for _ in range(COLUMNS)]
        for _ in range(DOWN_ROWS + UP_ROWS):
            for col in columns:
                col.append(deck.pop())
        return NormandyState(
            tableau=tuple(tuple(c) for c in columns),
            down=(DOWN_ROWS,) * COLUMNS,
            stock=tuple(deck),
            foundations=(NO_CARD,) * FOUNDATION_COUNT,
        )

    # -- moves ----------------------------------------------------------------------------------

    def legal_moves(self, s: NormandyState) -> list[Move]:
        moves: list[Move] = []
        tableau, foundations = s.tableau, s.foundations
        # To the foundations: a column's top card, to every foundation that takes it.
        for i, col in enumerate(tableau):
            if len(col) > s.down[i]:
                foundation_moves(moves, TABLEAUS[i], col[-1], foundations)
        # NO-2: a run in alternating colours onto the card one rank above its head, of the other
        # colour; any part of the run into an empty column.
        for i, col in enumerate(tableau):
            n = len(col)
            if n <= s.down[i]:
                continue
            start = alternate_run_start(col, s.down[i])
            for j, dst in enumerate(tableau):
                if j == i:
                    continue
                if dst:
                    k = n - 1 - (RANK[dst[-1]] - 1 - RANK[col[-1]])
                    if start <= k < n and can_stack_alternate(col[k], dst[-1]):
                        moves.append(Move(MOVE, TABLEAUS[i], TABLEAUS[j], n - k))
                else:
                    moves += [Move(MOVE, TABLEAUS[i], TABLEAUS[j], size) for size in range(1, n - start + 1)]
        # A foundation's top card back onto a column (KPat's checkRemove).
        for f, top in enumerate(foundations):
            if top == NO_CARD:
                continue
            for j, dst in enumerate(tableau):
                if not dst or can_stack_alternate(top, dst[-1]):
                    moves.append(Move(MOVE, FOUNDATIONS[f], TABLEAUS[j]))
        return moves + self.stock_moves(s)

    def stock_moves(self, s: NormandyState) -> list[Move]:
        """NO-3: a deal of one card onto each column, whenever the stock has cards."""
        return [DEAL_MOVE] if s.stock else []

    def _perform(self, s: NormandyState, m: Move, events: list[Event] | None) -> NormandyState:
        tableau, down, stock, foundations = s.tableau, s.down, s.stock, s.foundations
        if m.kind == DEAL:
            dealt = dealt_cards(stock)
            tableau = tuple(col + (dealt[j],) for j, col in enumerate(tableau))
            if events is not None:
                events.append(Dealt(TABLEAUS[:COLUMNS], dealt))
            return NormandyState(tableau, down, stock[: -len(dealt)], foundations)
        if m.src.kind == FOUNDATION:
            top = foundations[m.src.idx]
            rest = foundation_cards(top)[:-1]
            foundations = replace_int(foundations, m.src.idx, rest[-1] if rest else NO_CARD)
            tableau = replace_at(tableau, m.dst.idx, tableau[m.dst.idx] + (top,))
            if events is not None:
                events.append(Moved(m.src, m.dst, (top,)))
            return NormandyState(tableau, down, stock, foundations)
        i = m.src.idx
        tableau, down, cards, flipped = take_from_column(tableau, down, i, m.size)
        if m.dst.kind == FOUNDATION:
            foundations = replace_int(foundations, m.dst.idx, cards[0])
        else:
            tableau = replace_at(tableau, m.dst.idx, tableau[m.dst.idx] + cards)
        if events is not None:
            events.append(Moved(m.src, m.dst, cards))
            if flipped:
                top_index = len(tableau[i]) - 1
                events.append(Flipped(TABLEAUS[i], top_index, tableau[i][top_index], True))
        return NormandyState(tableau, down, stock, foundations)

    def piles(self, s: NormandyState) -> PileContents:
        out: PileContents = {STOCK_PILE: (s.stock, len(s.stock))}
        return out | columns_and_foundations(s.tableau, s.down, s.foundations)

    def lift_reason(self, s: NormandyState, pile: Pile, index: int) -> str | None:
        if pile.kind == STOCK:
            return tr("Tap the stock to deal a card onto every column.")
        cards, down = self.piles(s)[pile]
        if pile.kind == FOUNDATION:
            return None if cards and index == len(cards) - 1 else tr("Only a foundation's top card can move.")
        return column_source_reason(
            cards, down, len(cards) - index, alternate_run_start(cards, down), alternate_run_rule()
        )

    def explain(self, s: NormandyState, m: Move) -> str:
        if m.kind == DEAL:
            return tr("No cards are left to deal.")
        if m.kind != MOVE:
            return tr("That move is not allowed here.")
        src, dst = m.src, m.dst
        if src == dst:
            return tr("The cards are already there.")
        if src.kind == STOCK:
            return tr("Tap the stock to deal a card onto every column.")
        if dst.kind == STOCK:
            return tr("Cards cannot be put back on the stock.")
        if src.kind == FOUNDATION:
            if s.foundations[src.idx] == NO_CARD:
                return tr("That foundation is empty.")
            if dst.kind == FOUNDATION:
                return tr("A foundation card can only go back to the tableau.")
            if m.size != 1:
                return tr("Only a foundation's top card can move.")
            moving = s.foundations[src.idx]
        else:
            col, down = s.tableau[src.idx], s.down[src.idx]
            reason = column_source_reason(col, down, m.size, alternate_run_start(col, down), alternate_run_rule())
            if reason:
                return reason
            moving = col[-m.size]
        return alternate_destination_reason(moving, dst, m.size, s.tableau, tr("That move is not allowed here."))

    # -- ends -----------------------------------------------------------------------------------

    def is_won(self, s: NormandyState) -> bool:
        """NO-4: all 104 cards on the eight foundations."""
        return all_home(s.foundations)

    def is_certain(self, s: NormandyState) -> bool:
        """CM-5: no stock, no face-down card and no column with a card on a lower one: the lowest
        card not home is always on top, and both of the rank below it are home."""
        return not s.stock and not any(s.down) and columns_sorted(s.tableau)

    def collect_move(self, s: NormandyState) -> Move | None:
        return next_foundation_move(column_tops(s.tableau), s.foundations)

    def seen(self, s: NormandyState) -> frozenset[object]:
        """Places once hidden, known now: the face-down places turned up (a face-down card never
        moves, so its place names it) and the stock's places dealt (its order is fixed)."""
        tokens: set[object] = set()
        for col in range(COLUMNS):
            tokens.update(("t", col, k) for k in range(s.down[col], DOWN_ROWS))
        tokens.update(("s", k) for k in range(len(s.stock), STOCK_SIZE))
        return frozenset(tokens)

    def score(self, s: NormandyState) -> int | None:
        return None

    # -- text -----------------------------------------------------------------------------------

    def to_text(self, s: NormandyState) -> str:
        lines = header(self.spec, [])
        lines.append(f"stock: {cards_field(s.stock, len(s.stock))}".rstrip())
        lines += foundation_lines(s.foundations)
        lines += tableau_lines(s.tableau, s.down)
        return "\n".join(lines) + "\n"

    def parse(self, text: str) -> NormandyState:
        r = TextReader(text, self.spec)
        stock, _ = r.cards("stock", all_down=True)
        if len(stock) % COLUMNS:
            raise ParseError(f"the stock is dealt eight cards at a time: it cannot hold {len(stock)}")
        foundations = read_foundations(r, FOUNDATION_COUNT)
        tableau, down = read_tableau(r, COLUMNS, face_down=True)
        r.finish()
        if any(d > DOWN_ROWS for d in down):
            raise ParseError("a column has at most one face-down card, the one dealt first")
        cards = face_up_cards(tableau, (0,) * COLUMNS, foundations) + stock
        check_cards(cards, Counter(DECK))
        return NormandyState(tableau, down, tuple(stock), foundations)
