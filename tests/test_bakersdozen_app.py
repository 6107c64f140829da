"""Baker's Dozen in the window (BD-1 ... BD-3), driven by real pygame events: a card played by a
tap and a tap, a double tap home, a drag into an emptied column flying back with the reason, keys
alone; the crossed-out emptied column; and the table at every size in every language, a long column
included."""

from __future__ import annotations

import pygame
import pytest
from helpers import cards
from scene_helpers import center, click, drag, key, make_app, open_scene, run
from test_bakersdozen import table
from test_sizes import LANGUAGES, SIZES, draw, inside, log, speak  # noqa: F401 (fixtures)

from game.games.index import game_for
from game.rules.pile import TABLEAUS
from game.rules.table import EMPTY_MARK

GAME = game_for("bakersdozen")


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    a.close()


def test_bd2_a_tap_on_a_columns_last_card_then_on_another_columns_plays_it_whatever_the_suit(app):
    scene = open_scene(app, "bakersdozen", state=table("KS 9H", "TC", "8D", "AS", "2C 5H"))
    click(app, center(scene, TABLEAUS[0]))
    click(app, center(scene, TABLEAUS[1]))
    assert scene.session.state.tableau[1] == table("TC 9H").tableau[0] and scene.session.moves == 1


def test_bd3_a_double_tap_sends_a_card_home(app):
    scene = open_scene(app, "bakersdozen", state=table("KS 9H", "TC", "8D", "AS", "2C 5H"))
    pos = center(scene, TABLEAUS[3])
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        run(app, 2)
    run(app, 30)
    state = scene.session.state
    assert state.tableau[3] == () and cards("AS")[0] in state.foundations and scene.session.moves == 1


def test_bd2_a_card_dragged_into_an_emptied_column_flies_back_with_the_reason_and_the_column_is_crossed_out(app):
    s = table("KS 9H", "TC", "8D", "", "QC")
    scene = open_scene(app, "bakersdozen", state=s)
    assert GAME.labels(s)[TABLEAUS[3]] == EMPTY_MARK and TABLEAUS[0] not in GAME.labels(s)
    drag(app, center(scene, TABLEAUS[2]), center(scene, TABLEAUS[3]))
    run(app, 30)
    assert scene.session.state == s and scene.session.moves == 0
    assert "stays empty" in scene.table.toast[0]


def test_cm10_keys_alone_play_a_card_onto_another_column(app):
    scene = open_scene(app, "bakersdozen", state=table("KS 9H", "TC", "8D", "AS", "2C 5H"))
    key(app, pygame.K_RIGHT)
    while scene.cards.at is not None and scene.cards.at[0] != TABLEAUS[2]:
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_LEFT, frames=2)
    key(app, pygame.K_LEFT, frames=2)
    key(app, pygame.K_RETURN)
    assert scene.session.state.tableau[0] == table("KS 9H 8D").tableau[0] and scene.session.moves == 1


FITS = [((480, 320), language) for language in LANGUAGES] + [((800, 1280), "ja"), ((1920, 1080), "it")]


@pytest.mark.parametrize(("size", "language"), FITS, ids=lambda x: f"{x[0]}x{x[1]}" if isinstance(x, tuple) else x)
def test_ui4_the_table_is_readable_and_fits(tmp_path, log, speak, size, language):  # noqa: F811
    from test_sizes import tables_are_readable_and_fit

    tables_are_readable_and_fit(tmp_path, log, speak, ["bakersdozen"], size, language)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_ui4_a_long_built_column_stays_on_the_table(tmp_path, size):
    """Twelve cards built on a king and a few more columns: every card inside the window."""
    s = table("KS QH JC TD 9S 8H 7C 6D 5S 4H 3C 2D", "KH 5H", "KD 7S 9C", "KC QD 4D", home="AS AH AD AC")
    app = make_app(tmp_path, size=size)
    try:
        scene = open_scene(app, "bakersdozen", state=s)
        draw(app)
        for sprite in scene.view.sprites.items:
            assert inside(sprite.rect, size), (sprite.pile, sprite.index)
    finally:
        app.close()
