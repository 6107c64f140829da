"""CM-15, Japanese typesetting: a wrapped line never begins with a mark Japanese keeps off a line's
start (。、）」』！？ー, small kana …: 行頭禁則) and never ends with one it keeps off a line's end
(（「『: 行末禁則), at any width; the text is all there, and every line fits."""

from __future__ import annotations

import budoux
import pytest

from game.core.i18n import set_language, tr
from game.view import fonts
from game.view.fonts import NO_LINE_END, NO_LINE_START, wrap

SENTENCES = [
    "動かせるカードがなくなったら、配り直しで各列の左からそろった並びを残し、ほかのカードを配り直します"
    "（ゲームで決めた回数まで）。オートは代わりに1手行い、ギブアップはスコアを確定してゲームを終えます。",
    "「山札」をタップすると、すべての列に1枚ずつ配ります！　そのとき空いた列があってはいけません。",
    "カードをクリックすると一番よい場所へ動き、ドラッグすると好きな場所へ置けます。ダブルクリックで組札へ送ります。",
    "矢印キーでフォーカスを移動し、EnterかSpaceで選んで置き、Escで戻ります。UかCtrl+Zで取り消し、Ctrl+Yで1手進める。",
    "ちょっとしたコツ：ゴルフは押すだけ……です。『K』（とその上のカード）だけ、ドラッグでしょう？ピラミッドのキャンセル。",
]


def without_phrases(monkeypatch):
    """Line breaking as where BudouX is not installed: any legal character."""
    monkeypatch.setattr(fonts, "_japanese_parser", lambda: None)
    fonts._units.cache_clear()
    monkeypatch.setattr(fonts, "_units", fonts._units.__wrapped__)


def problems(lines: list[str]) -> list[str]:
    starts = [line for line in lines[1:] if line[0] in NO_LINE_START]
    ends = [line for line in lines[:-1] if line[-1] in NO_LINE_END]
    return starts + ends


@pytest.mark.parametrize("text", SENTENCES, ids=range(len(SENTENCES)))
def test_cm15_no_wrapped_japanese_line_starts_or_ends_with_a_forbidden_mark(text):
    size = 16
    em = fonts.font(size).size("あ")[0]
    widths = range(4 * em, 40 * em, 3)  # from four characters a line: narrower cannot keep the rule and the width
    seen = 0
    for width in widths:
        lines = wrap(text, size, width)
        assert "".join(lines).split() == text.split() or "".join("".join(lines).split()) == "".join(text.split())
        assert not problems(lines), (width, problems(lines))
        assert all(fonts.font(size).size(line)[0] <= width for line in lines), width
        seen += len(lines) > 1
    assert seen > 50  # the widths really wrap


def test_cm15_the_character_before_a_closing_mark_goes_down_with_it(monkeypatch):
    """追い出し: where 。 would begin a line, the character before it goes down with it; an opening
    「 never stays alone at a line's end (at the character level: without the phrase segmenter, as
    where a phrase is wider than the line)."""
    without_phrases(monkeypatch)
    face = fonts.font(16)
    assert wrap("あいうえお。かきくけこ", 16, face.size("あいうえお")[0] + 1) == ["あいうえ", "お。かきく", "けこ"]
    assert wrap("あいう「えお」", 16, face.size("あいう「")[0] + 1) == ["あいう", "「えお」"]


def test_cm15_english_still_breaks_at_spaces():
    english = wrap("one two three four five six seven", 16, fonts.font(16).size("one two three")[0] + 1)
    assert english == ["one two three", "four five six", "seven"]


# Catalog sentences whose words were seen cut at a line's end (issue 36): 「消えま/す」,
# 「崩していきま/す」, 「動か/せます」, 「6/通り」.
CUT_WORDS = [
    ("Build K to A in one suit; completed suits leave the table.", {}),
    ("Clear three peaks onto the waste, one rank up or down.", {}),
    ("Build down in alternate colours; any face-up card moves with all the cards on it.", {}),
    ("It starts a win in {n} of {m} guesses at the hidden cards.", {"n": 5, "m": 6}),
]


def breaks(lines: list[str]) -> list[int]:
    """Where in the joined text each line after the first begins."""
    at, out = 0, []
    for line in lines[:-1]:
        at += len(line)
        out.append(at)
    return out


def japanese(english: str, fields: dict[str, int]) -> str:
    set_language("ja")
    try:
        return tr(english).format(**fields)
    finally:
        set_language("en")


@pytest.mark.parametrize("english, fields", CUT_WORDS, ids=range(len(CUT_WORDS)))
def test_cm15_japanese_lines_break_between_phrases_never_inside_a_word(english, fields):
    """Wherever the longest phrase fits a line, every line break falls between two of BudouX's
    phrases: 「消えます。」 and 「動かせます。」 stay whole, as 「6通り」 and 「崩していきます」."""
    text = japanese(english, fields)
    assert "".join(text.split()) == text  # no spaces: a break is a phrase's start or nothing
    phrases = budoux.load_default_japanese_parser().parse(text)
    starts, at = set(), 0
    for phrase in phrases:
        at += len(phrase)
        starts.add(at)
    face = fonts.font(16)
    widest = max(face.size(phrase)[0] for phrase in phrases)
    wrapped = 0
    for width in range(widest, face.size(text)[0] + 20, 4):
        lines = wrap(text, 16, width)
        assert "".join(lines) == text
        assert set(breaks(lines)) <= starts, (width, lines)
        wrapped += len(lines) > 1
    assert wrapped > 3


def test_cm15_the_words_seen_cut_are_kept_whole_at_any_width_they_fit():
    """The very cuts a reader met: no line ends inside 消えます, 崩していきます, 動かせます or 6通り."""
    cut = ("消えま", "崩していきま", "崩していき", "動か", "6")
    for english, fields in CUT_WORDS:
        text = japanese(english, fields)
        for width in range(fonts.font(16).size("崩していきます。")[0], 800, 5):
            lines = wrap(text, 16, width)
            assert not [line for line in lines[:-1] if line.endswith(cut)], (width, lines)


def test_cm15_a_phrase_wider_than_the_line_breaks_at_any_legal_character():
    """The fallback: a phrase too wide for the line is cut where kinsoku allows (never 。 first),
    and every line fits."""
    face = fonts.font(16)
    text = "同じスートでKからAまでの並びを8組作ります。完成した並びは場から消えます。"
    for width in range(face.size("あいう")[0], face.size("崩していきます")[0], 2):
        lines = wrap(text, 16, width)
        assert "".join(lines) == text and not problems(lines)
        assert all(face.size(line)[0] <= width for line in lines), (width, lines)


def test_cm15_without_budoux_lines_still_break_at_any_legal_character(monkeypatch):
    """A build without the segmenter (it is a dependency, but a browser's bundle could lack it)
    wraps as before: every character a possible break (「消えま/す」), kinsoku kept."""
    without_phrases(monkeypatch)
    face = fonts.font(16)
    assert wrap("消えます。かきくけこ", 16, face.size("消えま")[0] + 1) == ["消えま", "す。か", "きくけ", "こ"]
