"""Klondike: SPEC KL-1 ... KL-10 (KL-11 and KL-12 come with the game window and the solver)."""

from __future__ import annotations

from collections import Counter

import pytest
from helpers import c, cards, columns, deal, move, play

from game.core.cards import NO_CARD
from game.core.errors import IllegalMove
from game.games.klondike.rules import Klondike, KlondikeState, win_bonus
from game.rules.base import DRAW_MOVE, RECYCLE_MOVE, Flipped, Moved, Recycled, ScoreChanged

K = Klondike()


def state(
    *cols: str, stock: str = "", waste: str = "", foundations=("", "", "", ""), draw=1, limit=None, recycles=0, score=0
):
    tableau, down = columns(*cols, *([""] * (7 - len(cols))))
    tops = tuple(cards(f)[-1] if f else NO_CARD for f in foundations)
    return KlondikeState(tableau, down, cards(stock), cards(waste), tops, draw, limit, recycles, score)


def test_kl1_layout():
    _, s = deal("klondike", 42)
    assert [len(col) for col in s.tableau] == [1, 2, 3, 4, 5, 6, 7]
    assert list(s.down) == [0, 1, 2, 3, 4, 5, 6]
    assert len(s.stock) == 24 and s.waste == () and s.foundations == (NO_CARD,) * 4
    every = [x for col in s.tableau for x in col] + list(s.stock)
    assert Counter(every) == Counter(range(52))


def test_kl1_same_number_same_layout_whatever_the_draw():
    _, one = deal("klondike", 9, draw="1")
    _, three = deal("klondike", 9, draw="3")
    assert one.tableau == three.tableau and one.stock == three.stock
    _, other = deal("klondike", 10)
    assert other.tableau != one.tableau


def test_kl2_alternate_colours_one_rank_lower_and_runs_move_together():
    s = state("#5C 9S 8H 7C", "TD", "TH")
    moves = {str(m) for m in K.legal_moves(s)}
    assert "t1>t2x3" in moves and "t1>t3x3" in moves  # 9S 8H 7C on a red ten
    s2, _ = play(K, s, "t1>t2x3")
    assert s2.tableau[1] == cards("TD 9S 8H 7C")
    with pytest.raises(IllegalMove, match="other colour"):
        K.apply(state("9S", "TC"), move("t1>t2"))  # same colour
    with pytest.raises(IllegalMove, match="other colour"):
        K.apply(state("8S", "TH"), move("t1>t2"))  # two ranks apart


def test_kl2_face_down_cards_never_move_and_broken_runs_do_not_move_together():
    s = state("#5C #6D 9S", "TD")
    with pytest.raises(IllegalMove, match="Face-down"):
        K.apply(s, move("t1>t2x2"))
    s = state("9S 7H", "8S")  # 9S 7H is not a run
    with pytest.raises(IllegalMove, match="run"):
        K.apply(s, move("t1>t3x2"))


def test_kl3_empty_column_takes_only_a_king_or_a_king_run():
    s = state("#2C QH", "#3C KS QH", "")
    with pytest.raises(IllegalMove, match="king"):
        K.apply(s, move("t1>t3"))
    s2, _ = play(K, s, "t2>t3x2")
    assert s2.tableau[2] == cards("KS QH")


def test_kl4_flip_turns_the_uncovered_card_up():
    s = state("#2C #3D 9S", "TD")
    s2, events = play(K, s, "t1>t2")
    assert s2.down[0] == 1 and s2.tableau[0] == cards("2C 3D")
    assert Flipped(("tableau", 0), 1, c("3D"), True) in events


def test_kl5_draw_one_and_only_the_top_waste_card_plays():
    s = state("TD", stock="9S 5H", waste="")
    s1, events = K.apply(s, DRAW_MOVE)
    assert s1.waste == cards("5H") and s1.stock == cards("9S")
    assert events == [Moved(("stock", 0), ("waste", 0), cards("5H"))]
    s2, _ = K.apply(s1, DRAW_MOVE)
    assert s2.waste == cards("5H 9S")
    assert "w>t1" in {str(m) for m in K.legal_moves(s2)}  # 9S on TD
    s3 = state("6S", waste="5H 9S")  # 5H fits 6S but is under 9S
    assert "w>t1" not in {str(m) for m in K.legal_moves(s3)}


def test_kl5_draw_three_turns_three_and_fewer_at_the_end():
    s = state("TD", stock="2C 3C 4C 5C", draw=3)
    s1, _ = K.apply(s, DRAW_MOVE)
    assert s1.waste == cards("5C 4C 3C") and s1.stock == cards("2C")
    s2, _ = K.apply(s1, DRAW_MOVE)
    assert s2.waste == cards("5C 4C 3C 2C") and s2.stock == ()


def test_kl6_redeal_turns_the_waste_back_in_order():
    s = state("TD", stock="2C 3C 4C")
    for _ in range(3):
        s, _ = K.apply(s, DRAW_MOVE)
    s2, events = K.apply(s, RECYCLE_MOVE)
    assert s2.stock == cards("2C 3C 4C") and s2.waste == () and s2.recycles == 1
    assert events[0] == Recycled(("waste", 0), ("stock", 0), 3)


