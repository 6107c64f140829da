"""Pyramid's table (SPEC PY-1 ... PY-6): tap a card then its partner, a king alone; the stock turns
its top card over, or pairs it with the card already selected."""

from __future__ import annotations

from game.core.cards import NO_CARD, RANK
from game.core.i18n import tr
from game.rules.base import (
    DISCARD_PILE,
    DRAW,
    DRAW_MOVE,
    NO_PILE,
    PAIR,
    PYRAMID,
    PYRAMID_SLOTS,
    RECYCLE,
    RECYCLE_MOVE,
    STOCK_PILE,
    WASTE_PILE,
    Move,
    Pile,
)
from game.rules.pyramid import PyramidState, available_slots
from game.scenes.table import TableScene
from game.view.layout import Slot, TableSpec
from game.view.table_view import EMPTY_MARK, RECYCLE_MARK, PileContents


class PyramidScene(TableScene):
    def heading(self) -> str:
        return tr("Pyramid")

    def table_spec(self) -> TableSpec:
        rows = tuple(tuple(Slot(PYRAMID_SLOTS[r * (r + 1) // 2 + i]) for i in range(r + 1)) for r in range(7))
        return TableSpec((*rows, (Slot(STOCK_PILE), Slot(WASTE_PILE))), shape="pyramid")

    def pile_contents(self) -> PileContents:
        s: PyramidState = self.state
        out: PileContents = {STOCK_PILE: (s.stock, max(0, len(s.stock) - 1)), WASTE_PILE: (s.waste, 0)}
        for k, c in enumerate(s.pyramid):
            out[PYRAMID_SLOTS[k]] = ((c,) if c != NO_CARD else (), 0)
        gone = sorted(set(range(52)) - set(s.pyramid) - set(s.stock) - set(s.waste))
        out[DISCARD_PILE] = (tuple(gone), 0)
        return out

    def pile_labels(self) -> dict[Pile, str]:
        s: PyramidState = self.state
        if s.stock:
            return {}
        return {STOCK_PILE: RECYCLE_MARK if s.waste and s.redeals_left > 0 else EMPTY_MARK}

    def status(self) -> list[str]:
        s: PyramidState = self.state
        return [tr("Pyramid {n}", n=sum(1 for c in s.pyramid if c != NO_CARD)), tr("Redeals {n}", n=s.redeals_left)]

    # -- pairs ----------------------------------------------------------------------------------

    def moves_from(self, pile: Pile, index: int) -> list[Move]:
        """The pairs this card can make, each written with the partner as destination."""
        out = []
        for m in self.session.rules.legal_moves(self.state):
            if m.kind != PAIR or m.dst == NO_PILE:
                continue
            if m.src == pile:
                out.append(m)
            elif m.dst == pile:
                out.append(Move(PAIR, pile, m.src))
        return out

    def drop_move(self, pile: Pile, index: int, target: Pile) -> Move:
        return Move(PAIR, pile, target)

    def lift_problem(self, pile: Pile, index: int) -> str | None:
        if pile == DISCARD_PILE:
            return tr("Removed cards stay removed.")
        cards, _ = self.pile_contents()[pile]
        if not cards or index != len(cards) - 1:
            return tr("Only the top card can be played.")
        if pile.kind == PYRAMID and pile.idx not in available_slots(self.state.pyramid):
            return tr("That card is still covered by the row below.")
        return None

    def tap_pile(self, pile: Pile, index: int) -> bool:
        """PY-4: the stock turns (or pairs with the selected card); a king goes with one tap."""
        s: PyramidState = self.state
        if pile == STOCK_PILE:
            self.clear_marks()
            self.play(DRAW_MOVE if s.stock else RECYCLE_MOVE)
            return True
        if pile == DISCARD_PILE:
            self.say(tr("Removed cards stay removed."))
            return True
        cards, _ = self.pile_contents()[pile]
        if cards and index == len(cards) - 1 and RANK[cards[-1]] == 13:
            self.clear_marks()
            self.play(Move(PAIR, pile, NO_PILE))
            return True
        if pile.kind == PYRAMID and cards and pile.idx not in available_slots(s.pyramid):
            self.clear_marks()
            self.say(tr("That card is still covered by the row below."))
            return True
        return False

    def find_hint(self) -> tuple[Move | None, str]:
        """Pyramid cards first (two at once best), then a pyramid card with the stock or waste,
        then the stock; only what is face up is used."""
        moves = self.session.rules.legal_moves(self.state)
        pairs = [m for m in moves if m.kind == PAIR]

        def in_pyramid(m: Move) -> int:
            return (m.src.kind == PYRAMID) + (m.dst.kind == PYRAMID)

        if pairs:
            best = max(pairs, key=in_pyramid)
            if in_pyramid(best):
                text = tr("Remove this king.") if best.dst == NO_PILE else tr("These two add up to 13.")
                return Move(PAIR, best.src, best.dst), text
        for m in moves:
            if m.kind == DRAW:
                return m, tr("No pyramid card pairs: turn the stock.")
            if m.kind == RECYCLE:
                return m, tr("Turn the waste over for another pass.")
        if pairs:
            return pairs[0], tr("These two add up to 13.")
        return None, tr("No moves are left: undo, or start a new deal.")
