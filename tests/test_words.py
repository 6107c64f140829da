"""Words a player reads never show the code's names for places (t3, f1, c2, p7.1, g2.13, s, w):
every reason for an illegal move and every "cannot pick that up" over many positions of every
game is swept for them."""

from __future__ import annotations

import random
import re
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from game.core.dealid import DealId
from game.core.i18n import join_sentences, set_language, tr
from game.games.index import GAMES
from game.rules.base import DEAL, DRAW, MOVE, PAIR, RECYCLE, REDEAL, Move
from game.rules.pile import NO_PILE

INTERNAL = re.compile(r"(?<![\w'])([tfcg]\d+|p\d\.\d+|g\d\.\d+|[swd])(?![\w'])")


# The games whose first deal's eight positions already give every kind of reason the three deals
# give (every message, its cards and numbers aside): many places each, so a sweep of a position costs
# the most (Addiction's 52 places, 11,000 checks a position). The other games sweep three deals.
ONE_DEAL = {
    "spider",
    "pyramid",
    "addiction",
    "tripeaks",
    "bakersdozen",
    "fortythieves",
    "simplesimon",
    "fortyeight",
    "grandfathersclock",
    "mod3",
}


def positions(game, count: int = 8):
    rng = random.Random(game.name)
    for number in range(1, 2 if game.name in ONE_DEAL else 4):
        state = game.rules.deal(DealId.make(game.name, number))
        for _ in range(count):
            yield state
            moves = game.rules.legal_moves(state)
            if not moves:
                break
            state = game.rules.play(state, rng.choice(moves))


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_no_internal_pile_names_in_any_reason_a_player_reads(game):
    seen = 0
    for state in positions(game):
        piles = list(game.rules.piles(state)) + [NO_PILE]
        messages = []
        for src in piles:
            cards, _ = game.rules.piles(state).get(src, ((), 0))
            for index in range(-1, len(cards)):
                messages.append(game.rules.lift_reason(state, src, index) if index >= 0 else None)
            for dst in piles:
                for size in (1, 2):  # a run of three gave no reason a run of two does not
                    messages.append(game.rules.check(state, Move(MOVE, src, dst, size)))
                messages.append(game.rules.check(state, Move(PAIR, src, dst)))
        for kind in (DRAW, RECYCLE, DEAL, REDEAL):
            messages.append(game.rules.check(state, Move(kind)))
        for text in filter(None, messages):
            seen += 1
            assert not INTERNAL.search(text), text
    assert seen > 100


# -- CM-15: one word for one thing, in every screen of a language ------------------------------------

LOCALE = Path(__file__).resolve().parent.parent / "assets" / "locale"
PLACEHOLDER = re.compile(r"\{[^}]*\}")


@dataclass(frozen=True)
class Entry:
    key: str  # the msgid (the singular of a plural), "context|msgid" with a context
    english: tuple[str, ...]
    translated: tuple[str, ...]


@dataclass(frozen=True)
class Term:
    name: str
    pattern: re.Pattern[str] | None
    words: tuple[str, ...]
    ruled_out: tuple[str, ...]
    exceptions: frozenset[str]
    only: frozenset[str]
    allowed: frozenset[str]  # messages where a ruled-out word means something else (a line of a file)


def catalog_entries(language: str) -> list[Entry]:
    with (LOCALE / language / "LC_MESSAGES" / "solitaire.po").open("rb") as f:
        catalog = read_po(f, locale=language, domain="solitaire")
    out = []
    for m in catalog:
        if not m.id:
            continue
        english = tuple(m.id) if isinstance(m.id, tuple) else (m.id,)
        translated = tuple(m.string) if isinstance(m.string, tuple) else (m.string,)
        out.append(Entry(f"{m.context}|{english[0]}" if m.context else english[0], english, translated))
    return out


def glossary(language: str) -> list[Term]:
    with (LOCALE / language / "glossary.toml").open("rb") as f:
        terms = tomllib.load(f)["term"]
    out = []
    for t in terms:
        words = (t["word"],) if isinstance(t["word"], str) else tuple(t["word"])
        out.append(
            Term(
                name=t.get("en", words[0]),
                pattern=re.compile(t["en"], re.IGNORECASE) if "en" in t else None,
                words=words,
                ruled_out=tuple(t.get("not", ())),
                exceptions=frozenset(t.get("except", ())),
                only=frozenset(t.get("only", ())),
                allowed=frozenset(t.get("allow", ())),
            )
        )
    return out


