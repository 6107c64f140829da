"""Klondike (SPEC KL-1 ... KL-10), draw 1 or 3, redeals unlimited, 3 or 1, standard scoring."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.core.cards import NO_CARD, RANK, Card, can_stack_alternate
from game.core.dealid import DealId
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
    foundation_lines,
    foundation_moves,
    next_foundation_move,
    read_foundations,
)
from game.rules.pile import FOUNDATION, FOUNDATIONS, STOCK, STOCK_PILE, TABLEAU, TABLEAUS, WASTE, WASTE_PILE, Pile
from game.rules.piles import (
    Column,
    alternate_run_start,
    columns_sorted,
    replace_at,
    replace_int,
    shuffled_deck,
    take_from_column,
)
from game.rules.reasons import alternate_destination_reason, alternate_run_rule, column_source_reason, recycle_reason
from game.rules.text import TextReader, cards_field, check_cards, header, read_tableau, tableau_lines

COLUMNS = 7

# KL-9: the standard score.
TO_FOUNDATION = 10
FLIP = 5
WASTE_TO_TABLEAU = 5
FOUNDATION_TO_TABLEAU = -15
REDEAL_PENALTY = -20  # from the second redeal on
WIN_BONUS = 100  # KL-10, plus the time bonus


@dataclass(frozen=True, slots=True)
class KlondikeState:
    tableau: tuple[Column, ...]
    down: tuple[int, ...]  # face-down cards at the start of each column
    stock: Column  # top card last
    waste: Column  # top card last
    foundations: tuple[Card, ...]  # top card of each slot, NO_CARD when empty
    draw: int
    redeal_limit: int | None  # None: unlimited
    recycles: int  # redeals done so far
    score: int

    @property
    def redeals_left(self) -> int | None:
        return None if self.redeal_limit is None else self.redeal_limit - self.recycles


def win_bonus(seconds: int) -> int:
    """KL-10: 100 for winning plus the time bonus (1000 under 30 s, else 30000 // s, at most 1000)."""
    seconds = max(0, int(seconds))
    time_bonus = 1000 if seconds < 30 else min(1000, 30000 // seconds)
    return WIN_BONUS + time_bonus


class Klondike(Variant[KlondikeState]):
    name = "klondike"
    places = frozenset({*TABLEAUS[:COLUMNS], *FOUNDATIONS[:4], STOCK_PILE, WASTE_PILE})

    # -- dealing --------------------------------------------------------------------------------

    def deal(self, deal_id: DealId) -> KlondikeState:
        """KL-1: columns of 1..7 cards dealt row by row, the last of each face up; 24 in the stock."""
        deck = shuffled_deck(deal_id)
        columns: list[list[Card]] = [[] for _ in range(COLUMNS)]
        for row in range(COLUMNS):
            for col in range(row, COLUMNS):
                columns[col].append(deck.pop())
        limit = deal_id.option("redeals")
        return KlondikeState(
            tableau=tuple(tuple(c) for c in columns),
            down=tuple(range(COLUMNS)),
            stock=tuple(deck),
            waste=(),
            foundations=(NO_CARD,) * 4,
            draw=int(deal_id.option("draw")),
            redeal_limit=None if limit == "unlimited" else int(limit),
            recycles=0,
            score=0,
        )

    # -- moves ----------------------------------------------------------------------------------

    def legal_moves(self, s: KlondikeState) -> list[Move]:
        moves: list[Move] = []
        tableau, foundations = s.tableau, s.foundations
        waste_top = s.waste[-1] if s.waste else NO_CARD
        # To the foundations (KL-7): a column's last card or the waste's top card.
        for i, col in enumerate(tableau):
            if col and len(col) > s.down[i]:
                foundation_moves(moves, TABLEAUS[i], col[-1], foundations)
        if waste_top != NO_CARD:
            foundation_moves(moves, WASTE_PILE, waste_top, foundations)
        # Tableau to tableau (KL-2, KL-3): the one run length that fits each destination.
        for i, col in enumerate(tableau):
            n = len(col)
            if n <= s.down[i]:
                continue
            start = alternate_run_start(col, s.down[i])
            last_rank = RANK[col[-1]]
            for j, dst in enumerate(tableau):
                if j == i:
                    continue
                head_rank = RANK[dst[-1]] - 1 if dst else 13
                k = n - 1 - (head_rank - last_rank)  # index of the run card with that rank
                if start <= k < n and (not dst or can_stack_alternate(col[k], dst[-1])):
                    moves.append(Move(MOVE, TABLEAUS[i], TABLEAUS[j], n - k))
        # Waste and foundation cards to the tableau.
        for j, dst in enumerate(tableau):
            if waste_top != NO_CARD and _fits(waste_top, dst):
                moves.append(Move(MOVE, WASTE_PILE, TABLEAUS[j]))
            for f, top in enumerate(foundations):
                if top != NO_CARD and _fits(top, dst):
                    moves.append(Move(MOVE, FOUNDATIONS[f], TABLEAUS[j]))
        return moves + self.stock_moves(s)

    def stock_moves(self, s: KlondikeState) -> list[Move]:
        """KL-5, KL-6: turn the stock, or turn the waste back over while redeals are left."""
        if s.stock:
            return [DRAW_MOVE]
        if s.waste and (s.redeal_limit is None or s.recycles < s.redeal_limit):
            return [RECYCLE_MOVE]
        return []

    def _perform(self, s: KlondikeState, m: Move, events: list[Event] | None) -> KlondikeState:
        if m.kind == DRAW:
            k = min(s.draw, len(s.stock))
            turned = tuple(reversed(s.stock[-k:]))
            if events is not None:
                events.append(Moved(STOCK_PILE, WASTE_PILE, turned))
            return KlondikeState(
                s.tableau,
                s.down,
                s.stock[:-k],
                s.waste + turned,
                s.foundations,
                s.draw,
                s.redeal_limit,
                s.recycles,
                s.score,
            )
        if m.kind == RECYCLE:
            if events is not None:
                events.append(Recycled(WASTE_PILE, STOCK_PILE, len(s.waste)))
            score = _scored(s.score, REDEAL_PENALTY if s.recycles >= 1 else 0, events)
            return KlondikeState(
                s.tableau,
                s.down,
                tuple(reversed(s.waste)),
                (),
                s.foundations,
                s.draw,
                s.redeal_limit,
                s.recycles + 1,
                score,
            )
        src, dst = m.src, m.dst
        tableau, down, foundations, waste = s.tableau, s.down, s.foundations, s.waste
        delta = 0
        flipped_at = -1
        if src.kind == TABLEAU:
            tableau, down, cards, flipped = take_from_column(tableau, down, src.idx, m.size)
            if flipped:
                flipped_at = src.idx
                delta += FLIP
        elif src.kind == WASTE:
            cards = waste[-1:]
            waste = waste[:-1]
            if dst.kind == TABLEAU:
                delta += WASTE_TO_TABLEAU
        else:  # a foundation's top card back to the tableau
            top = foundations[src.idx]
            cards = (top,)
            foundations = replace_int(foundations, src.idx, top - 1 if RANK[top] > 1 else NO_CARD)
            delta += FOUNDATION_TO_TABLEAU
        if dst.kind == FOUNDATION:
            foundations = replace_int(foundations, dst.idx, cards[0])
            delta += TO_FOUNDATION
        else:
            tableau = replace_at(tableau, dst.idx, tableau[dst.idx] + cards)
        if events is not None:
            events.append(Moved(src, dst, cards))
            if flipped_at >= 0:
                i = len(tableau[flipped_at]) - 1
                events.append(Flipped(TABLEAUS[flipped_at], i, tableau[flipped_at][i], True))
        score = _scored(s.score, delta, events)
        return KlondikeState(tableau, down, s.stock, waste, foundations, s.draw, s.redeal_limit, s.recycles, score)

    def piles(self, s: KlondikeState) -> PileContents:
        out: PileContents = {STOCK_PILE: (s.stock, len(s.stock)), WASTE_PILE: (s.waste, 0)}
        return out | columns_and_foundations(s.tableau, s.down, s.foundations)

    def lift_reason(self, s: KlondikeState, pile: Pile, index: int) -> str | None:
        if pile.kind == STOCK:
            return tr("Tap the stock to turn its cards onto the waste.")
        cards, down = self.piles(s)[pile]
        if pile.kind == TABLEAU:
            if index < down:
                return tr("Face-down cards cannot move.")
            if index < alternate_run_start(cards, down):
                return alternate_run_rule()
            return None
        if index != len(cards) - 1:
            return (
                tr("Only the top card of the waste can be played.")
                if pile.kind == WASTE
                else tr("Only a foundation's top card can move.")
            )
        return None

    def final_score(self, s: KlondikeState, seconds: float) -> int | None:
        """KL-9 and, once won, KL-10's bonus for the time taken."""
        return s.score + win_bonus(int(seconds)) if self.is_won(s) else s.score

    def explain(self, s: KlondikeState, m: Move) -> str:
        if m.kind == DRAW:  # illegal only with an empty stock
            if s.waste:
                return tr("The stock is empty: tap it to turn the waste over.")
            return tr("The stock and the waste are empty.")
        if m.kind == RECYCLE:
            return recycle_reason(s.stock, s.waste)
        if m.kind != MOVE:
            return tr("That move is not part of Klondike.")
        src, dst = m.src, m.dst
        if src == dst:
            return tr("The cards are already there.")
        if src.kind == STOCK:
            return tr("Tap the stock to turn its cards onto the waste.")
        if dst.kind in (STOCK, WASTE):
            return tr("Cards cannot be put back on the stock or the waste.")
        if src.kind == WASTE:
            if not s.waste:
                return tr("The waste is empty.")
            if m.size != 1:
                return tr("Only the waste's top card can be played.")
            moving = s.waste[-1]
        elif src.kind == FOUNDATION:
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
        empty_rule = tr("Only a king, or a run headed by a king, can go on an empty column.")
        return alternate_destination_reason(moving, dst, m.size, s.tableau, empty_rule)

    # -- ends -----------------------------------------------------------------------------------

    def is_won(self, s: KlondikeState) -> bool:
        return all_home(s.foundations)

    def score(self, s: KlondikeState) -> int | None:
        return s.score

    def is_certain(self, s: KlondikeState) -> bool:
        """CM-5: no stock, no waste, no face-down card — the rest is sure to reach the foundations."""
        return not s.stock and not s.waste and not any(s.down) and columns_sorted(s.tableau)

    def collect_move(self, s: KlondikeState) -> Move | None:
        """The next card auto-collect sends home (the lowest first), or None."""
        return next_foundation_move(column_tops(s.tableau), s.foundations)

    def seen(self, s: KlondikeState) -> frozenset[object]:
        """Every card face up now (waste, foundations, face-up column cards)."""
        return frozenset(face_up_cards(s.tableau, s.down, s.foundations) + list(s.waste))

    # -- text -----------------------------------------------------------------------------------

    def to_text(self, s: KlondikeState) -> str:
        limit = "unlimited" if s.redeal_limit is None else str(s.redeal_limit)
        lines = header(self.spec, [("draw", str(s.draw)), ("redeals", limit)])
        lines += [f"score: {s.score}", f"recycles: {s.recycles}"]
        lines.append(f"stock: {cards_field(s.stock, len(s.stock))}".rstrip())
        lines.append(f"waste: {cards_field(s.waste)}".rstrip())
        lines += foundation_lines(s.foundations)
        lines += tableau_lines(s.tableau, s.down)
        return "\n".join(lines) + "\n"

    def parse(self, text: str) -> KlondikeState:
        r = TextReader(text, self.spec)
        limit_text = r.options["redeals"]
        limit = None if limit_text == "unlimited" else int(limit_text)
        score = r.integer("score", 0, 10**9)
        recycles = r.integer("recycles", 0, limit if limit is not None else 10**9)
        stock, _ = r.cards("stock", all_down=True)
        waste = r.face_up("waste")
        foundations = read_foundations(r)
        tableau, down = read_tableau(r, COLUMNS, face_down=True)
        r.finish()
        check_cards(face_up_cards(tableau, [0] * COLUMNS, foundations) + stock + waste, Counter(range(52)))
        return KlondikeState(
            tableau=tableau,
            down=down,
            stock=tuple(stock),
            waste=tuple(waste),
            foundations=foundations,
            draw=int(r.options["draw"]),
            redeal_limit=limit,
            recycles=recycles,
            score=score,
        )


def _fits(c: Card, column: Column) -> bool:
    if not column:
        return RANK[c] == 13
    return can_stack_alternate(c, column[-1])


def _scored(old: int, delta: int, events: list[Event] | None) -> int:
    """KL-9: the points of one move added up, never below 0."""
    new = max(0, old + delta)
    if new != old and events is not None:
        events.append(ScoreChanged(old, new))
    return new
