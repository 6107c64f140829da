"""An interaction for the games played onto the waste by taps (no selection): one tap plays a free
card, or turns the stock. The games whose taps mean something else again refine
:class:`Interaction` in their own folders."""

from __future__ import annotations

from game.core.i18n import tr
from game.play.interaction import NOTHING, Interaction, Outcome, play, say
from game.play.position import Position
from game.rules.base import MOVE, Move
from game.rules.pile import WASTE_PILE, Pile, Role, role_of


class TapToPlayInteraction(Interaction):
    """GO-2, GO-3: one tap plays a free card onto the waste; no selection needed. Any game played
    onto the waste by taps shares it: the card tapped is a column's or a tier's (peaks of
    overlapping cards); which one is free to go is the rules' ``lift_reason`` to say."""

    stock_moves = (Move("draw", Pile("stock"), WASTE_PILE),)

    def tap_card(self, pos: Position, pile: Pile, index: int) -> Outcome | None:
        self.clear()
        if pile == WASTE_PILE:
            return say(tr("Tap a card one rank above or below the waste card to play it."))
        if role_of(pile) not in (Role.TABLEAU, Role.TIER) or index < 0:
            return NOTHING
        problem = pos.rules.lift_reason(pos.state, pile, index)
        if problem:
            return say(problem)
        return self.play_or_say(pos, Move(MOVE, pile, WASTE_PILE))

    @staticmethod
    def play_or_say(pos: Position, move: Move) -> Outcome:
        reason = pos.check(move)
        return say(reason) if reason else play(move)
