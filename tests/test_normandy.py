"""Normandy (KPat's name for Gypsy): SPEC NO-1 ... NO-4 as KPat deals it, the text form, CM-1, CM-4
(illegal moves change nothing and say why), CM-5 (auto-collect once certain), CM-6 (undo of a deal),
CM-20's safe move for two decks in alternating colours and a hint that never peeks, and the solver,
whose lines replay through the rules."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import cards, deal, move, play

from game.core.cards import NO_CARD, Card
from game.core.dealid import DealId
from game.core.errors import IllegalMove, ParseError
from game.games.normandy.rules import DECK, Normandy, NormandyState
from game.rules.base import DEAL_MOVE, Dealt, Flipped, Moved
from game.rules.history import History
from game.rules.pile import FOUNDATIONS, STOCK_PILE, TABLEAUS

NO = Normandy()


def state(*cols: str, down: tuple[int, ...] = (), stock: str = "", home: str = "") -> NormandyState:
    """A position of the columns given (the others empty), ``home`` the foundations' top cards."""
    tableau = tuple(cards(t) for t in cols) + ((),) * (8 - len(cols))
    tops = list(cards(home)) + [NO_CARD] * (8 - len(cards(home)))
    return NormandyState(tableau, tuple(down) + (0,) * (8 - len(down)), cards(stock), tuple(tops))


def every_card(s: NormandyState) -> Counter[Card]:
    found = [x for col in s.tableau for x in col] + list(s.stock)
    for top in s.foundations:
        if top != NO_CARD:
            found += range(top - top % 13, top + 1)
    return Counter(found)


# -- NO-1 ... NO-4 ---------------------------------------------------------------------------------


def test_no1_two_decks_eight_columns_of_one_face_down_under_two_face_up_and_80_in_the_stock():
    """KPat's dealer (src/normandy.cpp): a face-down row, then two face-up rows."""
    _, s = deal("normandy", 3)
    assert every_card(s) == Counter(DECK)
    assert [len(col) for col in s.tableau] == [3] * 8 and s.down == (1,) * 8
    assert len(s.stock) == 80 and s.foundations == (NO_CARD,) * 8
    assert NO.piles(s)[STOCK_PILE] == (s.stock, 80) and NO.piles(s)[TABLEAUS[0]][1] == 1
    _, same = deal("normandy", 3)
    _, other = deal("normandy", 4)
    assert same == s and other != s  # CM-1


def test_no2_a_run_in_alternating_colours_moves_whole_onto_the_other_colour_one_rank_higher():
    s = state("9S 8H 7C", "9H", "TD", "KS", "QD JS", stock="2C 3C 4C 5C 6C 7D 8D 9C")
    legal = {str(m) for m in NO.legal_moves(s)}
    assert "t1>t3x3" in legal  # 9S 8H 7C onto the red 10
    assert "t1>t2x2" not in legal  # 8H on 9H: the same colour
    assert "t4>t5" not in legal  # KS on JS: not one rank higher
    s2, events = play(NO, s, "t1>t6")  # 7C alone into an empty column
    assert s2.tableau[5] == cards("7C") and events == [Moved(TABLEAUS[0], TABLEAUS[5], cards("7C"))]


def test_no2_the_run_s_colours_must_alternate_and_any_length_moves():
    run = "KS QH JC TD 9S 8H 7C 6D 5S"
    s = state(run, "KC", stock="2C 3C 4C 5C 6C 7D 8D 9C")
    legal = {str(m) for m in NO.legal_moves(s)}
    assert "t1>t2x8" in legal  # the whole queen-down run onto the other king: no limit of length
    assert "t1>t3x9" in legal and "t1>t3" in legal  # any part of it into an empty column
    assert "t1>t2x9" not in legal
    mixed = state("9S 8S 7H", "9H")
    assert NO.lift_reason(mixed, TABLEAUS[0], 0) is not None and NO.lift_reason(mixed, TABLEAUS[0], 1) is None


def test_no2_a_face_down_card_turns_up_when_uncovered_and_a_foundation_card_may_come_back():
    s = state("4D 8H", "9C", down=(1,), home="7H")
    s2, events = play(NO, s, "t1>t2")
    assert s2.down[0] == 0 and Flipped(TABLEAUS[0], 0, cards("4D")[0], True) in events
    back = {str(m) for m in NO.legal_moves(state("9C", home="8H"))}
    assert "f1>t1" in back  # the 8 of hearts from its foundation onto the black 9


def test_no3_a_tap_on_the_stock_deals_one_card_onto_each_column_even_an_empty_one_and_no_redeal():
    stock = "2C 3C 4C 5C 6C 7D 8D 9C"
    s = state("KS", stock=stock)
    s2, events = NO.apply(s, DEAL_MOVE)
    assert [col[-1] for col in s2.tableau] == list(cards(stock))
    assert events == [Dealt(TABLEAUS[:8], cards(stock))] and s2.stock == ()
    assert NO.stock_moves(s2) == []
    with pytest.raises(IllegalMove, match="No cards are left"):
        NO.apply(s2, DEAL_MOVE)


