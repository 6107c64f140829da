"""Aces Up's taps: the build games' way (select the top card, then its place; CM-2), except that a
tap on the stock deals a card onto each pile (AU-4), and a double tap discards the card when it
can, else moves it into an empty pile (CM-3, as KPat's click does)."""

from __future__ import annotations

from game.play.interaction import Interaction
from game.play.position import Position
from game.rules.base import DEAL_MOVE, Move
from game.rules.pile import DISCARD, Pile


class AcesUpInteraction(Interaction):
    stock_moves: tuple[Move, ...] = (DEAL_MOVE,)

    def auto_destination(self, pos: Position, pile: Pile, index: int) -> Move | None:
        moves = self.moves_from(pos, pile, index)
        away = [m for m in moves if m.dst.kind == DISCARD]
        best = away or moves
        return best[0] if best else None
