"""Issue 36, items 13 to 16: the deal as the player knows it, the question before a new deal that
agrees with the message after it, the home page the game is on, and Canfield's score broken down."""

from __future__ import annotations

import pygame
import pytest
from scene_helpers import key, make_app, open_scene, run

from game.core.dealid import DealId
from game.core.i18n import set_language
from game.games.index import GAMES, game_for
from game.records.stats import LOST, WINNABLE, GameRow
from game.rules.base import move_text
from game.rules.pile import STOCK_PILE
from game.scenes import replay, table_paint
from game.scenes.history import GamePanel, deal_words, row_line
from game.scenes.home import HomeScene
from game.scenes.home_tile import BLURB_LINE
from game.scenes.panels import ConfirmPanel, GameOverPanel
from game.scenes.table_paint import clear_of
from game.scenes.win_panel import WinPanel
from game.session import Session
from game.view.acts import ForGame
from game.view.layout import Rect, TableLayout, touch_size
from game.view.widgets import toast_box


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    a.close()


def game_row(deal: str, variant: str = "canfield") -> GameRow:
    return GameRow(
        game_id="g1", variant=variant, options="draw=3,moves=whole", kind=WINNABLE, deal=deal, daily=None,
        started=1_000_000.0, ended=1_000_500.0, local_date="2026-11-30", result=LOST, seconds=247.0, moves=112,
        score=97, undos=0, hints=0, line="",
    )  # fmt: skip


def test_the_deal_is_its_number_and_its_options_in_words_never_the_internal_id():
    """Item 13: "Deal 244 · Draw 3 · Runs: whole", for every game and option set."""
    deal = DealId.make("canfield", 244, {"draw": "3", "moves": "whole"})
    assert game_for("canfield").deal_text(deal) == "Deal 244 · Draw 3 · Runs: whole"
    assert game_for("freecell").deal_text(DealId.make("freecell", 1)) == "Deal 1"
    for game in GAMES:
        text = game.deal_text(DealId.make(game.name, 31))
        assert text.startswith("Deal 31") and ":v1" not in text and f"{game.name}:" not in text


def test_the_win_and_game_over_panels_show_the_deal_as_the_player_knows_it(app):
    """Item 13: the win panel said "Deal canfield:draw=3,moves=runs:244:v1"."""
    scene = open_scene(app, "canfield", 244, draw="3", moves="whole")
    for panel in (WinPanel(app, scene), GameOverPanel(app, scene)):
        assert panel.lines()[-1] == "Deal 244 · Draw 3 · Runs: whole"
        assert not any("v1" in line for line in panel.lines())


def test_history_rows_and_their_panel_show_the_deal_number_and_options(app):
    """Item 13: a History row says which deal it was; a damaged row's ID is shown cut short."""
    row = game_row("canfield:draw=3,moves=whole:244:v1")
    assert deal_words(row) == "Deal 244 · Draw 3 · Runs: whole"
    assert row_line(row).endswith("· Deal 244 · Draw 3 · Runs: whole") and "112" in row_line(row)
    assert GamePanel(app, row).lines()[-1] == "Deal 244 · Draw 3 · Runs: whole"
    damaged = game_row("x" * 500)
    assert deal_words(damaged).startswith("Deal xxx") and len(deal_words(damaged)) < 80


def test_the_question_before_a_new_deal_says_what_the_message_after_it_says(app):
    """Item 15: the question said "will be lost", then the message "Undo brings back the game you
    left": the question now says the game ends and Undo brings it back, as it does."""
    scene = open_scene(app, "klondike", 7)
    scene.play(scene.session.legal[0])
    run(app, 10)
    eight = Session(DealId.make("klondike", 8))
    app.replacing(scene.session, "Start a new deal?", "New deal", lambda: scene.new_deal(eight))
    asked = app.stack.top
    assert isinstance(asked, ConfirmPanel)
    assert asked.said_lines() == [
        "Your Klondike game in progress (deal 7, 1 move) ends with your first move in the new one; until then, "
        "Undo brings it back."
    ]
    asked.act("yes")
    run(app, 5)
    assert scene.session.deal_id.number == 8
    scene.table.undo()
    run(app, 5)
    assert scene.session.deal_id.number == 7 and scene.session.moves == 1  # as the question said


