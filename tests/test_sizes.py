"""Every screen at 480x320, 450x800, a phone's 390x844, 800x1280 and 1920x1080: no text
overflowing its box or shrunk below a readable size, every panel and button inside the window, and
every card's corner index readable — large enough, and not covered in a fanned column (SPEC UI-4,
SP-12). Where each text lands — none over another, none out of its button — is checked in
test_sizes_text.py."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import pygame
import pytest
from scene_helpers import make_app, open_scene, run

from game.core.variants import VARIANT_NAMES
from game.scenes.home import HomeScene
from game.scenes.panels import Panel
from game.view import cards, fonts
from game.view.acts import Choose
from game.view.layout import Rect, index_fraction, min_up_step

# 390x844: a phone held upright, in CSS pixels, the browser build's canvas on it (UI-12; README, "In a
# browser"), held to every check a tall window is
SIZES = [(480, 320), (450, 800), (390, 844), (800, 1280), (1920, 1080)]
GAMES = ["klondike", "spider", "freecell", "pyramid", "golf", "yukon", "addiction"]
MIN_TEXT_PX = 11  # the smallest text size any screen may draw
MIN_INDEX_PX = 13  # the smallest font size of a card's corner index


@dataclass
class TextLog:
    smallest: dict[str, int] = field(default_factory=dict)
    overflows: list[tuple[str, int, float]] = field(default_factory=list)


@pytest.fixture
def log(monkeypatch: pytest.MonkeyPatch) -> Iterator[TextLog]:
    seen = TextLog()
    text, fit = fonts.text, fonts.fit_text

    def recording_text(message: str, size: int, color: fonts.Color, bold: bool = False) -> pygame.Surface:
        if message.strip():
            seen.smallest[message] = min(seen.smallest.get(message, 999), fonts.quantise(size))
        return text(message, size, color, bold)

    def recording_fit(message: str, size: int, color: fonts.Color, max_width: float, bold: bool = False):
        surf = fit(message, size, color, max_width, bold)
        if surf.get_width() > max_width + 1:
            seen.overflows.append((message, surf.get_width(), max_width))
        return surf

    monkeypatch.setattr(fonts, "text", recording_text)
    monkeypatch.setattr(fonts, "fit_text", recording_fit)
    yield seen


def check_text(log: TextLog, where: str) -> None:
    assert not log.overflows, f"{where}: text wider than its box: {log.overflows[:3]}"
    small = {m: s for m, s in log.smallest.items() if s < MIN_TEXT_PX}
    assert not small, f"{where}: text below {MIN_TEXT_PX} px: {list(small.items())[:4]}"
    log.smallest.clear()


def inside(r: Rect, size: tuple[int, int]) -> bool:
    return r.x >= -0.5 and r.y >= -0.5 and r.right <= size[0] + 0.5 and r.bottom <= size[1] + 0.5


def draw(app) -> None:
    run(app, 2)
    app.draw()


LANGUAGES = ["en", "ja", "it"]


@pytest.fixture
def speak(monkeypatch: pytest.MonkeyPatch):
    """The app started in a language (CM-15: every screen fits in all three)."""
    from game.core.i18n import set_language

    yield lambda language: monkeypatch.setenv("SOLITAIRE_LANG", language)
    set_language("en")


def tables_are_readable_and_fit(tmp_path, log, speak, variants, size, language) -> None:
    """UI-4: the table, its status bar and toolbar at each size: text fits its box at a readable size,
    buttons are inside the window and share one text size, the corner index is large enough and the
    face-up cards of the opening deal are fanned far enough apart to show it. Each game's table
    opened in turn in one app in the language at the size."""
    speak(language)
    app = make_app(tmp_path, size=size)
    for variant in variants:
        scene = open_scene(app, variant, 11)
        scene.say("A card can only go on a card one rank higher, of the other colour.")
        draw(app)
        check_text(log, f"{variant} at {size}")
        layout = scene.view.layout
        for b in scene.buttons:
            assert inside(b.rect, size), (variant, b.label)
        index_px = index_fraction(layout.card_w) * layout.card_h
        assert index_px >= MIN_INDEX_PX, f"{variant}: corner index {index_px:.1f} px"
        for s in scene.view.sprites.items:
            above = scene.view.sprites.at(s.pile, s.index + 1)
            if s.face_up and above is not None and layout.fans.get(s.pile) and layout.fans[s.pile].fan == "down":
                step = above.rect.y - s.rect.y
                assert step >= min_up_step(layout.card_w) * layout.card_h - 0.5, (variant, s.pile, s.index)
    app.close()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_ui4_every_table_is_readable_and_fits(tmp_path, log, speak, size, language):
    tables_are_readable_and_fit(tmp_path, log, speak, GAMES, size, language)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_ui4_the_toolbar_buttons_share_one_text_size(tmp_path, size, monkeypatch):
    """A shrunk label shrinks its neighbours too: a row of buttons reads as one row."""
    app = make_app(tmp_path, size=size)
    open_scene(app, "addiction", 11)  # the most buttons
    sizes: list[int] = []
    fit = fonts.fit_text

    def recording_fit(message: str, size: int, color: fonts.Color, max_width: float, bold: bool = False):
        surf = fit(message, size, color, max_width, bold)
        sizes.append(surf.get_height())
        return surf

    monkeypatch.setattr(fonts, "fit_text", recording_fit)
    scene = app.stack.top
    from game.view.hud import draw_toolbar

    draw_toolbar(app.screen, scene.view.layout.toolbar, scene.buttons)
    assert len(set(sizes)) == 1, sizes
    app.close()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_ui4_home_and_every_panel_fit_the_window(tmp_path, log, speak, size, language):
    """The home screen and each panel (new deal, settings, the win panel, a confirmation, the deal
    entry) inside the window, text readable and within its box."""
    speak(language)
    app = make_app(tmp_path, size=size)
    app.go_home()
    draw(app)
    assert isinstance(app.stack.top, HomeScene)
    check_text(log, f"home at {size}")
    scene = open_scene(app, "klondike", 11)
    for kind in ("new_deal", "settings", "result"):
        app.push_panel(kind, scene)
        draw(app)
        panel = app.stack.top
        assert isinstance(panel, Panel)
        assert inside(panel.box, size), (kind, panel.box)
        for b in panel.buttons:
            assert inside(b.rect, size) and b.rect.bottom <= panel.box.bottom + 0.5, (kind, b.label)
        check_text(log, f"{kind} at {size}")
        if kind == "settings":  # every section of Settings (UI-8, UI-9) fits too
            from game.scenes.settings import SECTIONS

            for section in SECTIONS:
                panel.act(Choose("section", section))
                draw(app)
                assert inside(panel.box, size), (section, panel.box)
                for b in panel.buttons:
                    assert inside(b.rect, size) and b.rect.bottom <= panel.box.bottom + 0.5, (section, b.label)
                check_text(log, f"settings: {section} at {size}")
        app.pop(panel)
    app.confirm("Start a new deal?", "The game in progress (12 moves) will be lost.", "New deal", lambda: None)
    draw(app)
    assert inside(app.stack.top.box, size)
    check_text(log, f"confirm at {size}")
    app.close()


def test_the_corner_index_grows_on_small_cards():
    """Small cards get a larger share of their height for the index, so it stays readable."""
    assert index_fraction(40) > index_fraction(120)
    assert cards.CardArt(40, 56).face(0).get_size() == (40, 56)


def test_ui4_a_narrow_toolbar_moves_its_least_used_buttons_into_more(tmp_path):
    """At 480x320 Addiction's ten actions do not fit: Settings, New deal, Restart, Give up... go into
    More…, which lists them and does what their buttons would."""
    from game.scenes.toolbar import MORE, MorePanel

    app = make_app(tmp_path, size=(480, 320))
    scene = open_scene(app, "addiction", 11)
    names = [b.action for b in scene.buttons]
    assert names[-1] == MORE and "undo" in names and "settings" not in names
    assert [a for a, _ in scene.more][-1] == "settings"
    scene.action(MORE)
    panel = app.stack.top
    assert isinstance(panel, MorePanel)
    panel.resize(app.window_size())
    assert not next(b for b in panel.buttons if b.action == "restart").enabled  # no moves yet
    panel.act("settings")
    assert type(app.stack.top).__name__ == "SettingsPanel"
    big = make_app(tmp_path / "big", size=(1920, 1080))
    assert not open_scene(big, "addiction", 11).more  # a wide window shows every button
    app.close()
    big.close()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", [(480, 320), (320, 320)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_ui4_more_lists_every_moved_action_inside_the_window_in_every_game(tmp_path, speak, size, language):
    """More… on a short window: every action it holds within the window (an Italian Klondike's eight
    did not fit one a row at 480x320, and Settings fell below the edge: two a row then)."""
    from game.scenes.toolbar import MORE, MorePanel

    speak(language)
    app = make_app(tmp_path, size=size)
    for variant in GAMES + ["tripeaks", "canfield"]:
        scene = open_scene(app, variant, 11)
        if not scene.more:
            continue
        scene.action(MORE)
        panel = app.stack.top
        assert isinstance(panel, MorePanel)
        for b in panel.buttons:
            assert inside(b.rect, size), (variant, b.label, b.rect)
        assert {b.action for b in panel.buttons} == {a for a, _ in scene.more} | {"close"}
        app.pop(panel)
    app.close()


@pytest.mark.parametrize("variant", ["pyramid", "tripeaks"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_messages_never_cover_the_stock_and_waste_and_in_a_tall_window_no_card(tmp_path, size, variant):
    """A toast or hint never hides Pyramid's or TriPeaks' stock and waste (the cards it talks about):
    it sits just above them, or, where a tall window leaves room under them, just under them, clear
    of every card (at 800x1280 it covered the peaks' bottom row, the cards in play) and near them
    (above the toolbar it was a screen away from the cards)."""
    from game.rules.pile import STOCK_PILE, WASTE_PILE
    from game.view.widgets import toast_box

    app = make_app(tmp_path, size=size)
    layout = open_scene(app, variant, 11).view.layout
    pill = toast_box(size[0], "Computing…", layout.message_bottom, int(layout.touch * 0.42))
    assert not pill.colliderect(rect(layout.piles[STOCK_PILE])) and not pill.colliderect(rect(layout.piles[WASTE_PILE]))
    assert layout.message_bottom > layout.top_bar.bottom + layout.touch
    if size == (800, 1280):
        assert not any(pill.colliderect(rect(r)) for r in layout.piles.values())
        lowest = max(r.y + r.h for r in layout.piles.values())
        assert pill.top - lowest < layout.touch  # just under the cards, not a screen away
    app.close()


def rect(r: Rect) -> pygame.Rect:
    return pygame.Rect(round(r.x), round(r.y), round(r.w), round(r.h))


@pytest.mark.parametrize("size", [(800, 1280), (450, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_ad1_a_portrait_window_wraps_each_row_onto_two_lines(tmp_path, size):
    """AD-1 on a tall screen: each row of thirteen wraps after its seventh place (read like text),
    so the cards are half as wide again as thirteen across would allow, and the order holds."""
    from game.games.addiction.rules import GRID_CELLS

    app = make_app(tmp_path, size=size)
    layout = open_scene(app, "addiction", 11).view.layout
    assert layout.card_w > size[0] / 13 * 1.4
    p = [layout.piles[c] for c in GRID_CELLS]
    assert p[7].y > p[6].y and p[7].x < p[6].x  # place 8 starts the row's second line
    assert p[13].y > p[12].y + layout.card_h  # the next row below, with more space between rows
    for k in range(51):
        if k % 13 not in (6, 12):
            assert p[k + 1].x > p[k].x and p[k + 1].y == p[k].y
    app.close()


def record_games(app) -> str:
    """Twelve finished Klondike games in the records (some daily, some won); their options."""
    from game.records.stats import DAILY, WINNABLE, WON, GameRow

    options = "draw=1,redeals=unlimited"
    for n in range(12):
        kind, daily = (DAILY, f"2026-11-{n + 1:02d}") if n % 3 == 0 else (WINNABLE, None)
        result = WON if n % 4 else "abandoned"
        app.records.db.add(
            GameRow(f"g{n}", "klondike", options, kind, f"klondike:{options}:{n + 1}:v1", daily, 1.7e9 + n * 900,
                    1.7e9 + n * 900 + 300, "2026-11-30", result, 250.0 + n * 7, 120 + n, 600 + n, 0, 0, "")
        )  # fmt: skip
    return options


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_cm9_records_history_and_what_counts_fit_the_window(tmp_path, log, speak, size, language):
    """The Records screen (a group and the daily deal's calendar), History and the help, inside
    the window, text readable and within its box."""
    from game.records.stats import DAILY, WINNABLE, Group

    speak(language)
    app = make_app(tmp_path, size=size)
    options = record_games(app)
    app.go_home()
    for where, show in (
        ("records", lambda: app.show_records("klondike", Group("klondike", options, WINNABLE), 270.0)),
        ("daily records", lambda: app.show_records("klondike", Group("klondike", options, DAILY))),
        ("history", lambda: app.show_history()),
    ):
        show()
        draw(app)
        top = app.stack.top
        for b in top.buttons:
            assert inside(b.rect, size), (where, b.label, b.rect)
        check_text(log, f"{where} at {size}")
        if where == "records":
            top.act("help")
            draw(app)
            check_text(log, f"what counts at {size}")
            app.pop()
        app.pop()
    app.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("variant", GAMES)
def test_ui9_large_print_and_left_handed_tables_fit_and_read(tmp_path, variant, size):
    """The large-print deck's bigger index shows in every fanned column, and the left-handed
    layout keeps every pile inside the table without two piles on one place."""
    from game.core.look import LARGE_PRINT, Look, set_look

    app = make_app(tmp_path, size=size)
    try:
        app.settings.look = Look(deck=LARGE_PRINT, left_handed=True)
        app.apply_look()
        scene = open_scene(app, variant, 11)
        draw(app)
        layout = scene.view.layout
        set_look(Look())
        ordinary = index_fraction(layout.card_w)
        set_look(app.settings.look)
        assert index_fraction(layout.card_w) > ordinary * 1.2  # much larger indices
        assert index_fraction(layout.card_w) * layout.card_h >= MIN_INDEX_PX * 1.2
        from game.view.fans import FOLDED_STEP

        for s in scene.view.sprites.items:
            above = scene.view.sprites.at(s.pile, s.index + 1)
            if s.face_up and above is not None and layout.fans.get(s.pile) and layout.fans[s.pile].fan == "down":
                # the cards are the classic deck's size (UI-9): where a column's room is short for the larger
                # index (Golf at 480x320), a card is folded to an edge (SP-12), never cut through its index
                step = above.rect.y - s.rect.y
                folded = step <= FOLDED_STEP * layout.card_h + 0.5
                assert folded or step >= min_up_step(layout.card_w) * layout.card_h - 0.5, (s.pile, s.index)
        piles = list(layout.piles.items())
        for pile, r in piles:
            assert inside(r, size), pile
        for k, (a, ra) in enumerate(piles):
            for b, rb in piles[k + 1 :]:
                overlap = min(ra.right, rb.right) - max(ra.x, rb.x), min(ra.bottom, rb.bottom) - max(ra.y, rb.y)
                assert not (overlap[0] > 1 and overlap[1] > 1) or variant in ("pyramid", "addiction"), (a, b)
    finally:
        app.close()
        set_look(Look())


def test_sp12_cm10_keys_on_a_folded_card_open_the_column_to_show_it(tmp_path):
    """The play-tester's Yukon deal 27 in the large-print deck at 480x320: column 4 grows to 15
    cards and folds some face-up ones; walking the focus up the column by keys shows each card's
    index as the focus reaches it (Q♣ showed nothing, and the focus sat on an invisible card)."""
    from game.core.look import Look
    from game.rules.base import move_text
    from game.rules.pile import TABLEAUS

    app = make_app(tmp_path, size=(480, 320))
    app.settings.look = Look(deck="large-print")
    app.apply_look()
    scene = open_scene(app, "yukon", 27)
    for text in ["t5>t7", "t1>t7", "t3>t2", "t6>t2x2", "t3>t4", "t7>t4x3", "t7>t4x3"]:
        scene.play(next(m for m in scene.session.legal if move_text(m) == text))
        run(app, 5)
    column = TABLEAUS[3]
    layout = scene.view.layout
    floor = min_up_step(layout.card_w) * layout.card_h
    scene.cards.at, scene.cards.shown = (column, 14), True
    seen = set()
    for _ in range(14):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0, unicode="", scancode=0))
        run(app, 40)
        pile, index = scene.cards.at
        if pile != column or index in seen or index < 3:
            break
        seen.add(index)
        here, above = scene.view.sprites.at(column, index), scene.view.sprites.at(column, index + 1)
        assert above.rect.y - here.rect.y >= floor - 0.5, (index, above.rect.y - here.rect.y)
    assert {4, 5} <= seen  # the folded ones were walked through
    app.close()


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_ui4_every_game_at_480x320_has_cards_whose_index_reads(tmp_path, variant):
    """A short window gives its columns less room (they fold, SP-12) before it makes a card too
    small to read: Mod 3's four rows, the clock and Normandy's long columns had a 10 px index at
    480x320."""
    app = make_app(tmp_path, size=(480, 320))
    scene = open_scene(app, variant, 1)
    layout = scene.view.layout
    assert index_fraction(layout.card_w) * layout.card_h >= MIN_INDEX_PX
    for pile, r in layout.piles.items():
        assert inside(r, (480, 320)), pile
    app.close()
