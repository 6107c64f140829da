"""The games whose taps mean something else than "select, then place" (SPEC SP-9, SP-11, GO-2,
PY-4, AD-5). Each refines a few methods of :class:`Interaction`; everything else is shared."""

from __future__ import annotations

from dataclasses import replace

from game.core.cards import NO_CARD, RANK, card_symbol_text
from game.core.i18n import tr
from game.play.interaction import DROPPED, NOTHING, Interaction, Outcome, Selection, play, say
from game.play.position import Position
from game.rules.addiction import GRID, card_for_gap, grid_moves
from game.rules.base import DEAL_MOVE, MOVE, PAIR, Move
from game.rules.pile import NO_PILE, STOCK_PILE, TABLEAU, WASTE_PILE, Pile, Role, role_of
from game.rules.pyramid import PYRAMID, available_slots
from game.rules.spider import Spider


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


class GolfInteraction(Interaction):
    """GO-2, GO-3: one tap plays a free card onto the waste; no selection needed. Any game played
    onto the waste by taps shares it: the card tapped is a column's (Golf) or a tier's (peaks of
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
