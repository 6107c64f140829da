"""The table's groups of controls by keys (CM-18): Tab and Shift+Tab go between the table's cards
and its toolbar; on the toolbar the arrows walk its buttons (More… among them), Enter or Space
presses one, Esc goes back to the cards. Each step is said (CM-19)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.input.intents import Action, Activate, Cancel, Command, FocusMove, Intent, Tap
from game.scenes.toolbar import button_words, show_toggles

if TYPE_CHECKING:
    from game.scenes.table import TableScene

GROUP_KEYS = frozenset({Command.NEXT_GROUP, Command.PREV_GROUP})


def group_key(scene: TableScene, intent: Intent) -> bool:
    """Handle ``intent`` if it is the toolbar's or a Tab; True when it was."""
    bar = scene.bar
    if isinstance(intent, Tap):
        bar.leave()  # a pointer is in use: the keys' place is forgotten
        return False
    if isinstance(intent, Action) and intent.name in GROUP_KEYS:
        if bar.on:
            to_table(scene)
        else:
            scene.show_focus = False
            bar.enter(len(scene.buttons), last=intent.name == Command.PREV_GROUP)
            say_button(scene)
        return True
    if bar.index is None or not scene.buttons:
        return False
    bar.index = min(bar.index, len(scene.buttons) - 1)  # the window may have narrowed under it
    if isinstance(intent, FocusMove):
        bar.move(intent.dx or intent.dy, len(scene.buttons))
        say_button(scene)
    elif isinstance(intent, Activate):
        b = scene.buttons[bar.index]
        b.enabled = scene.button_enabled(b.action)
        if b.enabled:
            scene.action(b.action)
            if scene.app.stack.top is scene:  # no panel opened: the button's new state
                say_button(scene)
        else:
            say_button(scene)
    elif isinstance(intent, Cancel):
        to_table(scene)
    else:
        return False
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
    index = scene.bar.index
    if index is None or not scene.buttons:
        return ""
    b = scene.buttons[min(index, len(scene.buttons) - 1)]
    b.enabled = scene.button_enabled(b.action)
    show_toggles([b], scene.app)
    return button_words(b)
