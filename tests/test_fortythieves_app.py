"""Forty Thieves in the window (FT-2, FT-3, FT-4), driven by real pygame events: a card selected by
a tap and placed by a second, a two-card pick refused with a reason, the stock turned by a tap and
refused once it is out, a double tap that sends a card home; its record (the status bar, the Rules
screen's words); its seeds and the demo."""

from __future__ import annotations

import pygame
import pytest
from helpers import cards
from scene_helpers import center, click, make_app, open_scene, run

from game.core.cards import NO_CARD
from game.core.dealid import DealId
from game.games.index import game_for
from game.play.status import table_status
from game.rules.pile import FOUNDATIONS, STOCK_PILE, TABLEAUS
from game.rules.thieves import ThievesState
from game.solver.api import solve_deal
from game.solver.engine import Status
from game.solver.seeds import seeds_path, winnable_efforts

GAME = game_for("fortythieves")


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    a.close()


def position(*cols: str, stock: str = "", waste: str = "") -> ThievesState:
    tableau = tuple(cards(t) for t in cols) + (cards("KC"),) * (10 - len(cols))
    return ThievesState(tableau, cards(stock), cards(waste), (NO_CARD,) * 8)


def test_ft2_a_tap_on_a_top_card_then_on_its_suit_moves_it_and_a_card_under_it_is_refused(app):
    s = position("9H 8H", "9H", "7S 6S", "QD", stock="2C")
    scene = open_scene(app, "fortythieves", state=s)
    click(app, center(scene, TABLEAUS[0], 1))
    click(app, center(scene, TABLEAUS[1]))
    state = scene.session.state
    assert state.tableau[1] == cards("9H 8H") and state.tableau[0] == cards("9H")
    click(app, center(scene, TABLEAUS[2], 0))  # 7S under 6S: one card at a time
    assert scene.session.state == state and "one at a time" in scene.table.toast[0]


def test_ft3_a_tap_on_the_stock_turns_one_card_and_an_empty_stock_says_there_is_no_redeal(app):
    s = position("9H", "QD", stock="2C 3D")
    scene = open_scene(app, "fortythieves", state=s)
    click(app, center(scene, STOCK_PILE))
    assert scene.session.state.waste == cards("3D") and scene.session.state.stock == cards("2C")
    click(app, center(scene, STOCK_PILE))
    state = scene.session.state
    assert state.stock == () and state.waste == cards("3D 2C")
    from game.play.position import Position

    again = GAME.interaction().tap(Position(GAME.rules, state), STOCK_PILE, -1)
    assert again.move is None and again.message and "no redeal" in again.message


def test_ft4_cm3_a_double_tap_sends_an_ace_home_and_the_status_bar_counts_the_cards_left(app):
    s = position("9H AS", "QD", stock="2C")
    scene = open_scene(app, "fortythieves", state=s)
    pos = center(scene, TABLEAUS[0], 1)
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        run(app, 2)
    run(app, 30)
    state = scene.session.state
    assert state.tableau[0] == cards("9H") and cards("AS")[0] in state.foundations
    assert FOUNDATIONS[state.foundations.index(cards("AS")[0])] in FOUNDATIONS
    words = " ".join(str(x) for x in table_status(scene.table)[1])
    assert "Stock 1" in words and "103" in words


def test_cm14_the_record_says_the_rules_and_fits_ten_places_a_row():
    text = " ".join(body for _, body in GAME.guide())
    assert "104" in text and "one card moves at a time" in text.lower() and "no redeal" in text
    assert GAME.controls().stock_key and GAME.stars({}) == 4
    s = GAME.rules.deal(DealId.make("fortythieves", 1))
    rows = GAME.table(s).rows
    assert [len(row) for row in rows] == [10, 10]
    assert GAME.labels(s)[FOUNDATIONS[7]] == "A" and STOCK_PILE not in GAME.labels(s)


def test_seeds_hold_200_proved_and_rated_deals():
    """The list's quickest deals are won again by the solver (all cards known) within its budget."""
    rated = winnable_efforts("fortythieves", {})
    assert len(rated) >= 200 and all(e is not None for e in rated.values())
    assert seeds_path("fortythieves", {}).name == "fortythieves.txt"
    for number in sorted(rated, key=lambda n: rated[n].nodes)[:3]:
        result = solve_deal(GAME.solver, DealId.make("fortythieves", number), max_nodes=30_000)
        assert result.status is Status.SOLVED


def test_ui6_the_demo_wins_forty_thieves(tmp_path):
    from test_demo import test_ui6_the_demo_wins_every_game_with_legal_moves as demo_wins

    demo_wins(tmp_path, "fortythieves", {})
