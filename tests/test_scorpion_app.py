"""Scorpion in the window and its data: the table readable and inside the window at the sizes and
in the languages the other games are held to (UI-4, CM-15), mirrored in large print (UI-9); its
seeds (200 proved, rated deals) and its demo (UI-6); a deal won by taps alone in the real app
(SC-2, SC-3, SC-4)."""

from __future__ import annotations

import pytest
from scene_helpers import center, click, make_app, open_scene
from test_sizes import draw, inside, log, speak  # noqa: F401 (fixtures)

from game.core.dealid import DealId
from game.games.index import game_for
from game.rules.base import DEAL
from game.rules.pile import FOUNDATIONS, STOCK_PILE, TABLEAUS
from game.solver.api import solve_deal
from game.solver.engine import Status
from game.solver.seeds import seeds_path, winnable_efforts

GAME = game_for("scorpion")


@pytest.mark.parametrize(
    ("size", "language"),
    [((480, 320), "ja"), ((450, 800), "it"), ((800, 1280), "en"), ((1920, 1080), "ja")],
    ids=lambda x: f"{x[0]}x{x[1]}" if isinstance(x, tuple) else x,
)
def test_ui4_the_table_is_readable_and_fits(tmp_path, log, speak, size, language):  # noqa: F811
    from test_sizes import tables_are_readable_and_fit

    tables_are_readable_and_fit(tmp_path, log, speak, ["scorpion"], size, language)


def test_ui9_large_print_and_left_handed_the_piles_fit_and_the_columns_keep_their_order(tmp_path):
    from game.core.look import LARGE_PRINT, Look, set_look

    size = (480, 320)
    app = make_app(tmp_path, size=size)
    try:
        app.settings.look = Look(deck=LARGE_PRINT, left_handed=True)
        app.apply_look()
        scene = open_scene(app, "scorpion", 11)
        draw(app)
        piles = scene.view.layout.piles
        for pile, r in piles.items():
            assert inside(r, size), pile
        xs = [piles[p].x for p in TABLEAUS[:7]]
        assert xs == sorted(xs)  # column 1 stays on the left, as the rules and speech count it
        assert piles[STOCK_PILE].x < xs[0] and piles[FOUNDATIONS[0]].x < xs[0]  # the side column, mirrored
    finally:
        app.close()
        set_look(Look())


def test_sc4_a_deal_won_by_taps_in_the_real_app(tmp_path):
    """SC-2, SC-3, SC-4 end to end: the solver's line for a seeded deal played by taps (a card, then
    its place; the stock), each suit leaving the table, four gone a win."""
    number = 10
    app = make_app(tmp_path, size=(1000, 2000))  # tall: no column folds its cards
    try:
        scene = open_scene(app, "scorpion", number)
        result = solve_deal(GAME.solver, DealId.make("scorpion", number), max_nodes=100_000)
        assert result.status is Status.SOLVED
        for move in result.moves:
            state = scene.session.state
            if move.kind == DEAL:
                click(app, center(scene, STOCK_PILE), wait=0.1)
            else:
                index = len(GAME.rules.piles(state)[move.src][0]) - move.size
                click(app, center(scene, move.src, index), wait=0.1)
                click(app, center(scene, move.dst), wait=0.4)
            assert scene.session.state != state, move
        assert GAME.rules.is_won(scene.session.state) and scene.session.moves == len(result.moves)
    finally:
        app.close()


def test_seeds_hold_200_proved_and_rated_deals():
    """The list's quickest deals are won again by the solver (all cards known) within their budget."""
    rated = winnable_efforts("scorpion", {})
    assert len(rated) >= 200 and all(e is not None for e in rated.values())
    assert seeds_path("scorpion", {}).name == "scorpion.txt"
    for number in sorted(rated, key=lambda n: rated[n].nodes)[:3]:
        assert solve_deal(GAME.solver, DealId.make("scorpion", number), max_nodes=100_000).status is Status.SOLVED


def test_ui6_the_demo_wins_scorpion(tmp_path):
    from test_demo import test_ui6_the_demo_wins_every_game_with_legal_moves as demo_wins

    demo_wins(tmp_path, "scorpion", {})
