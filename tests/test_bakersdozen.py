"""Baker's Dozen: SPEC BD-1 ... BD-3 (the deal, the moves, the win), the text form, random play
keeping every card once, illegal moves refused with a reason (CM-4), auto-collect (CM-5)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import c, cards, deal, move, play

from game.core.cards import NO_CARD, RANK
from game.core.dealid import DealId
from game.core.errors import IllegalMove, ParseError
from game.games.bakersdozen.rules import BakersDozen, DozenState, kings_under
from game.rules.base import MOVE
from game.rules.pile import FOUNDATIONS, STOCK_PILE, TABLEAU, TABLEAUS
from game.rules.piles import shuffled_deck

BD = BakersDozen()


def table(*cols: str, home: str = "-- -- -- --") -> DozenState:
    """Thirteen columns (missing ones empty) and the top card of each foundation (``--`` none)."""
    tableau = tuple(cards(t) for t in (*cols, *([""] * (13 - len(cols)))))
    tops = tuple(NO_CARD if x == "--" else c(x) for x in home.split())
    return DozenState(tableau, tops)


@pytest.mark.parametrize("number", [1, 2, 77, 2147483647])
def test_bd1_thirteen_columns_of_four_all_face_up_each_columns_kings_put_under_the_rest(number):
    _, s = deal("bakersdozen", number)
    assert [len(col) for col in s.tableau] == [4] * 13
    assert Counter(x for col in s.tableau for x in col) == Counter(range(52))
    assert s.foundations == (NO_CARD,) * 4
    assert all(down == 0 for _, down in BD.piles(s).values())  # every card face up
    deck = shuffled_deck(DealId.make("bakersdozen", number))
    for i, col in enumerate(s.tableau):
        dealt = tuple(deck[i::13])  # the four rows across, the first the most covered
        kings = [x for x in col if RANK[x] == 13]
        assert col[: len(kings)] == tuple(x for x in dealt if RANK[x] == 13)  # kings first, their order kept
        assert col[len(kings) :] == tuple(x for x in dealt if RANK[x] != 13)  # the others in theirs


def test_bd1_kings_go_under_the_other_cards_keeping_both_orders():
    assert kings_under(cards("5H KS 9C KD")) == cards("KS KD 5H 9C")
    assert kings_under(cards("KC 2D 6S QC")) == cards("KC 2D 6S QC")
    assert kings_under(cards("QH 3C 8D KH")) == cards("KH QH 3C 8D")


def test_bd1_over_many_deals_no_king_lies_on_a_card_of_another_rank():
    for number in range(1, 201):
        _, s = deal("bakersdozen", number)
        for col in s.tableau:
            ranks = [RANK[x] for x in col]
            assert ranks == sorted(ranks, key=lambda r: r != 13)


def test_bd2_a_last_card_goes_on_any_card_one_rank_higher_whatever_its_suit():
    s = table("KS 9H", "TC", "TH", "8D", "AS")
    legal = {str(m) for m in BD.legal_moves(s)}
    assert {"t1>t2", "t1>t3", "t4>t1", "t5>f1", "t5>f2", "t5>f3", "t5>f4"} == legal
    s2, events = play(BD, s, "t1>t2")
    assert s2.tableau[1] == cards("TC 9H") and s2.tableau[0] == cards("KS")
    assert events[0].cards == (c("9H"),)
    with pytest.raises(IllegalMove, match="one rank higher"):
        BD.apply(s, move("t4>t2"))


def test_bd2_one_card_at_a_time_even_a_run_in_sequence():
    s = table("KS QH JC", "KD", "AS")
    assert BD.lift_reason(s, TABLEAUS[0], 1) is not None and BD.lift_reason(s, TABLEAUS[0], 2) is None
    with pytest.raises(IllegalMove, match="one card at a time"):
        BD.apply(s, move("t1>t2x2"))
    assert "t1>t2x2" not in {str(m) for m in BD.legal_moves(s)}


def test_bd2_an_emptied_column_stays_empty_no_card_may_go_there():
    s = table("AS", "9H", "KC", home="-- -- -- --")
    s2, _ = play(BD, s, "t1>f1")
    assert s2.tableau[0] == ()
    assert all(not (m.dst.kind == TABLEAU and not s2.tableau[m.dst.idx]) for m in BD.legal_moves(s2))
    with pytest.raises(IllegalMove, match="stays empty"):
        BD.apply(s2, move("t2>t1"))
    with pytest.raises(IllegalMove, match="stays empty"):
        BD.apply(s2, move("t3>t1"))  # not even a king


def test_bd2_a_foundation_builds_up_by_suit_and_its_cards_stay():
    s = table("2H", "3S", "AD", home="AS AH -- --")
    legal = {str(m) for m in BD.legal_moves(s)}
    assert {"t1>f2", "t3>f3", "t3>f4"} <= legal and "t2>f1" not in legal
    with pytest.raises(IllegalMove, match="by suit"):
        BD.apply(s, move("t2>f1"))
    with pytest.raises(IllegalMove, match="stay"):
        BD.apply(s, move("f1>t2"))
    assert BD.lift_reason(s, FOUNDATIONS[0], 0) is not None


def test_bd3_won_with_all_52_home_and_there_is_no_stock():
    assert STOCK_PILE not in BD.places and all(m.kind == MOVE for m in BD.legal_moves(deal("bakersdozen", 5)[1]))
    s = table("KS", home="QS KH KD KC")
    assert not BD.is_won(s)
    s2, _ = play(BD, s, "t1>f1")
    assert BD.is_won(s2) and BD.is_over(s2)


def test_cm5_the_rest_is_certain_once_no_column_holds_a_card_on_a_lower_one():
    s = table("KS QS", "KH QH", "3C 2C", home="JS JH KD AC")
    assert BD.is_certain(s)
    assert str(BD.collect_move(s)) == "t3>f4"
    s = table("2C 3C", home="KS KH KD AC")
    assert not BD.is_certain(s)


def test_cm4_illegal_moves_raise_with_a_reason_and_change_nothing():
    rng = random.Random(5)
    _, s = deal("bakersdozen", 3)
    piles = sorted(BD.places)
    for _ in range(300):
        m = move(f"{rng.choice(piles)}>{rng.choice(piles)}")._replace(size=rng.choice((1, 1, 2)))
        before = s
        reason = BD.check(s, m)
        if reason is None:
            s, _ = BD.apply(s, m)
        else:
            with pytest.raises(IllegalMove) as e:
                BD.apply(s, m)
            assert e.value.reason == reason and reason and s == before


@pytest.mark.parametrize("number", [1, 8, 40])
def test_random_legal_play_keeps_every_card_once_and_the_text_form_round_trips(number):
    rng = random.Random(number)
    _, s = deal("bakersdozen", number)
    for _ in range(120):
        legal = BD.legal_moves(s)
        if not legal:
            break
        s, _ = BD.apply(s, rng.choice(legal))
        assert sorted(BD.cards(s)) == list(range(52))
        assert BD.parse(BD.to_text(s)) == s
    assert BD.is_over(s) == (not BD.legal_moves(s))


def test_the_text_form_round_trips_mid_game_and_names_every_column():
    s = table("KS 9H", "TC", "", "8D", home="AS -- 2C --")
    text = BD.to_text(s)
    assert "tableau13:" in text and "foundation1: AS" in text
    s = BD.parse(BD.to_text(deal("bakersdozen", 9)[1]))
    assert s == deal("bakersdozen", 9)[1]


@pytest.mark.parametrize(
    ("spoil", "message"),
    [
        (lambda t: t.replace("tableau13:", "tableau14:"), "tableau13"),
        (lambda t: t.replace("tableau1: ", "tableau1: #", 1), "face-down"),
        (lambda t: t.replace("foundation1:", "foundation1: 2S"), "build up"),
        (lambda t: t + "stock: AS\n", "unexpected"),
    ],
)
def test_a_damaged_position_is_refused_with_a_reason(spoil, message):
    text = BD.to_text(deal("bakersdozen", 4)[1])
    with pytest.raises(ParseError, match=message):
        BD.parse(spoil(text))
