"""Spiderette: SPEC ST-1 ... ST-4, the text form, CM-4 (illegal moves change nothing), CM-6 (undo),
the shared module of suits that leave the table, the hint's safe move (CM-20) and the solver."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import ask_hint, c, cards, columns, deal, move, play, solve_deal, solve_position

from game.core.dealid import DealId
from game.core.errors import IllegalMove, ParseError
from game.games.spiderette.hints import HINTS, hidden_places, rule_of_thumb
from game.games.spiderette.rules import Spiderette, SpideretteState
from game.rules.base import DEAL_MOVE, Dealt, Flipped, Moved, SuitCompleted
from game.rules.history import History
from game.rules.pile import TABLEAUS
from game.rules.runs import ends_complete
from game.solver.engine import Status
from game.solver.sampling import arrangements

ST = Spiderette()
RUN_KH = "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"


def state(*cols: str, stock: str = "", completed=()):
    tableau, down = columns(*cols, *(["9S"] * (7 - len(cols))))
    return SpideretteState(tableau, down, cards(stock), tuple(completed))


def test_st1_one_deck_seven_columns_of_one_to_seven_the_last_face_up_and_24_in_the_stock():
    _, s = deal("spiderette", 3)
    every = [x for col in s.tableau for x in col] + list(s.stock)
    assert sorted(every) == list(range(52))
    assert [len(col) for col in s.tableau] == [1, 2, 3, 4, 5, 6, 7]
    assert s.down == (0, 1, 2, 3, 4, 5, 6)
    assert len(s.stock) == 24 and s.deals_left == 4 and s.completed == ()


def test_st1_cm1_the_same_number_deals_the_same_layout_and_another_number_another():
    _, a = deal("spiderette", 77)
    _, b = deal("spiderette", 77)
    _, other = deal("spiderette", 78)
    assert a == b and a != other


def test_st2_any_card_on_one_rank_higher_whatever_the_suit():
    s = state("7H", "8S", "9H")
    assert {"t1>t2", "t2>t3"} <= {str(m) for m in ST.legal_moves(s)}
    with pytest.raises(IllegalMove, match="one rank higher"):
        ST.apply(s, move("t1>t3"))


def test_st2_only_a_run_of_one_suit_in_order_moves_together_and_an_empty_column_takes_any():
    s = state("8H 7H 6H", "9S", "8S 7H", "")
    legal = {str(m) for m in ST.legal_moves(s)}
    assert "t1>t2x3" in legal and "t3>t2x2" not in legal
    with pytest.raises(IllegalMove, match="one suit"):
        ST.apply(s, move("t3>t2x2"))  # 8S 7H is mixed
    assert {"t1>t4", "t1>t4x2", "t1>t4x3", "t3>t4"} <= legal
    s2, _ = play(ST, s, "t1>t4x2")  # part of a run moves too
    assert s2.tableau[3] == cards("7H 6H") and s2.tableau[0] == cards("8H")


def test_st2_a_face_down_card_turns_up_when_uncovered():
    s = state("#5D #9C 7H", "8S")
    s2, events = play(ST, s, "t1>t2")
    assert s2.down[0] == 1 and Flipped(("tableau", 0), 1, c("9C"), True) in events


def test_st3_a_deal_puts_one_card_on_each_column_and_the_last_three_on_the_first_three():
    rules, s = deal("spiderette", 5)
    lengths = [len(col) for col in s.tableau]
    for left in (17, 10, 3):
        before = s
        s, events = rules.apply(s, DEAL_MOVE)
        assert [len(col) for col in s.tableau] == [n + 1 for n in lengths] and len(s.stock) == left
        assert isinstance(events[0], Dealt) and events[0].cards == before.stock[-7:]
        assert [col[-1] for col in s.tableau] == list(before.stock[-7:])
        lengths = [len(col) for col in s.tableau]
    before = s
    s, events = rules.apply(s, DEAL_MOVE)
    assert [len(col) for col in s.tableau] == [n + 1 for n in lengths[:3]] + lengths[3:]
    assert events[0].cards == before.stock and s.stock == () and s.deals_left == 0
    assert DEAL_MOVE not in rules.legal_moves(s)
    with pytest.raises(IllegalMove, match="No cards are left"):
        rules.apply(s, DEAL_MOVE)


def test_st3_no_deal_while_a_column_is_empty():
    s = state("7H 6H", "", stock="AS 2S 3S 4S 5S 6S 7S")
    assert DEAL_MOVE not in ST.legal_moves(s)
    with pytest.raises(IllegalMove, match="empty column"):
        ST.apply(s, DEAL_MOVE)
    filled, _ = play(ST, s, "t1>t2")
    assert DEAL_MOVE in ST.legal_moves(filled)


def test_st3_a_deal_is_allowed_when_too_few_cards_are_left_to_fill_the_columns():
    tableau, down = columns("7H", "5S", "", "", "", "", "")
    s = SpideretteState(tableau, down, cards("AS 2S 3S"), (1, 2))
    assert DEAL_MOVE in ST.legal_moves(s)


def test_st4_a_complete_suit_leaves_after_a_move_and_the_card_under_it_turns_up():
    s = state(f"#4S {RUN_KH}", "AH")
    s2, events = play(ST, s, "t2>t1")
    assert s2.completed == (1,) and s2.tableau[0] == cards("4S") and s2.down[0] == 0
    assert events[0] == Moved(("tableau", 1), ("tableau", 0), cards("AH"))
    assert isinstance(events[1], SuitCompleted) and events[1].cards == cards(RUN_KH + " AH")
    assert events[2] == Flipped(("tableau", 0), 0, c("4S"), True)


def test_st4_a_complete_suit_leaves_after_a_deal_and_a_mixed_one_stays():
    s = state(RUN_KH, stock="AH 2S 3S 4S 5S 6S 7S")
    s2, events = ST.apply(s, DEAL_MOVE)
    assert s2.completed == (1,) and s2.tableau[0] == ()
    assert any(isinstance(e, SuitCompleted) for e in events)
    mixed = "KH QH JH TH 9H 8H 7S 6H 5H 4H 3H 2H"
    s3, _ = play(ST, state(mixed, "AH"), "t2>t1")
    assert s3.completed == () and len(s3.tableau[0]) == 13
    assert not ends_complete(s3.tableau[0], 0) and ends_complete(cards(RUN_KH + " AH"), 0)


def test_st4_four_suits_gone_wins():
    s = SpideretteState(columns(RUN_KH, "AH", "", "", "", "", "")[0], (0,) * 7, (), (0, 2, 3))
    assert not ST.is_won(s) and not ST.is_over(s)
    s2, _ = play(ST, s, "t2>t1")
    assert ST.is_won(s2) and ST.is_over(s2)


def test_cm4_illegal_actions_change_nothing_and_say_why():
    s = state("#5S 8S 7H", "9H", "", stock="AS 2S 3S 4S 5S 6S 7S")
    for text, words in [
        ("t1>t2x2", "one suit"),
        ("t1>t2x3", "Face-down"),
        ("deal", "empty column"),
        ("t2>t1", "one rank higher"),
        ("t1>t1", "already"),
        ("draw", "stock"),
        ("t1>f1", "No card can be put there"),
    ]:
        with pytest.raises(IllegalMove) as e:
            ST.apply(s, move(text))
        assert words in e.value.reason, text
    assert s == state("#5S 8S 7H", "9H", "", stock="AS 2S 3S 4S 5S 6S 7S")
    assert ST.lift_reason(s, TABLEAUS[0], 1) is not None and ST.lift_reason(s, TABLEAUS[0], 2) is None


def test_cm6_undo_a_deal_a_completed_suit_and_a_flip_and_seen_cards_stay_known():
    rules, s = deal("spiderette", 8)
    h = History(rules, s)
    h.play(DEAL_MOVE)
    events = h.undo()
    assert h.state == s and isinstance(events[0], Dealt) and events[0].undone
    assert set(s.stock[-7:]) <= h.seen  # the dealt cards are back in the stock, but known
    h2 = History(ST, state(f"#4S {RUN_KH}", "AH"))
    h2.play(move("t2>t1"))
    events = h2.undo()
    assert h2.state.down[0] == 1 and [type(e).__name__ for e in events] == ["Flipped", "SuitCompleted", "Moved"]
    assert c("4S") in h2.seen


def test_the_text_form_round_trips_mid_game_and_refuses_damage():
    rules, s = deal("spiderette", 4)
    rng = random.Random(4)
    for _ in range(40):
        s = rules.play(s, rng.choice(rules.legal_moves(s)))
        assert rules.parse(rules.to_text(s)) == s
    won = state(f"#4S {RUN_KH}", "AH")
    text = rules.to_text(rules.play(won, move("t2>t1")))
    assert "completed: H" in text
    good = rules.to_text(rules.deal(DealId.make("spiderette", 4)))
    for spoil, message in [
        (lambda t: t.replace("stock: #", "stock: #AS #"), "stock holds"),
        (lambda t: t.replace("completed:", "completed: S"), "cards do not add up"),
        (lambda t: t.replace("completed:", "completed: S S"), "at most once"),
        (lambda t: t.replace("tableau1: ", "tableau1: #"), "face up"),
    ]:
        with pytest.raises(ParseError, match=message):
            rules.parse(spoil(good))


@pytest.mark.parametrize("number", [1, 2, 3])
def test_random_legal_play_keeps_every_card_once(number):
    rules, s = deal("spiderette", number)
    rng = random.Random(number)
    for _ in range(200):
        legal = rules.legal_moves(s)
        if not legal:
            break
        s, _ = rules.apply(s, rng.choice(legal))
        every = [x for col in s.tableau for x in col] + list(s.stock)
        every += [suit * 13 + r for suit in s.completed for r in range(13)]
        assert Counter(every) == Counter(range(52))
        assert all(not col or d < len(col) for col, d in zip(s.tableau, s.down, strict=True))


# -- hints (CM-20) and the solver ------------------------------------------------------------------


def test_cm20_a_move_that_completes_a_suit_is_the_safe_move_hinted_first():

    s = state(f"#4S #5D {RUN_KH}", "AH", "6C", "#2D 7D")
    completing = move("t2>t1")
    assert HINTS.safe(ST, s, completing)
    assert not HINTS.safe(ST, s, move("t3>t4"))  # onto another suit: no suit made
    hint = ask_hint("spiderette", s, ST.seen(s))
    assert hint.move == completing and "completes a suit" in hint.reason
    assert rule_of_thumb(ST, s, ST.legal_moves(s)).move == completing


def test_cm20_the_hint_never_peeks_the_same_for_any_lie_of_the_unseen_cards():
    """Deal 1 and a twin with its hidden cards lying otherwise: one hint, drawn from guesses at the
    hidden cards (deal 12's hint took twice as long, the same kind of hint)."""
    rules, s = deal("spiderette", 1)
    seen = rules.seen(s)
    twin = arrangements(s, hidden_places(s, seen), 1)[0]
    assert twin != s and rules.seen(twin) == seen
    a, b = ask_hint("spiderette", s, seen), ask_hint("spiderette", twin, seen)
    assert a == b and a.move in rules.legal_moves(s) and a.reason


def test_the_solvers_wins_replay_to_a_win_and_cm21_a_dead_end_is_proved_lost():

    for number in (1, 4, 7):
        result = solve_deal(DealId.make("spiderette", number), max_nodes=60_000)
        assert result.status is Status.SOLVED  # solve_position replays the line through the rules
    dead = SpideretteState(columns("2H", "4S", "6D", "8C", "TH", "QS", "KD 5C")[0], (0,) * 7, (), (1,))
    assert solve_position("spiderette", dead, max_nodes=50_000, complete=True).status is Status.UNSOLVABLE
    verdict = ask_hint("spiderette", dead, frozenset(range(52)))  # CM-21: every card known, the loss said
    assert verdict.move is None and "cannot be won" in verdict.reason
