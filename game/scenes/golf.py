"""Golf's table (SPEC GO): tap a column's last card to play it, tap the stock to turn one."""

from __future__ import annotations

from game.core.i18n import tr
from game.rules.base import DRAW, DRAW_MOVE, MOVE, STOCK_PILE, TABLEAU, TABLEAUS, WASTE_PILE, Move, Pile
from game.rules.golf import GolfState, connects
from game.scenes.table import TableScene
from game.view.layout import DOWN, RIGHT, Slot, TableSpec
from game.view.table_view import EMPTY_MARK, PileContents


class GolfScene(TableScene):
    def heading(self) -> str:
        return tr("Golf")

    def table_spec(self) -> TableSpec:
        columns = tuple(Slot(TABLEAUS[i], DOWN) for i in range(7))
        bottom = (Slot(STOCK_PILE), Slot(WASTE_PILE, RIGHT, 3))
        return TableSpec((columns, bottom), fan_room=1.2)

    def pile_contents(self) -> PileContents:
        s: GolfState = self.state
        out: PileContents = {STOCK_PILE: (s.stock, len(s.stock)), WASTE_PILE: (s.waste, 0)}
        for i, col in enumerate(s.tableau):
            out[TABLEAUS[i]] = (col, 0)
        return out

    def pile_labels(self) -> dict[Pile, str]:
        return {STOCK_PILE: EMPTY_MARK}

    def status(self) -> list[str]:
        left = sum(len(c) for c in self.state.tableau)
        return [tr("Cards left {n}", n=left), tr("Stock {n}", n=len(self.state.stock))]

    def lift_problem(self, pile: Pile, index: int) -> str | None:
        cards, _ = self.pile_contents()[pile]
        if pile.kind == TABLEAU and index != len(cards) - 1:
            return tr("Only a column's last card can be played.")
        if pile.kind != TABLEAU:
            return (
                tr("Tap the stock to turn a card onto the waste.")
                if pile == STOCK_PILE
                else tr("The waste's cards stay there.")
            )
        return None

    def tap_pile(self, pile: Pile, index: int) -> bool:
        """GO-2, GO-3: one tap plays a card or turns the stock; no selection needed."""
        self.clear_marks()
        if pile == STOCK_PILE:
            self.play(DRAW_MOVE)
            return True
        if pile.kind == TABLEAU and index >= 0:
            problem = self.lift_problem(pile, index)
            if problem:
                self.say(problem)
            else:
                self.play(Move(MOVE, pile, WASTE_PILE))
            return True
        if pile == WASTE_PILE:
            self.say(tr("Tap a column's last card to play it on the waste."))
            return True
        return False

    def find_hint(self) -> tuple[Move | None, str]:
        """The playable card that leaves the longest chain of further plays among the visible cards."""
        s: GolfState = self.state
        plays = [m for m in self.session.rules.legal_moves(s) if m.kind == MOVE]
        if plays:
            best = max(plays, key=lambda m: _chain(s, m))
            return best, tr("This card continues the longest chain.")
        if any(m.kind == DRAW for m in self.session.rules.legal_moves(s)):
            return DRAW_MOVE, tr("No card connects: turn the stock.")
        return None, tr("No moves are left: undo, or start a new deal.")


def _chain(s: GolfState, first: Move, depth: int = 6) -> int:
    """How many cards in a row can be played after ``first`` (greedy search, visible cards only)."""
    tableau = [list(c) for c in s.tableau]
    top = tableau[first.src.idx].pop()
    best = 0

    def walk(top: int, n: int) -> None:
        nonlocal best
        best = max(best, n)
        if n >= depth:
            return
        for col in tableau:
            if col and connects(col[-1], top):
                card = col.pop()
                walk(card, n + 1)
                col.append(card)

    walk(top, 1)
    return best
