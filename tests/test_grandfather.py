"""Grandfather: SPEC GF-1 ... GF-4 as KPat deals and plays it, the text form, CM-4 (illegal moves
change nothing), CM-6 (undo of a redeal), the hint's safe move (CM-20) and the solver."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import ask_hint, cards, deal, move, play, solve_deal, solve_position

from game.core.cards import NO_CARD
from game.core.dealid import DealId
from game.core.errors import IllegalMove, ParseError
from game.games.grandfather.hints import HINTS, hidden_places
from game.games.grandfather.rules import PEAK, Grandfather, GrandfatherState, deal_pattern, gathered
from game.rules.base import REDEAL_MOVE, Gathered
from game.rules.history import History
from game.solver.engine import Status
from game.solver.sampling import arrangements

GF = Grandfather()


def test_gf1_kpats_peak_zigzags_and_the_rest_go_face_up_onto_piles_two_to_seven():
    """GF-1: rows of 7, 6, 5, 4, 3, 2, 1 zigzag from the left and back, each row's first card face
    up; the 24 others face up on piles 2-7 in turn: 1, 7, 9, 11, 10, 8, 6 cards, a peak of 0, 2, 4,
    6, 5, 3, 1 face-down cards."""
    assert [p for p, _ in PEAK[:7]] == list(range(7)) and [p for p, _ in PEAK[7:13]] == [6, 5, 4, 3, 2, 1]
    assert [p for p, _ in PEAK[-3:]] == [4, 3, 3] and sum(up for _, up in PEAK) == 7
    _, s = deal("grandfather", 3)
    assert [len(col) for col in s.tableau] == [1, 7, 9, 11, 10, 8, 6]
    assert s.down == (0, 2, 4, 6, 5, 3, 1) and s.redeals == 2 and s.foundations == (NO_CARD,) * 4
    assert sorted(x for col in s.tableau for x in col) == list(range(52))


def test_gf1_cm1_the_same_number_deals_the_same_layout_and_another_number_another():
    assert deal("grandfather", 77)[1] == deal("grandfather", 77)[1] != deal("grandfather", 78)[1]


def test_gf2_a_face_up_card_moves_with_all_on_it_onto_its_suit_one_higher_and_only_a_king_to_empty():
    tableau = (cards("8H"), cards("KS 7H 2C 9D"), cards("5C"), (), cards("QD KD"), cards("6S"), cards("AS"))
    s = GrandfatherState(tableau, (0,) * 7, (NO_CARD,) * 4, 2)
    legal = {str(m) for m in GF.legal_moves(s)}
    assert "t2>t1x3" in legal  # 7H with 2C and 9D on it, onto 8H: the cards on it need not be in order
    assert "t1>t3" not in legal and "t2>t4x4" in legal and "t5>t4" in legal and "t5>t4x2" not in legal
    with pytest.raises(IllegalMove, match="its suit one rank higher"):
        GF.apply(s, move("t3>t1"))
    with pytest.raises(IllegalMove, match="Only a king"):
        GF.apply(s, move("t1>t4"))
    assert "t7>f1" in legal  # GF-4's foundations: an ace starts one


def test_gf3_a_redeal_gathers_the_piles_in_order_deals_the_same_pattern_twice_and_keeps_the_foundations():
    _, before = deal("grandfather", 5)
    s1, events = GF.apply(before, REDEAL_MOVE)
    assert events == [Gathered(sum(len(c) for c in before.tableau))] and s1.redeals == 1
    assert (s1.tableau, s1.down) == deal_pattern(gathered(before.tableau)) and s1.foundations == before.foundations
    assert gathered(before.tableau)[-1] == before.tableau[0][-1]  # the first pile's top card is dealt first
    s2, _ = GF.apply(s1, REDEAL_MOVE)
    assert s2.redeals == 0 and REDEAL_MOVE not in GF.legal_moves(s2)
    with pytest.raises(IllegalMove, match="redealt twice"):
        GF.apply(s2, REDEAL_MOVE)
    history = History(GF, before)  # CM-6: a redeal is taken back whole
    history.play(REDEAL_MOVE)
    history.undo()
    assert history.state == before


def test_gf4_all_52_home_wins():
    s = GrandfatherState(((), (), (), (), (), (), cards("KS")), (0,) * 7, cards("KH KD KC QS"), 0)
    assert not GF.is_won(s)
    s2, _ = play(GF, s, "t7>f4")
    assert GF.is_won(s2) and GF.is_over(s2)


def test_the_text_form_round_trips_and_refuses_damage():
    rules, s = deal("grandfather", 9)
    s, _ = rules.apply(s, REDEAL_MOVE)
    assert rules.parse(rules.to_text(s)) == s
    with pytest.raises(ParseError):
        rules.parse(rules.to_text(s).replace("redeals: 1", "redeals: 5"))
    with pytest.raises(ParseError):
        rules.parse(rules.to_text(s).replace("tableau1:", "tableau1: AS"))


@pytest.mark.parametrize("number", [1, 2])
def test_random_legal_play_keeps_every_card_once(number):
    rules, s = deal("grandfather", number)
    rng = random.Random(number)
    for _ in range(150):
        legal = rules.legal_moves(s)
        if not legal:
            break
        s, _ = rules.apply(s, rng.choice(legal))
        every = [x for col in s.tableau for x in col]
        every += [t - r for t in s.foundations if t != NO_CARD for r in range(t % 13 + 1)]
        assert Counter(every) == Counter(range(52))


def test_cm20_a_card_home_is_safe_only_once_no_redeal_is_left_and_the_hint_never_peeks():
    tableau = ((), (), (), (), (), (), cards("AS"))
    late = GrandfatherState(tableau, (0,) * 7, (NO_CARD,) * 4, 0)
    early = GrandfatherState(tableau, (0,) * 7, (NO_CARD,) * 4, 1)
    assert HINTS.safe(GF, late, move("t7>f1")) and not HINTS.safe(GF, early, move("t7>f1"))
    rules, s = deal("grandfather", 12)
    seen = rules.seen(s)
    twin = arrangements(s, hidden_places(s, seen), 1)[0]
    assert twin != s and rules.seen(twin) == seen
    a, b = ask_hint("grandfather", s, seen), ask_hint("grandfather", twin, seen)
    assert a == b and a.move in rules.legal_moves(s) and a.reason


def test_the_solvers_wins_replay_to_a_win_and_a_dead_end_is_proved_lost():
    for number in (4, 8, 10):
        assert solve_deal(DealId.make("grandfather", number), max_nodes=60_000).status is Status.SOLVED
    dead = GrandfatherState(((), (), (), (), (), cards("AS 2S"), ()), (0,) * 7, (*cards("KH KD KC"), NO_CARD), 0)
    assert solve_position("grandfather", dead, max_nodes=10_000, complete=True).status is Status.UNSOLVABLE
