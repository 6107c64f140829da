"""Text forms of positions and moves, bad input, and the history (undo/redo/replay)."""

from __future__ import annotations

import pytest
from helpers import deal, move

from game.core.errors import IllegalMove, ParseError
from game.core.variants import VARIANT_NAMES
from game.rules.base import DEAL_MOVE, DRAW_MOVE, Move, parse_move
from game.rules.history import History
from game.rules.pile import Pile, parse_pile
from game.rules.registry import rules_for


@pytest.mark.parametrize(
    "text",
    [
        "t3>t5",
        "t3>t5x4",
        "draw",
        "recycle",
        "deal",
        "redeal",
        "p7.1+w",
        "p1.1+",
        "c2>f1",
        "w>t1",
        "g2.13>g1.1",
        "s+w",
        "f4>t7",
    ],
)
def test_move_text_round_trips(text):
    assert str(parse_move(text)) == text


@pytest.mark.parametrize(
    "bad", ["", "t0>t1", "t3", "t3>t5x", "t3>t5x0", "q1>t2", "p8.1+", "p2.3+", "g5.1>g1.1", "t3>t5xx", "jump"]
)
def test_bad_moves_are_parse_errors(bad):
    with pytest.raises(ParseError):
        parse_move(bad)


def test_pile_text_names():
    assert str(Pile("pyramid", 27)) == "p7.7" and parse_pile("P7.7") == Pile("pyramid", 27)
    assert str(Pile("grid", 51)) == "g4.13" and str(Pile("cell", 3)) == "c4"


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_every_deal_prints_and_parses_back_equal(variant):
    rules, s = deal(variant, 77)
    text = rules.to_text(s)
    assert text.startswith(f"variant: {variant}\n")
    assert rules.parse(text) == s
    assert rules.parse("deal: whatever\n" + text) == s  # the deal command's first line is accepted


def _duplicate_a_card(text: str) -> str:
    """Overwrite one face-up card of a pile with another face-up card: one duplicate, one missing."""
    lines = text.splitlines()
    found = [
        (i, k)
        for i, line in enumerate(lines)
        if line.startswith(("tableau", "row"))
        for k, token in enumerate(line.split(": ", 1)[1].split())
        if token[0] not in "#-"
    ]
    (i1, k1), (i2, k2) = found[0], found[1]
    first = lines[i1].split(": ", 1)[1].split()[k1]
    key, value = lines[i2].split(": ", 1)
    tokens = value.split()
    tokens[k2] = first
    lines[i2] = f"{key}: {' '.join(tokens)}"
    return "\n".join(lines)


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_a_duplicate_card_is_a_clear_error(variant):
    rules, s = deal(variant, 5)
    bad = _duplicate_a_card(rules.to_text(s))
    with pytest.raises(ParseError, match=r"too many|missing"):
        rules.parse(bad)


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_a_missing_card_is_a_clear_error(variant):
    rules, s = deal(variant, 5)
    lines = rules.to_text(s).splitlines()
    for i, line in enumerate(lines):
        if line.startswith(("tableau1:", "row7:", "row1:")):
            lines[i] = line.rsplit(" ", 1)[0] + (" --" if "row" in line else "")
            break
    with pytest.raises(ParseError):
        rules.parse("\n".join(lines))


@pytest.mark.parametrize(
    "variant, mangle, words",
    [
        ("klondike", lambda t: t.replace("variant: klondike", "variant: golf"), "golf position"),
        ("klondike", lambda t: t.replace("score: 0", "score: lots"), "not a whole number"),
        ("klondike", lambda t: t.replace("options: draw=1", "options: draw=9"), "cannot be '9'"),
        ("klondike", lambda t: t + "bonus: 5\n", "unexpected"),
        ("klondike", lambda t: t.replace("stock: #", "stock: "), "face-down"),
        ("klondike", lambda t: "\n".join(x for x in t.splitlines() if not x.startswith("waste")), "no 'waste:'"),
        ("klondike", lambda t: t + "waste:\n", "twice"),
        ("klondike", lambda t: t.replace("tableau1: ", "tableau1: #"), "last card"),
        ("spider", lambda t: t.replace("completed:", "completed: X"), "suit letters"),
        ("freecell", lambda t: t.replace("cell1: --", "cell1: 5H 6H"), "at most one"),
        ("addiction", lambda t: t.replace("number: 5", "number: 0"), "between"),
        ("golf", lambda t: "just some words", "not 'name: value'"),
        ("yukon", lambda t: "", "no 'variant:'"),
    ],
)
def test_bad_position_texts_say_what_is_wrong(variant, mangle, words):
    rules, s = deal(variant, 5)
    with pytest.raises(ParseError) as e:
        rules.parse(mangle(rules.to_text(s)))
    assert words in str(e.value)


def test_position_card_tokens_must_be_cards():
    rules, s = deal("golf", 5)
    with pytest.raises(ParseError, match="not a card"):
        rules.parse(rules.to_text(s).replace("tableau1: ", "tableau1: ZZ "))


def test_history_undo_redo_and_a_new_move_drops_the_redo_line():
    rules, s = deal("klondike", 3)
    h = History(rules, s)
    assert not h.can_undo and not h.can_redo
    with pytest.raises(IllegalMove, match="nothing to undo"):
        h.undo()
    h.play(DRAW_MOVE)
    h.play(DRAW_MOVE)
    after_two = h.state
    h.undo()
    assert h.can_redo and h.redo_moves == [DRAW_MOVE]
    h.redo()
    assert h.state == after_two
    h.undo()
    h.play(rules.legal_moves(h.state)[0])
    assert not h.can_redo and len(h.moves) == 2
    with pytest.raises(IllegalMove, match="nothing to redo"):
        h.redo()


def test_history_illegal_move_leaves_it_untouched():
    rules, s = deal("spider", 3)
    h = History(rules, s)
    with pytest.raises(IllegalMove):
        h.play(move("t1>t1"))
    assert h.state == s and h.moves == []


def test_history_replay_and_restart():
    rules, s = deal("spider", 9)
    h = History(rules, s)
    for _ in range(6):
        h.play(rules.legal_moves(h.state)[0])
    again = History.replay(rules, s, h.moves)
    assert again.state == h.state and again.seen == h.seen
    with pytest.raises(IllegalMove, match="cannot be replayed"):
        History.replay(rules, s, [DEAL_MOVE, Move("move", Pile("tableau", 0), Pile("tableau", 0))])
    seen = h.seen
    h.restart()
    assert h.state == s and h.moves == [] and h.seen == seen


def test_apply_accepts_pyramid_pairs_in_either_order_and_history_stores_one_form():
    rules = rules_for("pyramid")
    _, s = deal("pyramid", 3)
    h = History(rules, s)
    h.play(parse_move("p7.6+p7.5"))
    assert [str(m) for m in h.moves] == ["p7.5+p7.6"]
