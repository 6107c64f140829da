"""CM-16: nothing lost by a slip, whatever the input. Every way a game in progress is replaced by
another asks first, saying how many moves would be lost, and the new deal can be undone until its
first move: the old game comes back exactly, and the records never counted it as abandoned. And a
tap or key meant for one screen never acts on the next: a double tap that skips the win cascade
leaves the win panel open."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.core.dealid import DealId, parse_deal_id
from game.input.gestures import GestureConfig, GestureRecognizer
from game.input.intents import Command, DoubleTap, Tap
from game.records.stats import ABANDONED, WINNABLE
from game.scenes.base import Scene
from game.scenes.celebration import CelebrationScene
from game.scenes.deal_entry import DealEntryPanel
from game.scenes.history import GamePanel
from game.scenes.home import HomeScene
from game.scenes.new_deal import NewDealDialog
from game.scenes.panels import ConfirmPanel, Panel
from game.scenes.table import TableScene
from game.scenes.win_panel import WinPanel
from game.session import Session
from game.view.acts import ForGame
from tests.helpers import solve_deal
from tests.scene_helpers import FRAME, click, finger, key, make_app, mouse_down, mouse_move, mouse_up, run

WON_DEAL = DealId.make("klondike", 1)


@pytest.fixture
def app(tmp_path: Path):
    a = make_app(tmp_path)
    yield a
    a.close()


def playing(app: App, moves: int, number: int = 7) -> TableScene:
    """A Klondike table with ``moves`` moves made and some time on the clock."""
    scene = app.open_game(Session(DealId.make("klondike", number), WINNABLE))
    run(app, 2)
    for _ in range(moves):
        assert scene.play(scene.session.legal[0])
        scene.session.tick(4.0)
    run(app, 30)
    return scene


def button(panel: Panel, action: str) -> tuple[int, int]:
    b = next(b for b in panel.buttons if b.action == action)
    return int(b.rect.center[0]), int(b.rect.center[1])


def ask_for_a_new_deal(app: App) -> Scene | None:
    """N, then *New deal*'s Deal button pressed: what comes up (the question, or the new deal)."""
    key(app, pygame.K_n)
    dialog = app.stack.top
    assert isinstance(dialog, NewDealDialog)
    click(app, button(dialog, "deal"))
    return app.stack.top


def confirm_a_new_deal(app: App) -> None:
    asked = ask_for_a_new_deal(app)
    assert isinstance(asked, ConfirmPanel)
    click(app, button(asked, "yes"))


def snapshot(session: Session) -> tuple[object, ...]:
    """All a game is: deal, position, moves (with those undone), redo, clock, its id, its undos."""
    h = session.history
    log = session.log
    return (
        str(session.deal_id),
        session.state,
        list(h.moves),
        list(h.move_texts),
        h.can_redo,
        session.elapsed,
        log.game_id,
        log.undos,
    )


def saved_file(app: App) -> dict[str, object]:
    app.store.flush()
    data: dict[str, object] = json.loads((app.store.root / "save-klondike.json").read_text())
    return data


# -- a new deal over a game in progress --------------------------------------------------------------


def test_cm16_n_then_deal_after_moves_asks_with_the_count_and_cancel_keeps_the_game_exactly(app):
    scene = playing(app, 3)
    before, session, clock = snapshot(scene.session), scene.session, scene.session.elapsed
    asked = ask_for_a_new_deal(app)
    assert isinstance(asked, ConfirmPanel)
    assert asked.said_lines() == [
        "Your Klondike game in progress (deal 7, 3 moves) ends with your first move in the new one; "
        "until then, Undo brings it back."
    ]
    assert asked.title() == "Start a new Klondike?"
    click(app, button(asked, "close"))  # Cancel
    assert app.stack.top is scene and scene.session is session
    now = snapshot(session)
    assert now[:5] == before[:5] and now[6:] == before[6:]
    # the clock stood still while the dialog and the question were open (over a second), and
    # runs again since Cancel, half a second ago
    assert clock < session.elapsed <= clock + 0.55
    key(app, pygame.K_n)
    click(app, button(app.stack.top, "deal"))
    key(app, pygame.K_ESCAPE)  # Esc is Cancel too
    assert app.stack.top is scene and snapshot(scene.session)[:5] == before[:5]
    app.store.flush()
    assert app.records.db.count() == 0