@pytest.mark.parametrize("limit", [1, 3])
def test_kl6_redeal_limits_and_first_pass_is_not_a_redeal(limit):
    s = state("TD", stock="2C", limit=limit)
    for _ in range(limit):
        s, _ = K.apply(s, DRAW_MOVE)
        s, _ = K.apply(s, RECYCLE_MOVE)
    s, _ = K.apply(s, DRAW_MOVE)  # the last pass still plays
    assert s.redeals_left == 0
    with pytest.raises(IllegalMove, match="No redeals"):
        K.apply(s, RECYCLE_MOVE)


def test_kl7_foundations_build_by_suit_from_the_ace_and_give_cards_back():
    s = state("AH", "2H", "3S", foundations=("", "", "", ""))
    s1, _ = play(K, s, "t1>f3")  # an ace goes to any empty foundation
    assert s1.foundations[2] == c("AH")
    s2, _ = play(K, s1, "t2>f3")
    assert s2.foundations[2] == c("2H")
    with pytest.raises(IllegalMove, match="foundation"):
        K.apply(s2, move("t3>f3"))
    with pytest.raises(IllegalMove, match="foundation"):
        K.apply(s2, move("t3>f1"))
    s3 = state("3S", foundations=("AH 2H", "", "", ""))
    s4, _ = play(K, s3, "f1>t1")  # 2H back onto the black three
    assert s4.tableau[0] == cards("3S 2H") and s4.foundations[0] == c("AH")


def test_kl8_win_when_every_card_is_home():
    tops = (
        "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
        "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
        "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC",
    )
    s = state("KC", foundations=tops)
    assert not K.is_won(s)
    s2, _ = play(K, s, "t1>f4")
    assert K.is_won(s2)


def test_kl9_foundation_move_that_flips_scores_15():
    s = state("#5D AS")
    s2, events = play(K, s, "t1>f1")
    assert s2.score == 15
    assert events[-1] == ScoreChanged(0, 15)


def test_kl9_standard_score_table():
    s = state("9S", "#2D KH", "8C", stock="", waste="8H", foundations=("AC 2C 3C 4C 5C 6C 7C", "", "", ""))
    s, _ = play(K, s, "w>t1")  # waste to tableau +5
    assert s.score == 5
    s, _ = play(K, s, "f1>t1")  # foundation to tableau -15 ... floored at 0
    assert s.score == 0
    s = state("9S", waste="8H", score=100)
    s, _ = play(K, s, "w>t1")
    assert s.score == 105
    s = state("9D", "8C", score=100)
    s, _ = play(K, s, "t2>t1")  # tableau to tableau scores 0
    assert s.score == 100
    s = state("TD", stock="2C", score=100)
    s, _ = K.apply(s, DRAW_MOVE)  # stock turns score 0
    assert s.score == 100


def test_kl9_second_and_later_redeals_cost_20_and_score_never_drops_below_0():
    s = state("TD", stock="2C", score=30)
    scores = []
    for _ in range(4):
        s, _ = K.apply(s, DRAW_MOVE)
        s, _ = K.apply(s, RECYCLE_MOVE)
        scores.append(s.score)
    assert scores == [30, 10, 0, 0]


def test_kl9_undo_restores_the_score_without_penalty():
    from game.rules.history import History

    h = History(K, state("#5D AS"))
    h.play(move("t1>f1"))
    assert h.state.score == 15
    events = h.undo()
    assert h.state.score == 0 and ScoreChanged(15, 0) in events


def test_kl10_win_bonus():
    assert win_bonus(300) == 200
    assert win_bonus(29) == 1100
    assert win_bonus(30) == 1100
    assert win_bonus(31) == 100 + 967
    assert win_bonus(100000) == 100


def test_cm5_certain_and_collect_lowest_first():
    s = state("3H 2S", "AS", "2H AH")
    assert K.is_certain(s)
    assert str(K.collect_move(s)) in {"t2>f1", "t3>f1"}
    assert not K.is_certain(state("#3H 2S"))
    assert not K.is_certain(state("3H", stock="2S"))


def test_kl_illegal_moves_change_nothing_and_say_why():
    s = state("#5C 9S", "TC", stock="", waste="")
    for text, words in [
        ("t1>t2", "other colour"),
        ("draw", "empty"),
        ("recycle", "waste"),
        ("w>t1", "waste"),
        ("t3>t1", "empty"),
        ("t1>t1", "already"),
        ("s>t1", "stock"),
        ("t2>w", "back"),
        ("f1>t1", "foundation is empty"),
        ("t1>f1x2", "Face-down"),
    ]:
        with pytest.raises(IllegalMove) as e:
            K.apply(s, move(text))
        assert words in e.value.reason, text
    assert s == state("#5C 9S", "TC")
    with pytest.raises(IllegalMove, match="one at a time"):
        K.apply(state("9S 8H"), move("t1>f1x2"))
