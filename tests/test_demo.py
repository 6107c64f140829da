"""UI-6, the demo: through the real loop, headless, on simulated time."""

from __future__ import annotations

import math

import pygame
import pytest
from scene_helpers import make_app, run

from game.core.dealid import DealId
from game.games.index import game_for
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
    played replay by the rules, from a fresh deal, to a won position. The frames are stepped as
    ``run_headless`` steps them, up to the win: the three seconds of celebration after it are the
    same for every game (the next test runs a demo through them to its end)."""
    app = make_app(tmp_path, size=(800, 600), animation="fast")
    demo = DemoScene(app, iter([Show(variant, options)]), speed=40)
    app.replace(demo)
    for _ in range(20_000):
        app.step(1 / 60)
        if demo.won_at is not None:
            break
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

    from game.games.index import game_for

    game = game_for("klondike")
    state = game.rules.deal(DealId.make("klondike", 7))
    column = pile("#2C AS")
    state = type(state)(
        (column[0], *state.tableau[1:]), (1, *state.down[1:]), *[getattr(state, f) for f in state.__slots__[2:]]
    )
    assert caption(game.rules, state, move("t1>f1"), []) == "This builds the spades on their foundation."


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


def pause(app, demo: DemoScene) -> DemoPausedPanel:
    """A key stops the demo (UI-6): its panel comes up."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    run(app, 1)
    panel = app.stack.top
    assert isinstance(panel, DemoPausedPanel)
    return panel


def test_kl10_ui6_a_game_taken_over_from_the_demo_keeps_the_demos_clock_and_earns_the_bonus_of_that_time(tmp_path):
    """UI-6 and KL-10: *Play from here* carries the demo's time. The moves took that long, so the
    taken-over game's clock is the demo's so far and its time bonus is computed from it (a clock
    started again at 0:00 earned the full 1000 points for a win "under 30 seconds")."""
    from game.games.klondike.rules import win_bonus
    from game.solver.api import solve_position

    app = make_app(tmp_path, animation="off")
    demo = DemoScene(app, iter([Show("klondike", {"draw": "1", "redeals": "unlimited"})]), speed=1)
    app.replace(demo)
    for _ in range(400):
        run(app, 1, dt=0.25)
        if demo.session.elapsed >= 40:
            break
    assert demo.session.elapsed >= 40 and not demo.session.won
    panel = pause(app, demo)
    seconds = demo.session.elapsed
    run(app, 40, dt=0.25)
    assert demo.session.elapsed == seconds  # the clock waits under the panel
    panel.act("play")
    table = app.stack.top
    assert isinstance(table, TableScene) and not isinstance(table, DemoScene)
    assert table.session.elapsed == seconds
    s = table.session
    rest = solve_position(table.game.solver, s.rules, s.state, max_nodes=200_000)
    for m in rest.moves:
        assert table.table.play(m)
    assert s.won and s.elapsed == seconds
    assert s.score() == s.state.score + win_bonus(int(seconds)) < s.state.score + win_bonus(0)
    app.close()


def test_cm16_taking_over_the_demo_asks_first_when_it_would_replace_a_game_in_progress(tmp_path):
    """CM-16: *Play from here* over a saved game in progress of the same game asks first, naming
    the moves lost; Cancel comes back to the paused demo with the saved game untouched; yes makes
    the demo's position the saved game. With nothing at stake it asks nothing."""
    from game.scenes.panels import ConfirmPanel

    app = make_app(tmp_path, animation="off")
    saved = Session(DealId.make("golf", 3))
    for _ in range(2):
        saved.play(saved.legal[0])
    saved.log.begin(1_800_000_000.0)  # a game counts from its first move, as a table's does
    app.store.write("save-golf", saved.to_dict())
    app.store.flush()
    demo = DemoScene(app, iter([Show("golf")]), speed=20)
    app.replace(demo)
    while demo.session.moves < 3:
        run(app, 1)
    panel = pause(app, demo)
    panel.act("play")
    question = app.stack.top
    assert isinstance(question, ConfirmPanel)
    assert question.said_lines() == [
        "Your Golf game in progress (deal 3, 2 moves) ends with your first move in the new one; "
        "until then, Undo brings it back."
    ]
    question.act("close")
    assert app.stack.top is panel
    assert app.store.read("save-golf", 1)["moves"] == saved.to_dict()["moves"]
    moves = demo.session.moves
    panel.act("play")
    app.stack.top.act("yes")
    table = app.stack.top
    assert isinstance(table, TableScene) and not isinstance(table, DemoScene) and table.session.moves == moves
    # the game given up after asking ends at once: no offer to bring it back, which Undo could not
    # keep (it walks back through the demo's moves first); the demo's position is the saved game
    assert table.table.replaced is None and table.table.toast is None
    app.store.flush()
    assert app.store.read("save-golf", 1)["deal"] == str(demo.session.deal_id)
    assert [(r.result, r.moves) for r in app.records.db.history()] == [("abandoned", 2)]
    assert table.table.play(table.session.legal[0])  # the player's first move: the game is theirs
    app.close()

    fresh = make_app(tmp_path / "fresh", animation="off")
    demo = DemoScene(fresh, iter([Show("golf")]), speed=20)
    fresh.replace(demo)
    while demo.session.moves < 3:
        run(fresh, 1)
    pause(fresh, demo).act("play")
    assert isinstance(fresh.stack.top, TableScene) and not isinstance(fresh.stack.top, DemoScene)
    fresh.close()


