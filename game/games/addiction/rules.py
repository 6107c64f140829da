"""Addiction, also Gaps, Montana, Spaces (SPEC AD-1 ... AD-9)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.core.cards import NO_CARD, RANK, Card, card_symbol_text
from game.core.dealid import DealId, check_number
from game.core.errors import ParseError
from game.core.i18n import ptr, tr
from game.core.rng import Rng
from game.rules.base import MOVE, REDEAL, REDEAL_MOVE, Event, Move, Moved, PileContents, Redealt, Variant
from game.rules.pile import Pile, PileKind, Role, register_kind
from game.rules.piles import shuffled_deck
from game.rules.text import TextReader, cards_field, check_cards, header

ROWS, COLS = 4, 13
CELLS = ROWS * COLS
# AD-1: four rows of thirteen places, written g2.13 (row 2, place 13)
GRID = register_kind(PileKind("grid", Role.GRID, "g", count=CELLS, layer=7, rows=(COLS,) * ROWS)).name
GRID_CELLS = tuple(Pile(GRID, i) for i in range(CELLS))
PLAYING_CARDS = tuple(c for c in range(52) if RANK[c] != 1)  # AD-1: the aces leave the game
GENERATOR = "v1:addiction"


@dataclass(frozen=True, slots=True)
class AddictionState:
    grid: tuple[Card, ...]  # 52 places, row by row; NO_CARD is a gap
    redeal_limit: int
    redeals: int  # redeals done
    number: int  # the deal number: each redeal's shuffle is drawn from it

    @property
    def redeals_left(self) -> int:
        return self.redeal_limit - self.redeals


def sequence_length(grid: tuple[Card, ...], row: int) -> int:
    """AD-9: how many cards of ``row`` are in their final place: a 2 in the first column, then its
    suit in order."""
    base = row * COLS
    first = grid[base]
    if first == NO_CARD or RANK[first] != 2:
        return 0
    n = 1
    while n < COLS - 1 and grid[base + n] == first + n:
        n += 1
    return n


def score(grid: tuple[Card, ...]) -> int:
    """AD-9: cards in their final place, out of 48."""
    return sum(sequence_length(grid, r) for r in range(ROWS))


def card_for_gap(grid: tuple[Card, ...], gap: int) -> Card | None:
    """AD-2/AD-4: the one card the gap takes (None for a first-column gap, which takes any 2, and
    NO_CARD for a dead gap)."""
    if gap % COLS == 0:
        return None
    left = grid[gap - 1]
    if left == NO_CARD or RANK[left] == 13:
        return NO_CARD
    return left + 1


def grid_moves(grid: tuple[Card, ...]) -> list[Move]:
    """AD-2/AD-3: every card that fits a gap, moved into it."""
    where = {c: i for i, c in enumerate(grid) if c != NO_CARD}
    moves: list[Move] = []
    for gap in range(CELLS):
        if grid[gap] != NO_CARD:
            continue
        wanted = card_for_gap(grid, gap)
        if wanted is None:  # AD-3: any 2, the player's choice
            moves += [Move(MOVE, GRID_CELLS[where[two]], GRID_CELLS[gap]) for two in (1, 14, 27, 40) if two in where]
        elif wanted != NO_CARD and wanted in where:
            moves.append(Move(MOVE, GRID_CELLS[where[wanted]], GRID_CELLS[gap]))
    return moves


def is_hop(m: Move) -> bool:
    """A 2 moved from the first column to another first-column gap."""
    return m.src.idx % COLS == 0 and m.dst.idx % COLS == 0


class Addiction(Variant[AddictionState]):
    name = "addiction"
    places = frozenset(GRID_CELLS)

    def deal(self, deal_id: DealId) -> AddictionState:
        """AD-1: all 52 cards in 4 rows of 13, then the aces taken out, leaving 4 gaps."""
        deck = shuffled_deck(deal_id)
        grid = tuple(NO_CARD if RANK[c] == 1 else c for c in deck)
        return AddictionState(grid, int(deal_id.option("redeals")), 0, deal_id.number)

    def _moves(self, s: AddictionState) -> list[Move]:
        return grid_moves(s.grid)

    def legal_moves(self, s: AddictionState) -> list[Move]:
        moves = self._moves(s)
        if not moves and s.redeals < s.redeal_limit:
            moves.append(REDEAL_MOVE)  # AD-6: only when stuck
        return moves

    def _perform(self, s: AddictionState, m: Move, events: list[Event] | None) -> AddictionState:
        if m.kind == REDEAL:
            grid = redeal(s.grid, s.number, s.redeals + 1)
            if events is not None:
                events.append(Redealt(s.grid, grid))
            return AddictionState(grid, s.redeal_limit, s.redeals + 1, s.number)
        c = s.grid[m.src.idx]
        cells = list(s.grid)
        cells[m.dst.idx], cells[m.src.idx] = c, NO_CARD
        if events is not None:
            events.append(Moved(m.src, m.dst, (c,)))
        return AddictionState(tuple(cells), s.redeal_limit, s.redeals, s.number)

    def explain(self, s: AddictionState, m: Move) -> str:
        if m.kind == REDEAL:
            if s.redeals >= s.redeal_limit:
                return ptr("shuffle", "No redeals are left.")
            return tr("A redeal is possible only when no card can move.")
        if m.kind != MOVE or m.src.kind != GRID or m.dst.kind != GRID:
            return tr("In Addiction a card moves into a gap.")
        c = s.grid[m.src.idx]
        if c == NO_CARD:
            return tr("That place is a gap: there is no card to move.")
        if s.grid[m.dst.idx] != NO_CARD:
            return tr("A card can only move into a gap.")
        wanted = card_for_gap(s.grid, m.dst.idx)
        if wanted is None:
            return tr("A gap in the first column takes a 2.")
        if wanted == NO_CARD:
            left = s.grid[m.dst.idx - 1]
            if left == NO_CARD:
                return tr("A gap right of another gap takes nothing.")
            return tr("A gap right of a king takes nothing.")
        return tr("This gap takes only {card}.", card=card_symbol_text(wanted))

    def is_won(self, s: AddictionState) -> bool:
        return score(s.grid) == 48

    def score(self, s: AddictionState) -> int | None:
        return score(s.grid)

    def piles(self, s: AddictionState) -> PileContents:
        return {GRID_CELLS[k]: ((c,) if c != NO_CARD else (), 0) for k, c in enumerate(s.grid)}

    def lift_reason(self, s: AddictionState, pile: Pile, index: int) -> str | None:
        if pile.kind != GRID or s.grid[pile.idx] == NO_CARD:
            return tr("That place is a gap: there is no card to move.")
        if not any(m.src == pile for m in grid_moves(s.grid)):
            return tr("This card fits no gap right now.")
        return None

    def seen(self, s: AddictionState) -> frozenset[object]:
        return frozenset()  # every card is always face up

    def to_text(self, s: AddictionState) -> str:
        lines = header(self.spec, [("redeals", str(s.redeal_limit))])
        lines += [f"number: {s.number}", f"redeals: {s.redeals}"]
        lines += [f"row{r + 1}: {cards_field(s.grid[r * COLS : (r + 1) * COLS])}" for r in range(ROWS)]
        return "\n".join(lines) + "\n"

    def parse(self, text: str) -> AddictionState:
        r = TextReader(text, self.spec)
        limit = int(r.options["redeals"])
        number = r.integer("number", 1, 2**31 - 1)
        check_number(number)
        redeals = r.integer("redeals", 0, limit)
        grid: list[Card] = []
        for row in range(ROWS):
            cards, _ = r.cards(f"row{row + 1}", gaps=True)
            if len(cards) != COLS:
                raise ParseError(f"row{row + 1} has {COLS} places (-- for a gap), not {len(cards)}")
            grid += cards
        r.finish()
        if any(c != NO_CARD and RANK[c] == 1 for c in grid):
            raise ParseError("aces are out of the game in Addiction (AD-1)")
        check_cards(grid, Counter(PLAYING_CARDS))
        return AddictionState(tuple(grid), limit, redeals, number)


def redeal(grid: tuple[Card, ...], number: int, nth: int) -> tuple[Card, ...]:
    """AD-6: each row keeps its sequence from the left; every other card is shuffled — from the
    deal's own generator, so the same position redeals the same way on every machine — and dealt
    again with one gap just right of each row's sequence (in the first column for a row with none)."""
    keep = [sequence_length(grid, r) for r in range(ROWS)]
    loose = sorted(c for r in range(ROWS) for c in grid[r * COLS + keep[r] : (r + 1) * COLS] if c != NO_CARD)
    Rng.for_stream(f"{GENERATOR}:redeal{nth}", number).shuffle(loose)
    out: list[Card] = []
    for r in range(ROWS):
        out += grid[r * COLS : r * COLS + keep[r]]
        out.append(NO_CARD)
        for _ in range(COLS - keep[r] - 1):
            out.append(loose.pop())
    return tuple(out)


def auto_move(s: AddictionState) -> Move | None:
    """AD-10 *Auto*: one move of the game's choosing — or the redeal when stuck; None at the end.

    The choice: the move that raises the score most; among equals, one that leaves a live gap
    behind (a gap some card can fill next); a 2 hopping between first-column gaps only when it
    raises the score. (A hop never stands alone: a first-column gap means some 2 is elsewhere,
    free to move into it, so a position with a hop always has another move.)"""
    moves = grid_moves(s.grid)
    if not moves:
        return REDEAL_MOVE if s.redeals < s.redeal_limit else None
    before = score(s.grid)

    def key(m: Move) -> tuple[int, bool]:
        cells = list(s.grid)
        cells[m.dst.idx], cells[m.src.idx] = cells[m.src.idx], NO_CARD
        gain = score(tuple(cells)) - before
        src = m.src.idx
        left = s.grid[src - 1] if src % COLS else None
        live_gap = left is None or (left != NO_CARD and RANK[left] != 13)
        return -gain, not live_gap

    useful = [m for m in moves if not is_hop(m) or key(m)[0] < 0] or moves
    return min(useful, key=key)
