"""The screens' looks at every size (SPEC CM-17, UI-9, UI-10): toggles that show their state on
the button itself, a Settings panel that holds still from tab to tab, a home screen whose every
game is in reach down to the window's smallest size, and a hint whose message never covers the
cards it frames."""

from __future__ import annotations

import pygame
import pytest
from scene_helpers import key, make_app, open_scene, run
from text_boxes import watch_text

from game.input.intents import Command
from game.play.table import ShownHint
from game.rules.base import DEAL_MOVE
from game.scenes.home import HomeScene
from game.view import marks
from game.view.acts import Choose, ForGame
from game.view.widgets import rect

LANGUAGES = ["en", "ja", "it"]
GAMES = ["klondike", "spider", "freecell", "pyramid", "golf", "yukon", "addiction"]


@pytest.fixture
def speak(monkeypatch: pytest.MonkeyPatch):
    """The app started in a language."""
    from game.core.i18n import set_language

    yield lambda language: monkeypatch.setenv("SOLITAIRE_LANG", language)
    set_language("en")


def button(scene, action: str):
    return next(b for b in scene.buttons if b.action == action)


def looks(app, scene, action: str) -> pygame.Surface:
    """The button as drawn, in grey: what is left of its look without colour."""
    app.draw()
    crop = app.screen.subsurface(rect(button(scene, action).rect)).copy()
    return pygame.transform.grayscale(crop)


def differ(a: pygame.Surface, b: pygame.Surface) -> int:
    """How many pixels differ clearly between two pictures of one size."""
    return sum(
        1
        for x in range(a.get_width())
        for y in range(a.get_height())
        if abs(a.get_at((x, y))[0] - b.get_at((x, y))[0]) > 40
    )


# -- CM-17: a toggle shows its state on its button ----------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_cm17_the_sound_button_shows_whether_sound_is_on(tmp_path, speak, language):
    """CM-17: Sound on the toolbar looks different on and off — in grey too (a ticked box or an
    empty one, not colour alone: UI-9) — whether the button or the M key turned it."""
    speak(language)
    app = make_app(tmp_path, size=(1280, 800))
    scene = open_scene(app, "klondike", 11)
    assert app.settings.sound and button(scene, Command.MUTE).on is True
    on = looks(app, scene, Command.MUTE)
    scene.action(Command.MUTE)
    run(app, 2)
    assert not app.settings.sound and button(scene, Command.MUTE).on is False
    off = looks(app, scene, Command.MUTE)
    assert differ(on, off) > 20, "Sound looks the same on and off"
    key(app, pygame.K_m)  # the key turns it back on, and the button follows
    assert app.settings.sound and button(scene, Command.MUTE).on is True
    assert differ(on, looks(app, scene, Command.MUTE)) == 0
    app.close()


def test_cm17_sound_in_more_shows_its_state_too(tmp_path):
    """CM-17: on a narrow window Sound moves into More…, and there too its row says on or off."""
    from game.scenes.toolbar import MORE, MorePanel

    app = make_app(tmp_path, size=(480, 320))
    scene = open_scene(app, "addiction", 11)
    assert Command.MUTE in [a for a, _ in scene.more]
    for sound in (True, False):
        app.settings.sound = sound
        scene.action(MORE)
        panel = app.stack.top
        assert isinstance(panel, MorePanel)
        run(app, 2)
        assert button(panel, Command.MUTE).on is sound
        app.pop(panel)
    app.close()


def test_cm17_full_screen_in_settings_shows_its_state(tmp_path):
    """CM-17: Settings' Full screen is a toggle with its state on it (the label no longer flips to
    the other mode's name, which read as the state)."""
    app = make_app(tmp_path, size=(1280, 800))
    scene = open_scene(app, "klondike", 11)
    app.push_panel("settings", scene)
    panel = app.stack.top
    run(app, 2)
    before = button(panel, "fullscreen")
    assert before.on is False and app.fullscreen is False
    off = looks(app, panel, "fullscreen")
    app.toggle_fullscreen()
    run(app, 2)
    after = button(panel, "fullscreen")
    assert app.fullscreen and after.on is True and after.label == before.label
    on = pygame.transform.scale(looks(app, panel, "fullscreen"), off.get_size())  # the window's size changed
    assert differ(off, on) > 20
    app.close()


