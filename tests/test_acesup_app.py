"""Aces Up in the window (AU-2, AU-3, AU-4, AU-5), driven by real pygame events: the stock tapped
deals a card onto each pile, a card discarded by two taps and by a double tap, a card moved into an
empty pile, a wrong place refused with the reason; the table inside the window at the sizes the
other games are held to (UI-4); a deal won by taps alone; its record; its seeds; its demo."""

from __future__ import annotations

import pygame
import pytest
from helpers import cards
from scene_helpers import center, click, make_app, open_scene, run, tap_line
from test_sizes import log, speak  # noqa: F401 (fixtures)

from game.core.dealid import DealId
from game.games.acesup.rules import AcesUpState
from game.games.index import game_for
from game.rules.pile import DISCARD_PILE, STOCK_PILE, TABLEAUS
from game.rules.table import EMPTY_MARK
from game.solver.api import solve_deal
from game.solver.engine import Status
from game.solver.seeds import seeds_path, winnable_efforts

GAME = game_for("acesup")


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    a.close()


def position(*piles: str, stock: str = "") -> AcesUpState:
    tableau = tuple(cards(p) for p in piles) + ((),) * (4 - len(piles))
    return AcesUpState(tableau, cards(stock), ())


@pytest.mark.parametrize(
    ("size", "language"),
    [((480, 320), "ja"), ((800, 1280), "it"), ((1920, 1080), "en")],
    ids=lambda x: f"{x[0]}x{x[1]}" if isinstance(x, tuple) else x,
)
def test_ui4_the_table_is_readable_and_fits(tmp_path, log, speak, size, language):  # noqa: F811
    from test_sizes import tables_are_readable_and_fit

    tables_are_readable_and_fit(tmp_path, log, speak, ["acesup"], size, language)


def test_au4_a_tap_on_the_stock_deals_a_card_onto_each_pile(app):
    s = position("5H", "9C", "KS", "2D", stock="3C 4C 5C 6C 7C 8C 9S TS")
    scene = open_scene(app, "acesup", state=s)
    click(app, center(scene, STOCK_PILE))
    run(app, 30)
    state = scene.session.state
    assert [col[-1] for col in state.tableau] == list(cards("TS 9S 8C 7C")) and len(state.stock) == 4
    assert scene.session.moves == 1


def test_au2_au3_a_card_discarded_by_two_taps_moved_to_an_empty_pile_and_a_wrong_place_refused(app):
    s = position("2C 5H", "9H", "KS QD", "", stock="3C 4C 5C 6C")
    scene = open_scene(app, "acesup", state=s)
    click(app, center(scene, TABLEAUS[0]))  # 5H, under the 9H
    click(app, center(scene, DISCARD_PILE))
    state = scene.session.state
    assert state.tableau[0] == cards("2C") and state.discard == cards("5H")
    click(app, center(scene, TABLEAUS[2]))  # QD into the empty pile
    click(app, center(scene, TABLEAUS[3]))
    state = scene.session.state
    assert state.tableau[2] == cards("KS") and state.tableau[3] == cards("QD")
    click(app, center(scene, TABLEAUS[1]))  # 9H: no higher heart shows, no pile is empty
    assert scene.session.state == state and "no legal place" in scene.table.toast[0]


def test_cm3_au5_a_double_tap_discards_and_the_last_discard_wins(app):
    scene = open_scene(app, "acesup", state=position("AS", "AH", "AC", "AD 2C"))
    pos = center(scene, TABLEAUS[3])
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        run(app, 2)
    run(app, 30)
    state = scene.session.state
    assert state.tableau[3] == cards("AD") and state.discard == cards("2C") and GAME.rules.is_won(state)


def test_au5_a_deal_won_by_taps_in_the_real_app(tmp_path):
    """The solver's line for a deal played by taps (a card, then its place; the stock)."""
    number = 3
    app = make_app(tmp_path, size=(1000, 2000))
    try:
        scene = open_scene(app, "acesup", number)
        result = solve_deal(GAME.solver, DealId.make("acesup", number), max_nodes=60_000)
        assert result.status is Status.SOLVED
        tap_line(app, scene, result.moves, wait=0.1, land=0.4)
        assert GAME.rules.is_won(scene.session.state) and scene.session.moves == len(result.moves)
    finally:
        app.close()


def test_cm14_the_record_says_the_rules():
    text = " ".join(body for _, body in GAME.guide())
    assert "aces are high" in text and "empty column" in text and "no redeal" in text
    assert GAME.controls().stock_key and GAME.words()
    s = position("AS", stock="")
    assert GAME.labels(s) == {STOCK_PILE: EMPTY_MARK} and GAME.status(s)


def test_seeds_hold_200_proved_and_rated_deals():
    rated = winnable_efforts("acesup", {})
    assert len(rated) >= 200 and all(e is not None for e in rated.values())
    assert seeds_path("acesup", {}).name == "acesup.txt"
    for number in sorted(rated, key=lambda n: rated[n].nodes)[:3]:
        result = solve_deal(GAME.solver, DealId.make("acesup", number), max_nodes=200_000)
        assert result.status is Status.SOLVED


def test_ui6_the_demo_wins_acesup(tmp_path):
    from test_demo import test_ui6_the_demo_wins_every_game_with_legal_moves as demo_wins

    demo_wins(tmp_path, "acesup", {})