def test_cm16_one_move_at_stake_is_said_in_the_singular(app):
    playing(app, 1)
    asked = ask_for_a_new_deal(app)
    assert isinstance(asked, ConfirmPanel)
    assert asked.said_lines() == [
        "Your Klondike game in progress (deal 7, 1 move) ends with your first move in the new one; "
        "until then, Undo brings it back."
    ]


def test_cm16_deal_after_confirming_replaces_and_undo_brings_the_old_game_back_exactly(app):
    scene = playing(app, 3)
    old = scene.session
    before = snapshot(old)
    asked = ask_for_a_new_deal(app)
    click(app, button(asked, "yes"))
    assert app.stack.top is scene and scene.session is not old and scene.session.moves == 0
    assert scene.table.toast is not None and scene.table.toast[0] == "Undo brings back the game you left (3 moves)."
    assert scene.button_enabled(Command.UNDO)  # the toolbar's Undo brings it back, though the deal has no move
    assert saved_file(app)["moves"] == before[3]  # the game left is still the saved game
    assert app.records.db.count() == 0  # and not counted as abandoned
    scene.action(Command.UNDO)  # the toolbar's Undo, U or Ctrl+Z
    assert scene.session is old and snapshot(old) == before  # position, moves, redo, clock, undos, its id
    assert scene.table.replaced is None
    run(app, 60)
    assert saved_file(app)["moves"] == before[3]
    assert app.records.db.count() == 0  # never counted as abandoned
    assert scene.play(old.legal[0])  # and it plays on
    assert old.moves == 4


def test_cm16_the_new_deals_first_move_ends_the_old_game_once_and_undo_no_longer_brings_it_back(app):
    scene = playing(app, 2)
    old_id = scene.session.log.game_id
    confirm_a_new_deal(app)
    new = scene.session
    assert scene.play(new.legal[0])
    app.store.flush()
    rows = app.records.db.history()
    assert [(r.game_id, r.result, r.moves) for r in rows] == [(old_id, ABANDONED, 2)]
    assert scene.table.replaced is None
    scene.undo()  # undoes the new deal's move, and no more
    scene.undo()
    assert scene.session is new and new.moves == 0
    app.store.flush()
    assert app.records.db.count() == 1


def test_cm16_nothing_at_stake_no_question(app):
    scene = playing(app, 0)
    first = scene.session
    top = ask_for_a_new_deal(app)
    assert top is scene and scene.session is not first  # no move yet: replaced at once
    assert scene.table.replaced is None and scene.table.toast is None  # nothing to bring back
    assert not scene.button_enabled(Command.UNDO)


def test_cm16_a_second_new_deal_still_keeps_the_game_in_progress(app):
    scene = playing(app, 2)
    old = scene.session
    confirm_a_new_deal(app)
    again = ask_for_a_new_deal(app)  # an unplayed deal for another: nothing is lost, nothing asked
    assert again is scene and scene.table.replaced is old
    assert scene.table.toast is not None and "2 moves" in scene.table.toast[0]
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.session is old and old.moves == 2


# -- the other ways a game is replaced --------------------------------------------------------------


def home_with_a_game_in_progress(app: App, moves: int = 4) -> tuple[HomeScene, tuple[object, ...]]:
    scene = playing(app, moves)
    before = snapshot(scene.session)
    scene.action(Command.BACK)  # Menu: saved, the home screen
    run(app, 2)
    home = app.stack.top
    assert isinstance(home, HomeScene)
    return home, before


