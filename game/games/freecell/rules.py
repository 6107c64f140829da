"""FreeCell (SPEC FC-1 ... FC-6) with Microsoft deal numbers."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.core.cards import NO_CARD, RANK, SUIT, Card, can_stack_alternate, card_text
from game.core.dealid import DealId
from game.core.errors import ParseError
from game.core.i18n import tr
from game.core.rng import microsoft_deck
from game.rules.base import MOVE, DealForm, Event, Move, Moved, PileContents, Variant
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
from game.rules.pile import CELL, CELLS, FOUNDATION, FOUNDATIONS, TABLEAU, TABLEAUS, Pile
from game.rules.piles import Column, alternate_run_start, columns_sorted, replace_at, replace_int
from game.rules.reasons import alternate_run_rule, column_source_reason, not_on
from game.rules.text import TextReader, cards_field, check_cards, header, read_tableau, tableau_lines

COLUMNS = 8
FREE_CELLS = 4


@dataclass(frozen=True, slots=True)
class FreeCellState:
    tableau: tuple[Column, ...]
    cells: tuple[Card, ...]  # NO_CARD for an empty cell
    foundations: tuple[Card, ...]  # top card of each slot, NO_CARD when empty


def max_run(empty_cells: int, empty_columns: int) -> int:
    """FC-4: (empty free cells + 1) x 2^(empty columns). Leave the destination out of the columns."""
    return (empty_cells + 1) << empty_columns


class FreeCell(Variant[FreeCellState]):
    name = "freecell"
    places = frozenset({*TABLEAUS[:COLUMNS], *CELLS, *FOUNDATIONS[:4]})

    def deal(self, deal_id: DealId) -> FreeCellState:
        """FC-1, FC-6: Microsoft deal ``number``: card i of the generator goes to column i % 8."""
        deck = microsoft_deck(deal_id.number)
        return FreeCellState(
            tuple(tuple(deck[i::COLUMNS]) for i in range(COLUMNS)), (NO_CARD,) * FREE_CELLS, (NO_CARD,) * 4
        )

    def legal_moves(self, s: FreeCellState) -> list[Move]:
        moves: list[Move] = []
        tableau, cells = s.tableau, s.cells
        for i, col in enumerate(tableau):
            if col:
                foundation_moves(moves, TABLEAUS[i], col[-1], s.foundations)
        for k, c in enumerate(cells):
            if c != NO_CARD:
                foundation_moves(moves, CELLS[k], c, s.foundations)
        empty_cells = cells.count(NO_CARD)
        empty_cols = sum(1 for col in tableau if not col)
        for i, col in enumerate(tableau):
            n = len(col)
            if not n:
                continue
            start = alternate_run_start(col, 0)
            last_rank = RANK[col[-1]]
            for j, dst in enumerate(tableau):
                if j == i:
                    continue
                if dst:
                    k = n - 1 - (RANK[dst[-1]] - 1 - last_rank)
                    if (
                        start <= k < n
                        and can_stack_alternate(col[k], dst[-1])
                        and n - k <= max_run(empty_cells, empty_cols)
                    ):
                        moves.append(Move(MOVE, TABLEAUS[i], TABLEAUS[j], n - k))
                else:
                    limit = min(n - start, max_run(empty_cells, empty_cols - 1))
                    moves += [Move(MOVE, TABLEAUS[i], TABLEAUS[j], count) for count in range(1, limit + 1)]
        for k, c in enumerate(cells):
            if c != NO_CARD:
                for j, dst in enumerate(tableau):
                    if not dst or can_stack_alternate(c, dst[-1]):
                        moves.append(Move(MOVE, CELLS[k], TABLEAUS[j]))
        for i, col in enumerate(tableau):
            if col:
                moves += [Move(MOVE, TABLEAUS[i], CELLS[k]) for k in range(FREE_CELLS) if cells[k] == NO_CARD]
        return moves

    def _perform(self, s: FreeCellState, m: Move, events: list[Event] | None) -> FreeCellState:
        tableau, cells, foundations = s.tableau, s.cells, s.foundations
        src, dst = m.src, m.dst
        if src.kind == TABLEAU:
            col = tableau[src.idx]
            cards = col[-m.size :]
            tableau = replace_at(tableau, src.idx, col[: -m.size])
        else:
            cards = (cells[src.idx],)
            cells = replace_int(cells, src.idx, NO_CARD)
        if dst.kind == TABLEAU:
            tableau = replace_at(tableau, dst.idx, tableau[dst.idx] + cards)
        elif dst.kind == CELL:
            cells = replace_int(cells, dst.idx, cards[0])
        else:
            foundations = replace_int(foundations, dst.idx, cards[0])
        if events is not None:
            events.append(Moved(src, dst, cards))
        return FreeCellState(tableau, cells, foundations)

    def explain(self, s: FreeCellState, m: Move) -> str:
        src, dst = m.src, m.dst
        if m.kind != MOVE or src.kind not in (TABLEAU, CELL) or dst.kind not in (TABLEAU, CELL, FOUNDATION):
            if src.kind == FOUNDATION:
                return tr("Cards on the foundations stay there.")
            return tr("In FreeCell cards move between columns, free cells and foundations.")
        if src == dst:
            return tr("The cards are already there.")
        if src.kind == CELL:
            if s.cells[src.idx] == NO_CARD:
                return tr("That free cell is empty.")
            if m.size != 1:
                return tr("A free cell holds one card.")
            moving = s.cells[src.idx]
        else:
            col = s.tableau[src.idx]
            reason = column_source_reason(col, 0, m.size, alternate_run_start(col, 0), alternate_run_rule())
            if reason:
                return reason
            moving = col[-m.size]
        if dst.kind == CELL:
            if m.size != 1:
                return tr("A free cell holds one card.")
            return tr("That free cell is taken.")
        if dst.kind == FOUNDATION:
            if m.size != 1:
                return tr("Cards go to a foundation one at a time.")
            return tr("A foundation builds up by suit from the ace.")
        target = s.tableau[dst.idx]
        if target and not can_stack_alternate(moving, target[-1]):
            return not_on(moving, target[-1], tr("A card goes on one of the other colour and one rank higher."))
        empty_cells = s.cells.count(NO_CARD)
        empty_cols = sum(1 for col in s.tableau if not col) - (0 if target else 1)
        limit = max_run(empty_cells, empty_cols)
        figures = {"count": m.size, "cells": empty_cells, "columns": empty_cols, "limit": limit}
        if m.size > limit and not target:  # the column they go into is no help, said: it looked like one
            return tr(
                "{count} cards cannot move together into an empty column: with {cells} free cells and "
                "{columns} other empty columns at most {limit} can.",
                **figures,
            )
        if m.size > limit:
            return tr(
                "{count} cards cannot move together: with {cells} free cells and {columns} empty columns "
                "at most {limit} can.",
                **figures,
            )
        return tr("That move is not allowed here.")

    def is_won(self, s: FreeCellState) -> bool:
        return all_home(s.foundations)

    def piles(self, s: FreeCellState) -> PileContents:
        out: PileContents = {}
        for i, c in enumerate(s.cells):
            out[CELLS[i]] = ((c,) if c != NO_CARD else (), 0)
        return out | columns_and_foundations(s.tableau, (0,) * len(s.tableau), s.foundations)

    def lift_reason(self, s: FreeCellState, pile: Pile, index: int) -> str | None:
        if pile.kind == TABLEAU:
            return alternate_run_rule() if index < alternate_run_start(s.tableau[pile.idx], 0) else None
        if pile.kind == FOUNDATION:
            return tr("Cards on the foundations stay there.")
        return None

    def is_certain(self, s: FreeCellState) -> bool:
        """CM-5: every column in descending order: the lowest card left is always free to go home."""
        return columns_sorted(s.tableau)

    def collect_move(self, s: FreeCellState) -> Move | None:
        cells = [(CELLS[k], c) for k, c in enumerate(s.cells) if c != NO_CARD]
        return next_foundation_move(column_tops(s.tableau) + cells, s.foundations)

    def seen(self, s: FreeCellState) -> frozenset[object]:
        return frozenset()  # nothing is ever hidden

    def to_text(self, s: FreeCellState) -> str:
        lines = header(self.spec, [])
        lines += [f"cell{k + 1}: {cards_field([c])}" for k, c in enumerate(s.cells)]
        lines += foundation_lines(s.foundations)
        lines += tableau_lines(s.tableau)
        return "\n".join(lines) + "\n"

    def formats(self) -> dict[str, DealForm[FreeCellState]]:
        return {"fcs": DealForm("Freecell Solver's board", self.to_fcs)}

    def to_fcs(self, s: FreeCellState) -> str:
        """Freecell Solver's board: foundations and free cells if any, then one column per line
        from the covered card to the exposed one."""
        lines = []
        if any(top != NO_CARD for top in s.foundations):
            by_suit = {SUIT[top]: RANK[top] for top in s.foundations if top != NO_CARD}
            lines.append("Foundations: " + " ".join(f"{'SHDC'[x]}-{by_suit.get(x, 0)}" for x in range(4)))
        if any(c != NO_CARD for c in s.cells):
            lines.append("Freecells: " + " ".join(card_text(c) if c != NO_CARD else "-" for c in s.cells))
        # A leading colon marks a column line; it is needed only to show an empty column.
        mark = ": " if not all(s.tableau) else ""
        lines += [(mark + " ".join(card_text(c) for c in col)).rstrip() for col in s.tableau]
        return "\n".join(lines) + "\n"

    def parse(self, text: str) -> FreeCellState:
        r = TextReader(text, self.spec)
        cells = []
        for k in range(FREE_CELLS):
            got, _ = r.cards(f"cell{k + 1}", gaps=True)
            if len(got) > 1:
                raise ParseError(f"cell{k + 1} holds at most one card")
            cells.append(got[0] if got else NO_CARD)
        foundations = read_foundations(r)
        columns, _ = read_tableau(r, COLUMNS)
        r.finish()
        everything = (
            cells + [c for top in foundations for c in foundation_cards(top)] + [c for col in columns for c in col]
        )
        check_cards(everything, Counter(range(52)))
        return FreeCellState(tuple(columns), tuple(cells), foundations)
