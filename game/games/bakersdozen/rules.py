"""Baker's Dozen (SPEC BD-1 ... BD-3): one deck in thirteen columns of four, every card face up,
each column's kings moved under its other cards at the deal; a column's last card goes on any card
one rank higher or home; an emptied column stays empty; no stock."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.core.cards import NO_CARD, RANK, Card
from game.core.dealid import DealId
from game.core.i18n import tr
from game.rules.base import MOVE, Event, Move, Moved, PileContents, Variant
from game.rules.foundations import (
    all_home,
    column_tops,
    columns_and_foundations,
    foundation_cards,
    foundation_lines,
    foundation_moves,
    next_foundation_move,
    read_foundations,
)
from game.rules.pile import FOUNDATION, FOUNDATIONS, TABLEAU, TABLEAUS, Pile
from game.rules.piles import Column, columns_sorted, replace_at, replace_int, shuffled_deck
from game.rules.reasons import not_on
from game.rules.text import TextReader, check_cards, header, read_tableau, tableau_lines

COLUMNS = 13
DEPTH = 4  # cards a column is dealt
KING = 13


@dataclass(frozen=True, slots=True)
class DozenState:
    tableau: tuple[Column, ...]
    foundations: tuple[Card, ...]  # top card of each slot, NO_CARD when empty


def kings_under(column: Column) -> Column:
    """BD-1: the column's kings moved under its other cards, each group in the order it had."""
    return tuple(c for c in column if RANK[c] == KING) + tuple(c for c in column if RANK[c] != KING)


class BakersDozen(Variant[DozenState]):
    name = "bakersdozen"
    places = frozenset({*TABLEAUS[:COLUMNS], *FOUNDATIONS[:4]})

    def deal(self, deal_id: DealId) -> DozenState:
        """BD-1: the cards dealt in four rows across the thirteen columns (card k to column
        k mod 13, the first row the most covered), then each column's kings put under the rest."""
        deck = shuffled_deck(deal_id)
        columns = tuple(kings_under(tuple(deck[i::COLUMNS])) for i in range(COLUMNS))
        return DozenState(columns, (NO_CARD,) * 4)

    def legal_moves(self, s: DozenState) -> list[Move]:
        """BD-2: a column's last card home, or onto the last card of another column one rank
        higher (any suit); never into an empty column."""
        moves: list[Move] = []
        tableau = s.tableau
        for i, col in enumerate(tableau):
            if col:
                foundation_moves(moves, TABLEAUS[i], col[-1], s.foundations)
        by_rank: dict[int, list[int]] = {}
        for j, col in enumerate(tableau):
            if col:
                by_rank.setdefault(RANK[col[-1]], []).append(j)
        for i, col in enumerate(tableau):
            if col:
                for j in by_rank.get(RANK[col[-1]] + 1, ()):
                    moves.append(Move(MOVE, TABLEAUS[i], TABLEAUS[j]))
        return moves

    def _perform(self, s: DozenState, m: Move, events: list[Event] | None) -> DozenState:
        tableau, foundations = s.tableau, s.foundations
        col = tableau[m.src.idx]
        card = col[-1]
        tableau = replace_at(tableau, m.src.idx, col[:-1])
        if m.dst.kind == FOUNDATION:
            foundations = replace_int(foundations, m.dst.idx, card)
        else:
            tableau = replace_at(tableau, m.dst.idx, tableau[m.dst.idx] + (card,))
        if events is not None:
            events.append(Moved(m.src, m.dst, (card,)))
        return DozenState(tableau, foundations)

    def explain(self, s: DozenState, m: Move) -> str:
        src, dst = m.src, m.dst
        if src.kind == FOUNDATION:
            return tr("Cards on the foundations stay there.")
        if m.kind != MOVE or src.kind != TABLEAU or dst.kind not in (TABLEAU, FOUNDATION):
            return tr("In Baker's Dozen a column's last card moves to another column or to a foundation.")
        if src == dst:
            return tr("The cards are already there.")
        col = s.tableau[src.idx]
        if not col:
            return tr("That column is empty.")
        if m.size != 1:
            return tr("Only a column's last card moves, one card at a time.")
        moving = col[-1]
        if dst.kind == FOUNDATION:
            return tr("A foundation builds up by suit from the ace.")
        target = s.tableau[dst.idx]
        if not target:
            return tr("An emptied column stays empty: no card may be put there.")
        if RANK[target[-1]] != RANK[moving] + 1:
            return not_on(moving, target[-1], tr("A card goes on a card exactly one rank higher."))
        return tr("That move is not allowed here.")

    def is_won(self, s: DozenState) -> bool:
        """BD-3: all 52 cards home."""
        return all_home(s.foundations)

    def piles(self, s: DozenState) -> PileContents:
        return columns_and_foundations(s.tableau, (0,) * COLUMNS, s.foundations)

    def lift_reason(self, s: DozenState, pile: Pile, index: int) -> str | None:
        if pile.kind == FOUNDATION:
            return tr("Cards on the foundations stay there.")
        return None if index == len(s.tableau[pile.idx]) - 1 else tr("Only the top card can move.")

    def is_certain(self, s: DozenState) -> bool:
        """CM-5: no column has a card on a lower one, so the lowest card not home is always free."""
        return columns_sorted(s.tableau)

    def collect_move(self, s: DozenState) -> Move | None:
        return next_foundation_move(column_tops(s.tableau), s.foundations)

    def seen(self, s: DozenState) -> frozenset[object]:
        return frozenset()  # every card is face up from the deal

    def to_text(self, s: DozenState) -> str:
        lines = header(self.spec, [])
        lines += foundation_lines(s.foundations)
        lines += tableau_lines(s.tableau)
        return "\n".join(lines) + "\n"

    def parse(self, text: str) -> DozenState:
        r = TextReader(text, self.spec)
        foundations = read_foundations(r)
        tableau, _ = read_tableau(r, COLUMNS)
        r.finish()
        everything = [c for top in foundations for c in foundation_cards(top)] + [c for col in tableau for c in col]
        check_cards(everything, Counter(range(52)))
        return DozenState(tableau, foundations)
