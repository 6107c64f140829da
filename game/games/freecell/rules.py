"""FreeCell (SPEC FC-1 ... FC-6) with Microsoft deal numbers, and its family as the option ``game``
(FC-7, KPat's presets): Baker's Game, Eight Off, Forecell and Seahaven Towers. Each is FreeCell
with other numbers: how the columns are built, what an empty column takes, how many free cells
and columns there are and how many cells the deal fills. Every one deals Microsoft's deck for its
number: the cells to be filled take its first cards, then the columns take the rest in turn, as
KPat deals them (Baker's Game is FreeCell's layout, so its deal N is Microsoft's deal N)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import NamedTuple

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
from game.rules.piles import (
    Column,
    alternate_run_start,
    columns_sorted,
    replace_at,
    replace_int,
    same_suit_run_start,
)
from game.rules.reasons import alternate_run_rule, column_source_reason, not_on
from game.rules.text import TextReader, cards_field, check_cards, header, read_tableau, tableau_lines

COLUMNS = 8
KING = 13
FREECELL, BAKERS, EIGHT_OFF, FORECELL, SEAHAVEN = "freecell", "bakers", "eightoff", "forecell", "seahaven"


class Layout(NamedTuple):
    """One game of the family (FC-7): the values of KPat's options that make its preset."""

    by_suit: bool  # columns built down by suit (else in alternate colours)
    kings_only: bool  # an empty column takes only a king (else any card)
    cells: int  # free cells
    columns: int
    filled: int  # cells the deal fills


LAYOUTS = {
    FREECELL: Layout(False, False, 4, 8, 0),
    BAKERS: Layout(True, False, 4, 8, 0),
    EIGHT_OFF: Layout(True, True, 8, 8, 4),
    FORECELL: Layout(False, True, 4, 8, 4),
    SEAHAVEN: Layout(True, True, 4, 10, 2),
}


@dataclass(frozen=True, slots=True)
class FreeCellState:
    tableau: tuple[Column, ...]
    cells: tuple[Card, ...]  # NO_CARD for an empty cell
    foundations: tuple[Card, ...]  # top card of each slot, NO_CARD when empty
    game: str = FREECELL  # which of the family (a key of LAYOUTS)

    @property
    def layout(self) -> Layout:
        return LAYOUTS[self.game]


def max_run(empty_cells: int, empty_columns: int) -> int:
    """FC-4: (empty free cells + 1) x 2^(empty columns). Leave the destination out of the columns."""
    return (empty_cells + 1) << empty_columns


def run_limit(layout: Layout, empty_cells: int, empty_columns: int) -> int:
    """FC-7: as FC-4, but where an empty column takes only a king it cannot hold a part of a run
    on the way (KPat counts no empty column then): the free cells alone carry the run."""
    return empty_cells + 1 if layout.kings_only else max_run(empty_cells, empty_columns)


def can_stack_suit(moving: Card, target: Card) -> bool:
    """By suit: the card of the same suit one rank higher (card = suit * 13 + rank - 1)."""
    return target == moving + 1 and SUIT[target] == SUIT[moving]


def stacks(layout: Layout, moving: Card, target: Card) -> bool:
    return can_stack_suit(moving, target) if layout.by_suit else can_stack_alternate(moving, target)


def run_start(layout: Layout, column: Column) -> int:
    """Where the run that may move together begins at the end of ``column``."""
    return same_suit_run_start(column, 0) if layout.by_suit else alternate_run_start(column, 0)


def run_rule(layout: Layout) -> str:
    return tr("Only a run of one suit, in sequence, moves together.") if layout.by_suit else alternate_run_rule()


def stack_rule(layout: Layout) -> str:
    if layout.by_suit:
        return tr("A card goes on the card of its suit one rank higher.")
    return tr("A card goes on one of the other colour and one rank higher.")


def kings_rule() -> str:
    return tr("Only a king, or a run headed by a king, can go on an empty column.")


def _exists(s: FreeCellState, pile: Pile) -> bool:
    return pile.idx < {TABLEAU: len(s.tableau), CELL: len(s.cells)}.get(pile.kind, 4)


