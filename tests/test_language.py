"""CM-15, languages: the gettext catalogs are complete, current and consistent, every character
they hold has a glyph in the shipped font, the language comes from the system unless chosen, and
switching it changes the next frame's words."""

from __future__ import annotations

import re
import string
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from babel.messages.pofile import read_po
from scene_helpers import key, make_app, open_scene, run

from game.core import i18n
from game.core.i18n import LANGUAGES, ntr, pick_language, set_language, tr
from game.play.status import table_status
from game.view import fonts
from game.view.acts import Choose

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "assets" / "locale"
TRANSLATED = [code for code in LANGUAGES if code != i18n.SOURCE]


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


def catalog(language: str):
    with (LOCALE / language / "LC_MESSAGES" / "solitaire.po").open("rb") as f:
        return read_po(f, locale=language, domain="solitaire")


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_cm15_the_template_and_compiled_catalogs_are_current():
    """Every string given to tr/ntr/ptr is in the template, each .po follows it and each .mo is
    compiled from its .po (tools/catalogs.py --check changes nothing and says what is stale)."""
    done = subprocess.run([sys.executable, "tools/catalogs.py", "--check"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("language", TRANSLATED)
def test_cm15_every_entry_is_translated_and_none_is_fuzzy(language):
    missing = [m.id for m in catalog(language) if m.id and (m.fuzzy or not all(_forms(m.string)))]
    assert not missing, missing[:5]


@pytest.mark.parametrize("language", TRANSLATED)
def test_cm15_translations_keep_the_placeholders_of_the_english(language):
    cat = catalog(language)
    for m in cat:
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            singular, plural = m.id
            wanted = (
                [fields(plural)]
                if cat.num_plurals == 1
                else [fields(singular)] + [fields(plural)] * (cat.num_plurals - 1)
            )
            got = [fields(s) for s in m.string]
            assert got == wanted or (got[0] | {"n"} == wanted[0] | {"n"} and got[1:] == wanted[1:]), m.id
        else:
            assert fields(m.string) == fields(m.id), m.id


@pytest.mark.parametrize("language", ["en", *TRANSLATED])
def test_cm15_every_character_of_every_string_has_a_glyph_in_the_shipped_font(language):
    import pygame.freetype

    pygame.freetype.init()
    entries = catalog("ja" if language == "en" else language)  # English: the msgids of any catalog
    texts = [t for m in entries for t in _forms(m.id if language == "en" else m.string)]
    chars = sorted({c for t in texts for c in t if not c.isspace()})
    for path in (fonts.REGULAR, fonts.BOLD):
        face = pygame.freetype.Font(str(path), 20)
        missing = [c for c, metrics in zip(chars, face.get_metrics("".join(chars)), strict=True) if metrics is None]
        assert not missing, f"{path.name} lacks {''.join(missing)!r}"


@pytest.mark.parametrize(
    ("locales", "chosen", "expected"),
    [
        (["ja_JP"], None, "ja"),
        (["it_IT.UTF-8"], None, "it"),
        (["it-CH", "en_US"], None, "it"),
        (["de_DE"], None, "en"),
        (["de_DE", "ja"], None, "ja"),
        ([], None, "en"),
        (["ja_JP"], "it", "it"),
        (["ja_JP"], "xx", "ja"),
    ],
)
def test_cm15_the_language_comes_from_the_system_unless_chosen(locales, chosen, expected):
    assert pick_language(locales, chosen) == expected


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", ["Won in 0 moves!", "Won in 1 move!", "Won in 2 moves!", "Won in 5 moves!"]),
        ("it", ["Vinta in 0 mosse!", "Vinta in 1 mossa!", "Vinta in 2 mosse!", "Vinta in 5 mosse!"]),
        ("ja", ["0手でクリア！", "1手でクリア！", "2手でクリア！", "5手でクリア！"]),
    ],
)
def test_cm15_plural_forms_for_0_1_2_and_5(language, expected):
    set_language(language)
    assert [ntr("Won in 1 move!", "Won in {n} moves!", n) for n in (0, 1, 2, 5)] == expected


def test_cm15_switching_language_in_settings_changes_the_next_frame_and_is_saved(tmp_path, monkeypatch):
    monkeypatch.delenv("SOLITAIRE_LANG", raising=False)
    app = make_app(tmp_path)
    app.settings.language = "en"  # whatever this machine's own language
    app.apply_language()
    table = open_scene(app, "klondike", 5)
    assert [b.label for b in table.buttons][:2] == ["Menu", "Undo"]
    app.push_panel("settings", table)
    app.stack.top.act(Choose("lang", "ja"))
    run(app, 1)
    assert [b.label for b in table.buttons][:2] == ["メニュー", "取り消し"]
    assert table_status(table.table)[0] == "クロンダイク · 1枚めくり"
    assert any(b.label == "閉じる" for b in app.stack.top.buttons)  # the panel itself, at once
    app.close()
    again = make_app(tmp_path)  # saved: the next start speaks Japanese
    assert tr("Undo") == "取り消し" and again.settings.language == "ja"
    again.close()


