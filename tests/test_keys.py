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
from game.view.acts import ForGame

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
    assert scene.cards.at == (TABLEAUS[6], 5)  # 8♣
    key(app, pygame.K_RETURN)
    key(app, pygame.K_UP)
    while scene.cards.at[0] not in CELLS:
        key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)  # 8♣ into the free cell
    assert scene.session.moves == 1 and scene.cards.at == (scene.cards.at[0], 0)
    key(app, pygame.K_DOWN)
    while scene.cards.at[0] != TABLEAUS[7]:
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)  # pick up 10♣
    key(app, pygame.K_LEFT)
    assert scene.cards.at == (TABLEAUS[6], 4)  # on J♥
    key(app, pygame.K_RETURN)  # place 10♣ on J♥
    assert scene.session.moves == 2
    cards, _ = scene.session.rules.piles(scene.state)[TABLEAUS[6]]
    assert scene.cards.at == (TABLEAUS[6], 5) and card_text(cards[5]) == "TC"
    app.close()


def test_cm18_the_first_arrow_in_a_dialog_opened_by_a_tap_shows_the_focus_where_it_is(tmp_path):
    """A dialog opened by a tap shows no focus; the first arrow shows it on the button it starts on
    (it went straight to the second row, so a player never saw where it began). Opened by a key,
    its opening said the focused button, and the first arrow moves on from it, as before."""
    from scene_helpers import click

    from game.scenes.new_deal import NewDealDialog

    app = make_app(tmp_path)
    scene = open_scene(app, "klondike", 7)
    click(app, (5, app.window_size()[1] // 2))  # a tap on the table's edge: the pointer is in use
    scene.action(Command.NEW_DEAL)  # as the toolbar's New deal does
    dialog = app.stack.top
    assert isinstance(dialog, NewDealDialog) and not dialog.show_focus
    start = dialog.focus
    key(app, pygame.K_DOWN)
    assert dialog.show_focus and dialog.focus == start
    key(app, pygame.K_DOWN)
    assert dialog.focus != start
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene
    key(app, pygame.K_n)  # by a key this time: the ring shows at once, where Enter would press
    dialog = app.stack.top
    assert isinstance(dialog, NewDealDialog) and dialog.show_focus
    start = dialog.focus
    key(app, pygame.K_DOWN)
    assert dialog.show_focus and dialog.focus != start
    app.close()


def test_cm18_a_panel_opened_by_a_key_presses_its_button_at_the_first_enter(tmp_path):
    """More… opened from the toolbar by keys shows its ring at once and the first Enter presses the
    button under it (the first Enter only showed the ring, and a player thought the key lost); the
    home screen come back to by Esc shows its focus too. A panel the game opens by itself under a
    key held for something else does not (tests/test_slips_cm16.py)."""
    from game.scenes.home import HomeScene
    from game.scenes.rules import RulesScene
    from game.scenes.toolbar import MorePanel

    app = make_app(tmp_path, size=(480, 320))
    scene = open_scene(app, "tripeaks", 2)
    key(app, pygame.K_TAB)  # into the toolbar
    while scene.buttons[scene.bar.index].action != "more":
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    more = app.stack.top
    assert isinstance(more, MorePanel) and more.show_focus
    while more.buttons[more.focus].action != "rules":
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # one Enter: the rules
    assert isinstance(app.stack.top, RulesScene)
    for _ in range(3):  # the rules closed, the toolbar left, then from the table to the home screen
        if not isinstance(app.stack.top, HomeScene):
            key(app, pygame.K_ESCAPE)
    home = app.stack.top
    assert isinstance(home, HomeScene) and home.show_focus and home.buttons[home.focus].enabled
    app.close()
    app = make_app(tmp_path, size=(800, 1280))  # two pages of tiles: the focus on the game left (its page), not ◀
    open_scene(app, "tripeaks", 2)
    key(app, pygame.K_ESCAPE)
    home = app.stack.top
    assert (
        isinstance(home, HomeScene)
        and home.show_focus
        and home.buttons[home.focus].action == ForGame("new", "tripeaks")
    )
    app.close()


@pytest.mark.parametrize("variant", ["tripeaks", "pyramid"])
def test_cm10_after_a_card_leaves_its_place_by_keys_the_focus_goes_to_the_nearest_card(tmp_path, variant):
    """TP-2, PY-4: a card played from the peaks (or a pair from the pyramid) by keys leaves its place
    empty; the focus goes to the nearest place with a face-up card, in its row first (it stayed on
    the empty place, where Enter did nothing and no message said why)."""
    app = make_app(tmp_path, size=(480, 320))
    scene = open_scene(app, variant, 1)
    fmap = scene.cards.map()
    placed = fmap.placed

    def from_a_place():
        return next((m for m in scene.session.legal if m.src in placed), None)

    while from_a_place() is None:
        scene.play(scene.session.legal[-1])  # turn the stock until a card of the peaks fits
    move = from_a_place()
    cards, _ = scene.session.rules.piles(scene.state)[move.src]
    scene.cards.at = (move.src, len(cards) - 1)
    scene.play(move)
    contents = scene.session.rules.piles(scene.state)
    pile, index = scene.cards.at
    assert pile != move.src and pile in fmap.centres
    cards, down = contents[pile]
    assert down <= index < len(cards)  # a face-up card the keys can play
    row = next(r for r in fmap.rows if move.src in r)
    shown_in_row = [p for p in row if len(contents[p][0]) > contents[p][1]]
    if shown_in_row:
        assert pile in row
    app.close()


def test_cm18_a_panels_focus_passes_over_buttons_that_cannot_be_pressed(tmp_path):
    """More… on a new Addiction game at 480x320 (Undo and Redo greyed inside it): the focus opens on
    the first button that can be pressed, the arrows pass over the greyed ones, and Enter on a greyed
    one (reached by a tap's focus) only says it is unavailable (it opened on Redo, and Enter said
    "Nothing to redo" over the cards)."""
    from game.scenes.toolbar import MorePanel

    app = make_app(tmp_path, size=(480, 320))
    scene = open_scene(app, "addiction", 3)
    key(app, pygame.K_TAB)
    while scene.buttons[scene.bar.index].action != "more":
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    more = app.stack.top
    assert isinstance(more, MorePanel) and any(not b.enabled for b in more.buttons)
    assert more.buttons[more.focus].enabled
    for _ in range(len(more.buttons) + 1):
        key(app, pygame.K_DOWN)
        assert more.buttons[more.focus].enabled
    for _ in range(len(more.buttons) + 1):  # Tab too
        key(app, pygame.K_TAB)
        assert more.buttons[more.focus].enabled
    greyed = next(k for k, b in enumerate(more.buttons) if not b.enabled)
    more.focus = greyed
    key(app, pygame.K_RETURN)
    assert app.stack.top is more and scene.table.toast is None
    app.close()


def test_cm18_play_a_deal_by_id_opened_by_a_key_rings_no_button_while_the_field_has_the_keys(tmp_path):
    """Opened by Enter from the home screen, the deal entry's keys are on its field (typing goes
    there, Enter means OK): no ring on Clear, which Enter would not press."""
    from game.scenes.deal_entry import DealEntryPanel
    from game.scenes.home import HomeScene

    app = make_app(tmp_path, size=(480, 320))
    app.go_home()
    key(app, pygame.K_DOWN)
    home = app.stack.top
    assert isinstance(home, HomeScene)
    home.focus = next(k for k, b in enumerate(home.buttons) if b.action == "by_id")
    key(app, pygame.K_RETURN)
    panel = app.stack.top
    assert isinstance(panel, DealEntryPanel) and panel.opened_by_keys
    assert not panel.show_focus and panel.keys.current is not None and panel.keys.current.action == "ok"
    app.close()


@pytest.mark.parametrize("home_key", [pygame.K_RETURN, pygame.K_HOME, pygame.K_END], ids=["shift-enter", "home", "end"])
def test_cm18_a_card_key_on_the_toolbar_takes_the_one_focus_back_to_the_cards(tmp_path, home_key):
    """CM-18, found by a review in Forty Thieves: with the toolbar focused, Shift+Enter (a card
    home), Home or End framed a card while the toolbar's button stayed framed: two focuses at once.
    A key that acts on the cards takes the focus off the toolbar first."""
    app = make_app(tmp_path, size=(480, 320))
    scene = open_scene(app, "fortythieves", 2)
    key(app, pygame.K_TAB)  # into the toolbar
    assert scene.bar.index is not None and not scene.cards.shown
    key(app, home_key, pygame.KMOD_SHIFT if home_key == pygame.K_RETURN else 0)
    assert scene.bar.index is None and scene.cards.shown and scene.cards.at is not None
    app.close()
