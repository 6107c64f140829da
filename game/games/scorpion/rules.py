"""Scorpion (SPEC SC-1 ... SC-4): seven columns built down by suit, any face-up card moving with
everything on it; a three-card stock dealt once onto the three left columns; a complete king-to-ace
run of one suit leaves the table, and four gone win."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.core.cards import RANK, SUIT_LETTERS, Card
from game.core.dealid import DealId
from game.core.errors import ParseError
from game.core.i18n import tr
from game.rules.base import DEAL, DEAL_MOVE, MOVE, Dealt, Event, Flipped, Move, Moved, PileContents, Variant
from game.rules.pile import STOCK, STOCK_PILE, TABLEAU, TABLEAUS, Pile
from game.rules.piles import Column, replace_at, shuffled_deck, take_from_column
from game.rules.reasons import column_source_reason, not_on
from game.rules.runs import SUIT_LENGTH, completed_line, run_piles, take_complete
from game.rules.text import TextReader, cards_field, check_cards, header, read_tableau, tableau_lines

COLUMNS = 7
ROWS = 7  # SC-1: seven cards in every column
INITIAL_DOWN = (3, 3, 3, 3, 0, 0, 0)  # SC-1: three face down in the four left columns
STOCK_SIZE = 3  # SC-3: dealt once, stock[j] onto column j
SUITS = 4


@dataclass(frozen=True, slots=True)
class ScorpionState:
    tableau: tuple[Column, ...]
    down: tuple[int, ...]
    stock: Column  # three cards until the deal, then none: stock[j] goes onto column j
    completed: tuple[int, ...]  # the suit of each run that left the table, in the order they left


def wanted_on(card: Card) -> Card | None:
    """SC-2: the one card that may go on ``card`` (its suit, one rank lower); None on an ace."""
    return None if RANK[card] == 1 else card - 1


class Scorpion(Variant[ScorpionState]):
    name = "scorpion"
    places = frozenset({*TABLEAUS[:COLUMNS], STOCK_PILE})

    def deal(self, deal_id: DealId) -> ScorpionState:
        """SC-1: 49 cards dealt row by row into seven columns of seven, the first three of the four
        left columns face down; the last three cards are the stock."""
        deck = shuffled_deck(deal_id)
        columns: list[list[Card]] = [[] for _ in range(COLUMNS)]
        for _ in range(ROWS):
            for col in columns:
                col.append(deck.pop())
        return ScorpionState(tuple(tuple(c) for c in columns), INITIAL_DOWN, tuple(deck), ())

    def legal_moves(self, s: ScorpionState) -> list[Move]:
        """SC-2: for each column's top card the one face-up card that fits on it (with everything on
        it); onto an empty column, each face-up king (with everything on it); then SC-3's deal."""
        where: dict[Card, tuple[int, int]] = {}
        kings: list[tuple[int, int]] = []
        for i, col in enumerate(s.tableau):
            n = len(col)
            for k in range(s.down[i], n):
                where[col[k]] = (i, n - k)
                if RANK[col[k]] == 13:
                    kings.append((i, n - k))
        moves: list[Move] = []
        for j, dst in enumerate(s.tableau):
            if dst:
                wanted = wanted_on(dst[-1])
                found = where.get(wanted) if wanted is not None else None
                if found is not None and found[0] != j:
                    moves.append(Move(MOVE, TABLEAUS[found[0]], TABLEAUS[j], found[1]))
            else:
                moves += [Move(MOVE, TABLEAUS[i], TABLEAUS[j], size) for i, size in kings if i != j]
        return moves + self.stock_moves(s)

    def stock_moves(self, s: ScorpionState) -> list[Move]:
        """SC-3: the deal, once, whenever the player likes."""
        return [DEAL_MOVE] if s.stock else []

    def _perform(self, s: ScorpionState, m: Move, events: list[Event] | None) -> ScorpionState:
        tableau, down, completed = s.tableau, s.down, s.completed
        if m.kind == DEAL:
            dealt = s.stock
            tableau = tuple(col + (dealt[j],) if j < len(dealt) else col for j, col in enumerate(tableau))
            if events is not None:
                events.append(Dealt(TABLEAUS[: len(dealt)], dealt, some=True))
            for j in range(len(dealt)):  # SC-4: a dealt ace may finish a run
                tableau, down, completed = take_complete(tableau, down, completed, j, events)
            return ScorpionState(tableau, down, (), completed)
        i, j = m.src.idx, m.dst.idx
        tableau, down, cards, flipped = take_from_column(tableau, down, i, m.size)
        tableau = replace_at(tableau, j, tableau[j] + cards)
        if events is not None:
            events.append(Moved(m.src, m.dst, cards))
            if flipped:
                top = len(tableau[i]) - 1
                events.append(Flipped(TABLEAUS[i], top, tableau[i][top], True))
        tableau, down, completed = take_complete(tableau, down, completed, j, events)
        return ScorpionState(tableau, down, s.stock, completed)

    def explain(self, s: ScorpionState, m: Move) -> str:
        if m.kind == DEAL:
            return tr("The stock has been dealt: it is dealt only once.")
        if m.kind != MOVE or m.src.kind != TABLEAU or m.dst.kind != TABLEAU:
            if m.src.kind == STOCK:
                return tr("Tap the stock to deal its three cards onto the three left columns.")
            return tr("In Scorpion cards move from column to column.")
        if m.src == m.dst:
            return tr("The cards are already there.")
        col, down = s.tableau[m.src.idx], s.down[m.src.idx]
        reason = column_source_reason(col, down, m.size, down, "")  # any face-up card moves (SC-2)
        if reason:
            return reason
        moving = col[-m.size]
        target = s.tableau[m.dst.idx]
        if not target:
            return tr("Only a king, with the cards on it, can go on an empty column.")
        return not_on(moving, target[-1], tr("A card goes on the card of its own suit one rank higher."))

    def is_won(self, s: ScorpionState) -> bool:
        return len(s.completed) == SUITS

    def piles(self, s: ScorpionState) -> PileContents:
        """The stock, the four places of the runs that left (each shows its king on top) and the
        seven columns."""
        return run_piles(s.stock, s.completed, s.tableau, s.down, SUITS)

    def lift_reason(self, s: ScorpionState, pile: Pile, index: int) -> str | None:
        if pile == STOCK_PILE:
            return tr("Tap the stock to deal its three cards onto the three left columns.")
        if pile.kind != TABLEAU:
            return tr("Completed suits stay where they are.")
        if index < s.down[pile.idx]:
            return tr("Face-down cards cannot move.")
        return None  # SC-2: any face-up card, with everything on it

    def seen(self, s: ScorpionState) -> frozenset[object]:
        """The cards the player has seen face up (one deck: a card names its place once seen)."""
        cards: set[object] = set()
        for col, down in zip(s.tableau, s.down, strict=True):
            cards.update(col[down:])
        for suit in s.completed:
            cards.update(range(suit * 13, suit * 13 + 13))
        return frozenset(cards)

    def to_text(self, s: ScorpionState) -> str:
        lines = header(self.spec, [])
        lines.append(completed_line(s.completed))
        lines.append(f"stock: {cards_field(s.stock, len(s.stock))}".rstrip())
        lines += tableau_lines(s.tableau, s.down)
        return "\n".join(lines) + "\n"

    def parse(self, text: str) -> ScorpionState:
        r = TextReader(text, self.spec)
        completed_text = r.raw("completed").upper().split()
        if any(x not in SUIT_LETTERS for x in completed_text) or len(set(completed_text)) != len(completed_text):
            raise ParseError("'completed' lists each suit letter (S H D C) at most once")
        completed = tuple(SUIT_LETTERS.index(x) for x in completed_text)
        stock, _ = r.cards("stock", all_down=True)
        if len(stock) not in (0, STOCK_SIZE):
            raise ParseError(f"the stock holds {STOCK_SIZE} cards until it is dealt, then none")
        tableau, down = read_tableau(r, COLUMNS, face_down=True)
        r.finish()
        expected = Counter(range(52))
        for suit in completed:
            expected -= Counter(range(suit * 13, suit * 13 + SUIT_LENGTH))
        check_cards(stock + [c for col in tableau for c in col], expected)
        return ScorpionState(tableau, down, tuple(stock), completed)
