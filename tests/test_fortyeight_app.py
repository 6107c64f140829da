"""Forty & Eight in the window (FE-2, FE-3, FE-4), driven by real pygame events: a card selected by
a tap and placed by a second; the stock turned by a tap, the waste turned back by a tap on the
empty stock once and refused the second time; its record (the status bar, the Rules screen's
words, the table nine cards wide); its seeds and the demo."""

from __future__ import annotations

import pytest
from helpers import cards
from scene_helpers import center, click, make_app, open_scene

from game.core.cards import NO_CARD
from game.core.dealid import DealId
from game.games.index import game_for
from game.play.status import table_status
from game.rules.pile import FOUNDATIONS, STOCK_PILE, TABLEAUS
from game.rules.table import EMPTY_MARK, RECYCLE_MARK
from game.rules.thieves import ThievesState
from game.solver.api import solve_deal
from game.solver.engine import Status
from game.solver.seeds import seeds_path, winnable_efforts

GAME = game_for("fortyeight")


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    a.close()


def position(*cols: str, stock: str = "", waste: str = "", redeals: int = 1) -> ThievesState:
    tableau = tuple(cards(t) for t in cols) + (cards("KC"),) * (8 - len(cols))
    return ThievesState(tableau, cards(stock), cards(waste), (NO_CARD,) * 8, redeals)


def test_fe2_a_tap_on_a_top_card_then_on_its_suit_moves_it_and_a_card_under_it_is_refused(app):
    s = position("9H 8H", "9H", "7S 6S", "QD", stock="2C")
    scene = open_scene(app, "fortyeight", state=s)
    click(app, center(scene, TABLEAUS[0], 1))
    click(app, center(scene, TABLEAUS[1]))
    state = scene.session.state
    assert state.tableau[1] == cards("9H 8H") and state.tableau[0] == cards("9H")
    click(app, center(scene, TABLEAUS[2], 0))
    assert scene.session.state == state and "one at a time" in scene.table.toast[0]


def test_fe3_taps_on_the_stock_turn_it_then_turn_the_waste_back_once(app):
    s = position("9H", "QD", stock="2C", waste="3D")
    scene = open_scene(app, "fortyeight", state=s)
    click(app, center(scene, STOCK_PILE))
    assert scene.session.state.waste == cards("3D 2C") and scene.session.state.stock == ()
    assert GAME.labels(scene.session.state)[STOCK_PILE] == RECYCLE_MARK
    click(app, center(scene, STOCK_PILE))
    state = scene.session.state
    assert state.stock == cards("2C 3D") and state.waste == () and state.redeals == 0
    click(app, center(scene, STOCK_PILE))
    click(app, center(scene, STOCK_PILE))
    state = scene.session.state
    assert state.stock == () and GAME.labels(state)[STOCK_PILE] == EMPTY_MARK
    from game.play.position import Position

    again = GAME.interaction().tap(Position(GAME.rules, state), STOCK_PILE, -1)
    assert again.move is None and again.message and "No redeals" in again.message
    words = " ".join(str(x) for x in table_status(scene.table)[1])
    assert "Redeals left 0" in words and "Stock 0" in words


def test_cm14_the_record_says_the_rules_and_fits_nine_cards_a_row():
    text = " ".join(body for _, body in GAME.guide())
    assert "104" in text and "one card moves at a time" in text.lower() and "once" in text
    assert GAME.controls().stock_key and GAME.stars({}) == 3
    s = GAME.rules.deal(DealId.make("fortyeight", 1))
    spec = GAME.table(s)
    assert [len(row) for row in spec.rows] == [8, 8] and len(spec.side) == 2
    assert GAME.labels(s)[FOUNDATIONS[7]] == "A" and STOCK_PILE not in GAME.labels(s)


def test_seeds_hold_200_proved_and_rated_deals():
    """The list's quickest deals are won again by the solver (all cards known) within its budget."""
    rated = winnable_efforts("fortyeight", {})
    assert len(rated) >= 200 and all(e is not None for e in rated.values())
    assert seeds_path("fortyeight", {}).name == "fortyeight.txt"
    for number in sorted(rated, key=lambda n: rated[n].nodes)[:3]:
        result = solve_deal(GAME.solver, DealId.make("fortyeight", number), max_nodes=30_000)
        assert result.status is Status.SOLVED


def test_ui6_the_demo_wins_forty_and_eight(tmp_path):
    from test_demo import test_ui6_the_demo_wins_every_game_with_legal_moves as demo_wins

    demo_wins(tmp_path, "fortyeight", {})


def test_cm10_right_from_the_last_column_goes_to_the_waste_beside_it_and_left_comes_back(app):
    """The stock and the waste stand beside the rows, the stock level with the foundations and the
    waste with the columns: → from the last column goes to the waste (it went to the stock, above),
    → from the last foundation to the stock, and ← from the waste back to the columns."""
    import pygame
    from scene_helpers import key

    from game.rules.pile import WASTE_PILE

    s = position("9H", "8S", "7D", "6C", "5H", "4S", "3D", "2C", stock="KC QC", waste="JD")
    scene = open_scene(app, "fortyeight", state=s)
    key(app, pygame.K_DOWN)  # the focus appears
    for _ in range(10):
        key(app, pygame.K_RIGHT)
    assert scene.cards.at[0] == WASTE_PILE
    key(app, pygame.K_LEFT)
    assert scene.cards.at[0] == TABLEAUS[7]
    key(app, pygame.K_UP)
    for _ in range(10):
        key(app, pygame.K_RIGHT)
    assert scene.cards.at[0] == STOCK_PILE
