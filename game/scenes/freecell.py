"""FreeCell's table (SPEC FC): free cells and foundations above eight columns, every card face up."""

from __future__ import annotations

from game.core.cards import NO_CARD
from game.core.i18n import tr
from game.rules.base import CELL, CELLS, FOUNDATION, FOUNDATIONS, MOVE, TABLEAU, TABLEAUS, Move, Pile
from game.rules.foundations import foundation_cards
from game.rules.freecell import FreeCellState
from game.rules.piles import alternate_run_start
from game.rules.reasons import alternate_run_rule
from game.scenes.table import TableScene
from game.solver.tasks import SolverTask
from game.view.layout import DOWN, Slot, TableSpec
from game.view.table_view import PileContents


class FreeCellScene(TableScene):
    def heading(self) -> str:
        return tr("FreeCell")

    def table_spec(self) -> TableSpec:
        top = (*(Slot(CELLS[i]) for i in range(4)), *(Slot(FOUNDATIONS[i]) for i in range(4)))
        return TableSpec((top, tuple(Slot(TABLEAUS[i], DOWN) for i in range(8))), fan_room=2.4)

    def pile_contents(self) -> PileContents:
        s: FreeCellState = self.state
        out: PileContents = {}
        for i, c in enumerate(s.cells):
            out[CELLS[i]] = ((c,) if c != NO_CARD else (), 0)
        for i, top in enumerate(s.foundations):
            out[FOUNDATIONS[i]] = (tuple(foundation_cards(top)), 0)
        for i, col in enumerate(s.tableau):
            out[TABLEAUS[i]] = (col, 0)
        return out

    def pile_labels(self) -> dict[Pile, str]:
        return {f: "A" for f in FOUNDATIONS[:4]}

    def lift_problem(self, pile: Pile, index: int) -> str | None:
        cards, _ = self.pile_contents()[pile]
        if pile.kind == TABLEAU:
            return alternate_run_rule() if index < alternate_run_start(cards, 0) else None
        if pile.kind == FOUNDATION:
            return tr("Cards on the foundations stay there.")
        return None

    def hint_search(self) -> SolverTask | None:
        """CM-7: every card is visible, so the hint is the next move of a solution."""
        return SolverTask("freecell", self.state, max_nodes=300_000)

    def find_hint(self) -> tuple[Move | None, str]:
        """Until the solver hints: home first, then building on a column, then freeing a cell."""
        moves = [m for m in self.session.rules.legal_moves(self.state) if m.kind == MOVE]
        s: FreeCellState = self.state
        for m in moves:
            if m.dst.kind == FOUNDATION:
                return m, tr("This card can go to its foundation.")
        for m in moves:
            if m.src.kind == CELL and m.dst.kind == TABLEAU and s.tableau[m.dst.idx]:
                return m, tr("This frees a cell.")
        for m in moves:
            if (
                m.src.kind == TABLEAU
                and m.dst.kind == TABLEAU
                and s.tableau[m.dst.idx]
                and m.size < len(s.tableau[m.src.idx])
            ):
                return m, tr("This builds a run and uncovers a card.")
        if moves:
            return moves[0], tr("A legal move; think a few moves ahead before using a free cell.")
        return None, tr("No moves are left: undo, or start a new deal.")
