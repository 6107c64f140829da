"""Spider: SPEC SP-1 ... SP-8, SP-13, SP-14 (the interaction rules SP-9 ... SP-20 come with the scene)."""

from __future__ import annotations

from collections import Counter

import pytest
from helpers import c, cards, columns, deal, move, play

from game.core.errors import IllegalMove
from game.games.spider.rules import Spider, SpiderState
from game.rules.base import DEAL_MOVE, Dealt, Flipped, Moved, SuitCompleted
from game.rules.history import History

SP = Spider()
RUN_KH = "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"


def state(*cols: str, stock: str = "", completed=(), suits=2):
    tableau, down = columns(*cols, *(["9S"] * (10 - len(cols))))
    return SpiderState(tableau, down, cards(stock), tuple(completed), suits)


@pytest.mark.parametrize("suits, expected", [(1, {0: 104}), (2, {0: 52, 1: 52}), (4, {0: 26, 1: 26, 2: 26, 3: 26})])
def test_sp1_cards_per_suit_option(suits, expected):
    _, s = deal("spider", 3, suits=str(suits))
    every = [x for col in s.tableau for x in col] + list(s.stock)
    assert len(every) == 104
    assert dict(Counter(x // 13 for x in every)) == expected
    assert all(n == 104 // 13 // len(expected) for n in Counter(every).values())


def test_sp2_layout():
    _, s = deal("spider", 11)
    assert [len(col) for col in s.tableau] == [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]
    assert all(len(col) - d == 1 for col, d in zip(s.tableau, s.down, strict=True))
    assert sum(s.down) == 44 and len(s.stock) == 50 and s.deals_left == 5


def test_sp3_any_card_on_one_rank_higher_whatever_the_suit():
    s = state("7H", "8S", "9H")
    assert {"t1>t2", "t2>t3"} <= {str(m) for m in SP.legal_moves(s)}
    with pytest.raises(IllegalMove, match="one rank higher"):
        SP.apply(s, move("t1>t3"))


def test_sp4_only_same_suit_runs_move_together():
    s = state("8H 7H 6H", "9S", "8S 7H", "")
    assert "t1>t2x3" in {str(m) for m in SP.legal_moves(s)}
    with pytest.raises(IllegalMove, match="one suit"):
        SP.apply(s, move("t3>t2x2"))  # 8S 7H is mixed
    s2, _ = play(SP, s, "t3>t4")  # the last card always moves alone; an empty column takes any card
    assert s2.tableau[3] == cards("7H")
    assert {"t1>t4", "t1>t4x2", "t1>t4x3"} <= {str(m) for m in SP.legal_moves(s)}


def test_sp5_flip_when_uncovered():
    s = state("#5D #9C 7H", "8S")
    s2, events = play(SP, s, "t1>t2")
    assert s2.down[0] == 1 and Flipped(("tableau", 0), 1, c("9C"), True) in events


def test_sp6_deal_one_card_on_each_column():
    rules, s = deal("spider", 5)
    s2, events = rules.apply(s, DEAL_MOVE)
    assert [len(b) - len(a) for a, b in zip(s.tableau, s2.tableau, strict=True)] == [1] * 10
    assert s2.deals_left == 4 and len(s2.stock) == 40
    assert isinstance(events[0], Dealt) and events[0].cards == s.stock[-10:]
    assert all(len(col) - d >= 2 for col, d in zip(s2.tableau, s2.down, strict=True))


def test_sp6_deal_refused_with_an_empty_column():
    s = state("7H 6H", "", stock="AS " * 10)
    with pytest.raises(IllegalMove, match="empty column"):
        SP.apply(s, DEAL_MOVE)
    assert DEAL_MOVE not in SP.legal_moves(s)


def test_sp6_no_deal_once_the_stock_is_gone():
    s = state("7H")
    with pytest.raises(IllegalMove, match="No cards are left"):
        SP.apply(s, DEAL_MOVE)


def test_sp6_deal_allowed_when_too_few_cards_to_fill_the_columns():
    tableau, down = columns("7H", "5S", "", "", "", "", "", "", "", "")
    s = SpiderState(tableau, down, cards("AS " * 10), (0, 0, 0, 0, 0, 0, 0), 1)
    assert DEAL_MOVE in SP.legal_moves(s)


def test_sp7_completed_suit_leaves_after_a_move():
    s = state(f"#4S {RUN_KH}", "AH")
    s2, events = play(SP, s, "t2>t1")
    assert s2.completed == (1,) and s2.tableau[0] == cards("4S") and s2.down[0] == 0
    assert events[0] == Moved(("tableau", 1), ("tableau", 0), cards("AH"))
    assert isinstance(events[1], SuitCompleted) and events[1].cards == cards(RUN_KH + " AH")
    assert events[2] == Flipped(("tableau", 0), 0, c("4S"), True)


def test_sp7_completed_suit_after_a_deal():
    s = state(RUN_KH, *(["9S"] * 9), stock="AH 2S 2S 2S 2S 2S 2S 2S 2S 2S")
    s2, events = SP.apply(s, DEAL_MOVE)
    assert s2.completed == (1,) and s2.tableau[0] == ()
    assert any(isinstance(e, SuitCompleted) for e in events)


def test_sp7_mixed_suit_king_to_ace_stays():
    mixed = "KH QH JH TH 9H 8H 7S 6H 5H 4H 3H 2H"
    s2, _ = play(SP, state(mixed, "AH"), "t2>t1")
    assert s2.completed == () and len(s2.tableau[0]) == 13


def test_sp8_win_with_eight_suits():
    s = state(RUN_KH, "AH", completed=(0, 0, 0, 0, 1, 1, 1), suits=2)
    s = SpiderState(tuple(s.tableau[:2]) + ((),) * 8, (0,) * 10, (), s.completed, 2)
    assert not SP.is_won(s)
    s2, _ = play(SP, s, "t2>t1")
    assert SP.is_won(s2)


def test_sp13_illegal_actions_change_nothing_and_say_why():
    s = state("#5S 8S 7H", "9H", "", stock="AS " * 10)
    for text, words in [
        ("t1>t2x2", "one suit"),
        ("t1>t2x3", "Face-down"),
        ("deal", "empty column"),
        ("t2>t1", "one rank higher"),
        ("t1>t1", "already"),
        ("draw", "stock"),
    ]:
        with pytest.raises(IllegalMove) as e:
            SP.apply(s, move(text))
        assert words in e.value.reason, text
    assert s == state("#5S 8S 7H", "9H", "", stock="AS " * 10)


def test_sp14_undo_a_deal_puts_the_cards_back_in_order():
    rules, s = deal("spider", 8)
    h = History(rules, s)
    h.play(DEAL_MOVE)
    events = h.undo()
    assert h.state == s and h.state.stock == s.stock
    assert isinstance(events[0], Dealt) and events[0].undone
    h.redo()
    assert h.state.deals_left == 4


def test_sp14_undo_a_completed_suit_and_the_flip():
    s = state(f"#4S {RUN_KH}", "AH")
    h = History(SP, s)
    h.play(move("t2>t1"))
    events = h.undo()
    assert h.state == s and h.state.down[0] == 1
    assert [type(e).__name__ for e in events] == ["Flipped", "SuitCompleted", "Moved"]
    assert events[0].face_up is False and events[1].undone


def test_sp14_seen_cards_stay_known_after_undo():
    rules, s = deal("spider", 8)
    h = History(rules, s)
    h.play(DEAL_MOVE)
    assert ("s", 0) in h.seen and ("s", 9) in h.seen
    h.undo()
    assert ("s", 0) in h.seen  # the ten dealt cards are back in the stock, but known
    s2 = state("#5D #9C 7H", "8S")
    h2 = History(SP, s2)
    assert ("t", 0, 1) not in h2.seen
    h2.play(move("t1>t2"))
    h2.undo()
    assert h2.state.down[0] == 2 and ("t", 0, 1) in h2.seen
