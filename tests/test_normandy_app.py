"""Normandy in the window (NO-2, NO-3), driven by real pygame events: a run moved by a tap and a
second tap, a mixed run refused with its reason, a tap on the stock dealing a row; its record (the
status bar, the Rules screen's words, the table nine cards wide); its seeds and the demo."""

from __future__ import annotations

import pytest
from helpers import cards
from scene_helpers import center, click, make_app, open_scene

from game.core.cards import NO_CARD
from game.core.dealid import DealId
from game.games.index import game_for
from game.games.normandy.rules import NormandyState
from game.play.status import table_status
from game.rules.pile import FOUNDATIONS, STOCK_PILE, TABLEAUS
from game.rules.table import EMPTY_MARK
from game.solver.api import solve_deal
from game.solver.engine import Status
from game.solver.seeds import seeds_path, winnable_efforts

GAME = game_for("normandy")
STOCK = "2C 3C 4C 5C 6C 7D 8D 9C"


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    a.close()


def position(*cols: str, stock: str = STOCK) -> NormandyState:
    tableau = tuple(cards(t) for t in cols) + (cards("KC"),) * (8 - len(cols))
    return NormandyState(tableau, (0,) * 8, cards(stock), (NO_CARD,) * 8)


def test_no2_a_tap_on_a_run_then_on_the_other_colour_moves_it_and_a_mixed_run_is_refused(app):
    s = position("9S 8H 7C", "TD", "9S 8S 7H")
    scene = open_scene(app, "normandy", state=s)
    click(app, center(scene, TABLEAUS[0], 0))
    click(app, center(scene, TABLEAUS[1]))
    state = scene.session.state
    assert state.tableau[1] == cards("TD 9S 8H 7C") and state.tableau[0] == ()
    click(app, center(scene, TABLEAUS[2], 0))  # 9S under 8S: not in alternating colours
    assert scene.session.state == state and "alternating" in scene.table.toast[0]


def test_no3_a_tap_on_the_stock_deals_a_row_and_the_empty_stock_is_marked(app):
    s = position("9S", "TD")
    scene = open_scene(app, "normandy", state=s)
    click(app, center(scene, STOCK_PILE))
    state = scene.session.state
    assert state.stock == () and [col[-1] for col in state.tableau] == list(cards(STOCK))
    assert GAME.labels(state)[STOCK_PILE] == EMPTY_MARK
    words = " ".join(str(x) for x in table_status(scene.table)[1])
    assert "Deals 0" in words and "104" in words


def test_cm14_the_record_says_the_rules_and_fits_nine_cards_a_row():
    text = " ".join(body for _, body in GAME.guide())
    assert "104" in text and "alternate colours" in text and "no redeal" in text.lower()
    assert GAME.controls().stock_key and GAME.stars({}) == 2
    s = GAME.rules.deal(DealId.make("normandy", 1))
    spec = GAME.table(s)
    assert [len(row) for row in spec.rows] == [8, 8] and spec.side == (STOCK_PILE,)
    assert GAME.labels(s)[FOUNDATIONS[7]] == "A" and STOCK_PILE not in GAME.labels(s)


def test_gypsy_is_another_name_for_normandy():
    assert game_for("gypsy") is GAME and game_for("Gypsy") is GAME


def test_seeds_hold_200_proved_and_rated_deals():
    """The list's quickest deals are won again by the solver (all cards known) within its budget."""
    rated = winnable_efforts("normandy", {})
    assert len(rated) >= 200 and all(e is not None for e in rated.values())
    assert seeds_path("normandy", {}).name == "normandy.txt"
    for number in sorted(rated, key=lambda n: rated[n].nodes)[:3]:
        result = solve_deal(GAME.solver, DealId.make("normandy", number), max_nodes=30_000)
        assert result.status is Status.SOLVED


def test_ui6_the_demo_wins_normandy(tmp_path):
    from test_demo import test_ui6_the_demo_wins_every_game_with_legal_moves as demo_wins

    demo_wins(tmp_path, "normandy", {})
