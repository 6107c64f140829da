"""The size tests, text by text (SPEC UI-10, CM-15, UI-12): every screen drawn onto a recording
surface (tests/text_boxes.py), in each language at each size — 480x320, 450x800, a phone's 390x844
(the browser's canvas on a phone held upright), 800x1280, 1920x1080, a laptop's 1280x800 and the
window's smallest, 320x320 — and no two texts overlap, no label is wider than its button or out of
its panel or tile, nothing is cut by the window's edge."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from scene_helpers import make_app, open_scene, run
from test_sizes import GAMES, LANGUAGES, SIZES, record_games
from text_boxes import check_boxes, watch_text

from game.core.i18n import tr
from game.scenes.home import HomeScene
from game.view.acts import Choose

EVERY_SIZE = [*SIZES, (1280, 800), (320, 320)]  # and a laptop's window, and the window's minimum size


@pytest.fixture
def speak(monkeypatch: pytest.MonkeyPatch):
    """The app started in a language."""
    from game.core.i18n import set_language

    yield lambda language: monkeypatch.setenv("SOLITAIRE_LANG", language)
    set_language("en")


@pytest.fixture
def text_boxes(monkeypatch: pytest.MonkeyPatch):
    """``record(scene)``: the text the scene draws, each piece with the box of its ink."""
    return watch_text(monkeypatch)


@pytest.fixture(scope="module")
def saved_games(tmp_path_factory) -> list[Path]:
    """A game in progress (one move made) of every game, saved: the home screen's Continue tiles.
    Made once; each test copies the files into its own data folder."""
    folder = tmp_path_factory.mktemp("saved")
    app = make_app(folder)
    for variant in GAMES:
        scene = open_scene(app, variant, 11)
        scene.play(scene.session.legal[0])
        run(app, 30)
        scene.table.save()
    app.store.flush()
    app.close()
    return sorted(folder.glob("save-*.json"))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", EVERY_SIZE, ids=lambda s: f"{s[0]}x{s[1]}")
def test_ui10_a_tables_bars_have_no_text_over_text_or_out_of_its_button(tmp_path, text_boxes, speak, size, language):
    """UI-10: the status bar, the toolbar and a message, in each language at each size: no two
    texts overlap, no label is wider than its button, nothing is cut by the window's edge. Every
    game's table, opened in turn in one app."""
    speak(language)
    app = make_app(tmp_path, size=size)
    for variant in GAMES:
        scene = open_scene(app, variant, 11)
        scene.say(tr("A card can only go on a card one rank higher, of the other colour."))
        check_boxes(text_boxes, scene, f"{variant} at {size} in {language}")
    app.close()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", EVERY_SIZE, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("saved", [False, True], ids=["new", "continue"])
def test_ui10_the_home_screen_has_no_text_over_text_or_out_of_its_button(
    tmp_path, text_boxes, speak, saved_games, saved, size, language
):
    """UI-10: the home screen, with and without games to continue (their tiles say the saved
    game's options and moves), in each language at each size."""
    speak(language)
    if saved:
        for path in saved_games:
            shutil.copy(path, tmp_path)
    app = make_app(tmp_path, size=size)
    app.go_home()
    run(app, 2)
    home = app.stack.top
    assert isinstance(home, HomeScene) and (not saved or len(home.saved) == len(GAMES))
    check_boxes(text_boxes, home, f"home at {size} in {language}")
    app.close()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", EVERY_SIZE, ids=lambda s: f"{s[0]}x{s[1]}")
def test_ui10_the_new_deal_dialog_has_no_text_over_text_or_out_of_its_button(
    tmp_path, text_boxes, speak, size, language
):
    """UI-10: the new-deal dialog of each game (its options, the kinds of deal, their words), every
    game's in turn in one app."""
    speak(language)
    app = make_app(tmp_path, size=size)
    for variant in GAMES:
        app.push_panel("new_deal", open_scene(app, variant, 11))
        run(app, 2)
        check_boxes(text_boxes, app.stack.top, f"{variant}'s new deal at {size} in {language}")
        app.pop()
    app.close()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", EVERY_SIZE, ids=lambda s: f"{s[0]}x{s[1]}")
def test_ui10_dialogs_and_screens_have_no_text_over_text_or_out_of_its_button(
    tmp_path, text_boxes, speak, size, language
):
    """UI-10: each tab of Settings, the win panel, Rules, Records and History, in each language at
    each size."""
    from game.records.stats import WINNABLE, Beaten, Group
    from game.scenes.settings import SECTIONS
    from game.scenes.win_panel import WinPanel

    speak(language)
    app = make_app(tmp_path, size=size)
    options = record_games(app)
    table = open_scene(app, "klondike", 11)
    app.push_panel("settings", table)
    for section in SECTIONS:
        app.stack.top.act(Choose("section", section))
        run(app, 2)
        check_boxes(text_boxes, app.stack.top, f"settings: {section} at {size} in {language}")
    app.pop()
    table.table.beaten = [Beaten("first", 1), Beaten("time", 250.0), Beaten("streak", 3)]
    app.push(WinPanel(app, table))
    run(app, 2)
    check_boxes(text_boxes, app.stack.top, f"win panel at {size} in {language}")
    app.pop()
    for where, show in (
        ("rules", lambda: app.show_rules("klondike", {})),
        ("records", lambda: app.show_records("klondike", Group("klondike", options, WINNABLE), 270.0)),
        ("history", lambda: app.show_history()),
    ):
        show()
        run(app, 2)
        check_boxes(text_boxes, app.stack.top, f"{where} at {size} in {language}")
        app.pop()
    app.close()
