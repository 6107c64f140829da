"""CM-15, Japanese typesetting: a wrapped line never begins with a mark Japanese keeps off a line's
start (。、）」』！？ー, small kana …: 行頭禁則) and never ends with one it keeps off a line's end
(（「『: 行末禁則), at any width; the text is all there, and every line fits."""

from __future__ import annotations

import pytest

from game.view import fonts
from game.view.fonts import NO_LINE_END, NO_LINE_START, wrap

SENTENCES = [
    "動かせるカードがなくなったら、配り直しで各列の左からそろった並びを残し、ほかのカードを配り直します"
    "（ゲームで決めた回数まで）。オートは代わりに1手行い、ギブアップはスコアを確定してゲームを終えます。",
    "「山札」をタップすると、すべての列に1枚ずつ配ります！　そのとき空いた列があってはいけません。",
    "カードをクリックすると一番よい場所へ動き、ドラッグすると好きな場所へ置けます。ダブルクリックで組札へ送ります。",
    "矢印キーでフォーカスを移動し、EnterかSpaceで選んで置き、Escで戻ります。UかCtrl+Zでやり直し、Ctrl+Yで1手進める。",
    "ちょっとしたコツ：ゴルフは押すだけ……です。『K』（とその上のカード）だけ、ドラッグでしょう？ピラミッドのキャンセル。",
]


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


def test_cm15_the_character_before_a_closing_mark_goes_down_with_it():
    """追い出し: where 。 would begin a line, the character before it goes down with it; an opening
    「 never stays alone at a line's end."""
    face = fonts.font(16)
    assert wrap("あいうえお。かきくけこ", 16, face.size("あいうえお")[0] + 1) == ["あいうえ", "お。かきく", "けこ"]
    assert wrap("あいう「えお」", 16, face.size("あいう「")[0] + 1) == ["あいう", "「えお」"]


def test_cm15_english_still_breaks_at_spaces():
    english = wrap("one two three four five six seven", 16, fonts.font(16).size("one two three")[0] + 1)
    assert english == ["one two three", "four five six", "seven"]
