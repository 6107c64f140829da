"""Pyramid (PY-1 ... PY-6) and Golf (GO-1 ... GO-4)."""

from __future__ import annotations

from collections import Counter

import pytest
from helpers import c, cards, deal, move, play

from game.core.cards import NO_CARD, RANK
from game.core.errors import IllegalMove
from game.games.golf.rules import Golf, GolfState
from game.games.pyramid.rules import Pyramid, PyramidState, available_slots, slot
from game.rules.base import DRAW_MOVE, RECYCLE_MOVE, Moved

PY = Pyramid()
GO = Golf()


def pyramid(rows: list[str], stock: str = "", waste: str = "", recycles: int = 0) -> PyramidState:
    flat: list[int] = []
    for r in range(7):
        row = cards(rows[r]) if r < len(rows) else ()
        flat += list(row) + [NO_CARD] * (r + 1 - len(row))
    return PyramidState(tuple(flat), cards(stock), cards(waste), recycles)


EMPTY = ["--", "-- --", "-- -- --", "-- -- -- --", "-- -- -- -- --", "-- -- -- -- -- --"]


def test_py1_layout():
    _, s = deal("pyramid", 4)
    assert sum(1 for x in s.pyramid if x != NO_CARD) == 28 and len(s.stock) == 24 and s.waste == ()
    assert Counter(list(s.pyramid) + list(s.stock)) == Counter(range(52))
    assert available_slots(s.pyramid) == [slot(6, i) for i in range(7)]


def test_py2_pairs_adding_to_13_and_kings_alone():
    s = pyramid([*EMPTY, "6H 7C QS AD KH 3C 9D"])
    legal = {str(m) for m in PY.legal_moves(s)}
    assert {"p7.1+p7.2", "p7.3+p7.4", "p7.5+"} <= legal
    s2, events = play(PY, s, "p7.2+p7.1")  # tapped in either order
    assert s2.pyramid[slot(6, 0)] == NO_CARD and s2.pyramid[slot(6, 1)] == NO_CARD
    assert Moved(("pyramid", slot(6, 0)), ("discard", 0), cards("6H")) in events
    with pytest.raises(IllegalMove, match="add up to 12"):
        PY.apply(s, move("p7.6+p7.7"))
    with pytest.raises(IllegalMove, match="king"):
        PY.apply(s, move("p7.6+"))


def test_py2_the_removed_cards_show_the_last_pair_on_top():
    """The discard pile is in the order cards went (its top is the pair just removed), and keeps
    that order through the text form."""
    from game.rules.pile import DISCARD_PILE

    s = pyramid([*EMPTY, "6H 7C QS AD KH 3C 9D"])
    s, _ = play(PY, s, "p7.3+p7.4")
    s, _ = play(PY, s, "p7.2+p7.1")
    top = PY.piles(s)[DISCARD_PILE][0]
    assert set(top[-2:]) == set(cards("7C 6H")) and set(top[-4:-2]) == set(cards("QS AD"))
    assert PY.piles(PY.parse(PY.to_text(s)))[DISCARD_PILE][0] == top


def test_py3_covered_cards_are_not_available():
    s = pyramid(
        ["--", "-- --", "-- -- --", "-- -- -- --", "-- -- -- -- --", "-- -- -- -- -- 6S", "-- -- -- -- -- 5C 7D"]
    )
    assert available_slots(s.pyramid) == [slot(6, 5), slot(6, 6)]
    with pytest.raises(IllegalMove, match="covered"):
        PY.apply(s, move("p6.6+p7.7"))
    s3 = pyramid([*EMPTY[:5], "-- -- -- -- -- 6S", "-- -- -- -- -- 5C 8D"])
    s4, _ = play(PY, s3, "p7.6+p7.7")  # 5 + 8
    assert available_slots(s4.pyramid) == [slot(5, 5)]  # both cards below gone: 6S is free


def test_py4_stock_and_waste_tops_pair_and_the_stock_turns():
    s = pyramid([*EMPTY, "-- -- -- -- -- -- 4S"], stock="QS 9H", waste="AD")
    legal = {str(m) for m in PY.legal_moves(s)}
    assert "p7.7+s" in legal  # 4S + 9H (the stock's top card is visible and playable)
    s2, _ = play(PY, s, "s+p7.7")  # a selected card paired with the stock's top, any order
    assert s2.stock == cards("QS") and PY.is_won(s2)
    s3, events = PY.apply(s, DRAW_MOVE)
    assert s3.stock == cards("QS") and s3.waste == cards("AD 9H")
    assert events == [Moved(("stock", 0), ("waste", 0), cards("9H"))]
    s4 = pyramid([*EMPTY, "-- -- -- -- -- -- 4S"], stock="QS", waste="AD")
    assert "s+w" in {str(m) for m in PY.legal_moves(s4)}  # Q + A from stock and waste


def test_py5_three_passes():
    s = pyramid([*EMPTY, "-- -- -- -- -- -- 4S"], stock="2C")
    for _ in range(2):
        s, _ = PY.apply(s, DRAW_MOVE)
        s, _ = PY.apply(s, RECYCLE_MOVE)
    assert s.redeals_left == 0
    s, _ = PY.apply(s, DRAW_MOVE)
    with pytest.raises(IllegalMove, match="No redeals"):
        PY.apply(s, RECYCLE_MOVE)
    assert PY.is_over(s) and not PY.is_won(s)


def test_py6_win_with_cards_left_in_stock():
    s = pyramid([*EMPTY, "-- -- -- -- -- -- KS"], stock="2C 3C", waste="4D")
    s2, _ = play(PY, s, "p7.7+")
    assert PY.is_won(s2) and s2.stock


def test_go1_layout():
    _, s = deal("golf", 6)
    assert [len(col) for col in s.tableau] == [5] * 7 and len(s.stock) == 16 and len(s.waste) == 1
    assert Counter([x for col in s.tableau for x in col] + list(s.stock) + list(s.waste)) == Counter(range(52))


def golf(*cols: str, stock: str = "", waste: str = "5D") -> GolfState:
    return GolfState(tuple(cards(x) for x in cols) + ((),) * (7 - len(cols)), cards(stock), cards(waste))


def test_go2_one_rank_up_or_down_whatever_the_suit():
    s = golf("3C 4S", "9H 6H", "5C", "KD")
    legal = {str(m) for m in GO.legal_moves(s)}
    assert legal == {"t1>w", "t2>w"}
    s2, _ = play(GO, s, "t2>w")
    assert s2.waste == cards("5D 6H")
    with pytest.raises(IllegalMove, match="not one rank"):
        GO.apply(s, move("t3>w"))


def test_go2_king_and_ace_do_not_connect():
    s = golf("AS", waste="KD")
    with pytest.raises(IllegalMove, match="Kings and aces"):
        GO.apply(s, move("t1>w"))
    assert RANK[c("QH")] == 12 and "t1>w" in {str(m) for m in GO.legal_moves(golf("QH", waste="KD"))}


def test_go3_stock_turns_one_and_has_no_redeal():
    s = golf("9C", stock="2H 3H")
    s, _ = GO.apply(s, DRAW_MOVE)
    assert s.waste == cards("5D 3H")
    s, _ = GO.apply(s, DRAW_MOVE)
    with pytest.raises(IllegalMove, match="no redeal"):
        GO.apply(s, DRAW_MOVE)


def test_go4_win_and_over():
    s = golf("4S", waste="5D")
    assert GO.is_won(play(GO, s, "t1>w")[0])
    stuck = golf("9S", waste="5D")
    assert GO.is_over(stuck) and not GO.is_won(stuck)
