"""An option of more values than its row has room for (FreeCell's five games, FC-7) is one chip
that shows the value chosen and chooses the next on a tap, by mouse, finger or keys, on a home tile
and on the New deal dialog alike (UI-4: every panel fits the window; CM-18: every button by keys;
CM-19: said, the glyph as what a tap does)."""

from __future__ import annotations

import pygame
from scene_helpers import click, key, make_app, open_scene, run

from game.scenes.home import HomeScene
from game.view.acts import NEXT_MARK, Choose, Cycle, following

FAMILY = ["freecell", "bakers", "eightoff", "forecell", "seahaven"]
NAMES = ["FreeCell", "Baker's Game", "Eight Off", "Forecell", "Seahaven Towers"]


def test_following_steps_round_and_starts_over_from_a_value_not_among_them():
    assert following(("a", "b", "c"), "a") == "b" and following(("a", "b", "c"), "c") == "a"
    assert following(("a", "b"), "z") == "a"


def test_ui4_a_home_tile_too_narrow_for_five_chips_shows_one_that_steps_through_them(tmp_path):
    app = make_app(tmp_path, (800, 1280))
    app.go_home()
    run(app, 2)
    home = app.stack.top
    assert isinstance(home, HomeScene)
    fc = [b for b in home.buttons if getattr(b.action, "variant", "") == "freecell"]
    assert not any(isinstance(b.action, Choose) for b in fc)  # five names would not fit side by side
    seen, said = [], []
    for _ in range(len(FAMILY)):
        chip = next(b for b in home.buttons if isinstance(b.action, Cycle) and b.action.variant == "freecell")
        seen.append((chip.label, home.options("freecell")["game"]))
        click(app, (round(chip.rect.x + chip.rect.w / 2), round(chip.rect.y + chip.rect.h / 2)))
        said.append(app.speech.last)
    assert seen == [(name + NEXT_MARK, game) for name, game in zip(NAMES, FAMILY, strict=True)]
    # CM-19: the value a tap chose is said (a listener hears what the chip now shows)
    assert [f"Variation: {name}" in words for words, name in zip(said, NAMES[1:] + NAMES[:1], strict=True)] == [
        True
    ] * 5
    assert home.options("freecell")["game"] == "freecell"  # round to the first again
    assert app.settings.options["freecell"]["game"] == "freecell"

    klondike = [b for b in home.buttons if getattr(b.action, "variant", "") == "klondike"]
    assert sum(isinstance(b.action, Choose) for b in klondike) == 5  # two and three values: a chip each


def test_cm18_cm19_the_chip_by_keys_is_said_with_its_option_and_what_a_tap_does(tmp_path):
    app = make_app(tmp_path, (800, 1280))
    app.go_home()
    run(app, 2)
    home = app.stack.top
    k = next(k for k, b in enumerate(home.buttons) if isinstance(b.action, Cycle))
    home.focus, home.show_focus = k, True
    assert home.button_words() == "FreeCell, Variation: FreeCell, button, tap for the next"
    key(app, pygame.K_RETURN)
    assert home.options("freecell")["game"] == "bakers"
    assert "Variation: Baker's Game" in home.button_words()
    key(app, pygame.K_RIGHT)  # CM-18: beside the tile-wide chip is the next tile, not a button under it
    assert not home.button_words().startswith("Baker's Game")
    home.focus = k
    key(app, pygame.K_DOWN)  # under it, the first of the row, as read
    assert home.button_words() == "Baker's Game, New game, button"


def test_ui4_the_new_deal_dialog_at_480x320_steps_through_the_games_on_one_chip(tmp_path):
    app = make_app(tmp_path, (480, 320))
    table = open_scene(app, "freecell", 1)
    app.push_panel("new_deal", table)
    run(app, 2)
    panel = app.stack.top
    chips = [b for b in panel.buttons if isinstance(b.action, Cycle)]
    assert len(chips) == 1 and chips[0].label == "FreeCell" + NEXT_MARK
    assert not any(isinstance(b.action, Choose) and b.action.name == "game" for b in panel.buttons)
    panel.act(chips[0].action)
    chip = next(b for b in panel.buttons if isinstance(b.action, Cycle))
    assert chip.label == "Baker's Game" + NEXT_MARK and panel.options["game"] == "bakers"
    words = [c.words() for c in panel.button_controls() if isinstance(c.action, Cycle)]
    assert words == ["Variation, Baker's Game, button, tap for the next"]
    assert app.speech.last == words[0]  # said as it changes
    wide = make_app(tmp_path / "wide", (1920, 1080))
    wide_table = open_scene(wide, "freecell", 1)
    wide.push_panel("new_deal", wide_table)
    run(wide, 2)
    assert [
        b.action.value for b in wide.stack.top.buttons if isinstance(b.action, Choose) and b.action.name == "game"
    ] == (FAMILY)


def test_fc7_a_variation_chosen_is_named_and_described_as_itself(tmp_path):
    """The tile (or a small screen's list) names the game a New game would start, and its line
    describes it: Eight Off's eight cells, not FreeCell's four; the question before a new game
    over one in progress names it too."""
    from game.games.index import game_for

    game = game_for("freecell")
    assert [game.name_for({"game": g}) for g in FAMILY] == NAMES
    assert len({game.blurb_for({"game": g}) for g in FAMILY}) == 5 and "Eight" in game.blurb_for({"game": "eightoff"})
    assert game.name_for({}) == "FreeCell" and set(game.every_blurb()) == {game.blurb_for({"game": g}) for g in FAMILY}
    app = make_app(tmp_path, (480, 320))
    app.settings.options["freecell"] = {"game": "seahaven"}
    app.go_home()
    run(app, 2)
    listed = [b.label for b in app.stack.top.buttons if getattr(b.action, "variant", "") == "freecell"]
    assert "Seahaven Towers" in listed and "FreeCell" not in listed
    table = open_scene(app, "freecell", 1)
    table.session.play(table.session.rules.legal_moves(table.session.state)[0])
    app.push_panel("new_deal", table)
    run(app, 2)
    panel = app.stack.top
    panel.act(Choose("game", "bakers"))
    panel.act("deal")
    run(app, 2)
    assert "Start a new Baker's Game?" in app.stack.top.spoken()
    app.stack.top.act("yes")
    run(app, 2)
    assert app.speech.last.startswith("Baker's Game. Deal ")  # CM-19: the new game said, not FreeCell
