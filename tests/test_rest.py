"""UI-7, at rest: when nothing moves nothing is redrawn; input, drags and animations still draw
every frame; a resting loop keeps the game clock in real time. Draws are counted, never timed."""

from __future__ import annotations

import pygame
import pytest
from scene_helpers import center, make_app, mouse_down, mouse_move, open_scene, run

from game.rules.pile import TABLEAUS


def test_ui7_an_idle_table_draws_nothing_new_for_two_seconds(tmp_path):
    app = make_app(tmp_path, animation="normal")
    open_scene(app, "klondike", 7)
    run(app, 60)  # the deal settles
    before = app.draws
    run(app, 120)  # two seconds, no input, the clock not started (no move yet)
    assert app.draws - before <= 1 and app.resting
    app.close()


def test_ui7_every_change_the_table_shows_counts_once_and_draws_one_frame(tmp_path):
    """The table model counts its changes (a message, a hint, a move): the frame reads the count,
    so a change draws a frame at rest, and the same message set again is no change."""
    app = make_app(tmp_path, animation="off")
    scene = open_scene(app, "freecell", 5)
    run(app, 30)
    for change in (
        lambda: scene.table.say("A message"),
        lambda: scene.table.say("A message"),  # the same message, at the same moment: nothing new
        scene.table.clear_marks,
        lambda: scene.table.play(scene.session.legal[0]),
    ):
        version, draws = scene.table.version, app.draws
        change()
        run(app, 2)
        changed = scene.table.version != version
        assert (app.draws - draws >= 1) == changed, change
    assert scene.table.version > 0
    app.close()


def test_ui7_a_running_clock_draws_once_a_second(tmp_path):
    app = make_app(tmp_path, animation="off")
    scene = open_scene(app, "golf", 7)
    scene.play(scene.session.legal[0])
    run(app, 30)
    before = app.draws
    run(app, 120)
    assert 1 <= app.draws - before <= 3  # the clock's two ticks (and nothing else)
    app.close()


def test_ui7_the_resting_loop_reacts_to_input_within_one_frame_and_moving_things_draw_every_frame(tmp_path):
    app = make_app(tmp_path, animation="normal")
    scene = open_scene(app, "klondike", 7)
    run(app, 90)
    assert app.resting
    start = center(scene, TABLEAUS[6], 6)
    mouse_down(start)
    before = app.draws
    run(app, 1)
    assert app.draws == before + 1  # the press woke it
    for k in range(10):  # a drag redraws every frame
        mouse_move((start[0] - 10 * k, start[1] + 6 * k))
        run(app, 1)
    assert scene.dragging.current is not None and app.draws == before + 11
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start[0] - 90, start[1] + 54), button=1))
    run(app, 1)
    drawn = app.draws
    run(app, 10)  # the cards fly back, animated: every frame
    assert app.draws == drawn + 10
    app.close()


def test_ui7_a_resting_loop_keeps_the_game_clock_in_real_time(tmp_path):
    app = make_app(tmp_path, animation="off")
    scene = open_scene(app, "golf", 7)
    scene.play(scene.session.legal[0])
    run(app, 2)
    t0 = scene.session.elapsed
    for _ in range(8):  # the real loop wakes every 0.25 s at rest
        app.step(0.25)
    assert abs(scene.session.elapsed - t0 - 2.0) < 0.05
    app.close()


def test_ui7_a_drag_draws_the_resting_cards_from_one_cached_layer_and_the_picture_is_unchanged(tmp_path, monkeypatch):
    """During a drag the felt and resting cards are one cached layer (rebuilt only when a card comes
    to rest or leaves its place); what is shown is exactly the felt and cards drawn one by one."""
    from game.view.table_view import TableView

    app = make_app(tmp_path, animation="normal")
    scene = open_scene(app, "klondike", 7)
    run(app, 90)
    builds = []
    resting = TableView._draw_resting

    def counting(self, surface, sprites):
        builds.append(len(sprites))
        return resting(self, surface, sprites)

    monkeypatch.setattr(TableView, "_draw_resting", counting)
    start = center(scene, TABLEAUS[6], 6)
    mouse_down(start)
    run(app, 1)
    for k in range(1, 20):
        mouse_move((start[0] + 5 * k, start[1] + 3 * k))
        run(app, 1)
    assert len(builds) <= 2, builds  # the lift (the card leaves the layer), then none while it moves
    view = scene.view
    cached = pygame.Surface(app.screen.get_size())
    view.draw_table(cached, scene.table.now, scene.dragging.current.sprites)
    direct = pygame.Surface(app.screen.get_size())
    view.draw_background(direct)
    view.draw_cards(direct, scene.table.now, scene.dragging.current.sprites)
    assert pygame.image.tobytes(cached, "RGB") == pygame.image.tobytes(direct, "RGB")
    app.close()