@pytest.mark.parametrize("size", [(1280, 800), (800, 1280), (1920, 1080)])
def test_menu_goes_back_to_the_home_page_the_game_is_on(tmp_path, size):
    """Item 16: from a game on the second page of games, Menu went back to the first page; now the
    home screen opens on that game's page with the focus on its tile."""
    app = make_app(tmp_path, size)
    try:
        names = [game.name for game in GAMES]
        last = names[-1]
        open_scene(app, last, 5)
        key(app, pygame.K_ESCAPE, frames=4)
        home = app.stack.top
        assert isinstance(home, HomeScene)
        assert home.page == home.grid.page_of(names.index(last))
        if home.grid.pages > 1 and not home.compact:
            assert home.page > 0
        assert home.buttons[home.focus].action in (ForGame("continue", last), ForGame("new", last))
        if home.page:  # the page is chosen once: after a page turn, a resize keeps the player's page
            home.turn_page(-1)
            home.resize(size)
            assert home.page == home.grid.page_of(names.index(last)) - 1
    finally:
        app.close()


def test_canfields_win_panel_breaks_its_score_down(app):
    """Item 16 (CF-6): "Score 260 = 52 cards × 5"; at the deal, the base card dealt home counts."""
    scene = open_scene(app, "canfield", 3)
    parts = game_for("canfield").score_parts(scene.session.state, 0.0)
    assert parts == ["1 card × 5"]
    lines = WinPanel(app, scene).lines()
    assert "Score 5 = 1 card × 5" in lines


def spy_on_clear_of(monkeypatch) -> list[tuple[float, list[Rect], list[Rect], TableLayout, int, str, int]]:
    """Each placing of a message over the table: where it went, and what it was to keep clear of."""
    seen: list[tuple[float, list[Rect], list[Rect], TableLayout, int, str, int]] = []

    def spy(framed, layout, width, message, size, playable=(), exposed=()):
        bottom = clear_of(framed, layout, width, message, size, playable, exposed)
        seen.append((bottom, list(framed), list(playable), layout, width, message, size))
        return bottom

    monkeypatch.setattr(table_paint, "clear_of", spy)
    monkeypatch.setattr(replay, "clear_of", spy)
    return seen


def covered(placed: tuple[float, list[Rect], list[Rect], TableLayout, int, str, int]) -> list[Rect]:
    bottom, framed, playable, _, width, message, size = placed
    box = toast_box(width, message, bottom, size)
    pill = Rect(box.x, box.y, box.w, box.h)
    return [r for r in [*framed, *playable] if pill.overlap(r) > 0]


def test_the_hints_message_covers_no_card_that_could_be_played(tmp_path, monkeypatch):
    """Item 16: at 1280x800 TriPeaks' hint sat over the bottom of the row of open cards; now it
    covers neither what it frames nor any card a legal move could take, nor the stock."""
    seen = spy_on_clear_of(monkeypatch)
    app = make_app(tmp_path, (1280, 800))
    try:
        scene = open_scene(app, "tripeaks", 47)
        key(app, pygame.K_h)
        for _ in range(100):
            run(app, 5)
            if scene.table.hint is not None and scene.table.hint.move is not None:
                break
        run(app, 2)
        assert seen, "the hint's message was placed"
        stock = scene.view.layout.piles[STOCK_PILE]
        assert any(r.overlap(stock) > 0 for r in seen[-1][2])  # the stock counts as playable
        assert covered(seen[-1]) == []
    finally:
        app.close()


