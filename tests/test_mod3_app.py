"""Mod 3 in the window (MO-2, MO-3, MO-4), driven by real pygame events: the stock tapped deals a
card onto each place of the fourth row, a card built by two taps and its place filled from the
stock, an ace sent away by a double tap, a wrong place refused with the reason; the table inside
the window at the sizes the other games are held to (UI-4); a deal won by taps alone; its record;
its seeds; its demo."""

from __future__ import annotations

import pygame
import pytest
from helpers import cards
from scene_helpers import center, click, make_app, open_scene, run, tap_line
from test_sizes import log, speak  # noqa: F401 (fixtures)

from game.core.dealid import DealId
from game.games.index import game_for
from game.games.mod3.rules import ACES_PILE, BUILD_PILES, Mod3State
from game.rules.pile import STOCK_PILE, TABLEAUS, parse_pile
from game.rules.table import EMPTY_MARK
from game.solver.api import solve_deal
from game.solver.engine import Status
from game.solver.seeds import seeds_path, winnable_efforts
from game.view.layout import table_layout

GAME = game_for("mod3")


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    a.close()


def position(builds: dict[str, str] | None = None, *tableau: str, stock: str = "", aces: str = "") -> Mod3State:
    piles = [()] * 24
    for name, text in (builds or {}).items():
        piles[parse_pile(name).idx] = cards(text)
    cols = tuple(cards(t) for t in tableau) + ((),) * (8 - len(tableau))
    return Mod3State(tuple(piles), cols, cards(aces), cards(stock))


@pytest.mark.parametrize(
    ("size", "language"),
    [((480, 320), "en"), ((800, 1280), "it"), ((1920, 1080), "en"), ((1280, 800), "ja")],
    ids=lambda x: f"{x[0]}x{x[1]}" if isinstance(x, tuple) else x,
)
def test_ui4_the_table_is_readable_and_fits(tmp_path, log, speak, size, language):  # noqa: F811
    from test_sizes import tables_are_readable_and_fit

    tables_are_readable_and_fit(tmp_path, log, speak, ["mod3"], size, language)


@pytest.mark.parametrize("size", [(480, 320), (800, 1280), (1920, 1080)])
def test_mo1_the_four_rows_the_aces_and_the_stock_fit_every_window_without_overlap(size):
    """MO-1, KPat's table: three rows of building piles with the aces at the right of the first,
    the fourth row with the stock at its right; no two piles overlap, all on the table. At 480x320
    the fourth row's columns get less room (they fold, SP-12) so that the cards stay readable (UI-4)."""
    s = GAME.rules.deal(DealId.make("mod3", 1))
    lay = table_layout(GAME.table(s), size)
    rects = {p: lay.piles[p] for p in (*BUILD_PILES, *TABLEAUS[:8], ACES_PILE, STOCK_PILE)}
    assert len(rects) == 34
    for p, r in rects.items():
        assert r.x >= 0 and r.right <= size[0] and r.y >= lay.top_bar.bottom and r.bottom <= lay.toolbar.y, p
        for q, other in rects.items():
            assert p == q or r.overlap(other) == 0, (p, q)
    rows = [rects[BUILD_PILES[8 * r]].y for r in range(3)] + [rects[TABLEAUS[0]].y]
    assert rows == sorted(rows) and rects[ACES_PILE].y == rows[0] and rects[STOCK_PILE].y == rows[3]
    assert rects[ACES_PILE].x > rects[BUILD_PILES[7]].x and rects[STOCK_PILE].x == rects[ACES_PILE].x
    room = lay.table.bottom - rects[TABLEAUS[0]].bottom
    assert room >= (0.3 if size == (480, 320) else 1.2) * lay.card_h  # the fourth row grows into the room left


def test_mo3_a_tap_on_the_stock_deals_a_card_onto_each_place_of_the_fourth_row(app):
    fourth = ("5H", "9C", "KS", "2D", "3C", "4C", "6C", "7C")
    s = position({"b1.1": "JS"}, *fourth, stock="8C 9S TS JD QD KD 2S 3S 4S 5S")
    scene = open_scene(app, "mod3", state=s)
    click(app, center(scene, STOCK_PILE))
    run(app, 30)
    state = scene.session.state
    assert [col[-1] for col in state.tableau] == list(cards("5S 4S 3S 2S KD QD JD TS")) and len(state.stock) == 2
    assert scene.session.moves == 1


def test_mo2_a_card_built_by_two_taps_its_place_filled_from_the_stock_and_a_wrong_place_refused(app):
    full = ("QH", "QH", "QD", "QD", "KC", "KC")  # no empty place in the fourth row
    s = position({"b1.1": "2H", "b1.2": "9C"}, "5H", "KD 5S", *full, stock="QC JD")
    scene = open_scene(app, "mod3", state=s)
    click(app, center(scene, TABLEAUS[0]))  # 5H onto 2H
    click(app, center(scene, BUILD_PILES[0]))
    state = scene.session.state
    assert state.builds[0] == cards("2H 5H") and state.tableau[0] == cards("JD") and state.stock == cards("QC")
    click(app, center(scene, TABLEAUS[1]))  # 5S: no 2 of spades, no empty place
    assert scene.session.state == state and "no legal place" in scene.table.toast[0]


def test_cm3_a_double_tap_sends_an_ace_to_the_aces_pile(app):
    scene = open_scene(app, "mod3", state=position({}, "KD AH", "QS"))
    pos = center(scene, TABLEAUS[0])
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        run(app, 2)
    run(app, 30)
    state = scene.session.state
    assert state.tableau[0] == cards("KD") and state.aces == cards("AH")


def test_mo4_a_deal_won_by_taps_in_the_real_app(tmp_path):
    """The solver's line for a deal played by taps (a card, then its place; the stock)."""
    number = 1
    app = make_app(tmp_path, size=(800, 1280))
    try:
        scene = open_scene(app, "mod3", number)
        result = solve_deal(GAME.solver, DealId.make("mod3", number), max_nodes=60_000)
        assert result.status is Status.SOLVED
        tap_line(app, scene, result.moves)
        assert GAME.rules.is_won(scene.session.state) and scene.session.moves == len(result.moves)
    finally:
        app.close()


def test_cm14_the_record_says_the_rules():
    text = " ".join(body for _, body in GAME.guide())
    assert "2, 5, 8, J" in text and "aces pile" in text and "no redeal" in text
    assert GAME.controls().stock_key and GAME.words()
    s = position({"b1.1": "2H"}, "AS")
    labels = GAME.labels(s)
    assert labels[STOCK_PILE] == EMPTY_MARK and labels[BUILD_PILES[8]] == "3" and labels[ACES_PILE] == "A"
    assert GAME.status(s)


def test_seeds_hold_200_proved_and_rated_deals():
    rated = winnable_efforts("mod3", {})
    assert len(rated) >= 200 and all(e is not None for e in rated.values())
    assert seeds_path("mod3", {}).name == "mod3.txt"
    for number in sorted(rated, key=lambda n: rated[n].nodes)[:3]:
        result = solve_deal(GAME.solver, DealId.make("mod3", number), max_nodes=200_000)
        assert result.status is Status.SOLVED


def test_ui6_the_demo_wins_mod3(tmp_path):
    from test_demo import test_ui6_the_demo_wins_every_game_with_legal_moves as demo_wins

    demo_wins(tmp_path, "mod3", {})
