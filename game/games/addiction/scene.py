"""Addiction's table (SPEC AD-6, AD-10) on top of the generic one: its own toolbar with *Auto*
(one move of the game's choosing, a redeal when stuck), *Redeal* (offered only when stuck, with the
redeals left), *Give up* (asks first: it ends the game) and *Restart*. Taps are the record's
(``game/play/policies.py``)."""

from __future__ import annotations

from game.core.i18n import tr
from game.games.addiction.rules import AddictionState, auto_move
from game.input.intents import Command
from game.rules.base import REDEAL_MOVE, Event
from game.scenes.table import TableScene
from game.scenes.toolbar import SPARE, table_actions
from game.view.acts import Act

AUTO, REDEAL, GIVE_UP = "auto", "redeal", "give_up"


class AddictionScene(TableScene):
    spare_actions = (GIVE_UP, *SPARE)

    @property
    def grid_state(self) -> AddictionState:
        state: AddictionState = self.session.state
        return state

    def toolbar_actions(self) -> list[tuple[str, str]]:
        redeal = tr("Redeal ({n})", n=self.grid_state.redeals_left)
        return table_actions((AUTO, tr("Auto")), (REDEAL, redeal), (GIVE_UP, tr("Give up")))

    def button_enabled(self, action: Act) -> bool:
        if action == REDEAL:  # AD-6: offered only when stuck
            return not self.session.finished and REDEAL_MOVE in self.session.legal
        if action in (AUTO, GIVE_UP):
            return not self.session.finished and bool(self.session.legal)
        return super().button_enabled(action)

    def action(self, name: Act) -> None:
        if name == AUTO:
            move = auto_move(self.grid_state)
            if move is None:
                self.say(tr("No moves are left."))
            else:
                self.play(move, stagger=0.01)
        elif name in (REDEAL, Command.DEAL):  # the button, or D as in every game with a stock
            if self.button_enabled(REDEAL):
                self.play(REDEAL_MOVE, stagger=0.01)
            else:
                self.say(self.session.rules.explain(self.grid_state, REDEAL_MOVE))
        elif name == GIVE_UP:
            self.app.confirm(
                tr("Give up this game?"),
                tr("The game ends here with its score; Undo can take it back."),
                tr("Give up"),
                self.give_up,
            )
        else:
            super().action(name)

    def give_up(self) -> None:
        self.table.give_up()
        self._announced = False

    def changed(self, events: list[Event], stagger: float) -> None:
        super().changed(events, stagger)
        self.layout_hud()  # the redeals left, on the Redeal button
        if self.session.legal == [REDEAL_MOVE] and not self.session.finished:  # AD-6: stuck, said
            self.voice.news(tr("No card can move: press Redeal."))  # the hint's words; the button shows how many
