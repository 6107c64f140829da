"""Issue 36 item 12 (UI-10, CM-15): a narrow window's status bar says as many facts in Italian and
Japanese as in English — shorter words (a figure's short form), never fewer figures."""

from __future__ import annotations

import pytest
from scene_helpers import make_app, open_scene

from game.core.i18n import Figure, set_language
from game.games.index import GAMES
from game.play.status import table_status
from game.view import fonts
from game.view.hud import fit_status
from game.view.layout import Rect

SIZES = [(480, 320), (450, 800), (390, 844), (320, 320), (1280, 800)]


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


def figures_shown(tmp_path, monkeypatch, size: tuple[int, int], language: str) -> dict[str, tuple[str, ...]]:
    """The figures the status bar shows at the start of a deal of every game: one app in the
    language at the size, each game's table opened in it in turn."""
    monkeypatch.setenv("SOLITAIRE_LANG", language)
    app = make_app(tmp_path / language, size=size)
    shown = {}
    for game in GAMES:
        scene = open_scene(app, game.name, 11)
        heading, parts, _ = table_status(scene.table)
        shown[game.name] = fit_status(scene.view.layout.top_bar, heading, parts).shown
    app.close()
    return shown


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_narrow_status_bar_keeps_every_figure_english_keeps(tmp_path, monkeypatch, size):
    """TriPeaks' stock, Spider's completed suits, Pyramid's redeals at 480x320: where English
    shows a figure, Italian and Japanese show it too (Italian "Restano 28", "Distrib. 5",
    "Ridistr. 2" where "Carte rimaste", "Distribuzioni", "Ridistribuzioni" do not fit)."""
    english = figures_shown(tmp_path, monkeypatch, size, "en")
    for language in ("it", "ja"):
        shown = figures_shown(tmp_path, monkeypatch, size, language)
        fewer = {game: (english[game], shown[game]) for game in english if len(shown[game]) < len(english[game])}
        assert not fewer, (language, fewer)


def test_a_figures_short_form_shows_only_where_the_whole_words_leave_a_figure_out():
    """The whole words where they fit (and always in speech: a Figure is its whole words); the
    short forms where the whole words would leave a figure out."""
    top = Rect(0, 0, 360, 26)
    long, short = "Ridistribuzioni 2", "Ridistr. 2"
    parts = ["Mosse 0", "0:00", "Piramide 28", "Mazzo 24", Figure(long, short)]
    assert Figure(long, short) == long and Figure(long, short).short == short
    assert not fonts.fits("  ".join(parts), top.w * 0.75, bold=True)  # the whole words leave one out, name or not
    assert fit_status(top, "Piramide", parts).shown[-1] == short
    wide = Rect(0, 0, 1280, 40)
    assert fit_status(wide, "Piramide", parts).shown[-1] == long
    plain = [*parts[:-1], long]  # without a short form: the last figure waits for a wider window
    assert long not in fit_status(top, "Piramide", plain).shown


def test_the_games_name_gives_way_before_any_figure():
    """At 480x320 TriPeaks' name kept its corner and the chain went (the least size was the
    smallest size, so every way "fitted"): the name gives up its place first, as the bar says."""
    parts = ["Score 0", "Moves 0", "0:00", "Cards left 28", "Stock 23", "Chain 0", "This deal: ★☆☆☆☆"]
    fit = fit_status(Rect(0, 0, 480, 22), "TriPeaks", parts)
    assert not fit.with_heading and "Chain 0" in fit.shown
    wide = fit_status(Rect(0, 0, 1280, 34), "TriPeaks", parts)
    assert wide.with_heading and wide.shown == tuple(parts)
