"""Scorpion: SPEC SC-1 ... SC-4, the text form, CM-4 (illegal moves change nothing), CM-6 (undo),
CM-12 (over only with no move left), the hint's safe move (CM-20) and hints that never peek, and the
solver against a plain search of the rules' moves."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import c, cards, columns, deal, move, play

from game.core.dealid import DealId
from game.core.errors import IllegalMove, ParseError
from game.games.scorpion.rules import Scorpion, ScorpionState
from game.rules.base import DEAL_MOVE, Dealt, Flipped, Moved, SuitCompleted
from game.rules.history import History
from game.rules.pile import TABLEAUS

SC = Scorpion()
RUN_KH = "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
FILLER = "AD"  # an ace takes no card, and no test moves the two of diamonds


def state(*cols: str, stock: str = "", completed: tuple[int, ...] = ()) -> ScorpionState:
    tableau, down = columns(*cols, *([FILLER] * (7 - len(cols))))
    return ScorpionState(tableau, down, cards(stock), completed)


def every_card(s: ScorpionState) -> Counter[int]:
    every = [x for col in s.tableau for x in col] + list(s.stock)
    every += [suit * 13 + r for suit in s.completed for r in range(13)]
    return Counter(every)


# -- SC-1 ... SC-4 ---------------------------------------------------------------------------------


def test_sc1_seven_columns_of_seven_three_face_down_in_the_four_left_and_a_stock_of_three():
    _, s = deal("scorpion", 3)
    assert every_card(s) == Counter(range(52))
    assert [len(col) for col in s.tableau] == [7] * 7
    assert s.down == (3, 3, 3, 3, 0, 0, 0)
    assert len(s.stock) == 3 and s.completed == ()


def test_sc1_cm1_the_same_number_deals_the_same_layout_and_another_number_another():
    _, a = deal("scorpion", 77)
    _, b = deal("scorpion", 77)
    _, other = deal("scorpion", 78)
    assert a == b and a != other


def test_sc2_a_card_goes_on_its_own_suit_one_rank_higher_with_everything_on_it():
    s = state("#3C 8H 2S 9D", "9H", "9S", "4C")
    legal = {str(m) for m in SC.legal_moves(s)}
    assert "t1>t2x3" in legal  # 8H with 2S and 9D on it, in order or not
    assert "t1>t3x3" not in legal  # 9S is another suit
    s2, events = play(SC, s, "t1>t2x3")
    assert s2.tableau[1] == cards("9H 8H 2S 9D") and s2.tableau[0] == cards("3C") and s2.down[0] == 0
    assert Moved(TABLEAUS[0], TABLEAUS[1], cards("8H 2S 9D")) in events
    assert Flipped(TABLEAUS[0], 0, c("3C"), True) in events  # SC-2: a face-down card turns up
    with pytest.raises(IllegalMove, match="its own suit one rank higher"):
        SC.apply(s, move("t1>t3x3"))


def test_sc2_only_the_last_card_of_a_column_takes_cards():
    s = state("9H 5C", "8H")
    assert "t2>t1" not in {str(m) for m in SC.legal_moves(s)}  # 9H is covered


def test_sc2_an_empty_column_takes_only_a_king_with_what_lies_on_it():
    s = state("#4S QD KH 3C", "JC 7S", "")
    legal = {str(m) for m in SC.legal_moves(s)}
    assert "t1>t3x2" in legal and "t2>t3" not in legal and "t2>t3x2" not in legal
    with pytest.raises(IllegalMove, match="Only a king"):
        SC.apply(s, move("t2>t3x2"))
    s2, _ = play(SC, s, "t1>t3x2")
    assert s2.tableau[2] == cards("KH 3C") and s2.tableau[0] == cards("4S QD")


def test_sc3_one_deal_puts_a_card_on_each_of_the_three_left_columns_once():
    rules, s = deal("scorpion", 5)
    assert DEAL_MOVE in rules.legal_moves(s)
    s2, events = rules.apply(s, DEAL_MOVE)
    assert [col[-1] for col in s2.tableau[:3]] == list(s.stock)
    assert s2.tableau[3:] == s.tableau[3:] and s2.stock == ()
    assert isinstance(events[0], Dealt) and events[0].cards == s.stock and events[0].piles == TABLEAUS[:3]
    assert DEAL_MOVE not in rules.legal_moves(s2)
    with pytest.raises(IllegalMove, match="only once"):
        rules.apply(s2, DEAL_MOVE)


def test_sc3_the_deal_may_come_at_any_time_even_onto_an_empty_column():
    s = state("", "9H", "KS", stock="3C 4D 5S")
    s2, _ = play(SC, s, "deal")
    assert s2.tableau[:3] == (cards("3C"), cards("9H 4D"), cards("KS 5S"))


def test_sc4_a_complete_suit_leaves_after_a_move_and_the_card_under_it_turns_up():
    s = state(f"#4S #5D {RUN_KH}", "AH", "6C")
    s2, events = play(SC, s, "t2>t1")
    assert s2.completed == (1,) and s2.tableau[0] == cards("4S 5D") and s2.down[0] == 1
    assert s2.tableau[1] == ()
    assert [type(e).__name__ for e in events] == ["Moved", "SuitCompleted", "Flipped"]
    assert SuitCompleted(TABLEAUS[0], 0, cards(f"{RUN_KH} AH")) in events


def test_sc4_a_dealt_ace_completes_a_suit_and_a_mixed_run_stays():
    s = state(RUN_KH, "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2D", "9C", stock="AH AS 8C")
    s2, _ = play(SC, s, "deal")
    assert s2.completed == (1,) and s2.tableau[0] == ()
    assert s2.tableau[1][-1] == c("AS") and len(s2.tableau[1]) == 13  # 2D breaks the spades


def test_sc4_four_suits_gone_wins_and_cm12_over_only_when_dealt_and_no_move_is_left():
    s = ScorpionState(columns(RUN_KH, "AH", "", "", "", "", "")[0], (0,) * 7, (), (0, 2, 3))
    assert not SC.is_won(s) and not SC.is_over(s)
    s2, _ = play(SC, s, "t2>t1")
    assert SC.is_won(s2) and SC.is_over(s2)
    stuck = state("5H 9C", "7H", stock="JS 5D 8C")
    assert not SC.is_over(stuck)  # the stock is still to be dealt
    dealt = SC.play(stuck, DEAL_MOVE)
    assert SC.legal_moves(dealt) == [] and SC.is_over(dealt) and not SC.is_won(dealt)


# -- CM rules --------------------------------------------------------------------------------------


def test_cm4_illegal_actions_change_nothing_and_say_why():
    s = state("#5S 8S 7H", "9H", "", stock="2C 3C 4C")
    for text, words in [
        ("t1>t2x3", "Face-down"),
        ("t1>t2", "its own suit one rank higher"),
        ("t1>t3", "Only a king"),
        ("t1>t1", "already"),
        ("draw", "stock"),
        ("t1>f1", "No card can be put there"),
    ]:
        with pytest.raises(IllegalMove) as e:
            SC.apply(s, move(text))
        assert words in e.value.reason, text
    assert s == state("#5S 8S 7H", "9H", "", stock="2C 3C 4C")
    assert SC.lift_reason(s, TABLEAUS[0], 0) is not None and SC.lift_reason(s, TABLEAUS[0], 1) is None


def test_cm6_undo_a_deal_a_completed_suit_and_a_flip_and_seen_cards_stay_known():
    rules, s = deal("scorpion", 8)
    h = History(rules, s)
    h.play(DEAL_MOVE)
    events = h.undo()
    assert h.state == s and isinstance(events[0], Dealt) and events[0].undone
    assert set(s.stock) <= h.seen  # the dealt cards are back in the stock, but known
    h2 = History(SC, state(f"#4S {RUN_KH}", "AH"))
    h2.play(move("t2>t1"))
    events = h2.undo()
    assert h2.state.down[0] == 1 and [type(e).__name__ for e in events] == ["Flipped", "SuitCompleted", "Moved"]
    assert c("4S") in h2.seen


def test_the_text_form_round_trips_mid_game_and_refuses_damage():
    rules, s = deal("scorpion", 4)
    rng = random.Random(4)
    for _ in range(40):
        legal = rules.legal_moves(s)
        if not legal:
            break
        s = rules.play(s, rng.choice(legal))
        assert rules.parse(rules.to_text(s)) == s
    text = rules.to_text(rules.play(state(f"#4S {RUN_KH}", "AH"), move("t2>t1")))
    assert "completed: H" in text
    good = rules.to_text(rules.deal(DealId.make("scorpion", 4)))
    for spoil, message in [
        (lambda t: t.replace("stock: #", "stock: #AS #"), "stock holds"),
        (lambda t: t.replace("completed:", "completed: S"), "cards do not add up"),
        (lambda t: t.replace("completed:", "completed: S S"), "at most once"),
        (lambda t: t.replace("stock: #", "stock: "), "only face-down"),
    ]:
        with pytest.raises(ParseError, match=message):
            rules.parse(spoil(good))


@pytest.mark.parametrize("number", [1, 2, 3])
def test_random_legal_play_keeps_every_card_once(number):
    rules, s = deal("scorpion", number)
    rng = random.Random(number)
    for _ in range(200):
        legal = rules.legal_moves(s)
        if not legal:
            break
        s, _ = rules.apply(s, rng.choice(legal))
        assert every_card(s) == Counter(range(52))
        assert all(not col or d < len(col) for col, d in zip(s.tableau, s.down, strict=True))


# -- hints (CM-20) and the solver ------------------------------------------------------------------


def test_cm20_once_dealt_a_card_onto_its_suit_is_the_safe_move_hinted_first():
    from helpers import ask_hint

    from game.games.scorpion.hints import HINTS, rule_of_thumb

    s = state("#4S #5D 9H 3C", "TH", "6C", "KS", "")
    join, king = move("t1>t2x2"), move("t4>t5")
    assert HINTS.safe(SC, s, join) and not HINTS.safe(SC, s, king)
    before = ScorpionState(s.tableau, s.down, cards("2C 3D 4D"), ())
    assert not HINTS.safe(SC, before, join)  # before the deal a card it covers could be wanted
    hint = ask_hint("scorpion", s, SC.seen(s))
    assert hint.move == join and "never be a wrong move" in hint.reason
    assert rule_of_thumb(SC, s, SC.legal_moves(s)).move == join  # it turns up the 5D


def test_cm20_the_hint_never_peeks_the_same_for_any_lie_of_the_unseen_cards():
    from helpers import ask_hint

    from game.games.scorpion.hints import hidden_places
    from game.solver.sampling import arrangements

    rules, s = deal("scorpion", 12)
    seen = rules.seen(s)
    assert len(hidden_places(s, seen)) == 15  # twelve face down and the stock
    twin = arrangements(s, hidden_places(s, seen), 1)[0]
    assert twin != s and rules.seen(twin) == seen
    a, b = ask_hint("scorpion", s, seen), ask_hint("scorpion", twin, seen)
    assert a == b and a.move in rules.legal_moves(s) and a.reason


def test_cm20_a_card_seen_and_turned_down_again_by_an_undo_is_not_dealt_again():
    from game.games.scorpion.hints import hidden_places

    rules, s = deal("scorpion", 12)
    seen = rules.seen(s) | frozenset(s.stock)  # the stock dealt, then the deal undone
    assert len(hidden_places(s, seen)) == 12


def _plain_search(s: ScorpionState, limit: int = 200_000) -> bool | None:
    """Whether the rules' own moves win from ``s``: every position, no pruning (None: too many)."""
    seen: set[object] = set()
    todo = [s]
    while todo:
        x = todo.pop()
        if SC.is_won(x):
            return True
        if x in seen:
            continue
        seen.add(x)
        if len(seen) > limit:
            return None
        todo += [SC.play(x, m) for m in SC.legal_moves(x)]
    return False