class FreeCell(Variant[FreeCellState]):
    name = "freecell"
    places = frozenset({*TABLEAUS[:10], *CELLS[:8], *FOUNDATIONS[:4]})

    def deal(self, deal_id: DealId) -> FreeCellState:
        """FC-1, FC-6: Microsoft deal ``number``: card i of the generator goes to column i % 8.
        FC-7: the cells the game fills take the first cards, the columns the rest in turn."""
        game = deal_id.option("game") if deal_id.options else FREECELL
        lay = LAYOUTS[game]
        deck = microsoft_deck(deal_id.number)
        rest, n = deck[lay.filled :], lay.columns
        return FreeCellState(
            tuple(tuple(rest[i::n]) for i in range(n)),
            (*deck[: lay.filled], *(NO_CARD,) * (lay.cells - lay.filled)),
            (NO_CARD,) * 4,
            game,
        )

    def legal_moves(self, s: FreeCellState) -> list[Move]:
        """FC-2..FC-4, and FC-7's building rule, empty-column rule and cells for the family."""
        lay = s.layout
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
            start = run_start(lay, col)
            for j, dst in enumerate(tableau):
                if j == i:
                    continue
                if dst:
                    k = n - 1 - (RANK[dst[-1]] - 1 - RANK[col[-1]])
                    if (
                        start <= k < n
                        and stacks(lay, col[k], dst[-1])
                        and n - k <= run_limit(lay, empty_cells, empty_cols)
                    ):
                        moves.append(Move(MOVE, TABLEAUS[i], TABLEAUS[j], n - k))
                    continue
                limit = min(n - start, run_limit(lay, empty_cells, empty_cols - 1))
                if not lay.kings_only:
                    moves += [Move(MOVE, TABLEAUS[i], TABLEAUS[j], count) for count in range(1, limit + 1)]
                elif RANK[col[start]] == KING and n - start <= limit:  # a king heads a run only at its start
                    moves.append(Move(MOVE, TABLEAUS[i], TABLEAUS[j], n - start))
        for k, c in enumerate(cells):
            if c != NO_CARD:
                for j, dst in enumerate(tableau):
                    if (dst and stacks(lay, c, dst[-1])) or (not dst and (RANK[c] == KING or not lay.kings_only)):
                        moves.append(Move(MOVE, CELLS[k], TABLEAUS[j]))
        for i, col in enumerate(tableau):
            if col:
                moves += [Move(MOVE, TABLEAUS[i], CELLS[k]) for k in range(len(cells)) if cells[k] == NO_CARD]
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
        return FreeCellState(tableau, cells, foundations, s.game)

    def explain(self, s: FreeCellState, m: Move) -> str:
        src, dst, lay = m.src, m.dst, s.layout
        if m.kind != MOVE or src.kind not in (TABLEAU, CELL) or dst.kind not in (TABLEAU, CELL, FOUNDATION):
            if src.kind == FOUNDATION:
                return tr("Cards on the foundations stay there.")
            if s.game != FREECELL:
                return tr("Cards move between columns, free cells and foundations.")
            return tr("In FreeCell cards move between columns, free cells and foundations.")
        if not (_exists(s, src) and _exists(s, dst)):  # a column or a cell of another game of the family
            return tr("No card can be put there or taken from there.")
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
            reason = column_source_reason(col, 0, m.size, run_start(lay, col), run_rule(lay))
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
        if target and not stacks(lay, moving, target[-1]):
            return not_on(moving, target[-1], stack_rule(lay))
        if not target and lay.kings_only and RANK[moving] != KING:
            return kings_rule()
        empty_cells = s.cells.count(NO_CARD)
        empty_cols = sum(1 for col in s.tableau if not col) - (0 if target else 1)
        limit = run_limit(lay, empty_cells, empty_cols)
        figures = {"count": m.size, "cells": empty_cells, "columns": empty_cols, "limit": limit}
        if m.size > limit and lay.kings_only:
            return tr(
                "{count} cards cannot move together: with {cells} free cells at most {limit} can "
                "(an empty column takes only a king, so it cannot hold them on the way).",
                **figures,
            )
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
            col = s.tableau[pile.idx] if pile.idx < len(s.tableau) else ()
            return run_rule(s.layout) if index < run_start(s.layout, col) else None
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
        lines = header(self.spec, [("game", s.game)])
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
        game = r.options["game"]
        lay = LAYOUTS[game]
        cells = []
        for k in range(lay.cells):
            got, _ = r.cards(f"cell{k + 1}", gaps=True)
            if len(got) > 1:
                raise ParseError(f"cell{k + 1} holds at most one card")
            cells.append(got[0] if got else NO_CARD)
        foundations = read_foundations(r)
        columns, _ = read_tableau(r, lay.columns)
        r.finish()
        everything = (
            cells + [c for top in foundations for c in foundation_cards(top)] + [c for col in columns for c in col]
        )
        check_cards(everything, Counter(range(52)))
        return FreeCellState(tuple(columns), tuple(cells), foundations, game)