def test_ui7_a_table_left_for_the_home_screen_is_freed_with_its_card_art(tmp_path):
    """Visiting every game does not keep every game's card faces: the table left is garbage at
    once (memory is handed back on going home; RSS figures are in tools/bench_start.py)."""
    import weakref

    app = make_app(tmp_path)
    refs = []
    for variant in ("klondike", "spider", "addiction"):
        scene = open_scene(app, variant, 3)
        run(app, 3)
        refs.append((weakref.ref(scene), weakref.ref(scene.view.art)))
        del scene
        app.go_home()
        run(app, 2)
    assert all(s() is None and a() is None for s, a in refs)
    app.close()


def _outside(surface: pygame.Surface, rects: list[pygame.Rect]) -> bytes:
    copy = surface.copy()
    for r in rects:
        copy.fill((255, 0, 255), r)
    return pygame.image.tobytes(copy, "RGB")


def test_ui7_a_drag_and_a_flight_present_only_what_changed_and_nothing_outside_it(tmp_path, monkeypatch):
    """Frames where only cards move present just their old and new places (``display.update``);
    every pixel that changed lies inside them. A panel opening or closing presents the whole window."""
    presented: list[object] = []
    monkeypatch.setattr(pygame.display, "update", lambda rects=None: presented.append(list(rects or [])))
    monkeypatch.setattr(pygame.display, "flip", lambda: presented.append("flip"))
    app = make_app(tmp_path, animation="normal")
    scene = open_scene(app, "klondike", 7)
    run(app, 90)
    start = center(scene, TABLEAUS[6], 6)
    mouse_down(start)
    run(app, 2)
    before = app.screen.copy()
    partial = 0
    for k in range(1, 16):
        presented.clear()
        mouse_move((start[0] - 9 * k, start[1] - 4 * k))
        run(app, 1)
        if presented and presented[-1] != "flip":
            partial += 1
            rects = presented[-1]
            assert _outside(before, rects) == _outside(app.screen, rects), k
        before = app.screen.copy()
    assert partial >= 12
    presented.clear()
    key_press = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    pygame.event.post(key_press)
    run(app, 2)  # the drag is cancelled: its cards fly back (partial frames), then all is still
    scene.action("settings")
    run(app, 1)
    assert presented[-1] == "flip"
    app.stack.top.act("close")
    presented.clear()
    run(app, 1)
    assert presented and presented[0] == "flip"  # the table again, where the panel was
    app.close()


@pytest.mark.parametrize(
    ("flip_seconds", "render_node", "chosen"),
    [(0.0, True, "accelerated"), (0.012, True, "framebuffer (measured)"), (0.0, False, "framebuffer")],
)
def test_ui7_the_present_path_is_chosen_by_measuring_flips(monkeypatch, flip_seconds, render_node, chosen):
    """With a GPU render node, a probe times flips: fast ones keep SDL's OpenGL path, slow ones (a
    software rasteriser) switch to the framebuffer path; with no render node nothing is probed.
    The display is faked here: no machine running the tests has both kinds of GPU."""
    import time
    from pathlib import Path

    from game.platform import display as machine

    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(machine.sys, "platform", "linux")
    monkeypatch.setattr(Path, "glob", lambda self, pattern: iter([Path("/dev/dri/renderD128")] if render_node else []))
    monkeypatch.setattr(pygame.display, "set_mode", lambda size, flags=0: pygame.Surface(size))
    monkeypatch.setattr(pygame.display, "flip", lambda: time.sleep(flip_seconds))
    monkeypatch.setattr(pygame.display, "quit", lambda: None)
    monkeypatch.setattr(pygame.display, "init", lambda: None)
    assert machine.choose_present_path((640, 480)) == chosen
    expected = None if chosen == "accelerated" else "0"
    assert machine.os.environ.get("SDL_FRAMEBUFFER_ACCELERATION") == expected
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