def matches(term: Term, entry: Entry) -> bool:
    """Whether the term's pattern finds the thing in the English (placeholders taken out)."""
    return term.pattern is not None and any(term.pattern.search(PLACEHOLDER.sub("", e)) for e in entry.english)


def says(term: Term, entry: Entry) -> bool:
    """Whether the English of ``entry`` names the term's thing."""
    if term.only:
        return entry.key in term.only
    return entry.key not in term.exceptions and matches(term, entry)


def has(text: str, words: tuple[str, ...]) -> bool:
    return any(word.casefold() in text.casefold() for word in words)


def glossary_problems(terms: list[Term], entries: list[Entry]) -> list[str]:
    """Every place a catalog breaks its glossary: a ruled-out word anywhere; a translation that
    misses the chosen word where the English names the thing; a term or exception naming nothing
    (a stale glossary would pass anything)."""
    problems = []
    keys = {e.key: e for e in entries}
    for term in terms:
        for entry in entries:
            for text in entry.translated if entry.key not in term.allowed else ():
                ruled_out = [bad for bad in term.ruled_out if has(text, (bad,))]
                problems += [f"{entry.key!r}: {bad!r} is ruled out ({term.name})" for bad in ruled_out]
            if says(term, entry) and not all(has(text, term.words) for text in entry.translated):
                problems.append(f"{entry.key!r}: {entry.translated} lacks {'/'.join(term.words)} ({term.name})")
        named = [e for e in entries if says(term, e)]
        if not named or (term.only and len(named) != len(term.only)):
            problems.append(f"the term {term.name!r} names no message, or a message it lists is gone")
        for key in term.exceptions:
            if key not in keys or not matches(term, keys[key]):
                problems.append(f"the exception {key!r} of {term.name!r} is gone or no longer matches")
        for key in term.allowed:
            if key not in keys or not any(has(text, term.ruled_out) for text in keys[key].translated):
                problems.append(f"the allowed {key!r} of {term.name!r} is gone or no longer needs it")
    return problems


@pytest.mark.parametrize("language", ["ja", "it"])
def test_cm15_each_catalog_keeps_its_glossary_one_word_for_one_thing(language):
    """CM-15: where the English names a thing, the translation says the glossary's word for it,
    and no translation uses a word the glossary rules out (assets/locale/<lang>/glossary.toml)."""
    problems = glossary_problems(glossary(language), catalog_entries(language))
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", ["ja", "it"])
def test_cm15_the_glossary_check_finds_a_missing_word_and_a_ruled_out_one(language):
    """The check above can fail: for every term, a translation with its word taken out, and a
    translation with a ruled-out word put in, are both reported."""
    terms, entries = glossary(language), catalog_entries(language)
    for term in terms:
        entry = next(e for e in entries if says(term, e))
        blanked = entry.translated[0]
        for word in term.words:
            blanked = re.sub(re.escape(word), "◇", blanked, flags=re.IGNORECASE)
        doctored = [replace(e, translated=(blanked, *e.translated[1:])) if e is entry else e for e in entries]
        assert any(entry.key in p and "lacks" in p for p in glossary_problems([term], doctored)), term.name
        for bad in term.ruled_out:
            spoiled = [replace(e, translated=(e.translated[0] + bad,)) if e is entries[0] else e for e in entries]
            assert any("ruled out" in p for p in glossary_problems([term], spoiled)), (term.name, bad)


def test_cm15_japanese_moves_cards_with_no_shogi_verb():
    """指す is a shogi or go move; a card is 動かす, 置く or 移す (every form: 指す, 指し, 指せ,
    指して, 指さ, 指そ, 指っ)."""
    found = [(e.key, t) for e in catalog_entries("ja") for t in e.translated if re.search("指[さしすせそっ]", t)]
    assert not found


def test_cm15_italian_says_mano_for_a_deal_and_risolvibile_for_winnable():
    found = [(e.key, t) for e in catalog_entries("it") for t in e.translated if re.search("smazzat|vincibil", t, re.I)]
    assert not found


def test_cm15_japanese_writes_no_space_between_a_number_and_its_counter():
    """1枚めくり, 8列目, {n}手: a counter follows its number with no space."""
    counter = re.compile(r"(?:\d|\})[ \u3000]+(?:枚|手(?!数)|列|秒|か所|件|個|回|通り|ゲーム|連続|スート|段|日|人)")
    found = [(e.key, t) for e in catalog_entries("ja") for t in e.translated if counter.search(t)]
    assert not found


