"""Simple Simon: SPEC SS-1 ... SS-3, the text form, CM-4 (illegal moves change nothing), CM-6
(undo), the hint's safe move (CM-20), the solver and its proof of a loss (CM-21)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import ask_hint, cards, columns, deal, move, play, solve_deal, solve_position

from game.core.dealid import DealId
from game.core.errors import IllegalMove, ParseError
from game.games.simplesimon.hints import HINTS, hidden_places, rule_of_thumb
from game.games.simplesimon.rules import SimpleSimon, SimpleSimonState
from game.rules.base import Moved, SuitCompleted
from game.rules.history import History
from game.rules.pile import STOCK_PILE, TABLEAUS
from game.solver.engine import Status

SS = SimpleSimon()
RUN_KH = "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"


def state(*cols: str, completed=()) -> SimpleSimonState:
    tableau, _ = columns(*cols, *(["9S"] * (10 - len(cols))))
    return SimpleSimonState(tableau, tuple(completed))


def test_ss1_one_deck_face_up_in_ten_columns_of_8_8_8_7_6_5_4_3_2_1_and_no_stock():
    _, s = deal("simplesimon", 3)
    assert sorted(x for col in s.tableau for x in col) == list(range(52))
    assert [len(col) for col in s.tableau] == [8, 8, 8, 7, 6, 5, 4, 3, 2, 1]
    assert s.down == (0,) * 10 and s.completed == () and s.stock == ()
    assert STOCK_PILE not in SS.piles(s) and SS.seen(s) == frozenset(range(52))


def test_ss1_cm1_the_same_number_deals_the_same_layout_and_another_number_another():
    _, a = deal("simplesimon", 77)
    _, b = deal("simplesimon", 77)
    _, other = deal("simplesimon", 78)
    assert a == b and a != other


def test_ss2_any_card_on_one_rank_higher_whatever_the_suit():
    s = state("7H", "8S", "9H")
    assert {"t1>t2", "t2>t3"} <= {str(m) for m in SS.legal_moves(s)}
    with pytest.raises(IllegalMove, match="one rank higher"):
        SS.apply(s, move("t1>t3"))


def test_ss2_only_a_run_of_one_suit_in_order_moves_together_and_an_empty_column_takes_any():
    s = state("8H 7H 6H", "9S", "8S 7H", "")
    legal = {str(m) for m in SS.legal_moves(s)}
    assert "t1>t2x3" in legal and "t3>t2x2" not in legal
    with pytest.raises(IllegalMove, match="one suit"):
        SS.apply(s, move("t3>t2x2"))  # 8S 7H is mixed
    assert {"t1>t4", "t1>t4x2", "t1>t4x3", "t3>t4"} <= legal
    s2, _ = play(SS, s, "t1>t4x2")  # part of a run moves too
    assert s2.tableau[3] == cards("7H 6H") and s2.tableau[0] == cards("8H")


def test_ss3_a_complete_suit_goes_home_after_a_move_and_four_home_wins():
    s = state(f"4S {RUN_KH}", "AH", completed=(0, 2))
    s2, events = play(SS, s, "t2>t1")
    assert s2.completed == (0, 2, 1) and s2.tableau[0] == cards("4S")
    assert events[0] == Moved(("tableau", 1), ("tableau", 0), cards("AH"))
    assert isinstance(events[1], SuitCompleted) and events[1].cards == cards(RUN_KH + " AH")
    assert not SS.is_won(s2)
    last = SimpleSimonState(columns(RUN_KH, "AH", *([""] * 8))[0], (0, 2, 3))
    won, _ = play(SS, last, "t2>t1")
    assert SS.is_won(won) and SS.is_over(won)
    mixed = "KH QH JH TH 9H 8H 7S 6H 5H 4H 3H 2H"
    stays, _ = play(SS, state(mixed, "AH"), "t2>t1")
    assert stays.completed == () and len(stays.tableau[0]) == 13


def test_cm4_illegal_actions_change_nothing_and_say_why():
    s = state("8S 7H", "9H", "")
    for text, words in [("t1>t2x2", "one suit"), ("t2>t1", "one rank higher"), ("t1>t1", "already")]:
        with pytest.raises(IllegalMove, match=words):
            SS.apply(s, move(text))
    assert SS.lift_reason(s, TABLEAUS[0], 0) and SS.lift_reason(s, TABLEAUS[0], 1) is None


def test_cm6_undo_a_completed_suit():
    s = state(f"4S {RUN_KH}", "AH")
    history = History(SS, s)
    history.play(move("t2>t1"))
    assert history.state.completed == (1,)
    history.undo()
    assert history.state == s


def test_the_text_form_round_trips_mid_game_and_refuses_damage():
    rules, s = deal("simplesimon", 9)
    for m in rules.legal_moves(s)[:1]:
        s, _ = rules.apply(s, m)
    assert rules.parse(rules.to_text(s)) == s
    rest = [x for x in range(52) if x // 13 != 1]  # hearts home: the other 39 cards in the columns
    after = SimpleSimonState(tuple(tuple(rest[k::10]) for k in range(10)), (1,))
    assert SS.parse(SS.to_text(after)) == after and "completed: H" in SS.to_text(after)
    broken = SS.to_text(s).replace("tableau1:", "tableau1: AS")
    with pytest.raises(ParseError):
        SS.parse(broken)
    with pytest.raises(ParseError):
        SS.parse(SS.to_text(after).replace("completed: H", "completed: H H"))


@pytest.mark.parametrize("number", [1, 2, 3])
def test_random_legal_play_keeps_every_card_once(number):
    rules, s = deal("simplesimon", number)
    rng = random.Random(number)
    for _ in range(200):
        legal = rules.legal_moves(s)
        if not legal:
            break
        s, _ = rules.apply(s, rng.choice(legal))
        every = [x for col in s.tableau for x in col]
        every += [suit * 13 + r for suit in s.completed for r in range(13)]
        assert Counter(every) == Counter(range(52))


# -- hints (CM-20) and the solver ------------------------------------------------------------------


def test_cm20_a_move_that_completes_a_suit_is_the_safe_move_hinted_first():
    s = state(f"4S 5D {RUN_KH}", "AH", "6C", "2D 7D")
    completing = move("t2>t1")
    assert HINTS.safe(SS, s, completing)
    assert not HINTS.safe(SS, s, move("t3>t4"))  # onto another suit: no suit made
    hint = ask_hint("simplesimon", s, SS.seen(s))
    assert hint.move == completing and "completes a suit" in hint.reason
    assert rule_of_thumb(SS, s, SS.legal_moves(s)).move == completing
    assert hidden_places(s, SS.seen(s)) == []  # nothing hidden: no world is ever dealt


def test_the_solvers_wins_replay_to_a_win_and_cm21_a_dead_end_is_proved_lost():
    for number in (1, 3, 4):
        result = solve_deal(DealId.make("simplesimon", number), max_nodes=60_000)
        assert result.status is Status.SOLVED  # solve_deal replays the line through the rules
    dead = SimpleSimonState(columns("2H", "4S", "6D", "8C", "TH", "QS", "KD 5C", "9S", "JH", "3C")[0], ())
    assert solve_position("simplesimon", dead, max_nodes=50_000, complete=True).status is Status.UNSOLVABLE
    verdict = ask_hint("simplesimon", dead, frozenset(range(52)))  # CM-21: every card known, the loss said
    assert verdict.move is None and "cannot be won" in verdict.reason
