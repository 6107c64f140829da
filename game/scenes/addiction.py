"""Addiction's table (SPEC AD-1 ... AD-10): the 4 x 13 grid; tap a card to send it to its gap, tap
a gap to fill it; a 2 that fits several first-column gaps waits for the player's choice; Redeal
only when stuck; Auto and Give up; the score out of 48 always shown."""

from __future__ import annotations

from game.core.cards import NO_CARD, card_symbol_text
from game.core.i18n import tr
from game.rules.addiction import AddictionState, auto_move, card_for_gap, grid_moves
from game.rules.base import GRID, GRID_CELLS, REDEAL, REDEAL_MOVE, Move, Pile
from game.scenes.table import TableScene
from game.view.layout import Slot, TableSpec
from game.view.table_view import EMPTY_MARK, PileContents

AUTO, REDEAL_ACTION, GIVE_UP = "auto", "redeal", "give_up"


class AddictionScene(TableScene):
    def heading(self) -> str:
        return tr("Addiction")

    def table_spec(self) -> TableSpec:
        return TableSpec(tuple(tuple(Slot(GRID_CELLS[r * 13 + c]) for c in range(13)) for r in range(4)), shape="grid")

    def pile_contents(self) -> PileContents:
        s: AddictionState = self.state
        return {GRID_CELLS[k]: ((c,) if c != NO_CARD else (), 0) for k, c in enumerate(s.grid)}

    def pile_labels(self) -> dict[Pile, str]:
        """Each gap shows what it takes: "2" in the first column, the one card, or a dead mark."""
        s: AddictionState = self.state
        labels: dict[Pile, str] = {}
        for k, c in enumerate(s.grid):
            if c == NO_CARD:
                wanted = card_for_gap(s.grid, k)
                labels[GRID_CELLS[k]] = (
                    "2" if wanted is None else EMPTY_MARK if wanted == NO_CARD else card_symbol_text(wanted)
                )
        return labels

    def status(self) -> list[str]:
        return [tr("Redeals {n}", n=self.state.redeals_left)]

    def score_text(self, score: int) -> str:
        return tr("Score {n}/48", n=score)

    # -- taps -----------------------------------------------------------------------------------

    def lift_problem(self, pile: Pile, index: int) -> str | None:
        if pile.kind != GRID or not self.pile_contents()[pile][0]:
            return tr("That place is a gap: there is no card to move.")
        if not self.moves_from(pile, 0):
            return tr("This card fits no gap right now.")
        return None

    def target_of(self, move: Move) -> Pile:
        """A gap waiting for its card outlines the cards that fit; a card waiting, its gaps."""
        if self.selected is not None and self.selected[0] == move.dst:
            return move.src
        return move.dst

    def tap_pile(self, pile: Pile, index: int) -> bool:
        """AD-5: a card goes to the gap it fits; a gap takes the card that fits it; when there is a
        choice (a 2 and several first-column gaps) the game waits for the player's second tap."""
        if pile.kind != GRID:
            return False
        moves = grid_moves(self.state.grid)
        if self.state.grid[pile.idx] == NO_CARD:
            options = [m for m in moves if m.dst == pile]
            if not options:
                self.clear_marks()
                self.say(self._dead_gap_reason(pile))
                return True
        else:
            options = [m for m in moves if m.src == pile]
            if not options:
                self.clear_marks()
                self.say(tr("This card fits no gap right now."))
                return True
        if len(options) == 1:
            self.clear_marks()
            self.play(options[0])
        else:
            self.clear_marks()
            self.selected = (pile, 0 if self.state.grid[pile.idx] != NO_CARD else -1)
            self.targets = options
            self.say(tr("Tap the place you want."))
        return True

    def place_selection(self, pile: Pile) -> None:
        assert self.selected is not None
        chosen = self.selected[0]
        for m in self.targets:
            if (m.src == chosen and m.dst == pile) or (m.dst == chosen and m.src == pile):
                self.play(m)
                return
        self.clear_marks()
        self.tap_pile(pile, 0)

    def _dead_gap_reason(self, pile: Pile) -> str:
        wanted = card_for_gap(self.state.grid, pile.idx)
        if wanted is None:
            return tr("No 2 can move here now.")
        if wanted == NO_CARD:
            left = self.state.grid[pile.idx - 1]
            return (
                tr("A gap right of another gap takes nothing.")
                if left == NO_CARD
                else tr("A gap right of a king takes nothing.")
            )
        return tr("This gap takes only {card}.", card=card_symbol_text(wanted))

    def moves_from(self, pile: Pile, index: int) -> list[Move]:
        return [m for m in grid_moves(self.state.grid) if m.src == pile]

    # -- buttons --------------------------------------------------------------------------------

    def toolbar_actions(self) -> list[tuple[str, str]]:
        left = self.state.redeals_left
        return [
            ("back", tr("Menu")),
            ("undo", tr("Undo")),
            ("hint", tr("Hint")),
            (AUTO, tr("Auto")),
            (REDEAL_ACTION, tr("Redeal ({n})", n=left)),
            (GIVE_UP, tr("Give up")),
            ("new_deal", tr("New deal")),
            ("settings", tr("Settings")),
        ]

    def button_enabled(self, action: str) -> bool:
        if action == REDEAL_ACTION:  # AD-6: offered only when stuck
            return REDEAL_MOVE in self.session.rules.legal_moves(self.state)
        if action in (AUTO, GIVE_UP):
            return not self.session.finished and bool(self.session.rules.legal_moves(self.state))
        return super().button_enabled(action)

    def action(self, name: str) -> None:
        if name == AUTO:
            move = auto_move(self.state)
            if move is None:
                self.say(tr("No moves are left."))
            else:
                self.play(move, stagger=0.01)
        elif name == REDEAL_ACTION:
            self.play(REDEAL_MOVE, stagger=0.01)
            self.layout_hud()
        elif name == GIVE_UP:
            self.session.given_up = True
            self.save()
            self.announce_end()
        else:
            super().action(name)

    def after_change(self, events: list, stagger: float = 0.0) -> None:  # type: ignore[type-arg]
        super().after_change(events, stagger)
        self.layout_hud()  # the redeal count on its button

    def find_hint(self) -> tuple[Move | None, str]:
        move = auto_move(self.state)
        if move is None:
            return None, tr("No moves are left: the game is over.")
        if move.kind == REDEAL:
            return None, tr("No card can move: press Redeal.")
        return move, tr("This card goes into its gap.")