def test_no4_all_104_cards_home_wins_and_cm12_over_only_when_no_move_is_left():
    every_king = " ".join(f"K{x}" for x in "SHDC" for _ in range(2))
    assert NO.is_won(state(home=every_king))
    stuck = state("2S", "2S", "4S", "4S", "6S", "6S", "8S", "8S")
    assert NO.legal_moves(stuck) == [] and NO.is_over(stuck) and not NO.is_won(stuck)


# -- CM rules ----------------------------------------------------------------------------------------


def test_cm4_illegal_actions_change_nothing_and_say_why():
    s = state("9H 8H", "9D", "", "KD QC", down=(1,), stock="2C 3C 4C 5C 6C 7D 8D 9C")
    for text, words in [
        ("t1>t2", "other colour and one rank higher"),
        ("t4>t2x2", "other colour and one rank higher"),
        ("t1>t3x2", "Face-down cards cannot move"),
        ("t1>f1", "foundation builds up"),
        ("t1>t1", "already"),
        ("s>t3", "Tap the stock"),
        ("f1>t2", "That foundation is empty"),
    ]:
        with pytest.raises(IllegalMove) as e:
            NO.apply(s, move(text))
        assert words in e.value.reason, text
    assert s == state("9H 8H", "9D", "", "KD QC", down=(1,), stock="2C 3C 4C 5C 6C 7D 8D 9C")


def test_cm5_with_nothing_hidden_and_every_column_in_order_the_rest_is_collected():
    home = "KH KH KD KD KC KC QS QS"
    s = state("KS", "KS")
    s = NormandyState(s.tableau, s.down, (), tuple(cards(home)))
    assert NO.is_certain(s)
    while not NO.is_won(s):
        m = NO.collect_move(s)
        assert m is not None and m.dst in FOUNDATIONS
        s, _ = NO.apply(s, m)
    assert not NO.is_certain(state("KS", down=(1,))) and not NO.is_certain(state("KS", stock="AS"))


def test_cm6_undo_takes_back_a_deal_and_its_cards_stay_known():
    rules, s = deal("normandy", 8)
    h = History(rules, s)
    h.play(DEAL_MOVE)
    h.undo()
    assert h.state == s and ("s", 72) in h.seen and ("s", 71) not in h.seen
    from game.games.normandy.hints import hidden_places

    assert len(hidden_places(s, h.seen)) == 8 + 72  # the dealt row is not dealt again


def test_the_text_form_round_trips_mid_game_and_refuses_damage():
    rules, s = deal("normandy", 4)
    rng = random.Random(4)
    for _ in range(200):
        legal = rules.legal_moves(s)
        if not legal:
            break
        s = rules.play(s, rng.choice(legal))
        assert rules.parse(rules.to_text(s)) == s
        assert every_card(s) == Counter(DECK)
    good = rules.to_text(rules.deal(DealId.make("normandy", 4)))
    for spoil, message in [
        (lambda t: t.replace("stock: #", "stock: #AS #"), "eight cards at a time"),
        (lambda t: t.replace("tableau8:", "tableau9:"), "no 'tableau8:'"),
        (lambda t: t.replace("tableau1: #", "tableau1: #AS #"), "at most one face-down"),
    ]:
        with pytest.raises(ParseError, match=message):
            rules.parse(spoil(good))


# -- hints (CM-20) and the solver ------------------------------------------------------------------


def test_cm20_an_ace_or_a_two_always_and_another_card_once_the_four_below_it_of_the_other_colour_are_home():
    from game.games.normandy.hints import HINTS

    s = state("5H", "AD", stock="2C 3C 4C 5C 6C 7D 8D 9C", home="4H 4S 4S 4C")
    assert HINTS.safe(NO, s, move("t2>f5")) and not HINTS.safe(NO, s, move("t1>f1"))  # a black 4 is out
    ready = state("5H", stock="2C 3C 4C 5C 6C 7D 8D 9C", home="4H 4S 4S 4C 4C")
    assert HINTS.safe(NO, ready, move("t1>f1"))


def test_cm20_the_hint_never_peeks_the_same_for_any_order_of_the_hidden_cards():
    from helpers import ask_hint

    from game.games.normandy.hints import hidden_places
    from game.solver.sampling import arrangements

    rules, s = deal("normandy", 12)
    seen = rules.seen(s)
    assert len(hidden_places(s, seen)) == 88
    twin = arrangements(s, hidden_places(s, seen), 1)[0]
    assert twin != s and rules.seen(twin) == seen
    a, b = ask_hint("normandy", s, seen), ask_hint("normandy", twin, seen)
    assert a == b and a.move in rules.legal_moves(s) and a.reason


def test_the_solver_wins_a_deal_and_its_line_replays_to_a_win_through_the_rules():
    from helpers import solve_deal

    from game.solver.engine import Status

    result = solve_deal(DealId.make("normandy", 2), max_nodes=20_000)
    assert result.status is Status.SOLVED
    s = NO.deal(DealId.make("normandy", 2))
    for m in result.moves:
        s, _ = NO.apply(s, m)
    assert NO.is_won(s)


def test_the_complete_search_proves_a_position_lost_with_the_rules_own_moves():
    from helpers import solve_position

    from game.solver.engine import Status

    stuck = state("2S", "2S", "4S", "4S", "6S", "6S", "8S 3H", "8S")
    result = solve_position("normandy", stuck, max_nodes=10_000, complete=True)
    assert result.status is Status.UNSOLVABLE
