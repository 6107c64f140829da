"""UI-6, the demo: through the real loop, headless, on simulated time."""

from __future__ import annotations

import pygame
import pytest
from scene_helpers import make_app, run

from game.core.dealid import DealId
from game.play.demo import Show, caption, every_show
from game.rules.history import History
from game.scenes.demo import DemoPausedPanel, DemoScene, run_headless
from game.scenes.table import TableScene
from game.session import Session

SHOWS = [
    ("klondike", {"draw": "1"}),
    ("klondike", {"draw": "3"}),
    ("spider", {"suits": "1"}),
    ("spider", {"suits": "2"}),
    ("freecell", {}),
    ("yukon", {}),
    ("golf", {}),
    ("pyramid", {}),
    ("addiction", {}),
]


@pytest.mark.parametrize("variant, options", SHOWS, ids=[f"{v}-{'-'.join(o.values())}" for v, o in SHOWS])
def test_ui6_the_demo_wins_every_game_with_legal_moves(tmp_path, variant, options):
    """UI-6: a proved-winnable deal from the seeds, played to a win through the table; the moves it
    played replay by the rules, from a fresh deal, to a won position."""
    app = make_app(tmp_path, size=(800, 600), animation="fast")
    demo = DemoScene(app, iter([Show(variant, options)]), speed=40)
    app.replace(demo)
    assert run_headless(app, demo, max_frames=20_000)
    s = demo.session
    replayed = History.replay(s.rules, s.rules.deal(s.deal_id), s.history.moves)
    assert s.rules.is_won(replayed.state) and replayed.state == s.state
    assert demo.frames_to_win and demo.frames_to_win < 20_000
    app.close()


def test_ui6_a_demo_leaves_the_players_saves_and_settings_untouched(tmp_path):
    app = make_app(tmp_path, animation="off")
    saved = Session(DealId.make("golf", 3))
    saved.play(saved.legal[0])
    app.store.write("save-golf", saved.to_dict())
    app.settings.save(app.store)
    app.store.flush()
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    demo = DemoScene(app, iter([Show("golf")]), speed=40)
    app.replace(demo)
    assert run_headless(app, demo)
    app.store.flush()
    after = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert after == before


def test_ui6_any_input_stops_the_demo_within_one_frame_and_play_from_here_keeps_the_line(tmp_path):
    app = make_app(tmp_path, animation="fast")
    demo = DemoScene(app, iter([Show("freecell")]), speed=20)
    app.replace(demo)
    for _ in range(600):
        run(app, 1)
        if demo.session.moves >= 5:
            break
    moves = demo.session.moves
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(300, 300), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(300, 300), button=1))
    run(app, 1)
    panel = app.stack.top
    assert isinstance(panel, DemoPausedPanel)
    run(app, 120)
    assert demo.session.moves == moves  # stopped: nothing more is played under the panel
    state, line = demo.session.state, list(demo.session.history.moves)
    panel.act("play")
    table = app.stack.top
    assert isinstance(table, TableScene) and not isinstance(table, DemoScene)
    assert table.session.state == state and table.session.history.moves == line
    fresh = table.session.rules.deal(table.session.deal_id)
    assert History.replay(table.session.rules, fresh, line).state == state
    table.undo()
    assert table.session.moves == moves - 1  # the demo's moves are the player's undo history
    app.close()


def test_ui6_keys_stop_the_demo_too_and_watch_on_resumes_it(tmp_path):
    app = make_app(tmp_path, animation="off")
    demo = DemoScene(app, iter([Show("golf")]), speed=20)
    app.replace(demo)
    run(app, 60)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    run(app, 1)
    assert isinstance(app.stack.top, DemoPausedPanel)
    app.stack.top.act("watch")
    moves = demo.session.moves
    run(app, 120)
    assert demo.session.moves > moves  # it played on (a short Golf line may even have won by now)
    app.close()


def test_ui6_cycling_moves_on_to_the_next_game_after_a_win(tmp_path):
    app = make_app(tmp_path, size=(640, 480), animation="off")
    shows = iter([Show("golf"), Show("pyramid"), Show("golf")])
    demo = DemoScene(app, shows, speed=40, cycling=True)
    app.replace(demo)
    for _ in range(20_000):
        app.step(1 / 60)
        if demo.session.deal_id.variant == "pyramid":
            break
    assert demo.games_won == 1 and demo.session.deal_id.variant == "pyramid"
    app.close()


def test_ui6_every_game_and_option_set_with_winnable_deals_is_in_the_cycle_and_captions_say_why():
    shows = {(s.variant, tuple(sorted(s.options.items()))) for s in every_show()}
    assert ("spider", (("suits", "2"),)) in shows and ("klondike", (("draw", "3"), ("redeals", "1"))) in shows
    assert any(v == "spider" and o == (("suits", "4"),) for v, o in shows)  # the 4-suit list (issue 16)
    from helpers import move, pile

    from game.games import game_for

    game = game_for("klondike")
    state = game.rules.deal(DealId.make("klondike", 7))
    column = pile("#2C AS")
    state = type(state)(
        (column[0], *state.tableau[1:]), (1, *state.down[1:]), *[getattr(state, f) for f in state.__slots__[2:]]
    )
    assert caption(game, state, move("t1>f1"), []) == "This builds the spades on their foundation."


def test_ui6_the_deal_shown_while_searching_is_the_deal_being_searched_and_a_given_deal_is_shown(tmp_path):
    """The table shows the very deal the solver is working on (no swap when the line is found),
    and --deal shows that deal even where the game has no seeds list (Spider 4 suits)."""
    app = make_app(tmp_path, animation="off")
    demo = DemoScene(app, iter([Show("golf")]), speed=40)
    app.replace(demo)
    assert demo.session.deal_id == demo.search.current
    shown = demo.session.deal_id
    while demo.search.line is None and not demo.search.failed:
        run(app, 1)
    if demo.search.tried == 1:
        assert demo.session.deal_id == shown
    deal = DealId.make("spider", 3, {"suits": "4"})
    given = DemoScene(app, iter([Show("spider", {"suits": "4"}, deal)]), speed=40)
    assert given.session.deal_id == deal
    app.close()