def test_cm16_a_deal_by_id_over_a_game_in_progress_asks_and_undo_brings_it_back(app):
    home, before = home_with_a_game_in_progress(app)
    home.act("by_id")
    entry = app.stack.top
    assert isinstance(entry, DealEntryPanel)
    entry.add("klondike:42")
    entry.act("ok")
    asked = app.stack.top
    assert isinstance(asked, ConfirmPanel)
    assert asked.said_lines() == [
        "Your Klondike game in progress (deal 7, 4 moves) ends with your first move in the new one; "
        "until then, Undo brings it back."
    ]
    asked.act("close")
    assert app.stack.top is home and saved_file(app)["moves"] == before[3]
    home.act("by_id")
    app.stack.top.add("klondike:42")
    app.stack.top.act("ok")
    app.stack.top.act("yes")
    table = app.stack.top
    assert isinstance(table, TableScene) and table.session.deal_id.number == 42
    assert table.table.toast is not None and "4 moves" in table.table.toast[0]
    table.undo()  # the game left comes back, as it was saved
    assert snapshot(table.session)[:5] == before[:5] and table.session.log.game_id == before[6]
    app.store.flush()
    assert app.records.db.count() == 0


def test_cm16_todays_deal_over_a_game_in_progress_asks(app):
    home, _ = home_with_a_game_in_progress(app)
    home.act("daily")
    asked = app.stack.top
    assert isinstance(asked, ConfirmPanel)
    assert asked.said_lines() == [
        "Your Klondike game in progress (deal 7, 4 moves) ends with your first move in the new one; "
        "until then, Undo brings it back."
    ]
    asked.act("yes")
    table = app.stack.top
    assert isinstance(table, TableScene) and table.session.daily is not None
    assert table.table.replaced is not None and table.table.replaced.moves == 4


def test_cm16_play_this_deal_again_from_history_over_a_game_in_progress_asks(app):
    scene = playing(app, 2, number=5)
    confirm_a_new_deal(app)
    assert scene.play(scene.session.legal[0])  # deal 5 is left: it is in History now
    app.store.flush()
    row = app.records.db.history()[0]
    assert parse_deal_id(row.deal).number == 5
    panel = GamePanel(app, row)
    app.push(panel)
    panel.act("again")
    asked = app.stack.top
    assert isinstance(asked, ConfirmPanel)
    line = asked.said_lines()[0]  # the game in progress named, whatever its (random) deal
    assert line.startswith("Your Klondike game in progress (deal ") and line.endswith(
        ", 1 move) ends with your first move in the new one; until then, Undo brings it back."
    )
    asked.act("yes")
    table = app.stack.top
    assert isinstance(table, TableScene) and table.session.deal_id.number == 5 and table.session.moves == 0
    assert table.table.replaced is not None and table.table.replaced.moves == 1


def test_cm16_a_new_game_from_home_with_no_game_in_progress_asks_nothing(app):
    home = HomeScene(app)
    app.replace(home)
    run(app, 2)
    home.act(ForGame("new", "klondike"))
    table = app.stack.top
    assert isinstance(table, TableScene) and table.table.replaced is None and table.table.toast is None


# -- a double tap over the win cascade, whatever the input --------------------------------------------


def celebrating(tmp_path: Path) -> tuple[App, TableScene]:
    """Klondike deal 1 won through the table with animation on, stopped while the cards cascade: its
    last ten moves played at the table, the game opened on the position before them as a saved game
    is."""
    app = make_app(tmp_path, animation="normal")
    line = solve_deal(WON_DEAL).moves
    session = Session(WON_DEAL, WINNABLE)
    for move in line[:-10]:
        session.play(move)
    scene = app.open_game(session)
    for move in line[-10:]:
        if scene.session.won:
            break
        assert scene.play(move)
        run(app, 1)
    for _ in range(900):
        run(app, 1)
        if isinstance(app.stack.top, CelebrationScene):
            break
    run(app, 30)
    assert isinstance(app.stack.top, CelebrationScene) and scene.session.won
    return app, scene


