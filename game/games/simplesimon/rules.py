"""Simple Simon's rules (SPEC SS-1 ... SS-3): one deck, every card face up, in ten columns of 8, 8,
8, 7, 6, 5, 4, 3, 2 and 1 cards (SS-1); any card goes on a card one rank higher, a run moves
together only in one suit and in order, an empty column takes any card or run (SS-2); a complete
king-to-ace run of one suit goes home, four home wins; there is no stock (SS-3)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.core.cards import RANK, SUIT, SUIT_LETTERS, Card
from game.core.dealid import DealId
from game.core.errors import ParseError
from game.core.i18n import tr
from game.rules.base import MOVE, Event, Move, Moved, PileContents, Variant
from game.rules.pile import FOUNDATIONS, TABLEAU, TABLEAUS, Pile
from game.rules.piles import Column, replace_at, same_suit_run_start, shuffled_deck, take_from_column
from game.rules.runs import (
    completed_line,
    run_piles,
    suit_run_lift_reason,
    suit_run_move_reason,
    take_complete,
)
from game.rules.text import TextReader, check_cards, header, read_tableau, tableau_lines

COLUMNS = 10
HEIGHTS = (8, 8, 8, 7, 6, 5, 4, 3, 2, 1)  # SS-1
SUITS = 4
NO_DOWN = (0,) * COLUMNS  # every card face up, always


@dataclass(frozen=True, slots=True)
class SimpleSimonState:
    tableau: tuple[Column, ...]
    completed: tuple[int, ...]  # the suit of each run gone home, in the order they went

    @property
    def down(self) -> tuple[int, ...]:
        """No card is ever face down (the shared column rules read a face-down count)."""
        return NO_DOWN

    @property
    def stock(self) -> Column:
        """There is no stock (SS-3)."""
        return ()


class SimpleSimon(Variant[SimpleSimonState]):
    name = "simplesimon"
    places = frozenset(TABLEAUS[:COLUMNS])

    def deal(self, deal_id: DealId) -> SimpleSimonState:
        """SS-1: row by row, left to right, each row over the columns still short of their height:
        the first three columns get eight cards, the last one."""
        deck = shuffled_deck(deal_id)
        columns: list[list[Card]] = [[] for _ in range(COLUMNS)]
        for row in range(max(HEIGHTS)):
            for col in range(COLUMNS):
                if row < HEIGHTS[col]:
                    columns[col].append(deck.pop())
        return SimpleSimonState(tuple(tuple(c) for c in columns), ())

    def legal_moves(self, s: SimpleSimonState) -> list[Move]:
        """SS-2: the card of a column's end run one rank below a column's end, whatever its suit; any
        part of the run to an empty column."""
        moves: list[Move] = []
        tableau = s.tableau
        for i, col in enumerate(tableau):
            n = len(col)
            if not n:
                continue
            start = same_suit_run_start(col, 0)
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
        return moves

    def _perform(self, s: SimpleSimonState, m: Move, events: list[Event] | None) -> SimpleSimonState:
        i, j = m.src.idx, m.dst.idx
        tableau, _, cards, _ = take_from_column(s.tableau, NO_DOWN, i, m.size)
        tableau = replace_at(tableau, j, tableau[j] + cards)
        if events is not None:
            events.append(Moved(m.src, m.dst, cards))
        tableau, _, completed = take_complete(tableau, NO_DOWN, s.completed, j, events)  # SS-3
        return SimpleSimonState(tableau, completed)

    def explain(self, s: SimpleSimonState, m: Move) -> str:
        if m.kind != MOVE or m.src.kind != TABLEAU or m.dst.kind != TABLEAU:
            return tr("Cards move only from column to column.")
        return suit_run_move_reason(s.tableau, NO_DOWN, m)

    def is_won(self, s: SimpleSimonState) -> bool:
        """SS-3: the four suits home."""
        return len(s.completed) == SUITS

    def piles(self, s: SimpleSimonState) -> PileContents:
        """The four places of the suits gone home (each shows its king on top) and the ten columns."""
        out = run_piles((), s.completed, s.tableau, NO_DOWN, SUITS)
        return {pile: contents for pile, contents in out.items() if pile.kind != "stock"}

    def lift_reason(self, s: SimpleSimonState, pile: Pile, index: int) -> str | None:
        return suit_run_lift_reason(s.tableau, NO_DOWN, pile, index)

    def seen(self, s: SimpleSimonState) -> frozenset[object]:
        """Every card: all are face up from the deal."""
        return frozenset(range(52))

    def to_text(self, s: SimpleSimonState) -> str:
        lines = header(self.spec, [])
        lines.append(completed_line(s.completed))
        lines += tableau_lines(s.tableau, NO_DOWN)
        return "\n".join(lines) + "\n"

    def parse(self, text: str) -> SimpleSimonState:
        r = TextReader(text, self.spec)
        completed_text = r.raw("completed").upper().split()
        if any(x not in SUIT_LETTERS for x in completed_text) or len(set(completed_text)) != len(completed_text):
            raise ParseError("'completed' lists each suit letter (S H D C) at most once")
        completed = tuple(SUIT_LETTERS.index(x) for x in completed_text)
        tableau, _ = read_tableau(r, COLUMNS, face_down=False)
        r.finish()
        check_cards([c for col in tableau for c in col], Counter(c for c in range(52) if SUIT[c] not in completed))
        return SimpleSimonState(tableau, completed)


FOUNDATION_PLACES = FOUNDATIONS[:SUITS]
