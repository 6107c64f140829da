"""Grandfather in the window (GF-2, GF-3), driven by real pygame events: a card with the cards on it
moved by two taps, a card with no place refused with the reason, the redeal's place tapped (its count
shown), a card sent home by a double tap; its record; its seeds; its demo."""

from __future__ import annotations

import pygame
import pytest
from helpers import cards
from scene_helpers import center, click, make_app, open_scene, run

from game.core.cards import NO_CARD
from game.core.dealid import DealId
from game.games.grandfather.rules import GrandfatherState
from game.games.index import game_for
from game.rules.pile import FOUNDATIONS, STOCK_PILE, TABLEAUS
from game.solver.api import solve_deal
from game.solver.engine import Status
from game.solver.seeds import seeds_path, winnable_efforts

GAME = game_for("grandfather")


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    a.close()


def position(*cols: str, redeals: int = 2) -> GrandfatherState:
    tableau = tuple(cards(c) for c in cols) + ((),) * (7 - len(cols))
    return GrandfatherState(tableau, (0,) * 7, (NO_CARD,) * 4, redeals)


def test_gf2_a_card_with_the_cards_on_it_moves_by_two_taps_and_a_wrong_place_is_refused(app):
    s = position("8H", "KS 7H 2C", "5C", "AS")
    scene = open_scene(app, "grandfather", state=s)
    click(app, center(scene, TABLEAUS[1], 1))  # 7H, with 2C on it
    click(app, center(scene, TABLEAUS[0]))
    state = scene.session.state
    assert state.tableau[0] == cards("8H 7H 2C") and state.tableau[1] == cards("KS")
    click(app, center(scene, TABLEAUS[2]))  # 5C: no card of its suit one higher anywhere
    assert scene.session.state == state and "no legal place" in scene.table.toast[0]


def test_gf3_a_tap_on_the_redeal_place_deals_the_columns_again_and_its_count_goes_down(app):
    s = position("8H", "KS 7H 2C", "5C", "AS", "9D", "4C")
    scene = open_scene(app, "grandfather", state=s)
    assert GAME.labels(scene.session.state)[STOCK_PILE] == "2"
    click(app, center(scene, STOCK_PILE))
    run(app, 30)
    assert scene.session.state.redeals == 1 and scene.session.moves == 1
    assert GAME.labels(scene.session.state)[STOCK_PILE] == "1"


def test_cm3_a_double_tap_sends_an_ace_home(app):
    scene = open_scene(app, "grandfather", state=position("8H", "KS 7H 2C", "5C", "AS"))
    pos = center(scene, TABLEAUS[3])
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        run(app, 2)
    run(app, 30)
    state = scene.session.state
    assert state.tableau[3] == () and cards("AS")[0] in state.foundations
    assert FOUNDATIONS[0] in scene.session.rules.piles(state)


def test_cm14_the_record_says_the_rules():
    text = " ".join(body for _, body in GAME.guide())
    assert "peak" in text and "Twice" in text and "its suit one rank higher" in text
    assert GAME.controls().stock_key


def test_seeds_hold_200_proved_and_rated_deals():
    rated = winnable_efforts("grandfather", {})
    assert len(rated) >= 200 and all(e is not None for e in rated.values())
    assert seeds_path("grandfather", {}).name == "grandfather.txt"
    for number in sorted(rated, key=lambda n: rated[n].nodes)[:3]:
        result = solve_deal(GAME.solver, DealId.make("grandfather", number), max_nodes=200_000)
        assert result.status is Status.SOLVED


def test_ui6_the_demo_wins_grandfather(tmp_path):
    from test_demo import test_ui6_the_demo_wins_every_game_with_legal_moves as demo_wins

    demo_wins(tmp_path, "grandfather", {})
