"""Klondike's table: what is particular to it on top of the generic table scene (SPEC KL)."""

from __future__ import annotations

from game.core.i18n import tr
from game.rules.base import (
    DRAW,
    DRAW_MOVE,
    FOUNDATION,
    FOUNDATIONS,
    MOVE,
    RECYCLE,
    RECYCLE_MOVE,
    STOCK,
    STOCK_PILE,
    TABLEAU,
    TABLEAUS,
    WASTE,
    WASTE_PILE,
    Move,
    Pile,
)
from game.rules.foundations import foundation_cards
from game.rules.klondike import KlondikeState
from game.rules.piles import alternate_run_start
from game.rules.reasons import alternate_run_rule
from game.scenes.table import TableScene
from game.solver.engine import Result, Status
from game.solver.sampling import SampledHint, klondike_arrangements
from game.solver.tasks import SolverTask
from game.view.layout import DOWN, RIGHT, Slot, TableSpec
from game.view.table_view import EMPTY_MARK, RECYCLE_MARK, PileContents

SAMPLES = 6  # arrangements of the unseen cards a hint is tried on


class KlondikeScene(TableScene):
    def heading(self) -> str:
        return tr("Klondike · draw {n}", n=self.state.draw)

    def table_spec(self) -> TableSpec:
        s: KlondikeState = self.state
        top = (
            Slot(STOCK_PILE),
            Slot(WASTE_PILE, RIGHT, 3 if s.draw == 3 else 1),
            Slot(None),
            *(Slot(FOUNDATIONS[i]) for i in range(4)),
        )
        columns = tuple(Slot(TABLEAUS[i], DOWN) for i in range(7))
        return TableSpec((top, columns), fan_room=2.1)

    def pile_contents(self) -> PileContents:
        s: KlondikeState = self.state
        out: PileContents = {STOCK_PILE: (s.stock, len(s.stock)), WASTE_PILE: (s.waste, 0)}
        for i, top in enumerate(s.foundations):
            out[FOUNDATIONS[i]] = (tuple(foundation_cards(top)), 0)
        for i, col in enumerate(s.tableau):
            out[TABLEAUS[i]] = (col, s.down[i])
        return out

    def pile_labels(self) -> dict[Pile, str]:
        s: KlondikeState = self.state
        labels = {f: "A" for f in FOUNDATIONS[:4]}
        labels[TABLEAUS[0]] = ""
        if not s.stock:
            can_turn = s.waste and (s.redeals_left is None or s.redeals_left > 0)
            labels[STOCK_PILE] = RECYCLE_MARK if can_turn else EMPTY_MARK
        return labels

    def status(self) -> list[str]:
        left = self.state.redeals_left
        return [tr("Redeals ∞") if left is None else tr("Redeals {n}", n=left)]

    def lift_problem(self, pile: Pile, index: int) -> str | None:
        if pile.kind == STOCK:
            return tr("Tap the stock to turn its cards onto the waste.")
        cards, down = self.pile_contents()[pile]
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

    def tap_pile(self, pile: Pile, index: int) -> bool:
        if pile != STOCK_PILE:
            return False
        self.clear_marks()
        s: KlondikeState = self.state
        self.play(DRAW_MOVE if s.stock or not s.waste else RECYCLE_MOVE, stagger=0.04)
        return True

    def hint_search(self) -> SolverTask | SampledHint | None:
        """A search over arrangements of the cards the player has not seen; with nothing hidden
        left, a search of the position itself."""
        s: KlondikeState = self.state
        seen = self.session.history.seen
        hidden = any(c not in seen for col, d in zip(s.tableau, s.down, strict=True) for c in col[:d])
        hidden = hidden or any(c not in seen for c in s.stock)
        if not hidden:
            return SolverTask("klondike", s, max_nodes=20_000)
        return SampledHint("klondike", klondike_arrangements(s, seen, SAMPLES), nodes_each=2500)

    def hint_from(self, result: Result[Move]) -> tuple[Move | None, str]:
        job = self.finished_hint_job
        if result.status is Status.SOLVED and result.moves and isinstance(job, SampledHint):
            move = result.moves[0]
            votes = job.votes[move]
            return move, self.move_reason(move) + " " + tr(
                "It starts a win in {n} of {m} ways the hidden cards could lie.", n=votes, m=job.tried
            )
        if result.status is Status.SOLVED and result.moves:
            return result.moves[0], self.move_reason(result.moves[0]) + " " + tr("It leads to a win.")
        return super().hint_from(result)

    def move_reason(self, m: Move) -> str:
        s: KlondikeState = self.state
        if m.kind == DRAW:
            return tr("Turn the stock.")
        if m.kind == RECYCLE:
            return tr("Turn the waste over.")
        if m.src.kind == TABLEAU and s.down[m.src.idx] and len(s.tableau[m.src.idx]) - m.size == s.down[m.src.idx]:
            return tr("This turns up a face-down card.")
        if m.dst.kind == FOUNDATION:
            return tr("This card can go to its foundation.")
        if m.src.kind == WASTE:
            return tr("This brings the waste card into play.")
        return tr("This move opens the way.")

    def find_hint(self) -> tuple[Move | None, str]:
        """A fixed order of priorities, from what the player can see: turn up a card, play to a
        foundation, bring the waste card into play, then the stock. Moves that only shuffle
        cards between columns are never suggested."""
        s: KlondikeState = self.state
        moves = self.session.rules.legal_moves(s)
        for m in moves:
            if m.kind == MOVE and m.src.kind == TABLEAU:
                col, down = s.tableau[m.src.idx], s.down[m.src.idx]
                uncovers = down > 0 and len(col) - m.size == down
                if uncovers:
                    return m, tr("This turns up a face-down card.")
        for m in moves:
            if m.kind == MOVE and m.dst.kind == FOUNDATION:
                return m, tr("This card can go to its foundation.")
        for m in moves:
            if m.kind == MOVE and m.src.kind == WASTE:
                return m, tr("This brings the waste card into play.")
        if self._king_waiting(s):
            for m in moves:
                if (
                    m.kind == MOVE
                    and m.src.kind == TABLEAU
                    and m.dst.kind == TABLEAU
                    and m.size == len(s.tableau[m.src.idx])
                ):
                    return m, tr("This empties a column for a king.")
        for m in moves:
            if m.kind == DRAW:
                return m, tr("No card on the table can move usefully: turn the stock.")
            if m.kind == RECYCLE:
                return m, tr("Turn the waste over to go through the stock again.")
        return None, tr("No move helps now: undo a few moves or start a new deal.")

    @staticmethod
    def _king_waiting(s: KlondikeState) -> bool:
        """A king that an empty column would help: on the waste, or heading a run on face-down cards."""
        if s.waste and s.waste[-1] % 13 == 12:
            return True
        return any(any(c % 13 == 12 for c in col[d:]) and d > 0 for col, d in zip(s.tableau, s.down, strict=True))

    def auto_destination(self, pile: Pile, index: int) -> Move | None:
        if pile.kind == FOUNDATION:
            moves = self.moves_from(pile, index)
            return moves[0] if moves else None
        return super().auto_destination(pile, index)
