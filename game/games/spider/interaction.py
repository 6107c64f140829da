"""How Spider's taps play (SP-9, SP-11): a tap moves a run at once, a long press opens the panel."""

from __future__ import annotations

from game.core.i18n import tr
from game.games.spider.rules import Spider
from game.play.interaction import NOTHING, Interaction, Outcome, play, say
from game.play.position import Position
from game.rules.base import DEAL_MOVE
from game.rules.pile import TABLEAU, Pile


class SpiderInteraction(Interaction):
    """SP-9: a tap moves the run at once to the best place, no selection; the stock deals (SP-6);
    a long press, a right click or Enter opens the column's segment panel (SP-11)."""

    double_tap_is_tap = True
    stock_moves = (DEAL_MOVE,)

    def tap_card(self, pos: Position, pile: Pile, index: int) -> Outcome | None:
        self.clear()
        if pile.kind != TABLEAU:
            problem = pos.rules.lift_reason(pos.state, pile, index)
            return say(problem) if problem and index >= 0 else NOTHING
        if index < 0:
            return NOTHING
        problem = pos.rules.lift_reason(pos.state, pile, index)
        if problem:
            return say(problem)
        assert isinstance(pos.rules, Spider)
        move = pos.rules.tap_destination(pos.state, pile, index, pos.legal)
        if move is None:
            return say(tr("These cards have no place to go right now."))
        return play(move)

    def long_press(self, pos: Position, pile: Pile, index: int) -> Outcome:
        if pile.kind == TABLEAU:
            self.clear()
            return Outcome(panel=pile, panel_at=index)
        return self.tap(pos, pile, index)

    def activate(self, pos: Position, pile: Pile, index: int) -> Outcome:
        """SP-19: Enter or Space on a focused column opens its segment panel."""
        if pile.kind == TABLEAU:
            return self.long_press(pos, pile, index)
        return super().activate(pos, pile, index)
