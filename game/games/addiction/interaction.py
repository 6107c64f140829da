"""How Addiction's taps play (AD-5): a card to the gap it fits, or a gap and then its card."""

from __future__ import annotations

from dataclasses import replace

from game.core.cards import NO_CARD, card_symbol_text
from game.core.i18n import tr
from game.games.addiction.rules import GRID, card_for_gap, grid_moves
from game.play.interaction import DROPPED, NOTHING, Interaction, Outcome, Selection, play, say
from game.play.position import Position
from game.rules.base import Move
from game.rules.pile import Pile


class AddictionInteraction(Interaction):
    """AD-5: tap a card to send it to the gap it fits; tap a gap to fill it with the card that
    fits; where there is a choice (a 2 and several first-column gaps) the second tap decides."""

    def moves_from(self, pos: Position, pile: Pile, index: int) -> list[Move]:
        return [m for m in grid_moves(pos.state.grid) if m.src == pile]

    def target_of(self, move: Move) -> Pile:
        """A gap waiting for its card outlines the cards that fit; a card waiting, its gaps."""
        if self.selected is not None and self.selected.pile == move.dst:
            return move.src
        return move.dst

    def tap_card(self, pos: Position, pile: Pile, index: int) -> Outcome | None:
        if pile.kind != GRID:
            return None
        grid = pos.state.grid
        moves = grid_moves(grid)
        self.clear()
        gap = grid[pile.idx] == NO_CARD
        options = [m for m in moves if (m.dst if gap else m.src) == pile]
        if not options:
            return say(self._dead_gap_reason(grid, pile) if gap else tr("This card fits no gap right now."))
        if len(options) == 1:
            return play(options[0])
        self.selected = Selection(pile, -1 if gap else 0, options)
        return say(tr("Now choose the card to move here.") if gap else tr("Now choose the gap to move it to."))

    def place(self, pos: Position, pile: Pile) -> Outcome:
        assert self.selected is not None
        chosen, targets = self.selected.pile, self.selected.targets
        self.clear()
        for m in targets:
            if (m.src == chosen and m.dst == pile) or (m.dst == chosen and m.src == pile):
                return play(m)
        if pile == chosen:
            return DROPPED
        outcome = self.tap_card(pos, pile, 0) or NOTHING
        return outcome if self.selected is not None or outcome.move is not None else replace(outcome, dropped=True)

    @staticmethod
    def _dead_gap_reason(grid: tuple[int, ...], pile: Pile) -> str:
        wanted = card_for_gap(grid, pile.idx)
        if wanted is None:
            return tr("No 2 can move here now.")
        if wanted == NO_CARD:
            if grid[pile.idx - 1] == NO_CARD:
                return tr("A gap right of another gap takes nothing.")
            return tr("A gap right of a king takes nothing.")
        return tr("This gap takes only {card}.", card=card_symbol_text(wanted))
