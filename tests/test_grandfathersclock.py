"""Grandfather's Clock: SPEC GC-1 ... GC-4 as KPat deals and plays it, the text form, CM-4 (illegal
moves change nothing), CM-5 (auto-collect once certain), CM-6 (undo), the hint's safe move (CM-20)
and the solver, which proves a deal lost (CM-21)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import ask_hint, c, cards, deal, move, play, solve_deal, solve_position

from game.core.cards import RANK, SUIT, card_text
from game.core.dealid import DealId
from game.core.errors import IllegalMove, ParseError
from game.games.grandfathersclock.hints import HINTS, hidden_places, rule_of_thumb
from game.games.grandfathersclock.rules import (
    ENDS,
    HOUR_PILES,
    STARTERS,
    ClockState,
    GrandfathersClock,
    clock_cards,
    clock_count,
    next_card,
)
from game.rules.base import Moved
from game.rules.history import History
from game.rules.pile import Role, parse_pile, role_of
from game.rules.piles import shuffled_deck
from game.solver.engine import Status

GC = GrandfathersClock()


def state(*cols: str, clock: dict[int, str] | None = None) -> ClockState:
    """Columns from text; the clock as dealt but for the hours given (hour: its top card)."""
    tops = list(STARTERS)
    for hour, top in (clock or {}).items():
        tops[hour - 1] = c(top)
    tableau = tuple(cards(col) for col in cols) + ((),) * (8 - len(cols))
    return ClockState(tableau, tuple(tops))


def hour_top(s: ClockState, hour: int) -> str:
    return card_text(s.clock[hour - 1])


# -- GC-1 ---------------------------------------------------------------------------------------


def test_gc1_kpats_clock_nine_at_twelve_queen_at_three_three_at_six_six_at_nine():
    """GC-1: twelve foundations, each started with KPat's card: from twelve o'clock round the dial
    9, 10, J, Q, K, 2, ... 8 (no ace), the suits diamonds, spades, hearts, clubs in turn."""
    _, s = deal("grandfathersclock", 1)
    assert [hour_top(s, h) for h in (12, 3, 6, 9)] == ["9D", "QC", "3H", "6S"]
    assert [card_text(x) for x in STARTERS] == ["TS", "JH", "QC", "KD", "2S", "3H", "4C", "5D", "6S", "7H", "8C", "9D"]
    assert all(RANK[x] != 1 for x in STARTERS) and Counter(SUIT[x] for x in STARTERS) == Counter(
        {0: 3, 1: 3, 2: 3, 3: 3}
    )
    assert [role_of(p) for p in HOUR_PILES] == [Role.FOUNDATION] * 12 and parse_pile("h12") == HOUR_PILES[11]


def test_gc1_eight_piles_of_five_face_up_dealt_in_turn_from_the_end_of_the_deck_as_kpat():
    """GC-1: KPat takes the cards from the end of the deck; a clock card goes to its hour, every
    other card to the next of the eight piles in turn."""
    _, s = deal("grandfathersclock", 5)
    assert [len(col) for col in s.tableau] == [5] * 8 and s.down == (0,) * 8
    rest = [x for x in reversed(shuffled_deck(DealId.make("grandfathersclock", 5))) if x not in STARTERS]
    assert all(s.tableau[k % 8][k // 8] == x for k, x in enumerate(rest))
    assert sorted([*STARTERS, *(x for col in s.tableau for x in col)]) == list(range(52))


def test_gc1_cm1_the_same_number_deals_the_same_layout_and_another_number_another():
    assert deal("grandfathersclock", 77)[1] == deal("grandfathersclock", 77)[1] != deal("grandfathersclock", 78)[1]


# -- GC-2 ---------------------------------------------------------------------------------------


def test_gc2_each_foundation_ends_on_its_hour_just_below_the_next_start_of_its_suit():
    """GC-2: the one o'clock pile ends on the ace, twelve o'clock on the queen, eleven on the jack;
    the card after each end starts another pile, so 52 cards fill the clock exactly."""
    assert tuple(range(1, 13)) == ENDS
    for i, start in enumerate(STARTERS):
        line = [start]
        while RANK[line[-1]] != ENDS[i]:
            line.append(next_card(line[-1]))
        assert next_card(line[-1]) in STARTERS and all(x not in STARTERS for x in line[1:])
    assert sum(len(clock_cards(i, STARTERS[i])) + (ENDS[i] - RANK[STARTERS[i]]) % 13 for i in range(12)) == 52


def test_gc2_a_foundation_builds_up_in_suit_a_king_then_the_ace_and_stops_at_its_hour():
    s = state("AS", "KS", "JS", "QS", "TD")
    s, events = play(GC, s, "t3>h1")  # 10♠ at one o'clock takes the J♠
    assert events == [Moved(parse_pile("t3"), HOUR_PILES[0], cards("JS"))]
    with pytest.raises(IllegalMove, match="builds up in suit"):
        GC.apply(s, move("t2>h1"))  # K♠ before Q♠
    with pytest.raises(IllegalMove, match="builds up in suit"):
        GC.apply(s, move("t5>h1"))  # 10♦: another suit
    s, _ = play(GC, s, "t4>h1", "t2>h1", "t1>h1")  # Q, K, then the ace after the king
    assert clock_cards(0, s.clock[0]) == list(cards("TS JS QS KS AS"))
    s2 = state("5H", clock={1: "AS"})  # one o'clock full: nothing more goes there
    assert "ends on its hour" in GC.check(s2, move("t1>h1"))
    assert [str(m) for m in GC.legal_moves(s2)] == [f"t1>t{j}" for j in range(2, 9)]


# -- GC-3 ---------------------------------------------------------------------------------------


def test_gc3_build_down_whatever_the_suit_one_card_at_a_time_and_an_empty_pile_takes_any():
    s = state("4D 9H", "TC", "8S KD", "TS")
    legal = {str(m) for m in GC.legal_moves(s)}
    assert {"t1>t2", "t1>t4"} <= legal  # 9♥ onto 10♣ or 10♠, whatever the suit
    assert "t1>t5" in legal and "t3>t5" in legal  # an empty pile takes any card, a king too
    assert "t3>t1" not in legal and "t2>t1" not in legal
    with pytest.raises(IllegalMove, match="Only the top card"):
        GC.apply(s, move("t1>t2x2"))
    with pytest.raises(IllegalMove, match="one rank higher"):
        GC.apply(s, move("t2>t3"))
    assert GC.lift_reason(s, parse_pile("t1"), 0) and GC.lift_reason(s, parse_pile("t1"), 1) is None
    assert GC.lift_reason(s, HOUR_PILES[0], 0)  # cards on the clock stay there
    s2, _ = play(GC, s, "t1>t2")
    assert s2.tableau[1] == cards("TC 9H") and s2.tableau[0] == cards("4D")


def test_cm4_illegal_moves_change_nothing_and_say_why():
    _, s = deal("grandfathersclock", 1)  # 10♣ on the first pile: not the 10♦ twelve o'clock needs
    for text in ("t1>t1", "h1>t1", "t1>h12", "t1>t2x3"):
        reason = GC.check(s, move(text))
        assert reason, text
        with pytest.raises(IllegalMove):
            GC.apply(s, move(text))
    assert s == deal("grandfathersclock", 1)[1]


# -- GC-4 ---------------------------------------------------------------------------------------


def test_gc4_every_card_on_the_clock_wins():
    s = state("QD", clock={12: "JD"})
    full = ClockState(s.tableau, tuple(x if i != 11 else c("JD") for i, x in enumerate(s.clock)))
    assert not GC.is_won(full)
    s2, _ = play(GC, full, "t1>h12")
    assert GC.is_won(s2) and GC.is_over(s2) and hour_top(s2, 12) == "QD"


def test_cm5_cm6_auto_collect_once_certain_and_undo_takes_a_move_back():
    s = state("QD JD TD")
    assert GC.is_certain(s) and str(GC.collect_move(s)) == "t1>h12"
    assert GC.is_certain(state("QD JD", "TD"))  # the 10♦ first, then the J♦ and the Q♦
    assert not GC.is_certain(state("TD JD"))  # the J♦ lies on the 10♦ it needs first
    _, start = deal("grandfathersclock", 4)
    history = History(GC, start)
    history.play(GC.legal_moves(start)[0])
    history.undo()
    assert history.state == start


# -- the text form, random play ------------------------------------------------------------------


def test_the_text_form_round_trips_mid_game_and_refuses_damage():
    rules, s = deal("grandfathersclock", 9)
    rng = random.Random(9)
    for _ in range(20):
        legal = rules.legal_moves(s)
        if not legal:
            break
        home = [m for m in legal if m.dst.kind == "clock"]
        s = rules.play(s, (home or legal)[0] if rng.random() < 0.7 else rng.choice(legal))
    assert clock_count(s) > 12 and rules.parse(rules.to_text(s)) == s
    text = rules.to_text(s)
    with pytest.raises(ParseError):
        rules.parse(text.replace("hour12: 9D", "hour12: 9C"))
    with pytest.raises(ParseError):
        rules.parse(text.replace("tableau1:", "tableau1: 9D"))
    with pytest.raises(ParseError):
        rules.parse(text.replace("hour1: TS", "hour1: TS JS QS KS AS 2S"))


@pytest.mark.parametrize("number", [1, 2])
def test_random_legal_play_keeps_every_card_once(number):
    rules, s = deal("grandfathersclock", number)
    rng = random.Random(number)
    for _ in range(200):
        legal = rules.legal_moves(s)
        if not legal:
            break
        s, _ = rules.apply(s, rng.choice(legal))
        assert Counter(rules.cards(s)) == Counter(range(52))


# -- hints (CM-20) and the solver ------------------------------------------------------------------


def test_cm20_a_card_home_that_no_card_left_could_need_is_the_safe_move_hinted_first():
    s = state("4D 5C", "TH", "KS JS")
    assert not HINTS.safe(GC, s, move("t3>h1"))  # the 10♥ could still want the J♠
    assert not HINTS.safe(GC, s, move("t1>h7"))  # the 4♦ could still want the 5♣
    s = state("4D 5C", "9H", "KS JS", "AD")
    assert HINTS.safe(GC, s, move("t3>h1"))  # no ten left on the table: nothing can need the J♠
    assert HINTS.safe(GC, s, move("t4>h4")) and not HINTS.safe(GC, s, move("t2>t3"))  # an ace always
    hint = ask_hint("grandfathersclock", s, GC.seen(s))
    assert HINTS.safe(GC, s, hint.move) and "no card left" in hint.reason
    assert hidden_places(s, GC.seen(s)) == []  # nothing hidden: no world is ever dealt
    assert rule_of_thumb(GC, s, GC.legal_moves(s)).move.dst.kind == "clock"


def test_cm20_the_hint_on_a_deal_is_the_solvers_line_and_following_it_wins():
    _, s = deal("grandfathersclock", 2)
    for _ in range(80):
        if GC.is_won(s):
            break
        hint = ask_hint("grandfathersclock", s, GC.seen(s))
        assert hint.move is not None, hint.reason
        s, _ = GC.apply(s, hint.move)
    assert GC.is_won(s)


def test_the_solvers_wins_replay_to_a_win_and_cm21_a_dead_deal_is_proved_lost():
    for number in (1, 3, 8):
        assert solve_deal(DealId.make("grandfathersclock", number), max_nodes=60_000).status is Status.SOLVED
    _, dead = deal("grandfathersclock", 7)  # a few cards home, then no move: every line searched
    assert solve_position("grandfathersclock", dead, max_nodes=10_000, complete=True).status is Status.UNSOLVABLE
    verdict = ask_hint("grandfathersclock", dead, frozenset(range(52)))  # CM-21: the loss said
    assert verdict.move is None and "cannot be won" in verdict.reason
    stuck = state(*["2H", "2D", "4S", "4D", "6H", "8S", "TC", "QS"])  # no card fits anywhere, no pile is empty
    assert GC.legal_moves(stuck) == [] and GC.is_over(stuck) and not GC.is_won(stuck)
