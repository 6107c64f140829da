"""Yukon (YU-1 ... YU-4) and Addiction (AD-1 ... AD-9)."""

from __future__ import annotations

from collections import Counter

import pytest
from helpers import c, cards, columns, deal, move, play

from game.core.cards import NO_CARD, RANK
from game.core.errors import IllegalMove
from game.games.addiction.rules import Addiction, AddictionState, auto_move, redeal, score, sequence_length
from game.games.yukon.rules import Yukon, YukonState
from game.rules.base import REDEAL_MOVE, Redealt
from game.rules.history import History

YU = Yukon()
AD = Addiction()


def yukon(*cols: str, foundations=("", "", "", "")) -> YukonState:
    tableau, down = columns(*cols, *([""] * (7 - len(cols))))
    return YukonState(tableau, down, tuple(cards(f)[-1] if f else NO_CARD for f in foundations))


def test_yu1_layout():
    _, s = deal("yukon", 2)
    assert [len(col) for col in s.tableau] == [1, 6, 7, 8, 9, 10, 11]
    assert list(s.down) == [0, 1, 2, 3, 4, 5, 6]
    assert Counter(x for col in s.tableau for x in col) == Counter(range(52))


def test_yu2_any_face_up_card_moves_with_everything_on_it():
    s = yukon("#4C 8S 2H KD 5C", "9H")
    s2, _ = play(YU, s, "t1>t2x4")  # 8S with 2H KD 5C, not in sequence
    assert s2.tableau[1] == cards("9H 8S 2H KD 5C") and s2.tableau[0] == cards("4C") and s2.down[0] == 0
    with pytest.raises(IllegalMove, match="Face-down"):
        YU.apply(s, move("t1>t2x5"))
    with pytest.raises(IllegalMove, match="other colour"):
        YU.apply(yukon("8H 3C", "9H"), move("t1>t2x2"))


def test_yu3_empty_column_takes_only_a_king():
    s = yukon("QH KS 4D", "", "3C")
    assert "t1>t2x2" in {str(m) for m in YU.legal_moves(s)}
    with pytest.raises(IllegalMove, match="king"):
        YU.apply(s, move("t1>t2"))
    with pytest.raises(IllegalMove, match="king"):
        YU.apply(s, move("t3>t2"))


def test_yu4_flips_foundations_and_win():
    s = yukon("#9C AH", "#5D #7S 2H", foundations=("", "", "", ""))
    s2, _ = play(YU, s, "t1>f1", "t2>f1")
    assert s2.foundations[0] == c("2H") and s2.down == (0, 1, 0, 0, 0, 0, 0)
    assert YU.is_certain(yukon("KH QH", foundations=("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH", "", "", "")))
    assert not YU.is_certain(yukon("QH KH"))  # the queen is buried under the king
    assert not YU.is_certain(yukon("#QH KH"))
    tops = (
        "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
        "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
        "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
    )
    assert YU.is_won(yukon(foundations=tops))


def grid(*rows: str, limit: int = 3, done: int = 0, number: int = 1) -> AddictionState:
    flat: list[int] = []
    for r in rows:
        flat += list(cards(r))
    return AddictionState(tuple(flat), limit, done, number)


ROW_SPADES = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS --"
ROW_HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH --"
ROW_DIAMONDS = "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD --"


def test_ad1_layout_aces_out():
    _, s = deal("addiction", 12)
    assert s.grid.count(NO_CARD) == 4
    assert all(RANK[x] != 1 for x in s.grid if x != NO_CARD)
    assert Counter(x for x in s.grid if x != NO_CARD) == Counter(x for x in range(52) if RANK[x] != 1)


def test_ad2_gap_takes_the_next_card_of_the_suit_and_leaves_a_gap():
    s = grid("2D 3D 4D -- 9S 5D 6C 7C 8C 9C TC JC QC", ROW_SPADES, ROW_HEARTS, "2C 3C 4C 5C KD JD QD TD 6D 7D 8D 9D --")
    legal = {str(m) for m in AD.legal_moves(s)}
    assert "g1.6>g1.4" in legal  # 5D after 4D
    s2, _ = play(AD, s, "g1.6>g1.4")
    assert s2.grid[3] == c("5D") and s2.grid[5] == NO_CARD
    with pytest.raises(IllegalMove, match="5♦"):
        AD.apply(s, move("g1.5>g1.4"))


