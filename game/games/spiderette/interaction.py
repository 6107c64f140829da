"""How Spiderette's taps play: a tap selects and a second tap places (CM-2), as in the build games;
a tap on the stock deals (ST-3); a double tap sends a run to its best place (CM-3): where it
completes a suit, else onto its own suit, else onto another suit, else into an empty column."""

from __future__ import annotations

from game.core.cards import SUIT
from game.play.interaction import Interaction
from game.play.position import Position
from game.rules.base import DEAL_MOVE, Move
from game.rules.pile import Pile


class RunInteraction(Interaction):
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
