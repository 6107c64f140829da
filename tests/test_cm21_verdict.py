"""CM-21, an honest verdict in every game: once nothing that matters is unseen, a search off the
frame after each move settles whether the position can still be won; proved lost, the table says
so (the status bar's heading, the words said and shown once) and its toolbar begins with *Undo N
moves* (to the last position that could be won), *Restart* and *New deal*; never before it is
proved, never by peeking, never ending the game by itself."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import columns, move
from scene_helpers import click, make_app, open_scene, run

from game.app import App
from game.core.dealid import DealId
from game.games.index import game_for
from game.games.spider.rules import SpiderState
from game.play.status import table_status
from game.scenes.table import TableScene
from game.scenes.table_verdict import ACTIONS, NEW_DEAL_LOST, RESTART_LOST, UNDO_TO_WINNABLE
from game.session import Session
from game.solver.engine import Status
from game.solver.tasks import SolverTask
from game.store import Store
from game.view.widgets import Button

# FreeCell deal 2 with a free cell filled from each of the first four columns: lost (the complete
# search proves it in a few positions) while moves are left, so the game is not over.
LOST_LINE = ("t2>c1", "t3>c2", "t4>c3", "t5>c4")


def settle(app: App, scene: TableScene, frames: int = 60) -> None:
    for _ in range(frames):
        run(app, 1)
        if not scene.table.verdict.searching:
            break


def verdict_buttons(scene: TableScene) -> list[Button]:
    return [b for b in scene.buttons if b.action in ACTIONS]


def winnable(variant: str, state: object) -> bool:
    task = SolverTask(game_for(variant).solver, state, max_nodes=200_000)
    while not task.advance(1.0):
        pass
    return task.result().status is Status.SOLVED


def test_cm21_a_freecell_deal_made_lost_shows_the_bar_and_its_undo_lands_where_it_can_be_won(tmp_path: Path):
    app = make_app(tmp_path)
    scene = open_scene(app, "freecell", 2)
    for text in LOST_LINE[:-1]:
        scene.play(move(text))
        run(app, 1)
    settle(app, scene)
    assert not scene.table.verdict.lost and not verdict_buttons(scene)  # still winnable: no bar
    scene.play(move(LOST_LINE[-1]))
    assert scene.session.legal and not scene.session.over  # moves are left: not the game-over panel
    frames = 0
    while frames < 10 and not (scene.table.verdict.lost and scene.table.verdict.back):  # a few frames' search
        run(app, 1)
        frames += 1
    assert frames < 10 and scene.table.verdict.lost
    back = scene.table.verdict.back
    assert back is not None and back >= 1
    actions = [b.action for b in verdict_buttons(scene)]
    assert actions == [UNDO_TO_WINNABLE, RESTART_LOST, NEW_DEAL_LOST]
    assert scene.buttons[1].action == UNDO_TO_WINNABLE  # first after Menu, in the toolbar: no card covered
    assert table_status(scene.table)[1][0] == "No longer winnable"
    assert not scene.session.finished and scene.session.legal  # it never ends the game by itself
    undo = next(b for b in scene.buttons if b.action == UNDO_TO_WINNABLE)
    assert "Undo" in undo.label and str(back) in undo.label
    click(app, (int(undo.rect.x + undo.rect.w / 2), int(undo.rect.y + undo.rect.h / 2)))
    assert scene.session.moves == len(LOST_LINE) - back
    assert winnable("freecell", scene.state)
    settle(app, scene)
    assert not scene.table.verdict.lost and not verdict_buttons(scene)  # the bar is gone with the loss
    assert scene.session.history.can_redo  # redo brings the moves back: nothing lost by the press
    app.close()


def test_cm21_the_verdict_is_said_like_any_message(tmp_path: Path):
    log = tmp_path / "said.txt"
    (tmp_path / "data").mkdir()
    app = App(size=(1280, 800), store=Store(tmp_path / "data"), speech=f"log:{log}")
    app.settings.animation = "off"
    scene = app.open_game(Session(DealId.make("freecell", 2)))
    run(app, 2)
    for text in LOST_LINE:
        scene.play(move(text))
        run(app, 1)
    settle(app, scene)
    said = log.read_text(encoding="utf-8")
    assert "This deal cannot be finished from here." in said and "could still be won" in said
    app.close()


def test_cm21_klondike_with_face_down_cards_left_never_shows_the_bar(tmp_path: Path):
    """Face-down cards: it never peeks — no search, no bar, however lost the real position is."""
    app = make_app(tmp_path)
    scene = open_scene(app, "klondike", 7)
    for m in scene.session.legal[:1]:
        scene.play(m)
    settle(app, scene)
    assert scene.table.verdict.job is None and not scene.table.verdict.lost and not verdict_buttons(scene)
    assert any(scene.state.down)
    app.close()


def test_cm21_sp16_spider_says_nothing_while_cards_are_face_down_and_the_bar_once_proved(tmp_path: Path):
    """SP-16 as every game's: a face-down card, no verdict; every card known and no win, the bar
    with Restart and New deal (nothing could be won earlier on a hand-made table: no Undo)."""
    app = make_app(tmp_path)
    tableau, down = columns("#5D 7H", "#4C 8S", *(["KC"] * 8))
    scene = open_scene(app, "spider", state=SpiderState(tableau, down, (), (), 2))
    assert scene.play(move("t1>t2"))
    settle(app, scene)
    assert scene.table.verdict.job is None and not verdict_buttons(scene)
    tableau, down = columns("2S", "4S", *([""] * 8))
    scene = open_scene(app, "spider", state=SpiderState(tableau, down, (), (0,) * 7, 1))
    scene.play(move("t1>t3"))
    settle(app, scene)
    assert scene.table.verdict.lost
    assert [b.action for b in verdict_buttons(scene)] == [RESTART_LOST, NEW_DEAL_LOST]
    app.close()


@pytest.mark.parametrize("size", [(480, 320), (800, 1280), (1920, 1080)])
def test_cm21_the_ways_on_fit_every_window_in_the_toolbar(tmp_path: Path, size: tuple[int, int]):
    app = make_app(tmp_path, size=size)
    scene = open_scene(app, "freecell", 2)
    for text in LOST_LINE:
        scene.play(move(text))
        run(app, 1)
    settle(app, scene)
    bar = verdict_buttons(scene)
    assert len(bar) == 3 and all(b.alert for b in bar)
    toolbar = scene.view.layout.toolbar
    for b in bar:
        assert b.rect.x >= 0 and b.rect.right <= size[0] and toolbar.y <= b.rect.y and b.rect.bottom <= size[1]
    app.close()


def test_cm21_cm20_the_demos_line_serves_the_verdict_and_the_hint_of_the_game_taken_over(tmp_path: Path):
    """One solver line where all is known: the demo's line for its deal is the hint's next move
    and the verdict's answer once the game is taken over — no second search for the same question."""
    import pygame

    from game.play.demo import Show
    from game.scenes.demo import DemoPausedPanel, DemoScene

    app = make_app(tmp_path, animation="fast")
    demo = DemoScene(app, iter([Show("freecell")]), speed=20)
    app.replace(demo)
    for _ in range(600):
        run(app, 1)
        if demo.session.moves >= 3:
            break
    line = demo.search.line
    assert line is not None and demo.table.memory.lines.rest(demo.session.history.start) == line.moves
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(300, 300), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(300, 300), button=1))
    run(app, 1)
    panel = app.stack.top
    assert isinstance(panel, DemoPausedPanel)
    panel.act("play")
    table = app.stack.top
    assert isinstance(table, TableScene) and not isinstance(table, DemoScene)
    played = len(table.session.history.moves)
    assert table.table.memory.lines.rest(table.state) == line.moves[played:]
    table.table.show_hint()
    assert table.table.hint_job is None  # answered at once, from the line: no search
    assert table.table.hint is not None and table.table.hint.move == line.moves[played]
    run(app, 2)
    search = table.table.verdict.job.search if table.table.verdict.job is not None else None
    assert table.table.verdict.job is not None and table.table.verdict.job.done and not table.table.verdict.lost
    assert search is None or search.nodes == 0  # the verdict needed no search either
    app.close()


@pytest.mark.parametrize("variant", ["bakersdozen", "klondike", "fortythieves"])
def test_cm21_computing_is_said_where_no_pile_lies(tmp_path, variant):
    """SP-16's "Computing…" went under the top bar at the left, over the foundations of a game that
    keeps them there (Baker's Dozen at 480x320, found by a review): it goes to a corner no pile
    lies under, else above the toolbar."""
    from game.scenes.table_verdict import computing_spot
    from game.view.layout import Rect

    app = make_app(tmp_path, size=(480, 320))
    scene = open_scene(app, variant, 1)
    layout = scene.view.layout
    x, y = computing_spot(layout, 80, 14)
    spot = Rect(x, y, 80, 14)
    assert not any(spot.overlap(r) for r in layout.piles.values()), (variant, spot)
    assert x >= 0 and x + 80 <= 480 and layout.top_bar.bottom <= y and y + 14 <= layout.toolbar.y
    app.close()