def test_the_replays_caption_covers_no_card_that_could_be_played(tmp_path, monkeypatch):
    """Item 16: at 480x320 the replay's caption sat over Golf's column bottoms, the cards to play."""
    seen = spy_on_clear_of(monkeypatch)
    app = make_app(tmp_path, (480, 320))
    try:
        session = Session(DealId.make("golf", 11))
        for _ in range(6):
            session.play(session.legal[0])
        line = " ".join(move_text(m) for m in session.history.moves)
        row = GameRow("r1", "golf", "", WINNABLE, str(session.deal_id), None, 1.7e9, 1.7e9 + 60, "2026-11-30",
                      "won", 60.0, 6, None, 0, 0, line)  # fmt: skip
        app.open_replay(row)
        run(app, 150)
        assert seen and all(covered(placed) == [] for placed in seen)
    finally:
        app.close()


@pytest.mark.parametrize("language", ["en", "it", "ja"])
@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080), (800, 1280)])
def test_cm14_every_home_tile_has_room_for_its_description(tmp_path, size, language):
    """Item 16: at 1280x800 Canfield's tile (and in Italian Klondike's) showed no description: it
    needed two lines and the preview would have lost more than it could spare. Every tile of every
    page now keeps a line at least under its name."""
    set_language(language)
    app = make_app(tmp_path, size)
    try:
        app.go_home()
        run(app, 2)
        home = app.stack.top
        assert isinstance(home, HomeScene) and not home.compact
        touch = touch_size(96)
        for page in range(home.grid.pages):
            home.page = page
            home.resize(size)
            for tile in home.tiles:
                under_the_name = tile.preview.y - tile.box.y - touch * 0.7
                assert under_the_name >= touch * BLURB_LINE * 0.99, (tile.variant, page)
    finally:
        app.close()
        set_language("en")


@pytest.mark.parametrize("language", ["en", "ja", "it"])
@pytest.mark.parametrize("size", [(480, 320), (800, 1280), (1280, 800)])
def test_the_question_before_a_new_deal_is_wrapped_inside_its_panel(tmp_path, size, language):
    """Item 15 (second review): the question's one long line ran out of the panel ("…Annulla la
    riport", "新しい配牌で最初の"): it is wrapped to the panel, every line at the lines' size fits."""
    from game.view import fonts

    set_language(language)
    app = make_app(tmp_path, size)
    try:
        scene = open_scene(app, "klondike", 7)
        scene.play(scene.session.legal[0])
        run(app, 5)
        app.replacing(scene.session, "?", "OK", lambda: None)
        asked = app.stack.top
        assert isinstance(asked, ConfirmPanel)
        lines = asked.lines()
        assert len(lines) >= 2 and "".join(lines).replace(" ", "") == asked.said_lines()[0].replace(" ", "")
        touch = asked.touch * asked.scale
        room = asked.box.w - touch * 0.8
        size_drawn = int(touch * 0.38)
        assert all(fonts.fits(line, room, size_drawn) for line in lines), (lines, room)
        assert asked.box.bottom <= size[1] and asked.box.y >= 0
    finally:
        app.close()
        set_language("en")


def test_cm13_undo_after_giving_up_takes_back_the_giving_up_alone(app):
    """Second review: the question before giving up promised Undo brings the game back, and one
    undo took back the giving up and the last move too (Addiction, 1 move then 0)."""
    scene = open_scene(app, "addiction", 7)
    scene.play(next(m for m in scene.session.legal if m.kind == "move"))
    run(app, 5)
    scene.give_up()
    run(app, 30)
    panel = app.stack.top
    assert isinstance(panel, GameOverPanel) and panel.buttons[0].label == "Undo"
    panel.act("undo")
    run(app, 5)
    assert not scene.session.given_up and scene.session.moves == 1 and app.stack.top is scene
    scene.table.undo()
    assert scene.session.moves == 0  # the next undo takes back the move
