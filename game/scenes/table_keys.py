"""The table's groups of controls by keys (CM-18): Tab and Shift+Tab go between the table's cards
and its toolbar; on the toolbar the one focus of every screen (``focus_keys.FocusKeys``, the
toolbar's buttons its group) walks its buttons (More… among them) with the arrows, Enter or Space
presses one, Esc goes back to the cards. Each step is said (CM-19). The cards' own focus walks
piles (``table_focus``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.input.intents import Action, Command, Intent, Tap
from game.scenes.controls import Control, button_control
from game.scenes.focus_keys import Step
from game.scenes.toolbar import show_toggles

if TYPE_CHECKING:
    from game.scenes.table import TableScene

GROUP_KEYS = frozenset({Command.NEXT_GROUP, Command.PREV_GROUP})
BAR = "bar"  # the toolbar's group


def bar_controls(scene: TableScene) -> list[Control]:
    """The toolbar's buttons as controls, each with its state now (a key, a button or Settings may
    have changed a toggle; a move, whether Undo can be pressed)."""
    for b in scene.buttons:
        b.enabled = scene.button_enabled(b.action)
    show_toggles(scene.buttons, scene.app)
    return [button_control(b, BAR) for b in scene.buttons]


def group_key(scene: TableScene, intent: Intent) -> bool:
    """Handle ``intent`` if it is the toolbar's or a Tab; True when it was."""
    bar = scene.bar
    if isinstance(intent, Tap):
        bar.leave()  # a pointer is in use: the keys' place is forgotten
        return False
    if isinstance(intent, Action) and intent.name in GROUP_KEYS:
        if bar.shown:
            to_table(scene)
        else:
            scene.show_focus = False
            bar.set(bar_controls(scene))
            bar.focus_on(BAR, -1 if intent.name == Command.PREV_GROUP else 0)
            say_button(scene)
        return True
    if not bar.shown or not scene.buttons:
        return False
    bar.set(bar_controls(scene))  # the window may have narrowed under it
    step = bar.handle(intent)
    if step is None:
        return False
    if step is Step.BACK:
        to_table(scene)
    elif step is Step.PRESSED and bar.current is not None:
        scene.action(bar.current.action)
        if scene.app.stack.top is scene:  # no panel opened: the button's new state
            say_button(scene)
    else:
        say_button(scene)
    return True


def to_table(scene: TableScene) -> None:
    scene.bar.leave()
    scene.show_focus = True
    if scene.focus is None:
        scene.activate()  # the first card the keys reach, said
    else:
        scene.voice.focus()


def say_button(scene: TableScene) -> None:
    scene.app.speech.say(bar_words(scene))


def bar_words(scene: TableScene) -> str:
    """The toolbar button the keys are on, said with its state now."""
    if not scene.bar.shown or not scene.buttons:
        return ""
    scene.bar.set(bar_controls(scene))
    return scene.bar.words()