# -- Settings holds still from tab to tab -------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", [(1280, 800), (480, 320), (320, 320)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_ui10_settings_keeps_its_box_and_tabs_in_place_from_tab_to_tab(tmp_path, speak, size, language):
    """The panel is as tall as its tallest tab: a tab pressed stays under the pointer, and so do
    the other tabs and Close."""
    from game.scenes.settings import SECTIONS

    speak(language)
    app = make_app(tmp_path, size=size)
    app.push_panel("settings", open_scene(app, "klondike", 11))
    panel = app.stack.top
    seen = set()
    for section in SECTIONS:
        panel.act(Choose("section", section))
        run(app, 2)
        tabs = tuple(
            tuple(b.rect) for b in panel.buttons if isinstance(b.action, Choose) and b.action.name == "section"
        )
        seen.add((tuple(panel.box), tabs, tuple(button(panel, "close").rect)))
    assert len(seen) == 1, seen
    app.close()


# -- the home screen at the window's smallest size ----------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("saved", [False, True], ids=["new", "continue"])
def test_ui10_every_game_on_the_home_screen_is_in_reach_at_320x320(tmp_path, speak, saved, language):
    """UI-10, CM-17: at 320 x 320 every home button is inside the window and clear of every other
    (none under the bottom bar), and every game has one, on one page of the list or another."""
    speak(language)
    app = make_app(tmp_path, size=(320, 320))
    if saved:
        for variant in GAMES:
            scene = open_scene(app, variant, 11)
            scene.play(scene.session.legal[0])
            run(app, 2)
            scene.table.save()
        app.store.flush()
    app.go_home()
    run(app, 2)
    home = app.stack.top
    assert isinstance(home, HomeScene)
    window = pygame.Rect(0, 0, 320, 320)
    actions = set()
    for _ in range(home.grid.pages):  # more games than a screen holds: every page of the list
        boxes = [rect(b.rect) for b in home.buttons]
        for b, box in zip(home.buttons, boxes, strict=True):
            assert window.contains(box), (b.label, box)
            assert box.h >= 40, (b.label, box)  # a finger's reach, nearly
        for k, a in enumerate(boxes):
            assert a.collidelist(boxes[k + 1 :]) == -1, (home.buttons[k].label, a)
        actions |= {b.action for b in home.buttons}
        home.turn_page(1)
    kind = "continue" if saved else "new"
    assert actions >= {ForGame(kind, v) for v in GAMES}
    app.close()


# -- a hint's message never covers what it frames -----------------------------------------------


def message_ink(drawn, text: str) -> list[pygame.Rect]:
    return [d.box for d in drawn if d.message in text]


def different_frames(moves: list) -> list:
    """The moves, less those that frame nothing new: a move whose cards (the same run of the same
    pile) have already been framed going to a place of its kind, and whose place has already been
    framed. FreeCell's opening keeps 19 of its 40 moves: each of the eight columns to a free cell and
    each free cell once; the other 21 only paired a column and a free cell each framed already."""
    sent, framed, out = set(), set(), []
    for move in moves:
        if (move.src, move.size, move.dst.kind) not in sent or move.dst not in framed:
            sent.add((move.src, move.size, move.dst.kind))
            framed.add(move.dst)
            out.append(move)
    return out


@pytest.mark.parametrize(
    "size", [(480, 320), (320, 320), (450, 800), (800, 1280), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}"
)
@pytest.mark.parametrize("variant", GAMES)
def test_cm7_a_hints_message_covers_neither_the_cards_nor_the_place_it_frames(tmp_path, monkeypatch, variant, size):
    """CM-7 at every size: whatever move is hinted — a card at the foot of a long column, Pyramid's
    bottom row at 480 x 320 — its message sits where it covers neither frame."""
    record = watch_text(monkeypatch)
    app = make_app(tmp_path, size=size)
    scene = open_scene(app, variant, 11)
    if variant == "spider":  # longer columns, down to the foot of the table
        for _ in range(3):
            scene.play(DEAL_MOVE)
        run(app, 2)
    text = "Move the ten of hearts onto the jack of clubs: it turns up a card and frees a column."
    contents = scene.session.rules.piles(scene.state)
    for move in different_frames(scene.session.legal[:40]):
        scene.table.hint = ShownHint(move, text, scene.table.now + 60)
        framed = [
            rect(r.grown(marks.hint_width(scene.view))) for r in marks.move_hint_frames(scene.view, contents, move)
        ]
        ink = message_ink(record(scene), text)
        assert ink, move
        for box in ink:
            assert box.collidelist(framed) == -1, (str(move), box, framed)
    app.close()