@pytest.mark.parametrize("number", [1, 6, 10, 19, 122, 180])
def test_the_solver_agrees_with_a_plain_search_of_the_rules_moves(number):
    """The solver's pruning (interchangeable columns, joins once dealt) loses nothing: on these
    deals it proves what a search of every legal move finds, a win replayed through the rules."""
    from helpers import solve_deal

    from game.solver.engine import Status

    deal_id = DealId.make("scorpion", number)
    plain = _plain_search(SC.deal(deal_id))
    assert plain is not None
    result = solve_deal(deal_id, max_nodes=200_000)
    assert result.status is (Status.SOLVED if plain else Status.UNSOLVABLE)


# -- the record and the interaction ----------------------------------------------------------------


def test_sc3_cm2_a_tap_on_the_stock_deals_and_a_second_tap_says_it_is_dealt_once():
    from game.games.index import game_for
    from game.play.position import Position
    from game.rules.pile import STOCK_PILE

    game = game_for("scorpion")
    s = SC.deal(DealId.make("scorpion", 5))
    act = game.interaction()
    outcome = act.tap(Position(SC, s), STOCK_PILE, 0)
    assert outcome.move == DEAL_MOVE
    dealt = SC.play(s, DEAL_MOVE)
    again = act.tap(Position(SC, dealt), STOCK_PILE, -1)
    assert again.move is None and again.message and "only once" in again.message