def where_the_win_panel_puts(app: App, scene: TableScene, action: str) -> tuple[int, int]:
    panel = WinPanel(app, scene)
    panel.resize(app.window_size())
    return button(panel, action)


@pytest.mark.parametrize("device", ["mouse", "finger"])
@pytest.mark.parametrize("second", ["outside", "on Play again"])
def test_cm16_a_double_tap_that_skips_the_win_cascade_leaves_the_win_panel_open(tmp_path, device, second):
    app, scene = celebrating(tmp_path)
    first = (60, 700)  # outside where the panel's box will be
    # the second tap a little apart (a thumb is not a mouse), or right on a button of the panel to come
    then = (100, 700) if second == "outside" else where_the_win_panel_puts(app, scene, "again")
    shown = WinPanel(app, scene)
    shown.resize(app.window_size())
    assert not shown.box.contains(first) and (second == "on Play again") != (not shown.box.contains(then))
    if device == "mouse":
        mouse_move((50, 690), buttons=(0, 0, 0))  # the hand on the mouse: it moves before it clicks
        run(app, 1)
        assert isinstance(app.stack.top, CelebrationScene)  # a pointer's motion skips nothing
        mouse_down(first)
        mouse_up(first)
        run(app, 6)
        mouse_move(then, buttons=(0, 0, 0))
        mouse_down(then)
        mouse_up(then)
    else:
        finger(app, pygame.FINGERDOWN, first)
        finger(app, pygame.FINGERUP, first)
        run(app, 6)
        finger(app, pygame.FINGERDOWN, then)
        finger(app, pygame.FINGERUP, then)
    run(app, 6)
    panel = app.stack.top
    assert isinstance(panel, WinPanel), type(panel).__name__  # the score's breakdown stays to be read
    assert scene.session.won and scene.session.deal_id == WON_DEAL
    run(app, int(0.4 / FRAME))
    click(app, (60, 700))  # a tap of its own, later, does close it
    assert app.stack.top is scene
    app.close()


def test_cm16_a_key_held_to_skip_the_cascade_does_not_press_the_win_panel(tmp_path, monkeypatch):
    app, scene = celebrating(tmp_path)
    held = {pygame.K_SPACE}
    monkeypatch.setattr(pygame.key, "get_pressed", lambda: HeldKeys(held))
    key(app, pygame.K_SPACE)  # skips the cascade
    panel = app.stack.top
    assert isinstance(panel, WinPanel)
    for _ in range(5):  # the key still held: its repeats
        key(app, pygame.K_SPACE)
    assert app.stack.top is panel and not panel.show_focus and scene.session.won
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE, mod=0, unicode="", scancode=0))
    held.clear()
    key(app, pygame.K_SPACE)  # pressed again: now it is meant for the panel
    assert panel.show_focus
    app.close()


class HeldKeys:
    """What ``pygame.key.get_pressed`` answers: the keys in ``held`` are down."""

    def __init__(self, held: set[int]) -> None:
        self.held = held

    def __getitem__(self, key: int) -> bool:
        return key in self.held


def test_cm16_the_second_half_of_a_tap_made_before_a_scene_switch_does_nothing():
    g = GestureRecognizer(GestureConfig(double_tap_time=0.35))
    g.down((10, 10), 0.0)
    assert g.up((10, 10), 0.05) == [Tap((10, 10))]  # this tap switches the scene...
    g.cancel()
    g.down((60, 10), 0.2)  # ...and the next press, within the double-tap time, anywhere
    assert g.move((200, 10), 0.25) == [] and g.tick(1.0) == [] and g.up((200, 10), 1.1) == []
    g.down((10, 10), 1.2)  # a press of its own
    assert g.up((10, 10), 1.25) == [Tap((10, 10))]
    g.down((10, 10), 1.3)  # and a double tap within the new screen is one
    assert g.up((10, 10), 1.35) == [DoubleTap((10, 10))]
    g.cancel()  # a switch long after the last tap fences nothing
    g.down((10, 10), 3.0)
    assert g.up((10, 10), 3.05) == [Tap((10, 10))]
