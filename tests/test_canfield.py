"""Canfield's rules (CF-1 ... CF-6): the reserve, the foundations from the base rank round the
corner, the columns that turn the corner with runs or whole runs, the reserve filling an empty
column, the stock by three or one without limit, the win and the score; the text form; random
play's invariants. The solver's tests are in test_canfield_solver.py."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import c, cards, deal, move, play
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_properties import random_illegal_candidates

from game.core.cards import NO_CARD, RANK
from game.core.dealid import DealId
from game.core.errors import IllegalMove, ParseError
from game.games.canfield.rules import RESERVE_PILE, Canfield, CanfieldState, lifts
from game.rules.base import DRAW_MOVE, MOVE, RECYCLE_MOVE, Flipped, Move, Moved, ScoreChanged
from game.rules.history import History
from game.rules.pile import FOUNDATIONS, STOCK_PILE, TABLEAUS, WASTE_PILE
from game.solver.engine import Status

CF = Canfield()


def table(
    *columns: str,
    reserve: str = "",
    stock: str = "",
    waste: str = "",
    home: str = "-- -- -- --",
    base: str = "A",
    draw: int = 3,
    whole: bool = False,
) -> CanfieldState:
    """A hand-made position: four columns (bottom card first), the foundations' top cards (``--``
    empty), the reserve, stock and waste bottom first."""
    assert len(columns) == 4
    return CanfieldState(
        reserve=cards(reserve),
        tableau=tuple(cards(t) for t in columns),
        stock=cards(stock),
        waste=cards(waste),
        foundations=cards(home),
        base="A23456789TJQK".index(base) + 1,
        draw=draw,
        whole=whole,
    )


# -- CF-1 -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("options", [{}, {"draw": "1", "moves": "whole"}])
def test_cf1_a_reserve_of_13_top_up_four_columns_of_one_the_base_card_and_34_in_the_stock(options):
    rules, s = deal("canfield", 11, **options)
    assert len(s.reserve) == 13 and [len(col) for col in s.tableau] == [1, 1, 1, 1] and len(s.stock) == 34
    assert s.waste == () and s.foundations[1:] == (NO_CARD,) * 3 and s.base == RANK[s.foundations[0]]
    assert Counter([*s.reserve, *s.stock, *sum(s.tableau, ()), s.foundations[0]]) == Counter(range(52))
    contents = rules.piles(s)
    assert contents[RESERVE_PILE] == (s.reserve, 12)  # only the top card face up
    assert contents[STOCK_PILE][1] == 34 and all(contents[t][1] == 0 for t in TABLEAUS[:4])
    assert rules.seen(s) == frozenset({s.reserve[-1], s.foundations[0], *sum(s.tableau, ())})
    assert rules.score(s) == 5


def test_cf1_the_options_change_the_rules_not_the_shuffle():
    _, a = deal("canfield", 7)
    _, b = deal("canfield", 7, draw="1", moves="whole")
    assert (a.reserve, a.tableau, a.stock, a.foundations) == (b.reserve, b.tableau, b.stock, b.foundations)
    assert (a.draw, a.whole, b.draw, b.whole) == (3, False, 1, True)


def test_cf1_the_base_rank_differs_from_deal_to_deal():
    assert len({deal("canfield", n)[1].base for n in range(1, 40)}) >= 8


# -- CF-2 -------------------------------------------------------------------------------------------


def test_cf2_foundations_start_from_the_base_rank_and_build_up_by_suit():
    s = table("5C", "6S", "4H", "5H", home="5S -- -- --", base="5", reserve="KD 9D")
    legal = set(CF.legal_moves(s))
    assert move("t2>f1") in legal  # 6♠ on 5♠
    assert move("t1>f2") in legal and move("t4>f2") in legal  # a 5 starts any empty foundation
    assert move("t3>f2") not in legal  # a 4 is below the base
    with pytest.raises(IllegalMove, match="base rank, 5"):
        CF.apply(s, move("t3>f2"))
    after, _ = play(CF, s, "t1>f2")
    assert after.foundations == (c("5S"), c("5C"), NO_CARD, NO_CARD)


def test_cf2_a_foundation_turns_the_corner_from_king_to_ace_and_ends_on_the_rank_below_the_base():
    s = table("AS", "KD", "2H", "3H", home="KS QD -- --", base="J", reserve="9C")
    assert move("t1>f1") in CF.legal_moves(s)  # A♠ follows K♠
    s, _ = play(CF, s, "t1>f1")
    assert s.foundations[0] == c("AS") and CF.score(s) == 5 * (4 + 2)  # J Q K A and J Q
    assert s.tableau[0] == cards("9C")  # the emptied column took the reserve's card (CF-4)
    assert move("t2>f2") in CF.legal_moves(s)


def test_cf2_a_card_on_a_foundation_stays_there():
    s = table("5C", "6S", "4H", "5H", home="5S -- -- --", base="5", reserve="KD 9D")
    with pytest.raises(IllegalMove, match="stays"):
        CF.apply(s, move("f1>t1"))
    assert CF.lift_reason(s, FOUNDATIONS[0], 0)


# -- CF-3 -------------------------------------------------------------------------------------------


def test_cf3_columns_build_down_in_alternate_colours_and_a_king_goes_on_an_ace():
    s = table("AH", "KS", "KH", "QD", reserve="2C", waste="JC", home="3S -- -- --", base="3")
    legal = set(CF.legal_moves(s))
    assert move("t2>t1") in legal  # K♠ on A♥: the columns turn the corner
    assert move("t3>t1") not in legal  # K♥ on A♥: the same colour
    assert move("t4>t2") in legal and move("w>t4") in legal  # Q♦ on K♠, J♣ on Q♦
    with pytest.raises(IllegalMove, match="other colour"):
        CF.apply(s, move("t3>t1"))
    with pytest.raises(IllegalMove, match="other colour"):
        CF.apply(s, move("t4>t3"))


def test_cf3_with_runs_any_part_of_a_columns_run_moves():
    s = table("9S 8H 7C 6D", "8D", "7S", "TD", reserve="2C", home="3S -- -- --", base="3")
    assert lifts(s.tableau[0], whole=False) == [0, 1, 2, 3]
    legal = set(CF.legal_moves(s))
    assert {move("t1>t4x4"), move("t1>t2x2"), move("t1>t3x1")} <= legal
    after, _ = play(CF, s, "t1>t2x2")
    assert after.tableau[0] == cards("9S 8H") and after.tableau[1] == cards("8D 7C 6D")


def test_cf3_with_whole_only_the_top_card_or_the_whole_run_moves():
    s = table("9S 8H 7C 6D", "8D", "7S", "TD", reserve="2C", home="3S -- -- --", base="3", whole=True)
    assert lifts(s.tableau[0], whole=True) == [0, 3]
    legal = set(CF.legal_moves(s))
    assert move("t1>t4x4") in legal and move("t1>t3x1") in legal and move("t1>t2x2") not in legal
    with pytest.raises(IllegalMove, match="whole run"):
        CF.apply(s, move("t1>t2x2"))
    assert CF.lift_reason(s, TABLEAUS[0], 1) and CF.lift_reason(s, TABLEAUS[0], 0) is None
    assert CF.lift_reason(s, TABLEAUS[0], 3) is None


def test_cf3_a_run_turns_the_corner_too():
    s = table("2H AS KD", "2C", "3C", "8C", reserve="9C", home="4S -- -- --", base="4")
    assert lifts(s.tableau[0], whole=True) == [0, 2]
    assert move("t1>t3x3") in CF.legal_moves(s)


def test_cf3_the_reserves_and_the_wastes_top_cards_go_to_a_column_or_a_foundation():
    s = table("6H", "7D", "9S", "JS", reserve="QC 5C", waste="2D 8H", home="4C -- -- --", base="4")
    legal = set(CF.legal_moves(s))
    assert {move("r>t1"), move("r>f1"), move("w>t3")} <= legal
    after, events = play(CF, s, "r>t1")
    assert after.tableau[0] == cards("6H 5C") and after.reserve == cards("QC")
    assert Flipped(RESERVE_PILE, 0, c("QC"), True) in events  # the next reserve card turns up
    with pytest.raises(IllegalMove, match="reserve"):
        CF.apply(s, move("t1>r"))


# -- CF-4 -------------------------------------------------------------------------------------------


def test_cf4_an_emptied_column_takes_the_reserves_top_card_within_the_same_move():
    s = table("5S", "6H", "9S", "JS", reserve="QC 3D", home="4S -- -- --", base="4")
    history = History(CF, s)
    history.play(move("t1>f1"))
    after = history.state
    assert after.tableau[0] == cards("3D") and after.reserve == cards("QC")
    history.undo()
    assert history.state == s  # one move, one undo


def test_cf4_once_the_reserve_is_empty_a_column_waits_for_the_players_waste_card():
    s = table("5S", "6H", "9S", "JS", waste="KD 2C", stock="8C", home="4S -- -- --", base="4")
    s, _ = play(CF, s, "t1>f1")
    assert s.tableau[0] == ()
    legal = set(CF.legal_moves(s))
    assert move("w>t1") in legal  # any waste card, whatever its rank
    assert not any(m.dst == TABLEAUS[0] and m.src != WASTE_PILE for m in legal)
    with pytest.raises(IllegalMove, match="waste"):
        CF.apply(s, move("t2>t1"))
    after, _ = play(CF, s, "w>t1")
    assert after.tableau[0] == cards("2C")


def test_cf4_with_cards_in_the_reserve_no_column_is_ever_empty():
    _, s = deal("canfield", 3)
    rng = random.Random(3)
    for _ in range(300):
        if s.reserve:
            assert all(s.tableau)
        moves = CF.legal_moves(s)
        if not moves:
            break
        s = CF.play(s, rng.choice(moves))


# -- CF-5 -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("draw", ["3", "1"])
def test_cf5_the_stock_turns_three_or_one_and_the_waste_turns_over_without_limit(draw):
    rules, s = deal("canfield", 5, draw=draw)
    stock = s.stock
    after, events = rules.apply(s, DRAW_MOVE)
    n = int(draw)
    assert after.waste == tuple(reversed(stock[-n:])) and after.stock == stock[:-n]
    assert events == [Moved(STOCK_PILE, WASTE_PILE, after.waste)]
    for _ in range(5):  # five passes through the stock: there is no limit
        while s.stock:
            s = rules.play(s, DRAW_MOVE)
        assert rules.legal_moves(s)[-1] == RECYCLE_MOVE
        s = rules.play(s, RECYCLE_MOVE)
        assert s.stock == stock and s.waste == ()


def test_cf5_the_last_turn_of_draw_3_takes_what_is_left():
    s = table("6H", "7D", "9S", "JS", reserve="QC", stock="2C 3C 4C 5C", home="4S -- -- --", base="4")
    s = CF.play(CF.play(s, DRAW_MOVE), DRAW_MOVE)
    assert s.stock == () and s.waste == cards("5C 4C 3C 2C")
    with pytest.raises(IllegalMove, match="turn the waste over"):
        CF.apply(s, DRAW_MOVE)


# -- CF-6 -------------------------------------------------------------------------------------------


def test_cf6_won_with_all_52_home_and_each_card_home_scores_5():
    s = table("", "", "", "9D", home="9S 9H 9C 8D", base="T")
    assert not CF.is_won(s) and CF.score(s) == 5 * 51
    won, events = play(CF, s, "t4>f4")
    assert CF.is_won(won) and CF.score(won) == 260
    assert ScoreChanged(255, 260) in events


def test_cf6_the_rest_is_certain_when_nothing_is_hidden_and_no_column_hides_a_lower_card():
    certain = table("AS KC", "AC KS QC", "", "", home="QS AH AD JC", base="2")  # A is the last rank
    assert CF.is_certain(certain) and CF.collect_move(certain) == move("t2>f4")
    blocked = table("KC AS", "AC KS QC", "", "", home="QS AH AD JC", base="2")  # A♠ lies on K♣
    assert not CF.is_certain(blocked)
    hidden = table("AS KC", "AC KS", "", "", home="QS AH AD JC", base="2", waste="QC")
    assert not CF.is_certain(hidden)


# -- the text form --------------------------------------------------------------------------------


def test_the_text_form_names_the_base_hides_the_reserve_and_round_trips_mid_game():
    rules, s = deal("canfield", 8, draw="1", moves="whole")
    for m in _solution(s)[:40]:
        s = rules.play(s, m)
    text = rules.to_text(s)
    assert "options: draw=1 moves=whole" in text and f"base: {'A23456789TJQK'[s.base - 1]}" in text
    assert rules.parse(text) == s


@pytest.mark.parametrize(
    "spoil, message",
    [
        (lambda t: t.replace("base: 3", "base: 10"), "not a rank"),
        (lambda t: t.replace("base: 3", "base: 4"), "base"),
        (lambda t: t.replace("#4S 7H", "#4S #7H"), "but the top one"),
        (lambda t: t.replace("#4H #QH", "4H #QH"), "face-down cards must come before"),
        (lambda t: t.replace("tableau1: JS", "tableau1:"), "reserve"),
        (lambda t: t.replace("tableau2: 6D", "tableau2: 6D JS"), "too many JS"),
    ],
)
def test_a_damaged_position_is_refused_with_a_reason(spoil, message):
    rules, s = deal("canfield", 1)
    text = rules.to_text(s)
    assert "base: 3" in text and "tableau1: JS" in text and "#4H #QH" in text and "#4S 7H" in text
    with pytest.raises(ParseError, match=message):
        rules.parse(spoil(text))


# -- random play ------------------------------------------------------------------------------------


@pytest.mark.parametrize("options", [{"draw": "3", "moves": "runs"}, {"draw": "1", "moves": "whole"}])
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(number=st.integers(1, 2**31 - 1), choices=st.lists(st.integers(0, 10**6), min_size=1, max_size=120))
def test_random_legal_play_keeps_every_invariant(options, number, choices):
    """Each card exactly once; the reserve face down but its top; every column one built run;
    parse(to_text(s)) == s; play agrees with apply; the score never falls; undo gives exactly the
    previous position, redo the next; the line replays."""
    start = CF.deal(DealId.make("canfield", number, options))
    history = History(CF, start)
    for k in choices:
        s = history.state
        assert Counter(CF.cards(s)) == Counter(range(52))
        assert CF.piles(s)[RESERVE_PILE][1] == max(0, len(s.reserve) - 1)
        assert all(lifts(col, False)[:1] == [0] for col in s.tableau if col)
        assert CF.parse(CF.to_text(s)) == s
        moves = CF.legal_moves(s)
        if not moves:
            assert CF.is_over(s)
            break
        m = moves[k % len(moves)]
        new, events = CF.apply(s, m)
        assert CF.play(s, m) == new and events
        assert CF.score(new) >= CF.score(s)
        history.play(m)
        if k % 5 == 0:
            history.undo()
            assert history.state == s
            history.redo()
            assert history.state == new
    replayed = History.replay(CF, CF.deal(DealId.make("canfield", number, options)), history.moves)
    assert replayed.state == history.state


@settings(max_examples=8, deadline=None)
@given(number=st.integers(1, 2**31 - 1), steps=st.integers(0, 40))
def test_illegal_moves_raise_with_a_reason_and_change_nothing(number, steps):
    s = CF.deal(DealId.make("canfield", number))
    for i in range(steps):
        moves = CF.legal_moves(s)
        if not moves:
            break
        s = CF.play(s, moves[(i * 7919) % len(moves)])
    before = CF.to_text(s)
    legal = set(CF.legal_moves(s))
    reserve_moves = [Move(MOVE, RESERVE_PILE, q, size) for q in (*TABLEAUS[:4], WASTE_PILE) for size in (1, 2)]
    reserve_moves += [Move(MOVE, p, RESERVE_PILE) for p in (*TABLEAUS[:4], WASTE_PILE, FOUNDATIONS[0])]
    for m in [*random_illegal_candidates(CF, s), *reserve_moves]:
        if m in legal:
            continue
        with pytest.raises(IllegalMove) as e:
            CF.apply(s, m)
        assert e.value.reason and len(e.value.reason) < 140
    assert CF.to_text(s) == before


# -- the solver --------------------------------------------------------------------------------------


def _solution(state: CanfieldState) -> list:
    from helpers import solve_position

    result = solve_position("canfield", state, max_nodes=2_000_000)
    assert result.status is Status.SOLVED
    return result.moves