def test_ad3_first_column_gap_takes_any_2():
    s = grid(
        "-- 3D 4D 5D 9S 6D 6C 7C 8C 9C TC JC QC",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS 2D",
        ROW_HEARTS,
        "2C 3C 4C 5C KD JD QD TD -- 7D 8D 9D KC",
    )
    legal = {str(m) for m in AD.legal_moves(s)}
    assert {"g2.13>g1.1", "g3.1>g1.1", "g4.1>g1.1", "g2.1>g1.1"} <= legal
    with pytest.raises(IllegalMove, match="takes a 2"):
        AD.apply(s, move("g1.2>g1.1"))


def test_ad4_dead_gaps_after_a_king_or_a_gap():
    s = grid(
        "KS -- -- 2D 3D 4D 5D 6D 7D 8D 9D TD JD",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS QD --",
        ROW_HEARTS,
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC KD",
    )
    with pytest.raises(IllegalMove, match="right of a king"):
        AD.apply(s, move("g2.12>g1.2"))
    with pytest.raises(IllegalMove, match="right of another gap"):
        AD.apply(s, move("g2.12>g1.3"))


def test_ad5_a_two_that_fits_two_gaps_offers_both():
    s = grid(
        "-- 3D 4D 5D 9S 6D 6C 7C 8C 9C TC JC QC",
        "-- 3S 4S 5S 6S 7S 8S 9S TS JS QS KS 2D",
        ROW_HEARTS[:-2] + "2S",
        "2C 3C 4C 5C KD JD QD TD 8D 7D -- 9D KC",
    )
    legal = {str(m) for m in AD.legal_moves(s)}
    assert {"g2.13>g1.1", "g2.13>g2.1"} <= legal  # the player picks the gap


def test_ad6_redeal_only_when_stuck_keeps_sequences_and_puts_gaps_after_them():
    s = grid(
        "2S 3S 4S KH 9D 5C 7C 8H 3D TD JD 6S QD",
        "5S KD -- 7S 8D 2D 3H 4H 5H 6H QH TH 8S",
        "KS -- 3C 4C 6D 5D JH 9H 9C TC 2C 9S JS",
        "2H 7H JC TS QS 7D QC 4D 8C KC -- -- 6C",
        limit=2,
    )
    assert AD.legal_moves(s) == [REDEAL_MOVE]
    s2, events = AD.apply(s, REDEAL_MOVE)
    assert events == [Redealt(s.grid, s2.grid)]
    assert s2.grid[:4] == cards("2S 3S 4S --") and s2.grid[13] == NO_CARD and s2.grid[26] == NO_CARD
    assert s2.grid[39:41] == cards("2H --")
    assert Counter(s2.grid) == Counter(s.grid) and s2.redeals == 1 and s2.redeals_left == 1
    # reproducible: the same position redeals the same way
    assert redeal(s.grid, 1, 1) == s2.grid and redeal(s.grid, 2, 1) != s2.grid


def test_ad6_redeal_refused_while_a_card_can_move_or_none_left():
    _, s = deal("addiction", 3)
    assert AD.legal_moves(s) and REDEAL_MOVE not in AD.legal_moves(s)
    with pytest.raises(IllegalMove, match="only when no card can move"):
        AD.apply(s, REDEAL_MOVE)
    stuck = grid(
        "KS -- 3C 4C 6D 5D JH 9H 9C TC 2C 9S JS",
        "5S KD -- 7S 8D 2D 3H 4H 5H 6H QH TH 8S",
        "2S 3S 4S KH 9D 5C 7C 8H 3D TD JD 6S QD",
        "2H 7H JC TS QS 7D QC 4D 8C KC -- -- 6C",
        limit=0,
    )
    with pytest.raises(IllegalMove, match="No redeals"):
        AD.apply(stuck, REDEAL_MOVE)
    assert AD.is_over(stuck)


