"""Spider with 1, 2 or 4 suits (SPEC SP-1 ... SP-8, SP-13, SP-14)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.core.cards import RANK, SUIT, SUIT_LETTERS, Card
from game.core.dealid import DealId
from game.core.errors import ParseError
from game.core.i18n import tr
from game.rules.base import (
    DEAL,
    DEAL_MOVE,
    MOVE,
    Dealt,
    Event,
    Flipped,
    Move,
    Moved,
    PileContents,
    Variant,
)
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

COLUMNS = 10
DEAL_SIZE = 10
DEALS = 5
INITIAL_DOWN = (5, 5, 5, 5, 4, 4, 4, 4, 4, 4)  # SP-2: 6 cards in columns 1-4, 5 in the rest
SUITS_OF = {1: (0,) * 8, 2: (0, 1) * 4, 4: (0, 1, 2, 3) * 2}  # SP-1: the suit of each of 8 sets


def spider_deck(suits: int) -> list[Card]:
    """SP-1: 104 cards, eight 13-card sets whose suits depend on the option."""
    return [suit * 13 + r for suit in SUITS_OF[suits] for r in range(13)]


@dataclass(frozen=True, slots=True)
class SpiderState:
    tableau: tuple[Column, ...]
    down: tuple[int, ...]
    stock: Column  # the next deal takes the last ten: stock[-10 + j] goes to column j
    completed: tuple[int, ...]  # the suit of each completed set, in the order they were made
    suits: int

    @property
    def deals_left(self) -> int:
        return (len(self.stock) + DEAL_SIZE - 1) // DEAL_SIZE


class Spider(Variant[SpiderState]):
    name = "spider"
    places = frozenset({*TABLEAUS[:COLUMNS], STOCK_PILE})

    def deal(self, deal_id: DealId) -> SpiderState:
        suits = int(deal_id.option("suits"))
        deck = shuffled_deck(deal_id, spider_deck(suits))
        columns: list[list[Card]] = [[] for _ in range(COLUMNS)]
        for row in range(6):
            for col in range(COLUMNS):
                if row <= INITIAL_DOWN[col]:
                    columns[col].append(deck.pop())
        return SpiderState(tuple(tuple(c) for c in columns), INITIAL_DOWN, tuple(deck), (), suits)

    def legal_moves(self, s: SpiderState) -> list[Move]:
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
                if dst:
                    k = n - 1 - (RANK[dst[-1]] - 1 - last_rank)
                    if start <= k < n:
                        moves.append(Move(MOVE, TABLEAUS[i], TABLEAUS[j], n - k))
                else:
                    moves += [Move(MOVE, TABLEAUS[i], TABLEAUS[j], count) for count in range(1, n - start + 1)]
        return moves + self.stock_moves(s)

    def stock_moves(self, s: SpiderState) -> list[Move]:
        """SP-6: a deal of ten, never onto an empty column."""
        return [DEAL_MOVE] if self._can_deal(s) else []

    @staticmethod
    def _can_deal(s: SpiderState) -> bool:
        """SP-6: a deal needs a stock and no empty column — unless the table holds fewer cards than
        there are columns, when no column could ever be filled and refusing would end the game."""
        if not s.stock:
            return False
        return all(s.tableau) or sum(len(c) for c in s.tableau) < COLUMNS

    def _perform(self, s: SpiderState, m: Move, events: list[Event] | None) -> SpiderState:
        tableau, down, completed = s.tableau, s.down, s.completed
        if m.kind == DEAL:
            dealt = s.stock[-DEAL_SIZE:]
            stock = s.stock[: -len(dealt)]
            tableau = tuple(col + (dealt[j],) if j < len(dealt) else col for j, col in enumerate(tableau))
            if events is not None:
                events.append(Dealt(TABLEAUS[: len(dealt)], dealt))
            for j in range(len(dealt)):
                tableau, down, completed = take_complete(tableau, down, completed, j, events)
            return SpiderState(tableau, down, stock, completed, s.suits)
        i, j = m.src.idx, m.dst.idx
        tableau, down, cards, flipped = take_from_column(tableau, down, i, m.size)
        tableau = replace_at(tableau, j, tableau[j] + cards)
        if events is not None:
            events.append(Moved(m.src, m.dst, cards))
            if flipped:
                top = len(tableau[i]) - 1
                events.append(Flipped(TABLEAUS[i], top, tableau[i][top], True))
        tableau, down, completed = take_complete(tableau, down, completed, j, events)
        return SpiderState(tableau, down, s.stock, completed, s.suits)

    def explain(self, s: SpiderState, m: Move) -> str:
        if m.kind == DEAL:
            if not s.stock:
                return tr("No cards are left to deal.")
            return tr("Fill every empty column before dealing.")
        if m.kind != MOVE or m.src.kind != TABLEAU or m.dst.kind != TABLEAU:
            if m.src.kind == STOCK:
                return tr("Tap the stock to deal a card onto every column.")
            return tr("In Spider cards move from column to column.")
        return suit_run_move_reason(s.tableau, s.down, m)

    def is_won(self, s: SpiderState) -> bool:
        return len(s.completed) == 8

    def piles(self, s: SpiderState) -> PileContents:
        """The stock, the eight completed-suit slots (a completed suit shows its king on top) and
        the ten columns."""
        return run_piles(s.stock, s.completed, s.tableau, s.down, 8)

    def lift_reason(self, s: SpiderState, pile: Pile, index: int) -> str | None:
        if pile == STOCK_PILE:
            return tr("Tap the stock to deal a card onto every column.")
        return suit_run_lift_reason(s.tableau, s.down, pile, index)

    def tap_rank(self, s: SpiderState, m: Move) -> int:
        """SP-9's order of a move: 1 completes a suit at once, 2 lands on its own suit one rank
        higher, 3 on another suit, 4 on an empty column."""
        target = s.tableau[m.dst.idx]
        if not target:
            return 4
        if len(self.play(s, m).completed) > len(s.completed):
            return 1
        head = s.tableau[m.src.idx][-m.size]
        return 2 if SUIT[target[-1]] == SUIT[head] else 3

    def moves_of_run(self, s: SpiderState, pile: Pile, index: int, legal: list[Move] | None = None) -> list[Move]:
        """The legal moves of the cards of column ``pile`` from ``index`` to its end."""
        size = len(s.tableau[pile.idx]) - index
        moves = self.legal_moves(s) if legal is None else legal
        return [m for m in moves if m.kind == MOVE and m.src == pile and m.size == size]

    def tap_destination(self, s: SpiderState, pile: Pile, index: int, legal: list[Move] | None = None) -> Move | None:
        """SP-9: where a tap sends the run from ``index``: the best by :meth:`tap_rank`, ties to
        the lowest column number; None if it can go nowhere."""
        moves = self.moves_of_run(s, pile, index, legal)
        if not moves:
            return None
        return min(moves, key=lambda m: (self.tap_rank(s, m), m.dst.idx))

    def seen(self, s: SpiderState) -> frozenset[object]:
        """Hidden-at-start cards known now: face-down places turned up (a face-down card never moves,
        so a place identifies it) and the stock cards dealt so far (the stock's order is fixed)."""
        tokens: set[object] = set()
        for col in range(COLUMNS):
            tokens.update(("t", col, k) for k in range(s.down[col], INITIAL_DOWN[col]))
        dealt = DEALS * DEAL_SIZE - len(s.stock)
        tokens.update(("s", k) for k in range(dealt))
        return frozenset(tokens)

    def to_text(self, s: SpiderState) -> str:
        lines = header(self.spec, [("suits", str(s.suits))])
        lines.append(completed_line(s.completed))
        lines.append(f"stock: {cards_field(s.stock, len(s.stock))}".rstrip())
        lines += tableau_lines(s.tableau, s.down)
        return "\n".join(lines) + "\n"

    def parse(self, text: str) -> SpiderState:
        r = TextReader(text, self.spec)
        suits = int(r.options["suits"])
        completed_text = r.raw("completed").upper().split()
        if any(x not in SUIT_LETTERS for x in completed_text) or len(completed_text) > 8:
            raise ParseError("'completed' lists up to 8 suit letters (S H D C)")
        completed = tuple(SUIT_LETTERS.index(x) for x in completed_text)
        stock, _ = r.cards("stock", all_down=True)
        if len(stock) % DEAL_SIZE:
            raise ParseError(f"the stock holds a multiple of {DEAL_SIZE} cards, not {len(stock)}")
        tableau, down = read_tableau(r, COLUMNS, face_down=True)
        r.finish()
        expected = Counter(spider_deck(suits))
        for suit in completed:
            expected -= Counter(range(suit * 13, suit * 13 + 13))
        if sum(expected.values()) != 104 - 13 * len(completed):
            raise ParseError(f"a {suits}-suit game cannot have completed those suits")
        check_cards(stock + [c for col in tableau for c in col], expected)
        return SpiderState(tableau, down, tuple(stock), completed, suits)
