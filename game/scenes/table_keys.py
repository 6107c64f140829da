"""The table's toolbar by keys (CM-18), a part of the table scene that owns its focus: the one
focus of every screen (``focus_keys.FocusKeys``) over the toolbar's buttons (More… among them),
with what the table adds — Tab and Shift+Tab go between the cards and the toolbar, the arrows walk
its buttons, Enter or Space presses one, Esc goes back to the cards. Each step is said (CM-19).
The cards' own focus walks piles (``table_focus.CardFocus``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.input.intents import Command, Intent, Tap
from game.scenes.controls import Control, button_control
from game.scenes.focus_keys import FocusKeys, Step, along_every, is_tab
from game.scenes.toolbar import show_toggles

if TYPE_CHECKING:
    from game.scenes.table import TableScene

BAR = "bar"  # the toolbar's group


class BarKeys(FocusKeys):
    """The toolbar's buttons by keys: greyed ones are reached too, and said "unavailable"."""

    def __init__(self, scene: TableScene) -> None:
        super().__init__(arrows=along_every)
        self.scene = scene

    def bar_controls(self) -> list[Control]:
        """The toolbar's buttons as controls, each with its state now (a key, a button or Settings
        may have changed a toggle; a move, whether Undo can be pressed)."""
        scene = self.scene
        for b in scene.buttons:
            b.enabled = scene.button_enabled(b.action)
        show_toggles(scene.buttons, scene.app)
        return [button_control(b, BAR) for b in scene.buttons]

    def key(self, intent: Intent) -> bool:
        """Handle ``intent`` if it is the toolbar's or a Tab; True when it was."""
        scene = self.scene
        if isinstance(intent, Tap):
            self.leave()  # a pointer is in use: the keys' place is forgotten
            return False
        if is_tab(intent):
            if self.shown:
                self.to_table()
            else:
                scene.cards.shown = False
                self.set(self.bar_controls())
                self.focus_on(BAR, -1 if intent.name == Command.PREV_GROUP else 0)
                self.say()
            return True
        if not self.shown or not scene.buttons:
            return False
        self.set(self.bar_controls())  # the window may have narrowed under it
        step = self.handle(intent)
        if step is None:
            return False
        if step is Step.BACK:
            self.to_table()
        elif step is Step.PRESSED and self.current is not None:
            scene.action(self.current.action)
            if scene.app.stack.top is scene:  # no panel opened: the button's new state
                self.say()
        else:
            self.say()
        return True

    def to_table(self) -> None:
        """The keys back to the cards."""
        scene = self.scene
        self.leave()
        scene.cards.shown = True
        if scene.cards.at is None:
            scene.activate()  # the first card the keys reach, said
        else:
            scene.voice.focus()

    def say(self) -> None:
        self.scene.app.speech.say(self.bar_words())

    def bar_words(self) -> str:
        """The toolbar button the keys are on, said with its state now."""
        if not self.shown or not self.scene.buttons:
            return ""
        self.set(self.bar_controls())
        return self.words()

    def focused(self) -> int | None:
        """The button the keys are on, when shown (its ring drawn)."""
        return self.index if self.shown else None
