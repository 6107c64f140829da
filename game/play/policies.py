"""Interactions shared by games alike: the games played onto the waste by taps (no selection: one
tap plays a free card, or turns the stock), and the games whose suits leave the table (a run sent to
its best place). The games whose taps mean something else again refine :class:`Interaction` in
their own folders."""

from __future__ import annotations

from game.core.cards import SUIT
from game.core.i18n import tr
from game.play.interaction import NOTHING, Interaction, Outcome, play, say
from game.play.position import Position
from game.rules.base import DEAL_MOVE, MOVE, Move
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


class SuitRunInteraction(Interaction):
    """The games whose suits, built down a column from king to ace, leave the table (their state
    counts them in ``completed``): a tap selects and a second tap places (CM-2), as in the build games;
    a tap on the stock, where there is one, deals; a double tap sends a run to its best place (CM-3):
    where it completes a suit, else onto its own suit, else onto another suit, else into an empty
    column."""

    stock_moves = (DEAL_MOVE,)

    def auto_destination(self, pos: Position, pile: Pile, index: int) -> Move | None:
        moves = self.moves_from(pos, pile, index)
        if not moves:
            return None
        head = pos.cards(pile)[index]
        done = len(pos.state.completed)

        def rank(m: Move) -> tuple[int, int]:
            target = pos.cards(m.dst)
            if not target:
                return 4, m.dst.idx
            if len(pos.rules.play(pos.state, m).completed) > done:
                return 1, m.dst.idx
            return (2 if SUIT[target[-1]] == SUIT[head] else 3), m.dst.idx

        return min(moves, key=rank)
