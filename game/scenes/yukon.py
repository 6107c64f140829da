"""Yukon's table (SPEC YU): seven columns, any face-up card moves with everything on it."""

from __future__ import annotations

from game.core.i18n import tr
from game.rules.base import FOUNDATION, FOUNDATIONS, MOVE, TABLEAU, TABLEAUS, Move, Pile
from game.rules.foundations import foundation_cards
from game.rules.yukon import YukonState
from game.scenes.table import TableScene
from game.view.layout import DOWN, Slot, TableSpec
from game.view.table_view import PileContents


class YukonScene(TableScene):
    def heading(self) -> str:
        return tr("Yukon")

    def table_spec(self) -> TableSpec:
        columns = tuple(Slot(TABLEAUS[i], DOWN) for i in range(7))
        return TableSpec((columns,), fan_room=3.6, side=FOUNDATIONS[:4])

    def pile_contents(self) -> PileContents:
        s: YukonState = self.state
        out: PileContents = {}
        for i, top in enumerate(s.foundations):
            out[FOUNDATIONS[i]] = (tuple(foundation_cards(top)), 0)
        for i, col in enumerate(s.tableau):
            out[TABLEAUS[i]] = (col, s.down[i])
        return out

    def pile_labels(self) -> dict[Pile, str]:
        return {f: "A" for f in FOUNDATIONS[:4]}

    def lift_problem(self, pile: Pile, index: int) -> str | None:
        _, down = self.pile_contents()[pile]
        if pile.kind == FOUNDATION:
            return tr("Cards on the foundations stay there.")
        if index < down:
            return tr("Face-down cards cannot move.")
        return None  # YU-2: any face-up card, with everything on it

    def find_hint(self) -> tuple[Move | None, str]:
        s: YukonState = self.state
        moves = [m for m in self.session.rules.legal_moves(s) if m.kind == MOVE]
        for m in moves:
            if m.src.kind == TABLEAU and s.down[m.src.idx] and len(s.tableau[m.src.idx]) - m.size == s.down[m.src.idx]:
                return m, tr("This turns up a face-down card.")
        for m in moves:
            if m.dst.kind == FOUNDATION:
                return m, tr("This card can go to its foundation.")
        for m in moves:
            if m.dst.kind == TABLEAU and s.tableau[m.dst.idx]:
                return m, tr("This moves cards into order.")
        if moves:
            return moves[0], tr("A legal move.")
        return None, tr("No moves are left: undo, or start a new deal.")
