"""Simple Simon in the window (SS-2, SS-3), driven by real pygame events: a run selected by a tap and
placed by a second, a mixed one refused with the reason, a double tap that completes a suit; its
record (the status bar, the Rules screen's words); its seeds; its demo."""

from __future__ import annotations

import pygame
import pytest
from helpers import cards, columns
from scene_helpers import center, click, make_app, open_scene, run

from game.core.dealid import DealId
from game.games.index import game_for
from game.games.simplesimon.rules import SimpleSimonState
from game.play.status import table_status
from game.rules.pile import TABLEAUS
from game.solver.api import solve_deal
from game.solver.engine import Status
from game.solver.seeds import seeds_path, winnable_efforts

GAME = game_for("simplesimon")
RUN_KH = "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    a.close()


def position(*cols: str, completed=()) -> SimpleSimonState:
    tableau, _ = columns(*cols, *(["9S"] * (10 - len(cols))))
    return SimpleSimonState(tableau, tuple(completed))


def test_ss2_a_tap_on_a_run_then_on_a_column_moves_the_run_and_a_mixed_one_is_refused(app):
    s = position("3C 8H 7H 6H", "9S", "8S 7D", "9D")
    scene = open_scene(app, "simplesimon", state=s)
    click(app, center(scene, TABLEAUS[0], 1))  # 8H 7H 6H, one suit
    click(app, center(scene, TABLEAUS[1]))
    state = scene.session.state
    assert state.tableau[1] == cards("9S 8H 7H 6H") and state.tableau[0] == cards("3C")
    click(app, center(scene, TABLEAUS[2], 0))  # 8S 7D: mixed
    assert scene.session.state == state and "one suit" in scene.table.toast[0]


def test_ss3_a_double_tap_sends_the_run_where_it_completes_a_suit_and_the_bar_counts_it(app):
    s = position(f"4S {RUN_KH}", "2C", "AH", "2H 3S")
    scene = open_scene(app, "simplesimon", state=s)
    pos = center(scene, TABLEAUS[2])
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        run(app, 2)
    run(app, 30)
    state = scene.session.state
    assert state.completed == (1,) and state.tableau[0] == cards("4S") and scene.session.moves == 1
    assert "1/4" in " ".join(str(x) for x in table_status(scene.table)[1])


def test_cm14_the_record_says_the_rules_and_the_words_of_the_game():
    text = " ".join(body for _, body in GAME.guide())
    assert "8, 8, 8, 7" in text and "run of one suit" in text and "No stock" in text
    assert [w for w, _ in GAME.words()] == ["Completed suit"]
    assert GAME.controls().stock_key is None


def test_seeds_hold_200_proved_and_rated_deals():
    """The list's quickest deals are won again by the solver within its budget."""
    rated = winnable_efforts("simplesimon", {})
    assert len(rated) >= 200 and all(e is not None for e in rated.values())
    assert seeds_path("simplesimon", {}).name == "simplesimon.txt"
    for number in sorted(rated, key=lambda n: rated[n].nodes)[:3]:
        result = solve_deal(GAME.solver, DealId.make("simplesimon", number), max_nodes=200_000)
        assert result.status is Status.SOLVED


def test_ui6_the_demo_wins_simplesimon(tmp_path):
    from test_demo import test_ui6_the_demo_wins_every_game_with_legal_moves as demo_wins

    demo_wins(tmp_path, "simplesimon", {})
