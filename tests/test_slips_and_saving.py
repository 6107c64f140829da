"""CM-13: nothing is lost by one slip; and saving happens off the frame, the file on disk being
the latest position once the app closes."""

from __future__ import annotations

import json
import threading
import time

import pygame
import pytest
from scene_helpers import key, make_app, open_scene, run

from game.core.dealid import DealId
from game.launch import saved_session
from game.scenes.home import HomeScene
from game.scenes.panels import ConfirmPanel
from game.session import Session
from game.store import Store
from game.view.acts import ForGame


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
    home.act(ForGame("new", "spider"))
    assert isinstance(app.stack.top, ConfirmPanel)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is home
    assert saved_session(app.store, "spider").moves == 6
    home.act(ForGame("new", "spider"))
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
    real = Store._write_bytes

    def spy(self, name, data):
        writers.append(threading.current_thread().name)
        real(self, name, data)

    monkeypatch.setattr(Store, "_write_bytes", spy)
    app = make_app(tmp_path)
    scene = open_scene(app, "freecell", 9)
    for _ in range(5):
        scene.play(scene.session.legal[0])
        waited = time.monotonic() + 10
        while app.store.writer.pending() and time.monotonic() < waited:  # no frame runs meanwhile: on a
            time.sleep(0.01)  # loaded machine a frame's safety net would take over a job late by 0.25 s
        run(app, 1)
    app.close()
    assert writers and "writer" in writers  # the writer's thread wrote, not the frame
    data = json.loads((tmp_path / "save-freecell.json").read_text())
    assert data["moves"] == [str(m) for m in scene.session.history.moves] and data["cursor"] == 5


def test_the_writer_keeps_only_the_latest_data_and_flush_writes_it_now(tmp_path):
    store = Store(tmp_path)
    for n in range(50):
        store.write_later("save-golf", {"version": 1, "n": n})
    store.flush()
    assert json.loads(store.path("save-golf").read_text())["n"] == 49


# -- robustness: files that used to crash every start, two instances, hostile input ---------------


GOOD = {"version": 1, "deal": "golf:3:v1", "moves": ["draw"], "cursor": 1, "elapsed": 12.5, "given_up": False}


@pytest.mark.parametrize(
    "field, value",
    [
        ("elapsed", float("inf")),
        ("elapsed", -5),
        ("elapsed", "12"),
        ("cursor", float("inf")),
        ("cursor", True),
        ("cursor", 7),
        ("moves", "draw"),
        ("moves", [1, 2]),
        ("given_up", "no"),
        ("deal", ["golf"]),
    ],
)
def test_a_damaged_save_is_set_aside_and_reported_never_a_crash(tmp_path, field, value):
    store = Store(tmp_path)
    data = dict(GOOD, **{field: value})
    store.path("save-golf").write_text(json.dumps(data), encoding="utf-8")  # json writes Infinity as Infinity
    assert saved_session(store, "golf") is None
    assert not store.path("save-golf").exists() and store.problems


def test_the_good_save_of_that_list_loads(tmp_path):
    store = Store(tmp_path)
    store.write("save-golf", GOOD)
    session = saved_session(store, "golf")
    assert session is not None and session.moves == 1 and session.elapsed == 12.5


def test_what_was_seen_is_recomputed_from_the_moves_never_read_from_the_file(tmp_path):
    store = Store(tmp_path)
    store.write("save-klondike", {**GOOD, "deal": "klondike:7:v1", "moves": ["draw"], "seen": list(range(52))})
    session = saved_session(store, "klondike")
    assert session is not None and len(session.history.seen) < 20  # 7 face-up cards and one turned


@pytest.mark.parametrize("kind", ["nested", "fifo", "zero", "huge"])
def test_files_that_are_not_saves_are_refused_without_hanging_or_eating_memory(tmp_path, kind):
    import os

    store = Store(tmp_path)
    path = store.path("save-golf")
    if kind == "nested":
        path.write_text("[" * 100_000, encoding="utf-8")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "zero":
        path.symlink_to("/dev/zero")
    else:
        with path.open("wb") as f:
            f.truncate(64 * 1024 * 1024)
    assert saved_session(store, "golf") is None and store.problems


def test_settings_with_values_of_the_wrong_type_fall_back_to_the_defaults(tmp_path):
    from game.settings import Settings

    store = Store(tmp_path)
    store.write("settings", {"version": 1, "animation": [], "last_variant": {}, "deal_kind": {"golf": []}})
    settings = Settings.load(store)
    assert (
        settings.animation == "normal"
        and settings.last_variant == "klondike"
        and settings.kind_for("golf") == "winnable"
    )