def test_ad6_aces_never_come_back_and_undo_restores_the_layout():
    stuck = grid(
        "KS -- 3C 4C 6D 5D JH 9H 9C TC 2C 9S JS",
        "5S KD -- 7S 8D 2D 3H 4H 5H 6H QH TH 8S",
        "2S 3S 4S KH 9D 5C 7C 8H 3D TD JD 6S QD",
        "2H 7H JC TS QS 7D QC 4D 8C KC -- -- 6C",
        limit=3,
    )
    h = History(AD, stuck)
    h.play(REDEAL_MOVE)
    assert all(RANK[x] != 1 for x in h.state.grid if x != NO_CARD) and h.state.grid.count(NO_CARD) == 4
    h.undo()
    assert h.state == stuck


def test_ad7_win_and_ad9_score():
    won = grid(ROW_SPADES, ROW_HEARTS, ROW_DIAMONDS, "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC --")
    assert AD.is_won(won) and score(won.grid) == 48
    almost = grid(ROW_SPADES, ROW_HEARTS, ROW_DIAMONDS, "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC -- KC")
    assert not AD.is_won(almost) and score(almost.grid) == 47
    assert AD.is_won(play(AD, almost, "g4.13>g4.12")[0])


def test_ad9_score_counts_only_sequences_from_a_2_in_the_first_column():
    s = grid(
        "3S 4S 5S -- 9D 5C 7C 8H 3D TD JD 6S QD",
        "2D 3D 4D 6D KD -- 7S 8D 2S 3H 4H 5H 6H",
        "2C 3C 5H JH 9H 9C TC 2H 9S JS -- KS 4C",
        "-- 7H JC TS QS 7D QC 4D 8C KC QH TH 8S",
    )
    assert [sequence_length(s.grid, r) for r in range(4)] == [0, 3, 2, 0] and AD.score(s) == 5


def test_ad8_over_when_stuck_without_redeals():
    _, s = deal("addiction", 5, redeals="0")
    h = History(AD, s)
    while AD.legal_moves(h.state):
        h.play(AD.legal_moves(h.state)[0])
    assert AD.is_over(h.state) and REDEAL_MOVE not in AD.legal_moves(h.state)


def test_ad10_auto_extends_a_sequence_first_and_redeals_when_stuck():
    """AD-10 Auto (Give up ends the game in the session: it is not a move of the rules)."""
    s = grid("2D 3D 4D -- 9S 5D 6C 7C 8C 9C TC JC QC", ROW_SPADES, ROW_HEARTS, "2C 3C 4C 5C KD JD QD TD 6D 7D 8D 9D --")
    assert str(auto_move(s)) == "g1.6>g1.4"  # 5D after 4D: the score grows
    stuck = grid(
        "KS -- 3C 4C 6D 5D JH 9H 9C TC 2C 9S JS",
        "5S KD -- 7S 8D 2D 3H 4H 5H 6H QH TH 8S",
        "2S 3S 4S KH 9D 5C 7C 8H 3D TD JD 6S QD",
        "2H 7H JC TS QS 7D QC 4D 8C KC -- -- 6C",
        limit=1,
    )
    assert auto_move(stuck) == REDEAL_MOVE
    over = AddictionState(stuck.grid, 1, 1, 1)
    assert auto_move(over) is None


def test_ad10_auto_plays_a_whole_game_to_its_end():
    _, s = deal("addiction", 21)
    h = History(AD, s)
    while (m := auto_move(h.state)) is not None:
        h.play(m)
        assert len(h.moves) < 5000
    assert AD.is_over(h.state)


def test_ad3_a_first_column_hop_never_stands_alone():
    """AD-3/AD-6: with a first-column gap some 2 is elsewhere and can fill it, so "stuck" (no card
    can move) is never hidden by 2s hopping between first-column gaps."""
    from game.games.addiction.rules import grid_moves, is_hop

    for number in range(1, 60):
        _, s = deal("addiction", number)
        h = History(AD, s)
        for k in range(300):
            moves = AD.legal_moves(h.state)
            if not moves:
                break
            if any(is_hop(m) for m in moves if m.kind == "move"):
                assert any(not is_hop(m) for m in grid_moves(h.state.grid))
            h.play(moves[(k * 31 + number) % len(moves)])