def test_cm2_cm3_a_tap_selects_a_card_with_everything_on_it_and_a_double_tap_moves_it():
    from game.games.index import game_for
    from game.play.position import Position

    game = game_for("scorpion")
    s = state("#3C 8H 2S 9D", "9H", "KS", "")
    act = game.interaction()
    assert act.tap(Position(SC, s), TABLEAUS[0], 1).move is None
    assert [str(m) for m in act.targets] == ["t1>t2x3"]
    assert act.tap(Position(SC, s), TABLEAUS[1], 0).move == move("t1>t2x3")
    assert act.double_tap(Position(SC, s), TABLEAUS[2], 0).move == move("t3>t4")


def test_sc4_the_table_draws_every_pile_once_and_the_status_counts_the_completed_suits():
    from game.games.index import game_for

    game = game_for("scorpion")
    s = SC.play(state(f"#4S {RUN_KH}", "AH", stock="2C 3C 4C"), move("t2>t1"))
    spec = game.table(s)
    drawn = [slot.pile for row in spec.rows for slot in row if slot.pile is not None] + list(spec.side)
    assert sorted(drawn) == sorted(SC.piles(s)) and len(drawn) == len(set(drawn))
    status = " ".join(str(x) for x in game.status(s))
    assert "1/4" in status and "♥" in status and "3" in status
    assert game.labels(SC.play(s, DEAL_MOVE))[("stock", 0)] != game.labels(s).get(("stock", 0))


def test_sc3_cm19_the_deal_is_said_card_by_card_with_the_column_each_went_onto():
    from game.rules.base import invert_events
    from game.speech.effects import event_words

    rules, s = deal("scorpion", 1)
    _, events = rules.apply(s, DEAL_MOVE)
    said = event_words(events[0])
    assert said == "Dealt 3 cards: four of spades to column 1, two of spades to column 2, eight of hearts to column 3"
    assert "each column" not in said  # not every column: only the three left ones
    assert event_words(invert_events(events)[-1]) == "3 cards back to the stock"