def test_cm15_the_replays_play_button_reads_saisei_in_its_own_context(tmp_path):
    """The replay's ▶ is a video player's 再生, not the home screen's 遊ぶ (one English word, two
    things: the replay asks for it with the context "replay")."""
    from scene_helpers import make_app

    from game.records.stats import WON, GameRow
    from game.scenes.replay import ReplayScene

    app = make_app(tmp_path)
    try:
        set_language("ja")
        deal = "klondike:draw=1,redeals=unlimited:5:v1"
        row = GameRow("g1", "klondike", "draw=1,redeals=unlimited", "winnable", deal, None, 1.7e9, 1.7e9 + 60,
                      "2026-11-30", WON, 60.0, 0, 0, 0, 0, "")  # fmt: skip
        replay = ReplayScene(app, row)
        app.push(replay)
        replay.action("pause")
        labels = [label for _, label in replay.toolbar_actions()]
        assert "再生" in labels and tr("Play") == "遊ぶ" and "遊ぶ" not in labels
    finally:
        set_language("en")
        app.close()


def test_cm15_more_in_spiders_segment_panel_is_not_the_toolbars_more(tmp_path):
    """The panel's ▲ takes one more card (増やす, Più); the toolbar's More… opens a menu (その他)."""
    from helpers import cards
    from scene_helpers import center, make_app, open_scene, right_click

    from game.games.spider.rules import SpiderState
    from game.rules.pile import TABLEAUS
    from game.scenes.segment import SegmentPanel

    columns = (cards("5D 9H 8H 7H 6H"), cards("4C 9S"), *([()] * 8))
    state = SpiderState(columns, (1, 1) + (0,) * 8, (), (), 2)
    for language, more, menu in (("ja", "▲ 増やす", "その他"), ("it", "▲ Più", "Altro")):
        app = make_app(tmp_path / language)
        try:
            set_language(language)
            scene = open_scene(app, "spider", state=state)
            right_click(app, center(scene, TABLEAUS[0], 4))
            panel = app.stack.top
            assert isinstance(panel, SegmentPanel)
            assert more in [b.label for b in panel.buttons] and tr("More") == menu
        finally:
            set_language("en")
            app.close()


def test_cm15_sentences_are_joined_with_a_space_but_not_in_japanese():
    """A hint and its reason are two sentences: "Turn the stock. It leads to a win." in English
    and Italian, "山札をめくりましょう。クリアにつながります。" in Japanese, where a space after 。
    reads as a gap."""
    from game.games.index import game_for
    from game.hints.base import solved_or
    from game.rules.base import DRAW_MOVE
    from game.solver.engine import Result, Status

    klondike = game_for("klondike")
    state = klondike.rules.deal(DealId.make("klondike", 3))
    solved = Result(Status.SOLVED, [DRAW_MOVE])
    try:
        for language, expected in (
            ("en", "Turn the stock. It leads to a win."),
            ("it", "Gira il mazzo. Porta alla vittoria."),
            ("ja", "山札をめくりましょう。クリアにつながります。"),
        ):
            set_language(language)
            assert solved_or(solved, klondike.rules, state, lambda: None, [DRAW_MOVE]).reason == expected
            assert join_sentences("A.", "", "B.") == ("A.B." if language == "ja" else "A. B.")
    finally:
        set_language("en")


def test_cm15_japanese_puts_no_full_width_colon_inside_a_sentence():
    """A colon after a finished sentence (「場札に役立つ手がありません：山札を…」) reads as a typo in
    Japanese: two sentences are joined by 。, a detail goes in brackets. A label's colon stays
    (「ヒント：{reason}」, 「{place}：空」)."""
    inside = re.compile(r"(?:ます|ません|です|ました|でした|ください|ない)：")
    found = [(e.key, t) for e in catalog_entries("ja") for t in e.translated if inside.search(t)]
    assert not found


def test_cm15_japanese_hint_odds_say_how_many_arrangements_were_tried():
    """The hint's odds are a sample: 「{m}通り試すと」, never 「{m}通りのうち」 (as if only {m} existed);
    the English says "guesses", the Italian "ipotesi" (issue 35)."""
    (entry,) = [e for e in catalog_entries("ja") if e.key.startswith("It starts a win in {n} of {m} guesses")]
    assert "{m}通り試すと" in entry.translated[0] and "のうち" not in entry.translated[0]
    (italian,) = [e for e in catalog_entries("it") if e.key == entry.key]
    assert "ipotesi" in italian.translated[0]