def test_a_second_instance_on_the_same_folder_saves_nothing_and_says_so(tmp_path):
    first = make_app(tmp_path)
    second = make_app(tmp_path)
    assert not first.store.read_only and second.store.read_only and second.store.problems
    table = open_scene(second, "golf", 3)
    table.play(table.session.legal[0])
    second.close()
    assert not (tmp_path / "save-golf.json").exists()
    mine = open_scene(first, "golf", 4)
    mine.play(mine.session.legal[0])
    first.close()
    assert json.loads((tmp_path / "save-golf.json").read_text())["deal"] == "golf:4:v1"


@pytest.mark.parametrize("text", ["klondike:²", "klondike:5:v⑤", "klondike:" + "9" * 5000, "spider:" + "x" * 300])
def test_deal_ids_with_odd_digits_or_thousands_of_them_are_a_clear_refusal(text):
    from game.core.dealid import parse_deal_id
    from game.core.errors import ParseError

    with pytest.raises(ParseError):
        parse_deal_id(text)


@pytest.mark.parametrize("variant", ["klondike", "golf", "addiction"])
def test_a_won_game_stays_won_undo_is_refused_and_the_clock_has_stopped(tmp_path, variant):
    """After a win (as the big collections do): the win stands, Undo is refused with the way on,
    the hint says so, and the clock no longer runs."""
    from game.games.index import game_for

    app = make_app(tmp_path, animation="off")
    game = game_for(variant)
    from helpers import solve_deal

    deals = (DealId.make(variant, n) for n in range(1, 40))
    deal, line = next((d, r.moves) for d in deals if (r := solve_deal(d, max_nodes=200_000)).status.value == "solved")
    table = open_scene(app, variant, deal.number)
    for m in line:
        if table.session.won:
            break
        assert table.play(m)
    for _ in range(600):  # auto-collect, then the win panel
        run(app, 1)
        if table.session.won and app.stack.top is not table:
            break
    assert table.session.won and game.rules.is_won(table.session.state)
    elapsed = table.session.elapsed
    app.pop(app.stack.top)
    table.undo()
    assert table.session.won and "won" in table.table.toast[0]
    assert not table.button_enabled("undo")
    table.table.show_hint()
    assert table.table.hint.move is None and "won" in table.table.hint.text
    run(app, 120)
    assert table.session.elapsed == elapsed
    app.close()


def test_temporary_files_left_by_a_killed_save_are_cleaned_at_start(tmp_path):
    (tmp_path / ".save-golf.abc123.tmp").write_text('{"half": ', encoding="utf-8")
    (tmp_path / "save-golf.json").write_text(json.dumps(GOOD), encoding="utf-8")
    app = make_app(tmp_path)
    assert not list(tmp_path.glob(".*.tmp")) and (tmp_path / "save-golf.json").exists()
    app.close()


def test_the_home_screen_replays_a_saved_game_only_when_its_file_changed(tmp_path, monkeypatch):
    """Showing the home screen again does not replay every save (a long game would cost its whole
    replay on each visit): only a save written since the last visit is read again."""
    from scene_helpers import make_app, open_scene, run

    from game.session import Session

    app = make_app(tmp_path)
    for variant in ("golf", "klondike"):
        scene = open_scene(app, variant, 4)
        scene.play(scene.session.legal[0])
        scene.table.save()
    app.go_home()
    run(app, 2)
    replays: list[str] = []
    from_dict = Session.from_dict.__func__

    def counting(cls, data):
        replays.append(data["deal"])
        return from_dict(cls, data)

    monkeypatch.setattr(Session, "from_dict", classmethod(counting))
    app.go_home()
    run(app, 2)
    assert replays == [] and {"golf", "klondike"} <= set(app.stack.top.saved)
    golf = open_scene(app, "golf", 4)
    golf.play(golf.session.legal[0])
    golf.table.save()
    replays.clear()  # the new game's first save read the one it replaced, to keep it in the records
    app.go_home()
    run(app, 2)
    assert [d.split(":")[0] for d in replays] == ["golf"]
    app.close()


def test_cm11_the_clock_stops_when_no_move_is_left_and_runs_again_after_an_undo(tmp_path):
    """A lost game's clock stands still under its game-over panel (it ran on behind it before);
    an undo that gives a move back starts it again."""
    app = make_app(tmp_path)
    scene = open_scene(app, "golf", 3)
    while scene.session.legal:
        scene.play(scene.session.legal[-1])
        run(app, 2)
    assert scene.session.over
    app.pop(app.stack.top)  # the game-over panel closed: the player looks at the table
    stopped = scene.session.elapsed
    run(app, 120)
    assert scene.session.elapsed == stopped
    scene.action("undo")
    run(app, 60)
    assert scene.session.elapsed > stopped
    app.close()
