"""Spiderette's rules (SPEC ST-1 ... ST-4): one deck, seven columns of 1 to 7 cards with the last
face up (ST-1), 24 cards in the stock dealt one onto each column while none is empty, the last deal
three cards onto the first three (ST-3); any card goes on a card one rank higher, a run moves
together only in one suit (ST-2); a complete king-to-ace suit leaves the table, four gone wins
(ST-4)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.core.cards import RANK, SUIT, SUIT_LETTERS, Card
from game.core.dealid import DealId
from game.core.errors import ParseError
from game.core.i18n import tr
from game.rules.base import DEAL, DEAL_MOVE, MOVE, Dealt, Event, Flipped, Move, Moved, PileContents, Variant
from game.rules.pile import STOCK, STOCK_PILE, TABLEAU, TABLEAUS, Pile
from game.rules.piles import Column, replace_at, same_suit_run_start, shuffled_deck, take_from_column
from game.rules.runs import (
    completed_line,
    run_piles,
    suit_run_lift_reason,
    suit_run_move_reason,
    take_complete,
)
from game.rules.text import TextReader, cards_field, check_cards, header, read_tableau, tableau_lines

COLUMNS = 7
DEAL_SIZE = 7  # ST-3: one card onto each column; the last deal, the three left, onto the first three
STOCK_SIZE = 24
SUITS = 4
INITIAL_DOWN = tuple(range(COLUMNS))  # ST-1: column k holds k + 1 cards, the last face up
STOCK_SIZES = frozenset(STOCK_SIZE - DEAL_SIZE * k for k in range(4)) | {0}  # 24, 17, 10, 3, 0


@dataclass(frozen=True, slots=True)
class SpideretteState:
    tableau: tuple[Column, ...]
    down: tuple[int, ...]
    stock: Column  # the next deal takes the last seven (or the three left): stock[-n + j] onto column j
    completed: tuple[int, ...]  # the suit of each completed run, in the order they left

    @property
    def deals_left(self) -> int:
        return (len(self.stock) + DEAL_SIZE - 1) // DEAL_SIZE


def dealt_cards(stock: Column) -> Column:
    """ST-3: the cards the next deal takes, in the order of the columns they land on."""
    return stock[-min(DEAL_SIZE, len(stock)) :] if stock else ()


class Spiderette(Variant[SpideretteState]):
    name = "spiderette"
    places = frozenset({*TABLEAUS[:COLUMNS], STOCK_PILE})

    def deal(self, deal_id: DealId) -> SpideretteState:
        """ST-1: row by row, each row from the next column on: column k gets k + 1 cards, the last face
        up."""
        deck = shuffled_deck(deal_id)
        columns: list[list[Card]] = [[] for _ in range(COLUMNS)]
        for row in range(COLUMNS):
            for col in range(row, COLUMNS):
                columns[col].append(deck.pop())
        return SpideretteState(tuple(tuple(c) for c in columns), INITIAL_DOWN, tuple(deck), ())

    def legal_moves(self, s: SpideretteState) -> list[Move]:
        moves: list[Move] = []
        tableau = s.tableau
        for i, col in enumerate(tableau):
            n = len(col)
            if n <= s.down[i]:
                continue
            start = same_suit_run_start(col, s.down[i])
            last_rank = RANK[col[-1]]
            for j, dst in enumerate(tableau):
                if j == i:
                    continue
                if dst:  # ST-2: the card of the run one rank below the target's, whatever the suit
                    k = n - 1 - (RANK[dst[-1]] - 1 - last_rank)
                    if start <= k < n:
                        moves.append(Move(MOVE, TABLEAUS[i], TABLEAUS[j], n - k))
                else:  # ST-2: an empty column takes any card or run
                    moves += [Move(MOVE, TABLEAUS[i], TABLEAUS[j], count) for count in range(1, n - start + 1)]
        return moves + self.stock_moves(s)

    def stock_moves(self, s: SpideretteState) -> list[Move]:
        """ST-3: a deal, never while a column is empty."""
        return [DEAL_MOVE] if can_deal(s.tableau, len(s.stock)) else []

    def _perform(self, s: SpideretteState, m: Move, events: list[Event] | None) -> SpideretteState:
        tableau, down, completed = s.tableau, s.down, s.completed
        if m.kind == DEAL:
            dealt = dealt_cards(s.stock)
            tableau = tuple(col + (dealt[j],) if j < len(dealt) else col for j, col in enumerate(tableau))
            if events is not None:
                events.append(Dealt(TABLEAUS[: len(dealt)], dealt))
            for j in range(len(dealt)):
                tableau, down, completed = take_complete(tableau, down, completed, j, events)
            return SpideretteState(tableau, down, s.stock[: -len(dealt)], completed)
        i, j = m.src.idx, m.dst.idx
        tableau, down, cards, flipped = take_from_column(tableau, down, i, m.size)
        tableau = replace_at(tableau, j, tableau[j] + cards)
        if events is not None:
            events.append(Moved(m.src, m.dst, cards))
            if flipped:
                top = len(tableau[i]) - 1
                events.append(Flipped(TABLEAUS[i], top, tableau[i][top], True))
        tableau, down, completed = take_complete(tableau, down, completed, j, events)
        return SpideretteState(tableau, down, s.stock, completed)

    def explain(self, s: SpideretteState, m: Move) -> str:
        if m.kind == DEAL:
            if not s.stock:
                return tr("No cards are left to deal.")
            return tr("Fill every empty column before dealing.")
        if m.kind != MOVE or m.src.kind != TABLEAU or m.dst.kind != TABLEAU:
            if m.src.kind == STOCK:
                return tr("Tap the stock to deal a card onto every column.")
            return tr("Cards move only from column to column.")
        return suit_run_move_reason(s.tableau, s.down, m)

    def is_won(self, s: SpideretteState) -> bool:
        """ST-4: the four suits gone."""
        return len(s.completed) == SUITS

    def piles(self, s: SpideretteState) -> PileContents:
        """The stock, the four completed-suit slots (a completed suit shows its king on top) and
        the seven columns."""
        return run_piles(s.stock, s.completed, s.tableau, s.down, SUITS)

    def lift_reason(self, s: SpideretteState, pile: Pile, index: int) -> str | None:
        if pile == STOCK_PILE:
            return tr("Tap the stock to deal a card onto every column.")
        return suit_run_lift_reason(s.tableau, s.down, pile, index)

    def seen(self, s: SpideretteState) -> frozenset[object]:
        """Every card face up now: in the columns and the completed suits (one deck: a card names
        itself, so a card seen once stays known when a deal or a turned card is taken back)."""
        up = [c for col, d in zip(s.tableau, s.down, strict=True) for c in col[d:]]
        return frozenset(up + [suit * 13 + r for suit in s.completed for r in range(13)])

    def to_text(self, s: SpideretteState) -> str:
        lines = header(self.spec, [])
        lines.append(completed_line(s.completed))
        lines.append(f"stock: {cards_field(s.stock, len(s.stock))}".rstrip())
        lines += tableau_lines(s.tableau, s.down)
        return "\n".join(lines) + "\n"

    def parse(self, text: str) -> SpideretteState:
        r = TextReader(text, self.spec)
        completed_text = r.raw("completed").upper().split()
        if any(x not in SUIT_LETTERS for x in completed_text) or len(set(completed_text)) != len(completed_text):
            raise ParseError("'completed' lists each suit letter (S H D C) at most once")
        completed = tuple(SUIT_LETTERS.index(x) for x in completed_text)
        stock, _ = r.cards("stock", all_down=True)
        if len(stock) not in STOCK_SIZES:
            raise ParseError(f"the stock holds 24, 17, 10, 3 or no cards, not {len(stock)}")
        tableau, down = read_tableau(r, COLUMNS, face_down=True)
        r.finish()
        expected = Counter(c for c in range(52) if SUIT[c] not in completed)
        check_cards(stock + [c for col in tableau for c in col], expected)
        return SpideretteState(tableau, down, tuple(stock), completed)


def can_deal(tableau: tuple[Column, ...], stock: int) -> bool:
    """ST-3: a deal needs a stock and no empty column — unless the table holds fewer cards than
    there are columns, when no column could ever be filled and refusing would end the game."""
    if not stock:
        return False
    return all(tableau) or sum(len(c) for c in tableau) < len(tableau)
