"""Canfield (SPEC CF-1 ... CF-6): a reserve of 13 cards feeding four columns, foundations from the
rank of the first card dealt to them, the stock turned three (or one) at a time without limit.

Where the SPEC is silent this follows standard Canfield (docs/rules.md says so too): the reserve's
top card may go to a column or a foundation; the waste's top card to a column, empty or not, or a
foundation; a card on a foundation stays there; once the reserve is empty, an empty column takes
only the waste's top card, when the player chooses.

A column is always one built run (cards reach it only by building, or one at a time into an empty
column), so "the whole run" of CF-3 is the whole column. The reserve fills an empty column as part
of the move that emptied it (CF-4): one move, one undo.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from game.core.cards import NO_CARD, RANK, RANK_LETTERS, RED, Card
from game.core.dealid import DealId
from game.core.errors import ParseError
from game.core.i18n import tr
from game.rules.base import (
    DRAW,
    DRAW_MOVE,
    MOVE,
    RECYCLE,
    RECYCLE_MOVE,
    Event,
    Flipped,
    Move,
    Moved,
    PileContents,
    Recycled,
    ScoreChanged,
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
    next_rank,
    read_foundations,
)
from game.rules.pile import (
    FOUNDATION,
    FOUNDATIONS,
    STOCK,
    STOCK_PILE,
    TABLEAU,
    TABLEAUS,
    WASTE,
    WASTE_PILE,
    Pile,
    PileKind,
    Role,
    register_kind,
)
from game.rules.piles import Column, columns_sorted, replace_at, replace_int, shuffled_deck
from game.rules.reasons import alternate_run_rule, column_source_reason, not_on, recycle_reason
from game.rules.text import TextReader, cards_field, check_cards, header, read_tableau, tableau_lines

COLUMNS = 4
RESERVE_SIZE = 13  # CF-1
PER_CARD = 5  # CF-6: the score of each card on a foundation

# CF-1: the reserve, a pile of its own kind; written "r" in positions and moves (r>t2, r>f1)
RESERVE = register_kind(PileKind("reserve", Role.RESERVE, "r", layer=4)).name
RESERVE_PILE = Pile(RESERVE)


@dataclass(frozen=True, slots=True)
class CanfieldState:
    reserve: Column  # top card last; only the top card is face up (CF-1)
    tableau: tuple[Column, ...]  # four columns, each one built run, top card last
    stock: Column  # top card last
    waste: Column  # top card last
    foundations: tuple[Card, ...]  # top card of each slot, NO_CARD when empty
    base: int  # the rank every foundation starts from this deal (CF-1, CF-2)
    draw: int  # cards turned at a time (CF-5)
    whole: bool  # moves=whole: only a column's top card or its whole run moves (CF-3)


def fits(c: Card, target: Card) -> bool:
    """CF-3: ``c`` may go on ``target`` in a column: the other colour and one rank lower, a king
    on an ace included (the columns turn the corner)."""
    return RED[c] != RED[target] and next_rank(RANK[c]) == RANK[target]


def run_start(column: Column) -> int:
    """Index of the first card of the built run at the end of ``column`` (turning the corner);
    ``len(column)`` for an empty one."""
    if not column:
        return 0
    i = len(column) - 1
    while i > 0 and fits(column[i], column[i - 1]):
        i -= 1
    return i


def lifts(column: Column, whole: bool) -> list[int]:
    """The indices a column may be picked up from (CF-3): any card of its run, or with
    moves=whole its top card and the head of its run."""
    if not column:
        return []
    start = run_start(column)
    if whole:
        return sorted({start, len(column) - 1})
    return list(range(start, len(column)))


def rank_text(rank: int) -> str:
    """A rank as players read it: A, 2 ... 10, J, Q, K."""
    return "10" if rank == 10 else RANK_LETTERS[rank - 1]


def home_count(s: CanfieldState) -> int:
    """How many cards are on the foundations."""
    return sum(len(foundation_cards(top, s.base)) for top in s.foundations)


class Canfield(Variant[CanfieldState]):
    name = "canfield"
    places = frozenset({*TABLEAUS[:COLUMNS], *FOUNDATIONS[:4], STOCK_PILE, WASTE_PILE, RESERVE_PILE})

    # -- dealing --------------------------------------------------------------------------------

    def deal(self, deal_id: DealId) -> CanfieldState:
        """CF-1: 13 cards to the reserve, the next to the first foundation (its rank is the base),
        one to each column, the other 34 to the stock."""
        deck = shuffled_deck(deal_id)
        reserve = tuple(deck.pop() for _ in range(RESERVE_SIZE))
        first = deck.pop()
        tableau = tuple((deck.pop(),) for _ in range(COLUMNS))
        return CanfieldState(
            reserve=reserve,
            tableau=tableau,
            stock=tuple(deck),
            waste=(),
            foundations=(first, NO_CARD, NO_CARD, NO_CARD),
            base=RANK[first],
            draw=int(deal_id.option("draw")),
            whole=deal_id.option("moves") == "whole",
        )

    # -- moves ----------------------------------------------------------------------------------

    def legal_moves(self, s: CanfieldState) -> list[Move]:
        moves: list[Move] = []
        tops = [(RESERVE_PILE, s.reserve[-1])] if s.reserve else []
        tops += [(WASTE_PILE, s.waste[-1])] if s.waste else []
        # To the foundations (CF-2): a column's top card, the reserve's, the waste's.
        for pile, c in column_tops(s.tableau) + tops:
            foundation_moves(moves, pile, c, s.foundations, s.base)
        # Between columns (CF-3): the card of the run that fits each other column's top card. An
        # empty column takes only the waste's card (CF-4), so no run goes there.
        for i, col in enumerate(s.tableau):
            starts = lifts(col, s.whole)
            for j, dst in enumerate(s.tableau):
                if j == i or not dst:
                    continue
                moves += [Move(MOVE, TABLEAUS[i], TABLEAUS[j], len(col) - k) for k in starts if fits(col[k], dst[-1])]
        # The reserve's and the waste's top cards onto the columns; into an empty one, the waste's.
        for j, dst in enumerate(s.tableau):
            for pile, c in tops:
                takes = fits(c, dst[-1]) if dst else pile == WASTE_PILE
                if takes:
                    moves.append(Move(MOVE, pile, TABLEAUS[j]))
        return moves + self.stock_moves(s)

    def stock_moves(self, s: CanfieldState) -> list[Move]:
        """CF-5: turn the stock, or turn the waste back over (as often as the player likes)."""
        if s.stock:
            return [DRAW_MOVE]
        return [RECYCLE_MOVE] if s.waste else []

    def _perform(self, s: CanfieldState, m: Move, events: list[Event] | None) -> CanfieldState:
        if m.kind == DRAW:
            k = min(s.draw, len(s.stock))
            turned = tuple(reversed(s.stock[-k:]))
            if events is not None:
                events.append(Moved(STOCK_PILE, WASTE_PILE, turned))
            return replace(s, stock=s.stock[:-k], waste=s.waste + turned)
        if m.kind == RECYCLE:
            if events is not None:
                events.append(Recycled(WASTE_PILE, STOCK_PILE, len(s.waste)))
            return replace(s, stock=tuple(reversed(s.waste)), waste=())
        reserve, tableau, waste, foundations = s.reserve, s.tableau, s.waste, s.foundations
        if m.src.kind == TABLEAU:
            column = tableau[m.src.idx]
            cards = column[-m.size :]
            tableau = replace_at(tableau, m.src.idx, column[: -m.size])
        elif m.src.kind == WASTE:
            cards, waste = waste[-1:], waste[:-1]
        else:  # the reserve's top card
            cards, reserve = reserve[-1:], reserve[:-1]
        if m.dst.kind == FOUNDATION:
            foundations = replace_int(foundations, m.dst.idx, cards[0])
        else:
            tableau = replace_at(tableau, m.dst.idx, tableau[m.dst.idx] + cards)
        if events is not None:
            events.append(Moved(m.src, m.dst, cards))
            if m.src == RESERVE_PILE:
                _turned_up(reserve, events)
        tableau, reserve = _filled(tableau, reserve, events)
        after = replace(s, reserve=reserve, tableau=tableau, waste=waste, foundations=foundations)
        if events is not None and m.dst.kind == FOUNDATION:
            events.append(ScoreChanged(PER_CARD * home_count(s), PER_CARD * home_count(after)))
        return after

    def piles(self, s: CanfieldState) -> PileContents:
        out: PileContents = {
            STOCK_PILE: (s.stock, len(s.stock)),
            WASTE_PILE: (s.waste, 0),
            RESERVE_PILE: (s.reserve, max(0, len(s.reserve) - 1)),
        }
        return out | columns_and_foundations(s.tableau, (0,) * COLUMNS, s.foundations, s.base)

    def lift_reason(self, s: CanfieldState, pile: Pile, index: int) -> str | None:
        if pile.kind == STOCK:
            return tr("Tap the stock to turn its cards onto the waste.")
        if pile.kind == FOUNDATION:
            return foundation_stays()
        cards, down = self.piles(s)[pile]
        if index < down:
            return tr("Face-down cards cannot move.")
        if pile.kind == TABLEAU:
            return None if index in lifts(cards, s.whole) else self._run_rule(s)
        if index != len(cards) - 1:
            if pile.kind == WASTE:
                return tr("Only the top card of the waste can be played.")
            return tr("Only the reserve's top card can be played.")
        return None

    def _run_rule(self, s: CanfieldState) -> str:
        """What may be picked up from a column: a run in sequence, or (moves=whole) its top card
        or the whole run."""
        if s.whole:
            return tr("Only a column's top card, or its whole run, can move.")
        return alternate_run_rule()

    def explain(self, s: CanfieldState, m: Move) -> str:
        if m.kind == DRAW:  # illegal only with an empty stock
            if s.waste:
                return tr("The stock is empty: tap it to turn the waste over.")
            return tr("The stock and the waste are empty.")
        if m.kind == RECYCLE:
            return recycle_reason(s.stock, s.waste)
        if m.kind != MOVE:
            return tr("That move is not allowed here.")
        src, dst = m.src, m.dst
        if src == dst:
            return tr("The cards are already there.")
        if src.kind == STOCK:
            return tr("Tap the stock to turn its cards onto the waste.")
        if dst.kind in (STOCK, WASTE):
            return tr("Cards cannot be put back on the stock or the waste.")
        if dst == RESERVE_PILE:
            return tr("No card can be put on the reserve.")
        if src.kind == FOUNDATION:
            return foundation_stays()
        moving = self._moving(s, m)
        if isinstance(moving, str):
            return moving
        if dst.kind == FOUNDATION:
            if m.size != 1:
                return tr("Cards go to a foundation one at a time.")
            return tr("A foundation builds up by suit from the base rank, {rank} in this deal.", rank=rank_text(s.base))
        target = s.tableau[dst.idx]
        if not target:
            return tr("Only the waste's top card can go into an empty column.")
        if not fits(moving, target[-1]):
            rule = tr("A card goes on one of the other colour and one rank higher; a king goes on an ace.")
            return not_on(moving, target[-1], rule)
        return tr("That move is not allowed here.")

    def _moving(self, s: CanfieldState, m: Move) -> Card | str:
        """The first card ``m`` would move, or the reason it cannot be picked up."""
        if m.src.kind == WASTE:
            if not s.waste:
                return tr("The waste is empty.")
            return s.waste[-1] if m.size == 1 else tr("Only the waste's top card can be played.")
        if m.src == RESERVE_PILE:
            if not s.reserve:
                return tr("The reserve is empty.")
            return s.reserve[-1] if m.size == 1 else tr("Only the reserve's top card can be played.")
        col = s.tableau[m.src.idx]
        reason = column_source_reason(col, 0, m.size, run_start(col), self._run_rule(s))
        if reason is None and s.whole and len(col) - m.size not in lifts(col, True):
            reason = self._run_rule(s)
        return col[-m.size] if reason is None else reason

    # -- ends -----------------------------------------------------------------------------------

    def is_won(self, s: CanfieldState) -> bool:
        """CF-6: all 52 cards on the foundations."""
        return all_home(s.foundations, s.base)

    def score(self, s: CanfieldState) -> int | None:
        """CF-6: 5 for each card on a foundation (the base card dealt there counts)."""
        return PER_CARD * home_count(s)

    def is_certain(self, s: CanfieldState) -> bool:
        """CM-5: no reserve, stock or waste, and no column with a card on one lower (counted from
        the base): the lowest card not home is always on top, so the rest is sure."""
        return not s.reserve and not s.stock and not s.waste and columns_sorted(s.tableau, s.base)

    def collect_move(self, s: CanfieldState) -> Move | None:
        return next_foundation_move(column_tops(s.tableau), s.foundations, s.base)

    def seen(self, s: CanfieldState) -> frozenset[object]:
        """Every card face up now: the columns, the foundations, the waste, the reserve's top."""
        up = face_up_cards(s.tableau, (0,) * COLUMNS, s.foundations, s.base) + list(s.waste)
        return frozenset(up + list(s.reserve[-1:]))

    # -- text -----------------------------------------------------------------------------------

    def to_text(self, s: CanfieldState) -> str:
        lines = header(self.spec, [("draw", str(s.draw)), ("moves", "whole" if s.whole else "runs")])
        lines.append(f"base: {RANK_LETTERS[s.base - 1]}")
        lines.append(f"reserve: {cards_field(s.reserve, max(0, len(s.reserve) - 1))}".rstrip())
        lines.append(f"stock: {cards_field(s.stock, len(s.stock))}".rstrip())
        lines.append(f"waste: {cards_field(s.waste)}".rstrip())
        lines += foundation_lines(s.foundations, s.base)
        lines += tableau_lines(s.tableau)
        return "\n".join(lines) + "\n"

    def parse(self, text: str) -> CanfieldState:
        r = TextReader(text, self.spec)
        base_text = r.raw("base").upper()
        if len(base_text) != 1 or base_text not in RANK_LETTERS:
            raise ParseError(f"'base: {base_text}' is not a rank (one of {RANK_LETTERS})")
        base = RANK_LETTERS.index(base_text) + 1
        reserve, down = r.cards("reserve", allow_down=True)
        if reserve and down != len(reserve) - 1:
            raise ParseError("reserve: every card but the top one is face down (#)")
        stock, _ = r.cards("stock", all_down=True)
        waste = r.face_up("waste")
        foundations = read_foundations(r, 4, base)
        tableau, _ = read_tableau(r, COLUMNS)
        r.finish()
        if reserve and not all(tableau):
            raise ParseError("a column is never empty while the reserve has cards: it is filled at once")
        check_cards(
            face_up_cards(tableau, (0,) * COLUMNS, foundations, base) + reserve + stock + waste, Counter(range(52))
        )
        return CanfieldState(
            reserve=tuple(reserve),
            tableau=tableau,
            stock=tuple(stock),
            waste=tuple(waste),
            foundations=foundations,
            base=base,
            draw=int(r.options["draw"]),
            whole=r.options["moves"] == "whole",
        )


def foundation_stays() -> str:
    return tr("A card on a foundation stays there.")


def _turned_up(reserve: Column, events: list[Event]) -> None:
    """The reserve's next card turned face up, once the one above it has gone."""
    if reserve:
        events.append(Flipped(RESERVE_PILE, len(reserve) - 1, reserve[-1], True))


def _filled(
    tableau: tuple[Column, ...], reserve: Column, events: list[Event] | None
) -> tuple[tuple[Column, ...], Column]:
    """CF-4: every empty column takes the reserve's top card at once, while the reserve lasts."""
    for i, col in enumerate(tableau):
        if not col and reserve:
            card, reserve = reserve[-1], reserve[:-1]
            tableau = replace_at(tableau, i, (card,))
            if events is not None:
                events.append(Moved(RESERVE_PILE, TABLEAUS[i], (card,)))
                _turned_up(reserve, events)
    return tableau, reserve
