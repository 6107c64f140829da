"""CM-14, the Rules screen: each game's rules (goal, layout, moves, a tip, its difficulty), the
controls and the glossary, in the current language; opened from the table (button or F1) and from
the home screen; it scrolls by wheel, keys and drag, fits every size, and closes with Esc."""

from __future__ import annotations

import pygame
import pytest
from scene_helpers import key, make_app, mouse_down, mouse_move, mouse_up, open_scene, run

from game.core.i18n import set_language
from game.games import GAMES
from game.scenes.home import HomeScene
from game.scenes.rules import RulesScene, wrap
from game.view import fonts


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_cm14_every_game_has_its_rules_and_f1_opens_them_over_the_table(tmp_path, game):
    app = make_app(tmp_path)
    table = open_scene(app, game.name, 3)
    key(app, pygame.K_F1)
    rules = app.stack.top
    assert isinstance(rules, RulesScene) and rules.game is game
    headings = [text for text, _, bold, _ in rules.lines if bold]
    assert {"Goal", "Layout", "Moves", "Tip", "Difficulty", "Controls", "Glossary"} <= set(headings)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is table
    app.close()


def test_cm14_the_toolbar_and_the_home_screen_open_the_rules(tmp_path):
    app = make_app(tmp_path, size=(1920, 1080))
    table = open_scene(app, "spider", 3)
    assert "rules" in [b.action for b in table.buttons]
    table.action("rules")
    assert isinstance(app.stack.top, RulesScene)
    app.go_home()
    run(app, 2)
    home = app.stack.top
    assert isinstance(home, HomeScene)
    home.act("rules:pyramid")
    assert isinstance(app.stack.top, RulesScene) and app.stack.top.game.name == "pyramid"
    app.close()


def test_cm14_the_rules_scroll_by_wheel_keys_and_drag_and_stop_at_the_ends(tmp_path):
    app = make_app(tmp_path, size=(800, 600))
    open_scene(app, "klondike", 3)
    key(app, pygame.K_F1)
    rules = app.stack.top
    assert rules.height > rules.body.h  # more than one screen: it must scroll
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    run(app, 1)
    after_wheel = rules.offset
    assert after_wheel > 0
    key(app, pygame.K_PAGEDOWN)
    assert rules.offset > after_wheel
    for _ in range(50):
        key(app, pygame.K_DOWN)
    assert rules.offset == pytest.approx(rules.height - rules.body.h)  # the end, not past it
    start = (400, 300)
    mouse_down(start)
    run(app, 1)
    for k in range(1, 8):
        mouse_move((400, 300 + 60 * k))
        run(app, 1)
    mouse_up((400, 720))
    run(app, 2)
    assert rules.offset < rules.height - rules.body.h - 300  # dragged down: back towards the top
    key(app, pygame.K_ESCAPE)
    assert not isinstance(app.stack.top, RulesScene)
    app.close()


@pytest.mark.parametrize("language", ["en", "ja", "it"])
@pytest.mark.parametrize("size", [(480, 320), (800, 1280), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_cm14_every_line_of_the_rules_fits_its_page_in_every_language(tmp_path, monkeypatch, language, size):
    monkeypatch.setenv("SOLITAIRE_LANG", language)
    app = make_app(tmp_path, size=size)
    for game in GAMES:
        rules = RulesScene(app, game.name, game.defaults())
        for text, text_size, bold, _ in rules.lines:
            assert text_size >= fonts.SMALLEST
            assert fonts.font(text_size, bold).size(text)[0] <= rules.body.w + 1, (game.name, text)
        assert rules.close.rect.bottom <= size[1] and rules.body.h > 0
    app.close()


def test_cm14_wrapping_breaks_english_at_spaces_and_japanese_anywhere():
    english = wrap("one two three four five six seven", 16, fonts.font(16).size("one two three")[0] + 1)
    assert english == ["one two three", "four five six", "seven"]
    japanese = wrap("山札をタップして捨て札へめくります。", 16, fonts.font(16).size("山札をタップ")[0] + 1)
    assert len(japanese) > 1 and "".join(japanese) == "山札をタップして捨て札へめくります。"
