"""CM-9 through the real scenes: games played, won and left end up as rows; the win panel says
what was beaten; the Records and History screens, a replay, play-again; the demo counts for
nothing; the records and history commands."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.core.dealid import DealId
from game.deals import is_proved_winnable
from game.launch import left_behind
from game.records.keeper import Keeper
from game.records.stats import ABANDONED, WINNABLE, WON, Group
from game.rules.history import History
from game.scenes.demo import DemoScene
from game.scenes.history import GamePanel, HistoryScene
from game.scenes.panels import ConfirmPanel
from game.scenes.records import RecordsScene
from game.scenes.replay import ReplayScene
from game.scenes.rules import TextScene
from game.scenes.table import TableScene
from game.scenes.win_panel import WinPanel
from game.session import Session
from game.view.acts import Turn
from tests.helpers import solve_deal
from tests.scene_helpers import click, key, make_app, run

ROOT = Path(__file__).resolve().parent.parent
DEAL = DealId.make("klondike", 1)


def win_klondike(app, at_table: int | None = None) -> TableScene:
    """Klondike deal 1 played to a win through the table, move by move, as a player would. With
    ``at_table``, only the line's last ``at_table`` moves are played at the table: the game opens on
    the position before them, as a saved game does (for the tests that need a game won at the table,
    not each of its 200 moves played there)."""
    line = solve_deal(DEAL).moves
    split = len(line) - at_table if at_table else 0
    session = Session(DEAL, WINNABLE)
    for move in line[:split]:
        session.play(move)
    scene = app.open_game(session)
    for move in line[split:]:
        if scene.session.won:
            break
        assert scene.play(move)
        scene.session.tick(0.5)
        run(app, 1)
    run(app, 300)
    app.store.flush()  # the records are written off the frame (UI-11): what a real second gives them
    assert scene.session.won
    return scene


def test_cm9_a_won_game_is_a_row_and_the_win_panel_says_what_it_beat(tmp_path):
    app = make_app(tmp_path)
    scene = win_klondike(app)
    panel = app.stack.top
    assert isinstance(panel, WinPanel)
    rows = app.records.db.history(5)
    assert len(rows) == 1
    row = rows[0]
    assert (row.result, row.moves, row.kind, row.variant) == (WON, scene.session.moves, WINNABLE, "klondike")
    assert row.seconds == pytest.approx(scene.session.elapsed, abs=0.01) and row.score == scene.session.score()
    lines = panel.lines()
    assert any("win 100" in line and "time" in line for line in lines)  # KL-10's breakdown
    assert "Your first win!" in lines
    # the stored line replays from the deal to the final position the player reached
    session = Session(DEAL)
    replayed = History.replay(session.rules, session.history.start, [m for m in scene.session.history.moves])
    assert replayed.state == scene.session.state
    assert row.line == " ".join(scene.session.history.move_texts)
    # Play again, then a second win: a streak of two, the same group
    panel.act("again")
    scene2 = app.stack.top
    for move in solve_deal(DEAL).moves:
        if scene2.session.won:
            break
        scene2.play(move)
        run(app, 1)
    run(app, 300)
    app.store.flush()
    assert any("Streak 2!" in line for line in app.stack.top.lines())
    assert app.records.db.summary(Group("klondike", "draw=1,redeals=unlimited", WINNABLE)).current_streak == 2
    app.close()


def test_cm9_a_game_left_for_a_new_deal_is_abandoned_and_closing_counts_nothing(tmp_path):
    app = make_app(tmp_path)
    scene = app.open_game(Session(DealId.make("klondike", 7), WINNABLE))
    scene.play(scene.session.legal[0])
    app.close()  # closing the program ends nothing: the game is resumed next time
    assert Keeper(tmp_path, is_proved_winnable, left_behind).db.count() == 0
    app = make_app(tmp_path)
    scene = app.open_game(Session.from_dict(app.store.read("save-klondike", 1)))
    scene.play(scene.session.legal[0])
    scene.new_deal(Session(DealId.make("klondike", 8), WINNABLE))
    scene.play(scene.session.legal[0])  # the new deal's first move ends the game it replaced (CM-16)
    app.store.flush()  # the records are written off the frame (UI-11)
    rows = app.records.db.history()
    assert [(r.result, r.moves) for r in rows] == [(ABANDONED, 2)]  # one row for the resumed game
    app.close()


def test_cm9_a_saved_game_replaced_from_home_ends_as_abandoned_at_the_new_games_first_move(tmp_path):
    app = make_app(tmp_path)
    scene = app.open_game(Session(DealId.make("klondike", 7), WINNABLE))
    scene.play(scene.session.legal[0])
    old_id = scene.session.log.game_id
    app.go_home()
    fresh = app.open_game(Session(DealId.make("klondike", 8), WINNABLE))  # New game on the home screen
    assert app.records.db.count() == 0  # only opened: the saved game is still there to continue
    app.go_home()
    fresh = app.open_game(Session(DealId.make("klondike", 9), WINNABLE))
    fresh.play(fresh.session.legal[0])  # now it replaces the saved game
    app.store.flush()  # the records are written off the frame (UI-11)
    rows = app.records.db.history()
    assert [(r.game_id, r.result, r.moves) for r in rows] == [(old_id, ABANDONED, 1)]
    fresh.play(fresh.session.legal[0])
    fresh.new_deal(Session(DealId.make("klondike", 10), WINNABLE))
    fresh.play(fresh.session.legal[0])  # the new deal played: the game it replaced ends (CM-16)
    app.store.flush()
    assert app.records.db.count() == 2  # the second game once, when it was left
    app.close()


def test_cm9_a_demo_leaves_the_database_unchanged(tmp_path):
    from game.play.demo import Show
    from game.scenes.demo import run_headless

    app = make_app(tmp_path)
    before = app.records.db.count()
    demo = DemoScene(app, iter([Show("golf")]), speed=20)
    app.replace(demo)
    assert run_headless(app, demo)
    demo.start_show(Show("golf"))  # a second deal replaces the won one
    run(app, 30)
    assert app.records.db.count() == before == 0
    app.close()


def test_cm9_records_screen_from_the_toolbar_home_and_the_win_panel(tmp_path):
    app = make_app(tmp_path)
    scene = win_klondike(app, at_table=10)
    app.stack.top.act("records")
    screen = app.stack.top
    assert isinstance(screen, RecordsScene)
    assert screen.mark == pytest.approx(scene.session.elapsed) and screen.summary.won == 1
    values = {label: value for label, _, value in screen_figures(screen)}
    assert values["Played"] == "1" and values["Win rate"] == "100%"
    run(app, 2)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, WinPanel)
    app.pop()
    scene.action("records")
    assert isinstance(app.stack.top, RecordsScene)
    app.go_home()
    run(app, 2)
    home = app.stack.top
    button = next(b for b in home.buttons if b.action == "records")
    click(app, (int(button.rect.center[0]), int(button.rect.center[1])))
    assert isinstance(app.stack.top, RecordsScene)
    app.close()


def screen_figures(screen: RecordsScene):
    from game.scenes.records import figures

    return figures(screen.summary, screen.daily)


def test_cm9_records_screen_chooses_games_and_groups_and_resets_after_asking(tmp_path):
    app = make_app(tmp_path)
    win_klondike(app, at_table=10)
    app.show_records("klondike")
    screen = app.stack.top
    screen.act(Turn("game", 1))
    assert screen.variant == "spider" and screen.summary.played == 0
    screen.act(Turn("game", -1))
    screen.act(Turn("group", 1))
    screen.act(Turn("group", -1))
    assert screen.group.kind == WINNABLE and screen.summary.played == 1
    screen.act("help")
    assert isinstance(app.stack.top, TextScene)
    app.pop()
    screen.act("reset")
    assert isinstance(app.stack.top, ConfirmPanel)
    app.stack.top.act("close")  # Cancel changes nothing
    assert app.records.db.count() == 1
    screen.act("reset")
    app.stack.top.act("yes")
    assert app.records.db.count() == 0 and screen.summary.played == 0
    app.close()


@pytest.mark.parametrize("size", [(480, 320), (800, 1280), (1920, 1080)])
def test_cm9_records_and_history_fit_every_size(tmp_path, size):
    app = make_app(tmp_path, size=size)
    win_klondike(app, at_table=10)
    for show in (lambda: app.show_records("klondike"), lambda: app.show_history()):
        show()
        run(app, 2)
        top = app.stack.top
        w, h = size
        for b in top.buttons:
            assert b.rect.x >= 0 and b.rect.right <= w + 0.5 and b.rect.y >= 0 and b.rect.bottom <= h + 0.5, b
        app.pop()
    app.close()


def test_cm9_history_lists_filters_and_replays_a_game_step_by_step(tmp_path):
    app = make_app(tmp_path)
    scene = win_klondike(app, at_table=10)
    won_state, moves = scene.session.state, scene.session.moves
    app.show_history()
    history = app.stack.top
    assert isinstance(history, HistoryScene) and len(history.rows) == 1
    history.act(Turn("filter", 2))  # spider
    assert history.variant == "spider" and history.rows == []
    history.act(Turn("filter", -1))
    assert history.variant == "klondike" and len(history.rows) == 1
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    panel = app.stack.top
    assert isinstance(panel, GamePanel)
    panel.act("replay")
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    replay.action("speed")
    replay.action("speed")
    assert replay.speed == 4.0  # a move every quarter of a second (15 frames) once the last one has landed
    run(app, 90)
    assert replay.step_i > 3
    replay.action("pause")
    stopped = replay.step_i
    run(app, 45)
    assert replay.step_i == stopped  # paused: three moves' time and none played
    replay.action("step_back")
    assert replay.step_i == stopped - 1 and replay.session.moves == stopped - 1
    replay.action("step")
    assert replay.step_i == stopped
    while replay.step_i < len(replay.moves):
        replay.action("step")
    run(app, 30)
    assert replay.session.state == won_state and replay.session.moves == moves  # the stored game, exactly
    assert app.records.db.count() == 1  # a replay counts for nothing
    replay.action("close")
    assert app.stack.top is history
    app.close()


def test_cm9_play_this_deal_again_asks_before_replacing_a_game_in_progress(tmp_path):
    app = make_app(tmp_path)
    win_klondike(app, at_table=10)
    row = app.records.db.history(1)[0]
    scene = app.open_game(Session(DealId.make("klondike", 9), WINNABLE))
    scene.play(scene.session.legal[0])
    scene.table.save()
    app.store.flush()
    app.show_history()
    app.push(GamePanel(app, row))
    app.stack.top.act("again")
    assert isinstance(app.stack.top, ConfirmPanel)
    app.stack.top.act("yes")
    table = app.stack.top
    assert isinstance(table, TableScene) and table.session.deal_id == DEAL and table.session.moves == 0
    app.close()


def test_cm9_a_stored_line_that_does_not_replay_is_refused_with_a_message(tmp_path):
    """CM-9: a replay refused says why on the History screen, which it stays on."""
    import dataclasses

    app = make_app(tmp_path)
    win_klondike(app, at_table=10)
    row = dataclasses.replace(app.records.db.history(1)[0], line="t1>f1 t1>f1 t1>f1")
    app.show_history()
    app.open_replay(row)
    run(app, 1)  # the app gives the message to the screen on top
    history = app.stack.top
    assert isinstance(history, HistoryScene)
    assert history.message is not None and history.message[0].startswith("This game's moves do not replay")  # on screen
    run(app, 2)
    app.close()


# -- the commands --------------------------------------------------------------------------------


def command(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SOLITAIRE_DATA_DIR=str(tmp_path), PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, env=env, cwd=ROOT)


def test_cm9_records_and_history_commands_on_an_empty_folder_print_empty_tables(tmp_path):
    out = {}
    for args in (["records"], ["history"], ["records", "--format", "csv"], ["history", "--format", "json"]):
        done = command(tmp_path, *args)
        assert done.returncode == 0 and not done.stderr, (args, done.stderr)
        out[" ".join(args)] = done.stdout
    assert out["records"].startswith("game  options")
    assert json.loads(out["history --format json"]) == {"rows": []}
    assert not (tmp_path / "records.sqlite3").exists()  # reading made no file
    bad = command(tmp_path, "records", "--variant", "whist")
    assert bad.returncode == 2 and "unknown variant" in bad.stderr


def test_cm9_records_and_history_commands_in_every_format(tmp_path):
    app = make_app(tmp_path)
    win_klondike(app, at_table=10)
    app.close()
    table = command(tmp_path, "records").stdout
    assert "klondike  draw=1,redeals=unlimited  winnable  1       1    1" in table
    assert "daily streak: 0 (best 0)" in table
    rows = list(csv.DictReader(io.StringIO(command(tmp_path, "records", "--format", "csv").stdout)))
    assert rows[0]["game"] == "klondike" and rows[0]["won"] == "1" and rows[0]["win_rate"] == "1.0"
    data = json.loads(command(tmp_path, "records", "--variant", "klondike", "--format", "json").stdout)
    assert data["rows"][0]["played"] == 1 and data["daily_streak"] == {"current": 0, "best": 0}
    assert json.loads(command(tmp_path, "records", "--variant", "golf", "--format", "json").stdout)["rows"] == []
    history = json.loads(command(tmp_path, "history", "--limit", "5", "--format", "json").stdout)["rows"]
    assert history[0]["result"] == "won" and len(history[0]["line"].split()) == history[0]["moves"]
    lines = command(tmp_path, "history").stdout.splitlines()
    assert lines[0].split()[:3] == ["ended", "game", "options"] and "won" in lines[1]
    history_csv = list(csv.DictReader(io.StringIO(command(tmp_path, "history", "--format", "csv").stdout)))
    assert history_csv[0]["deal"] == str(DEAL)
