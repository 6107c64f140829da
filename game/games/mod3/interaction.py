"""Mod 3's taps: the build games' way (select a top card, then its place; CM-2), except that a tap
on the stock deals a card onto each place of the fourth row (MO-3), and a double tap sends the card
to the aces pile or to the building pile that takes it, else into an empty place (CM-3)."""

from __future__ import annotations

from game.games.mod3.rules import ACES, BUILD
from game.play.interaction import Interaction
from game.play.position import Position
from game.rules.base import DEAL_MOVE, Move
from game.rules.pile import Pile


class Mod3Interaction(Interaction):
    stock_moves: tuple[Move, ...] = (DEAL_MOVE,)

    def auto_destination(self, pos: Position, pile: Pile, index: int) -> Move | None:
        under = pos.cards(pile)[:-1]  # a card onto a building pile holding what its own holds under it: no change
        moves = [m for m in self.moves_from(pos, pile, index) if m.dst.kind != BUILD or pos.cards(m.dst) != under]
        away = [m for m in moves if m.dst.kind == ACES]
        built = [m for m in moves if m.dst.kind == BUILD and pos.cards(m.dst)]
        started = [m for m in moves if m.dst.kind == BUILD]
        best = away or built or started or moves
        return best[0] if best else None