def test_ui6_the_win_of_a_demo_is_said_once_by_the_banner_not_again_by_the_line_under_the_badge(tmp_path, monkeypatch):
    """UI-6: the celebration's banner says "Won in N moves!"; the line under the DEMO badge, which
    gave each move's reason, says nothing more while the win is celebrated."""
    import game.scenes.demo as demo_module

    app = make_app(tmp_path, animation="off")
    demo = DemoScene(app, iter([Show("golf")]), speed=40)
    app.replace(demo)
    for _ in range(20_000):
        run(app, 1)
        if demo.won_at is not None:
            break
    assert demo.won_at is not None and demo.caption.startswith("Won in")
    shown: list[str] = []
    monkeypatch.setattr(demo_module, "draw_toast", lambda surface, text, *rest, **named: shown.append(text))
    banners: list[str] = []
    fit_text = demo_module.fonts.fit_text

    def banner(text: str, *rest: object, **named: object) -> pygame.Surface:
        banners.append(text)
        return fit_text(text, *rest, **named)

    monkeypatch.setattr(demo_module.fonts, "fit_text", banner)
    run(app, 1)
    assert banners.count(demo.caption) == 1 and demo.caption not in shown
    app.close()


def test_ui6_every_option_set_of_every_game_has_deals_ready_for_the_demo():
    """UI-6: every game and option set is in the demo's cycle, each with deals from its seeds list
    rated within the demo's budget (tools/rate_seeds.py), so the demo never hunts for a line: an
    option set without such deals fails here, by name (make its seeds with tools/make_seeds.py and
    rate them)."""
    from game.core.variants import VARIANTS
    from game.play.demo import LINE_NODES, READY_NODES, every_option_set, ready

    everything = [(s.variant, s.options) for s in every_option_set()]
    combinations = [math.prod(len(o.values) for o in v.options) for v in VARIANTS]
    assert len(everything) == sum(combinations)  # e.g. 6 Klondike, 3 Spider, 1 FreeCell ... 2 TriPeaks
    few = [f"{s.variant} {s.options}: {len(ready(s))}" for s in every_option_set() if len(ready(s)) < 20]
    assert not few, f"option sets with fewer than 20 deals ready for the demo: {few}"
    assert [(s.variant, s.options) for s in every_show()] == everything
    assert READY_NODES <= LINE_NODES


def test_ui6_the_demo_plays_ready_deals_and_lets_its_search_go_once_the_line_is_found(monkeypatch):
    """UI-6: the demo draws its deals from those ready for it (rated within its budget) and, once
    the line is found, keeps the line and not the search's table of positions (a finished 400,000
    position search kept for the whole show held a gigabyte)."""
    import gc
    import weakref

    import game.play.demo as demo_module
    from game.play.demo import LINE_NODES, LineSearch, ready

    made: list[weakref.ref[object]] = []

    class Recorded(demo_module.SolverTask):
        def __init__(self, *args: object, **named: object) -> None:
            super().__init__(*args, **named)
            made.append(weakref.ref(self))

    monkeypatch.setattr(demo_module, "SolverTask", Recorded)
    show = Show("spider", {"suits": "4"})
    search = LineSearch(show, game_for(show.variant).solver)
    assert {d.number for d in search.candidates} <= set(ready(show)) and search.nodes == LINE_NODES
    while not search.advance(0.05):
        pass
    gc.collect()
    assert search.line is not None and search.tried == 1
    assert made and all(task() is None for task in made)


def test_ui6_a_demo_paused_after_its_win_offers_no_play_from_here(tmp_path):
    """Once the demo's game is won (or has no move left) there is nothing to take over: the paused
    panel offers Watch on and Back only (it offered Play from here, which handed over a won game)."""
    app = make_app(tmp_path, animation="off")
    demo = DemoScene(app, iter([Show("golf")]), speed=40)
    app.replace(demo)
    for _ in range(3000):
        run(app, 1)
        if demo.session.won or demo.session.over:
            break
    assert demo.session.won or demo.session.over
    panel = DemoPausedPanel(app, demo)
    app.push(panel)
    run(app, 1)
    assert [b.action for b in panel.buttons] == ["watch", "back"]
    app.close()
