"""CM-14, the Rules screen: each game's rules (goal, layout, moves, a tip, its difficulty), the
controls and the glossary, in the current language; opened from the table (button or F1) and from
the home screen; it scrolls by wheel, keys and drag, fits every size, and closes with Esc."""

from __future__ import annotations

import re

import pygame
import pytest
from scene_helpers import key, make_app, mouse_down, mouse_move, mouse_up, open_scene, run

from game.core.dealid import DealId
from game.core.i18n import set_language, tr
from game.deals import stars_text
from game.games.guide import glossary
from game.games.index import GAMES, game_for
from game.input.devices import BINDINGS
from game.play.position import Position
from game.play.status import table_status
from game.scenes.home import HomeScene
from game.scenes.new_deal import NewDealDialog
from game.scenes.rules import RulesScene, binding_text, meaning, wrap
from game.view import fonts
from game.view.acts import ForGame


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
    home.act(ForGame("rules", "pyramid"))
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


@pytest.mark.parametrize("size", [(480, 320), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_cm14_page_down_and_page_up_pass_no_line_unseen(tmp_path, size):
    """Page Down moves the rules by a page less a line, so the last line of one page is the first
    of the next (at 480x320 twelve lines were more than a page: lines were never shown), and a page
    starts with a whole line (one was cut under the title); Page Up comes back the same way. Tab
    shows the ring on Close."""
    app = make_app(tmp_path, size=size)
    open_scene(app, "tripeaks", 2)
    key(app, pygame.K_F1)
    rules = app.stack.top
    line = rules.lines[0][1] * 1.45
    tops = [rules.offset]
    starts = {y for _, _, _, y in rules.lines}
    end = rules.height - rules.body.h
    while rules.offset < end:
        key(app, pygame.K_PAGEDOWN)
        tops.append(rules.offset)
        assert 0 < tops[-1] - tops[-2] <= rules.body.h - line + 0.01
        assert rules.offset in starts or rules.offset == end  # a page begins with a whole line
    assert len(tops) > 2 if size == (480, 320) else len(tops) >= 2
    key(app, pygame.K_PAGEUP)
    assert 0 < tops[-1] - rules.offset <= rules.body.h - line + 0.01 and rules.offset in starts
    key(app, pygame.K_TAB)  # the one control, Close, shows its ring; Enter closes
    assert rules.keys.shown
    key(app, pygame.K_RETURN)
    assert app.stack.top is not rules
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


# -- CM-17: one scale ---------------------------------------------------------------------------------

STAR_RUNS = re.compile(r"[★☆]+")


def star_runs(texts):
    return [run for text in texts for run in STAR_RUNS.findall(text)]


def test_cm17_every_difficulty_is_shown_out_of_5_on_the_tile_the_status_bar_the_rules_and_the_dialog(
    tmp_path, monkeypatch
):
    """The home tiles, the status bar, the Rules screen and the new-deal dialog all write stars out
    of 5, and where a game's and a deal's both appear, each is named."""
    app = make_app(tmp_path, size=(1280, 800))
    drawn: list[str] = []
    real_text = fonts.text

    def recording(message, *args, **kwargs):
        drawn.append(message)
        return real_text(message, *args, **kwargs)

    monkeypatch.setattr(fonts, "text", recording)
    app.go_home()
    run(app, 2)
    home = app.stack.top
    assert isinstance(home, HomeScene)
    drawn.clear()
    home.draw(app.screen, 1.0)
    on_tiles = star_runs(drawn)
    assert len(on_tiles) == len(home.tiles) and all(len(r) == 5 for r in on_tiles), on_tiles
    for tile in home.tiles:
        stars = game_for(tile.variant).stars(home.options(tile.variant))
        assert "★" * stars + "☆" * (5 - stars) in on_tiles

    table = open_scene(app, "freecell", 1)  # Microsoft's deal 1: a proved deal, rated 4 of 5
    _, parts, _ = table_status(table.table)
    assert "This deal: ★★★★☆" in parts and all(len(r) == 5 for r in star_runs(parts))

    rules = RulesScene(app, "freecell", {})
    texts = [text for _, sections in rules.sections() for _, text in sections]
    every = "Game: FreeCell ★★☆☆☆ · Baker's Game ★★★★☆ · Eight Off ★★☆☆☆ · Forecell ★★★☆☆ · Seahaven Towers ★★★☆☆"
    assert every in texts and all(len(r) == 5 for r in star_runs(texts))  # FC-7: each game of the family
    klondike = RulesScene(app, "klondike", {"draw": "1", "redeals": "unlimited"})
    texts = [text for _, sections in klondike.sections() for _, text in sections]
    assert "Game: Draw 1 ★★☆☆☆ · Draw 3 ★★★☆☆" in texts  # seed 004: 1枚めくり ★★／3枚めくり ★★★

    table.action("new_deal")
    dialog = app.stack.top
    assert isinstance(dialog, NewDealDialog)
    assert dialog.lines()[0] == "This deal: ★★★★☆"
    assert all(len(r) == 5 for r in star_runs(dialog.lines()))
    app.close()


@pytest.mark.parametrize(
    ("variant", "options", "count"),
    [
        ("klondike", {"draw": "1"}, 2),
        ("klondike", {"draw": "3"}, 3),
        ("spider", {"suits": "1"}, 1),
        ("spider", {"suits": "2"}, 3),
        ("spider", {"suits": "4"}, 4),
        ("freecell", {}, 2),
        ("pyramid", {}, 3),
        ("golf", {}, 2),
        ("yukon", {}, 3),
    ],
)
def test_cm17_the_games_stars_are_seed_004s_counts_on_the_scale_of_5(variant, options, count):
    """Seed 004 gives each game a count of stars (its largest is Spider's four suits, ★★★★); the
    count is kept, written out of 5."""
    assert game_for(variant).stars(options) == count
    assert stars_text(count) == "★" * count + "☆" * (5 - count)


# -- CM-14: what the Rules screen says each input does is what it does -------------------------------


def playable_cards(game):
    """A position of ``game`` and, for each thing a tap can do there — select the card, or play at
    once — the first card it does it to."""
    for number in range(1, 40):
        state = game.rules.deal(DealId.make(game.name, number, game.defaults()))
        pos = Position(game.rules, state)
        found = {}
        for pile, (cards, down) in pos.piles.items():
            for index in range(-1 if not cards else down, len(cards)):  # -1: an empty place (a gap)
                tapped = game.interaction()
                out = tapped.tap(pos, pile, index)
                if tapped.selected is not None and tapped.targets:
                    found.setdefault("selects", (pile, index))
                elif out.move is not None:
                    found.setdefault("moves", (pile, index))
        if found:
            return pos, found
    raise AssertionError(f"no playable card in {game.name}'s first deals")


def outcome_and_selection(interaction, gesture, pos, pile, index):
    out = getattr(interaction, gesture)(pos, pile, index)
    selected = interaction.selected
    return out, None if selected is None else (selected.pile, selected.index, tuple(selected.targets))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_cm14_the_rules_say_what_a_tap_a_double_tap_a_long_press_and_enter_really_do(game):
    """Each gesture is tried on the game's own interaction, and the Rules screen's words are
    checked against what it did: a tap that selects says so (or that the choices are outlined), a
    game whose taps only play at once says nothing of selecting; a gesture that does what a tap
    does says so; a panel is named as a panel; D is named for a game with a stock only."""
    controls = game.controls()
    pos, found = playable_cards(game)
    if "selects" in found:
        assert "select" in controls.tap.lower() or "outlined" in controls.tap, (game.name, controls.tap)
    else:
        assert "select" not in controls.tap.lower(), (game.name, controls.tap)
    same: dict[str, list[bool]] = {"double_tap": [], "long_press": []}
    for effect, (pile, index) in found.items():
        tap = outcome_and_selection(game.interaction(), "tap", pos, pile, index)
        for gesture in same:
            got = outcome_and_selection(game.interaction(), gesture, pos, pile, index)
            if got[0].panel is not None:
                assert "panel" in getattr(controls, gesture), (game.name, gesture)
            same[gesture].append(got == tap)
        enter = outcome_and_selection(game.interaction(), "activate", pos, pile, index)
        if enter[0].panel is not None:
            assert "panel" in controls.enter, game.name
        else:
            assert enter == tap, (game.name, effect)
    for gesture, alike in same.items():
        said = getattr(controls, gesture)
        if gesture == "double_tap" and game.interaction.double_tap_is_tap:
            assert "Two quick taps are two moves" in said, game.name
        elif all(alike):
            assert said == "The same as a tap.", (game.name, gesture, said)
        else:
            assert said != "The same as a tap.", (game.name, gesture)
    has_stock = any(p.kind == "stock" for p in game.rules.places)
    redeals = game.name == "addiction"  # its D redeals (AD-6), as its Redeal button does
    assert (controls.stock_key is not None) == (has_stock or redeals)


def test_cm14_klondike_says_a_tap_selects_and_spider_that_a_tap_moves_at_once(tmp_path):
    app = make_app(tmp_path)
    for variant, says, never in (
        ("klondike", "Selects a card", "where it fits best"),
        ("freecell", "Selects a card", "where it fits best"),
        ("spider", "at once to the best place", "Selects"),
        ("golf", "onto the waste", "Selects"),
    ):
        game = game_for(variant)
        rules = RulesScene(app, variant, game.defaults())
        controls = dict(rules.sections())["Controls"]
        text = " ".join(t for _, t in controls)
        assert says in text and never not in text, (variant, text)
    app.close()


# -- CM-14: a glossary of the words its game uses ------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "ja", "it"])
def test_cm14_freecells_glossary_has_no_stock_or_waste_in_any_language(tmp_path, monkeypatch, language):
    """FreeCell has no stock and no waste: its glossary names neither (Klondike's names both)."""
    monkeypatch.setenv("SOLITAIRE_LANG", language)
    app = make_app(tmp_path)
    stock, waste, free_cell = tr("Stock"), tr("Waste"), tr("Free cell")
    words = {}
    for variant in ("freecell", "klondike"):
        game = game_for(variant)
        parts = RulesScene(app, variant, game.defaults()).sections()
        words[variant] = [heading for heading, _ in parts[-1][1]]
        assert parts[-1][0] == tr("Glossary")
    assert stock not in words["freecell"] and waste not in words["freecell"] and free_cell in words["freecell"]
    assert stock in words["klondike"] and waste in words["klondike"] and free_cell not in words["klondike"]
    app.close()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_cm14_every_glossary_word_is_a_pile_or_a_term_the_game_uses(game):
    """Derived from the rules' places: a word for each kind of pile the game has, none for others."""
    kinds = {p.kind for p in game.rules.places}
    entries = dict(glossary(kinds, game.terms))
    piles = {"Column": "tableau", "Foundation": "foundation", "Stock": "stock", "Waste": "waste"}
    piles |= {"Free cell": "cell", "Gap": "grid"}
    for word, kind in piles.items():
        assert (word in entries) == (kind in kinds), (game.name, word)


# -- CM-10, CM-18: every key on the Rules screen ---------------------------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_cm18_every_key_the_input_layer_maps_is_on_the_rules_screen(tmp_path, game):
    """The Rules screen lists the input layer's own table, every entry with what it does in this game."""
    app = make_app(tmp_path)
    rules = RulesScene(app, game.name, game.defaults())
    part = dict(rules.sections())["Keys"]
    controls = game.controls()
    for binding in BINDINGS:
        said = meaning(binding.intent, controls)
        assert said, f"{binding_text(binding)} is mapped but the Rules screen does not say what it does"
        assert (said, binding_text(binding)) in [(t, k) for keys, t in part for k in keys.split(" / ")], binding
    shown = {k for keys, _ in part for k in keys.split(" / ")}
    assert {"R", "M", "D", "N", "H", "U", "F1", "F11", "Ctrl+Z", "Ctrl+Shift+Z", "Alt+Enter", "Ctrl+V"} <= shown
    assert {"Page Up", "Page Down", "Enter", "Space", "Esc", "Backspace", "←", "↓"} <= shown
    app.close()


def test_cm14_on_a_wide_window_the_rules_are_a_readable_column(tmp_path):
    """At 1920x1080 a line of the rules ran nearly the screen's width, hard to follow from one line
    to the next: the page is a centred column of about 80 characters; a narrow window keeps its
    whole width."""
    app = make_app(tmp_path, size=(1920, 1080))
    open_scene(app, "canfield", 1)
    key(app, pygame.K_F1)
    rules = app.stack.top
    size = max(s for _, s, bold, _ in rules.lines if not bold)
    assert rules.body.w <= size * 42 and abs(rules.box.center[0] - 960) <= 1
    app.close()
    app = make_app(tmp_path, size=(480, 320))
    open_scene(app, "canfield", 1)
    key(app, pygame.K_F1)
    assert app.stack.top.box.w >= 480 - 2 * 24
    app.close()
