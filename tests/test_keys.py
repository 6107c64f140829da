"""CM-10 and CM-18, the keys: one table maps every key (``BINDINGS``), the input layer reads
nothing else, and after a card is placed by keys the focus is on that card, not the one beneath."""

from __future__ import annotations

import pygame
import pytest
from scene_helpers import key, make_app, open_scene

from game.core.cards import card_text
from game.input.devices import ALT, BINDINGS, COMMAND, COMMAND_SHIFT, PLAIN, SHIFT, TYPING, InputLayer
from game.input.intents import Action, Command
from game.rules.pile import CELLS, TABLEAUS

MODS = {
    PLAIN: 0,
    COMMAND: pygame.KMOD_CTRL,
    COMMAND_SHIFT: pygame.KMOD_CTRL | pygame.KMOD_SHIFT,
    ALT: pygame.KMOD_ALT,
    SHIFT: pygame.KMOD_SHIFT,
}


def press(layer: InputLayer, k: int, mod: int = 0) -> list[object]:
    return layer.translate(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0), 0.0)


@pytest.mark.parametrize("binding", BINDINGS, ids=lambda b: f"{pygame.key.name(b.key)}-{b.chord or 'plain'}")
def test_cm18_every_entry_of_the_key_table_is_what_the_input_layer_sends(binding):
    layer = InputLayer(lambda: (800, 600))
    layer.text_mode = binding.when == TYPING
    assert press(layer, binding.key, MODS[binding.chord]) == [binding.intent]


def test_cm10_keys_outside_the_table_send_nothing_and_chords_fall_back_as_players_expect():
    layer = InputLayer(lambda: (800, 600))
    assert press(layer, pygame.K_q) == []  # not in the table
    assert press(layer, pygame.K_h, pygame.KMOD_CTRL) == []  # Ctrl+H is no hint
    assert press(layer, pygame.K_h, pygame.KMOD_SHIFT) == [Action(Command.HINT)]  # Shift changes no plain key
    assert press(layer, pygame.K_y, pygame.KMOD_CTRL | pygame.KMOD_SHIFT) == [Action(Command.REDO)]
    assert press(layer, pygame.K_z, pygame.KMOD_META) == [Action(Command.UNDO)]  # ⌘+Z on a Mac
    assert press(layer, pygame.K_BACKSPACE) == []  # only in a text field
    layer.text_mode = True  # a text field has the focus: letters are text, not commands
    assert press(layer, pygame.K_h) == [] and press(layer, pygame.K_SPACE) == []
    assert press(layer, pygame.K_v, pygame.KMOD_CTRL) == [Action(Command.PASTE)]
    assert press(layer, pygame.K_BACKSPACE) == [Action(Command.BACKSPACE)]


def test_cm10_after_placing_a_card_by_keys_the_focus_is_on_the_placed_card(tmp_path):
    """FreeCell deal 1 by keys only, as a player does it: 8♣ into a free cell, then 10♣ onto J♥.
    The frame then sits on 10♣ in its new column, not on J♥ beneath it."""
    app = make_app(tmp_path)
    scene = open_scene(app, "freecell", 1)
    key(app, pygame.K_DOWN)  # the focus appears on the first column
    for _ in range(6):
        key(app, pygame.K_RIGHT)
    assert scene.focus == (TABLEAUS[6], 5)  # 8♣
    key(app, pygame.K_RETURN)
    key(app, pygame.K_UP)
    while scene.focus[0] not in CELLS:
        key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)  # 8♣ into the free cell
    assert scene.session.moves == 1 and scene.focus == (scene.focus[0], 0)
    key(app, pygame.K_DOWN)
    while scene.focus[0] != TABLEAUS[7]:
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)  # pick up 10♣
    key(app, pygame.K_LEFT)
    assert scene.focus == (TABLEAUS[6], 4)  # on J♥
    key(app, pygame.K_RETURN)  # place 10♣ on J♥
    assert scene.session.moves == 2
    cards, _ = scene.session.rules.piles(scene.state)[TABLEAUS[6]]
    assert scene.focus == (TABLEAUS[6], 5) and card_text(cards[5]) == "TC"
    app.close()