def test_cm15_the_home_screen_opens_settings_and_its_language_applies_there(tmp_path, monkeypatch):
    """UI-8, CM-15: Settings is on the home screen's bar too, so the language (the look, the sound)
    can be chosen before any game is opened; without a table under it, the panel offers no demo of
    "this deal", and a change of animation waits for the next table."""
    from game.scenes.home import HomeScene
    from game.scenes.settings import SettingsPanel

    monkeypatch.delenv("SOLITAIRE_LANG", raising=False)
    app = make_app(tmp_path, size=(480, 320))
    app.settings.language = "en"
    app.apply_language()
    app.go_home()
    run(app, 1)
    home = app.stack.top
    assert isinstance(home, HomeScene)
    settings = next(b for b in home.buttons if b.action == "settings")
    assert settings.label == "Settings"
    home.act("settings")
    panel = app.stack.top
    assert isinstance(panel, SettingsPanel) and panel.table_scene is None
    assert not any(b.action == "demo" for b in panel.buttons)
    panel.act(Choose("anim", "slow"))
    panel.act(Choose("lang", "it"))
    run(app, 1)
    assert app.settings.animation == "slow"
    assert next(b for b in home.buttons if b.action == "settings").label == "Impostazioni"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is home
    table = open_scene(app, "klondike", 5)
    assert table.view.sprites.speed == app.settings.speed
    app.close()


def test_cm15_lang_and_solitaire_lang_choose_above_the_settings(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLITAIRE_LANG", "it")
    app = make_app(tmp_path)
    assert tr("Undo") == "Annulla"
    app.close()
    monkeypatch.delenv("SOLITAIRE_LANG")
    from game.app import App
    from game.store import Store

    app = App(size=(800, 600), store=Store(tmp_path / "other"), language="ja")
    assert tr("Undo") == "取り消し"
    app.close()


def test_cm15_dates_are_written_the_languages_way():
    set_language("ja")
    assert i18n.format_date("2026-11-30") == "2026年11月30日"
    set_language("it")
    assert i18n.format_date("2026-11-30") == "30/11/2026"


def test_cm15_a_charts_days_are_written_the_languages_way(tmp_path, monkeypatch):
    """Issue 36 item 12: the games-per-day chart names its first and last days as the language
    writes a day, never "03-11" to an Italian, who reads it as the 3rd of November."""
    assert [i18n.format_day("2026-03-11"), i18n.format_day("2026-12-01")] == ["03-11", "12-01"]
    set_language("ja")
    assert i18n.format_day("2026-03-11") == "3月11日"
    set_language("it")
    assert i18n.format_day("2026-03-11") == "11/3"
    from game.records.stats import WINNABLE, Group
    from game.scenes.records import RecordsScene

    monkeypatch.setenv("SOLITAIRE_LANG", "it")
    app = make_app(tmp_path)  # 1280x800: room for all three charts
    app.show_records("klondike", Group("klondike", "draw=1,redeals=unlimited", WINNABLE))
    screen = app.stack.top
    assert isinstance(screen, RecordsScene)
    screen.days = [("2026-03-11", 2, 1), *((f"2026-03-{d}", 0, 0) for d in range(12, 31)), ("2026-04-09", 1, 0)]
    written: list[str] = []
    text = fonts.text
    monkeypatch.setattr(fonts, "text", lambda message, *a, **k: written.append(message) or text(message, *a, **k))
    screen.draw(pygame.Surface(app.window_size()), 0.0)
    app.close()
    assert "11/3" in written and "9/4" in written
    assert not any(re.fullmatch(r"\d\d-\d\d", w) for w in written), written


def test_cm15_an_unknown_language_is_refused_and_changes_nothing():
    set_language("it")
    with pytest.raises(ValueError, match="no language"):
        set_language("xx")
    assert i18n.language() == "it" and tr("Undo") == "Annulla"


def _forms(text: str | tuple[str, ...]) -> tuple[str, ...]:
    return text if isinstance(text, tuple) else (text,)


def test_every_player_string_in_the_code_goes_through_a_translation_function():
    """A light guard: no scene draws a literal English sentence without tr()."""
    pattern = re.compile(r"fonts\.(?:fit_)?text\(\s*\"[A-Za-z][a-z]+ [a-z]")
    offenders = [p for p in (ROOT / "game").rglob("*.py") if pattern.search(p.read_text())]
    assert not offenders, offenders


def test_cm15_a_damaged_catalog_means_english_and_a_message_never_a_crash(tmp_path, monkeypatch):
    broken = tmp_path / "locale" / "ja" / "LC_MESSAGES"
    broken.mkdir(parents=True)
    (broken / "solitaire.mo").write_bytes(b"not a catalog")
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path / "locale")
    monkeypatch.setenv("SOLITAIRE_LANG", "ja")
    app = make_app(tmp_path / "data")
    assert i18n.language() == "en" and tr("Undo") == "Undo"
    assert any("ja" in problem for problem in app.store.problems)
    app.close()


@pytest.mark.parametrize("language", ["en", "ja", "it"])
def test_cm15_a_file_the_system_refused_is_said_in_the_players_words(language):
    """Issue 36 item 17's note: "Permission denied" came in English in a Japanese game; the common
    causes have words of their own, any other is the system's words."""
    import errno

    from game.core.system_words import system_reason

    set_language(language)
    try:
        denied = system_reason(PermissionError(errno.EACCES, "Permission denied"))
        full = system_reason(OSError(errno.ENOSPC, "No space left on device"))
        assert (denied == "permission denied") == (language == "en") and "Permission" not in denied
        assert (full == "the disk is full") == (language == "en")
        assert system_reason(OSError(errno.ENOTTY, "Inappropriate ioctl")) == "Inappropriate ioctl"
    finally:
        set_language("en")
