"""CM-13: nothing is lost by one slip; and saving happens off the frame, the file on disk being
the latest position once the app closes."""

from __future__ import annotations

import json
import threading

import pygame
import pytest
from scene_helpers import key, make_app, open_scene, run

from game.core.dealid import DealId
from game.launch import saved_session
from game.scenes.home import HomeScene
from game.scenes.panels import ConfirmPanel
from game.session import Session
from game.store import Store


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    a.close()


def played(variant: str, number: int, moves: int) -> Session:
    session = Session(DealId.make(variant, number))
    for _ in range(moves):
        forward = [m for m in session.legal if m.kind != "move" or m.dst.kind != "cell"]
        session.play((forward or session.legal)[0])
    return session


def test_cm13_restart_asks_first_and_cancel_keeps_every_move(app):
    scene = open_scene(app, "klondike", 7)
    scene.play(scene.session.legal[0])
    scene.play(scene.session.legal[0])
    key(app, pygame.K_r)
    assert isinstance(app.stack.top, ConfirmPanel) and scene.session.moves == 2
    key(app, pygame.K_RETURN)  # the safe answer has the focus: Enter cancels
    assert app.stack.top is scene and scene.session.moves == 2
    key(app, pygame.K_r)
    app.stack.top.act("yes")
    run(app, 2)
    assert scene.session.moves == 0


def test_cm13_escape_on_the_home_screen_asks_before_quitting(app):
    home = HomeScene(app)
    app.replace(home)
    run(app, 2)
    key(app, pygame.K_ESCAPE)
    assert app.running and isinstance(app.stack.top, ConfirmPanel)
    key(app, pygame.K_ESCAPE)
    assert app.running and app.stack.top is home
    key(app, pygame.K_ESCAPE)
    app.stack.top.act("yes")
    assert not app.running


def test_cm13_new_game_over_a_game_in_progress_asks_and_cancel_keeps_it(app, tmp_path):
    saved = played("spider", 4, 6)
    app.store.write("save-spider", saved.to_dict())
    home = HomeScene(app)
    app.replace(home)
    run(app, 2)
    home.act("new:spider")
    assert isinstance(app.stack.top, ConfirmPanel)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is home
    assert saved_session(app.store, "spider").moves == 6
    home.act("new:spider")
    app.stack.top.act("yes")
    run(app, 2)
    table = app.stack.top
    assert table.session.deal_id != saved.deal_id and table.session.moves == 0
    app.go_home()  # an untouched new deal replaces nothing yet
    assert saved_session(app.store, "spider").moves == 6


def test_cm12_cm13_lost_games_are_not_offered_to_continue_and_foreign_saves_are_set_aside(tmp_path):
    store = Store(tmp_path)
    lost = Session(DealId.make("golf", 3))
    while lost.legal:  # turn the whole stock, then play what can be played: a finished golf deal
        lost.play(lost.legal[-1])
    assert lost.over
    store.write("save-golf", lost.to_dict())
    assert saved_session(store, "golf") is None and store.path("save-golf").exists()
    store.write("save-spider", played("freecell", 5, 2).to_dict())  # another game's deal in spider's file
    assert saved_session(store, "spider") is None and not store.path("save-spider").exists()
    assert any("freecell" in p for p in store.problems)


def test_saving_happens_off_the_frame_and_the_file_is_the_latest_position_after_quit(tmp_path, monkeypatch):
    writers: list[str] = []
    real = Store.write

    def spy(self, name, data):
        writers.append(threading.current_thread().name)
        real(self, name, data)

    monkeypatch.setattr(Store, "write", spy)
    app = make_app(tmp_path)
    scene = open_scene(app, "freecell", 9)
    for _ in range(5):
        scene.play(scene.session.legal[0])
        run(app, 1)
    app.close()
    assert writers and "store-writer" in writers  # the frames never wrote themselves
    data = json.loads((tmp_path / "save-freecell.json").read_text())
    assert data["moves"] == [str(m) for m in scene.session.history.moves] and data["cursor"] == 5


def test_the_writer_keeps_only_the_latest_data_and_flush_writes_it_now(tmp_path):
    store = Store(tmp_path)
    for n in range(50):
        store.write_later("save-golf", {"version": 1, "n": n})
    store.flush()
    assert json.loads(store.path("save-golf").read_text())["n"] == 49
