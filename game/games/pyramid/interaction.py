"""How Pyramid's taps play (PY-4): a card, then its partner."""

from __future__ import annotations

from game.core.cards import RANK
from game.core.i18n import tr
from game.games.pyramid.rules import PYRAMID, available_slots
from game.play.interaction import Interaction, Outcome, play, say
from game.play.position import Position
from game.rules.base import PAIR, Move
from game.rules.pile import NO_PILE, STOCK_PILE, Pile


class PyramidInteraction(Interaction):
    """PY-4: tap a card, then its partner; a king goes with one tap (on the stock too); with a card
    selected, a tap on the stock pairs it with the stock's top card."""

    stock_is_a_place = True

    def tap_stock(self, pos: Position) -> Outcome:
        stock = pos.cards(STOCK_PILE)
        if stock and RANK[stock[-1]] == 13:  # the stock's face-up king goes at once, as anywhere
            self.clear()
            return play(Move(PAIR, STOCK_PILE, NO_PILE))
        return super().tap_stock(pos)

    def moves_from(self, pos: Position, pile: Pile, index: int) -> list[Move]:
        """The pairs this card can make, each written with the partner as destination."""
        out = []
        for m in pos.legal:
            if m.kind != PAIR or m.dst == NO_PILE:
                continue
            if m.src == pile:
                out.append(m)
            elif m.dst == pile:
                out.append(Move(PAIR, pile, m.src))
        return out

    def tap_card(self, pos: Position, pile: Pile, index: int) -> Outcome | None:
        cards = pos.cards(pile)
        if pile.kind == "discard":
            self.clear()
            return say(tr("Removed cards stay removed."))
        if cards and index == len(cards) - 1 and RANK[cards[-1]] == 13:
            self.clear()
            king = Move(PAIR, pile, NO_PILE)
            reason = pos.check(king)
            return say(reason) if reason else play(king)
        if pile.kind == PYRAMID and cards and pile.idx not in available_slots(pos.state.pyramid):
            self.clear()
            return say(tr("That card is still covered by the row below."))
        return None
