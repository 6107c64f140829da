"""TriPeaks' rules (TP-1 ... TP-5): the layout, the moves with and without K–A, the stock, the score
and its undo, the win; the text form; random play's invariants; and the solver, whose every answer
— a win replayed through the rules, a loss proved — agrees with a plain search of the rules'
own positions."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import cards, deal, move, play
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_properties import random_illegal_candidates

from game.core.cards import NO_CARD, RANK
from game.core.dealid import DealId
from game.core.errors import IllegalMove, ParseError
from game.games.tripeaks.rules import COVERED_BY, PEAK_PLACES, ROWS, TriPeaks, TriPeaksState, face_up, uncovered
from game.games.tripeaks.solver import TriPeaksProblem
from game.rules.base import DRAW_MOVE, MOVE, PAIR, RECYCLE_MOVE, Flipped, Move, Moved, ScoreChanged
from game.rules.history import History
from game.rules.pile import STOCK_PILE, WASTE_PILE, parse_pile
from game.solver.engine import Search, Status
from game.solver.problems import RulesProblem

TP = TriPeaks()
GONE_ROWS = ("-- -- --", "-- -- -- -- -- --", "-- -- -- -- -- -- -- -- --", "-- -- -- -- -- -- -- -- -- --")


def peaks(*rows: str, stock: str = "", waste: str = "5D", wrap: bool = True, chain: int = 0, score: int = 0):
    """A hand-made position: the rows from the top, ``--`` for a card played (rows left out: all played)."""
    texts = list(rows) + list(GONE_ROWS[len(rows) :])
    flat: list[int] = []
    for text, length in zip(texts, ROWS, strict=True):
        row = cards(text)
        assert len(row) == length, text
        flat += row
    return TriPeaksState(tuple(flat), cards(stock), cards(waste), wrap, chain, score)


def bottom(text: str, *, stock: str = "", waste: str = "5D", wrap: bool = True):
    """Only the bottom row left."""
    return peaks(*GONE_ROWS[:3], text, stock=stock, waste=waste, wrap=wrap)


# -- TP-1 -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("wrap", ["on", "off"])
def test_tp1_three_peaks_of_28_the_bottom_row_face_up_23_in_the_stock_one_on_the_waste(wrap):
    rules, s = deal("tripeaks", 9, wrap=wrap)
    assert len(s.peaks) == 28 and NO_CARD not in s.peaks and len(s.stock) == 23 and len(s.waste) == 1
    assert Counter(list(s.peaks) + list(s.stock) + list(s.waste)) == Counter(range(52))
    assert s.wrap == (wrap == "on") and s.score == 0 and s.chain == 0
    contents = rules.piles(s)
    downs = [contents[p][1] for p in PEAK_PLACES]
    assert downs == [1] * 18 + [0] * 10  # rows of 3, 6 and 9 face down, the bottom 10 face up
    assert contents[STOCK_PILE][1] == 23
    assert uncovered(s.peaks) == list(range(18, 28))


def test_tp1_the_deal_is_the_same_whichever_way_kings_and_aces_go():
    """The option changes the rules, not the shuffle (as Klondike's draw): deal 7 is one layout."""
    _, on = deal("tripeaks", 7, wrap="on")
    _, off = deal("tripeaks", 7, wrap="off")
    assert (on.peaks, on.stock, on.waste) == (off.peaks, off.stock, off.waste)


def test_tp1_each_card_of_the_three_upper_rows_lies_half_over_two_of_the_row_below():
    """Each peak's top covers a pair, each pair's card two of the nine, each of the nine two of the
    ten; neighbouring peaks share no card of the second row but meet on the third and fourth."""
    assert [len(c) for c in COVERED_BY] == [2] * 18 + [0] * 10
    assert COVERED_BY[:3] == ((3, 4), (5, 6), (7, 8))  # the tops, over their peak's two cards
    assert COVERED_BY[4] == (10, 11) and COVERED_BY[5] == (12, 13)  # peak 1's right, peak 2's left
    assert all(COVERED_BY[9 + j] == (18 + j, 19 + j) for j in range(9))
    assert parse_pile("k4.10") == PEAK_PLACES[27] and str(PEAK_PLACES[0]) == "k1.1"


# -- TP-2 -----------------------------------------------------------------------------------------


def test_tp2_an_uncovered_card_one_rank_up_or_down_whatever_its_suit_goes_to_the_waste():
    s = bottom("4C 6H 5C KD 9S 2H 3S JD TC QS")
    assert {str(m) for m in TP.legal_moves(s)} == {"k4.1>w", "k4.2>w"}
    s2, events = play(TP, s, "k4.2>w")
    assert s2.waste == cards("5D 6H") and s2.peaks[19] == NO_CARD
    assert events[0] == Moved(PEAK_PLACES[19], WASTE_PILE, cards("6H"))
    with pytest.raises(IllegalMove, match="not one rank"):
        TP.apply(s, move("k4.3>w"))


@pytest.mark.parametrize("wrap", [True, False])
def test_tp2_kings_and_aces_are_next_to_each_other_unless_the_option_is_off(wrap):
    s = bottom("AS QH 9C 9D 9H 9S 8C 8D 8H 8S", waste="KD", wrap=wrap)
    legal = {str(m) for m in TP.legal_moves(s)}
    assert ("k4.1>w" in legal) == wrap and "k4.2>w" in legal
    s2 = bottom("KS 9C 9D 9H 9S 8C 8D 8H 8S 7C", waste="AD", wrap=wrap)
    assert ("k4.1>w" in {str(m) for m in TP.legal_moves(s2)}) == wrap
    if not wrap:
        with pytest.raises(IllegalMove, match="Kings and aces"):
            TP.apply(s2, move("k4.1>w"))


def test_tp2_a_covered_card_is_face_down_cannot_be_played_and_turns_up_when_both_over_it_are_gone():
    s = peaks(*GONE_ROWS[:2], "4S -- -- -- -- -- -- -- --", "6C 7H -- -- -- -- -- -- -- --")
    assert not face_up(s.peaks, 9) and TP.piles(s)[PEAK_PLACES[9]] == (cards("4S"), 1)
    with pytest.raises(IllegalMove, match="covered"):
        TP.apply(s, move("k3.1>w"))
    s1, events = play(TP, s, "k4.1>w")  # 6C onto 5D: 4S is still under 7H
    assert not any(isinstance(e, Flipped) for e in events) and not face_up(s1.peaks, 9)
    s2, events = play(TP, s1, "k4.2>w")  # 7H onto 6C: nothing covers 4S now
    assert Flipped(PEAK_PLACES[9], 0, cards("4S")[0], True) in events
    assert TP.piles(s2)[PEAK_PLACES[9]] == (cards("4S"), 0) and uncovered(s2.peaks) == [9]
    assert cards("4S")[0] in TP.seen(s2) and cards("4S")[0] not in TP.seen(s)


# -- TP-3 -----------------------------------------------------------------------------------------


def test_tp3_a_tap_turns_the_next_stock_card_onto_the_waste_and_there_is_no_redeal():
    s = bottom("9C 9D 9H 9S 8C 8D 8H 8S 7C 7D", stock="2H 3H")
    s, events = TP.apply(s, DRAW_MOVE)
    assert (
        s.waste == cards("5D 3H") and s.stock == cards("2H") and events == [Moved(STOCK_PILE, WASTE_PILE, cards("3H"))]
    )
    s, _ = TP.apply(s, DRAW_MOVE)
    with pytest.raises(IllegalMove, match="stock is empty"):
        TP.apply(s, DRAW_MOVE)
    with pytest.raises(IllegalMove, match="no redeal"):
        TP.apply(s, RECYCLE_MOVE)


# -- TP-4 -----------------------------------------------------------------------------------------


def test_tp4_the_nth_card_of_a_chain_scores_n_and_a_turn_of_the_stock_starts_a_new_chain():
    s = bottom("6C 7H 8S 2D 9C 9D 9H 9S 8C 8D", stock="3H")
    s1, events = play(TP, s, "k4.1>w")
    assert (s1.chain, s1.score) == (1, 1) and events[-1] == ScoreChanged(0, 1)
    s3, _ = play(TP, s1, "k4.2>w", "k4.3>w")
    assert (s3.chain, s3.score) == (3, 1 + 2 + 3)
    s4, _ = TP.apply(s3, DRAW_MOVE)
    assert (s4.chain, s4.score) == (0, 6)
    s5, _ = play(TP, s4, "k4.4>w")  # 2D onto 3H: the first card of a new chain
    assert (s5.chain, s5.score) == (1, 7)


def test_tp4_clearing_a_peaks_top_scores_15_and_the_last_peaks_30():
    s = peaks("6C 7H 8S", waste="5D")
    s1, _ = play(TP, s, "k1.1>w")
    assert s1.score == 1 + 15
    s2, _ = play(TP, s1, "k1.2>w")
    assert s2.score == 16 + 2 + 15
    s3, events = play(TP, s2, "k1.3>w")
    assert s3.score == 33 + 3 + 30 and TP.is_won(s3) and ScoreChanged(33, 66) in events
    assert TP.final_score(s3, 500.0) == 66  # no time bonus


def test_tp4_a_peaks_bonus_is_an_event_shown_and_said_on_the_table():
    """The bonus came silently: the score jumped by 16 with no word. Clearing a peak's top is an
    event (its bonus, whether it was the last peak) the table shows and says; an undo's is not
    announced, its points go back with the score."""
    from game.rules.base import PeakCleared, invert_events
    from game.speech.effects import news_of

    s = peaks("6C 7H 8S", waste="5D")
    s1, events = play(TP, s, "k1.1>w")
    assert PeakCleared(15, False) in events and news_of(events) == "Peak cleared: +15"
    s2, events = play(TP, s1, "k1.2>w")
    _, last = play(TP, s2, "k1.3>w")
    assert PeakCleared(30, True) in last and news_of(last) == "Last peak cleared: +30"
    assert news_of(invert_events(last)) is None
    _, plain = play(TP, bottom("4C 6H 5C KD 9S 2H 3S JD TC QS"), "k4.2>w")  # a card below the tops
    assert not any(isinstance(e, PeakCleared) for e in plain) and news_of(plain) is None


def test_tp4_undo_takes_the_points_back_and_redo_gives_them_again():
    rules, start = deal("tripeaks", 3)
    history = History(rules, start)
    scores = [0]
    for m in _solution(start):
        history.play(m)
        scores.append(history.state.score)
    assert scores[-1] > 30 and rules.is_won(history.state)
    for expected in reversed(scores[:-1]):
        events = history.undo()
        assert history.state.score == expected
        assert all(e.new == expected for e in events if isinstance(e, ScoreChanged))
    assert history.state == start
    history.redo()
    assert history.state.score == scores[1]


# -- TP-5 -----------------------------------------------------------------------------------------


def test_tp5_won_with_all_28_cleared_over_with_the_stock_empty_and_no_move():
    s = bottom("4S -- -- -- -- -- -- -- -- --", waste="5D")
    assert not TP.is_won(s)
    won, _ = play(TP, s, "k4.1>w")
    assert TP.is_won(won) and TP.is_over(won)
    stuck = bottom("9S -- -- -- -- -- -- -- -- --", waste="5D")
    assert TP.is_over(stuck) and not TP.is_won(stuck)
    waiting = bottom("9S -- -- -- -- -- -- -- -- --", stock="8H", waste="5D")
    assert not TP.is_over(waiting) and TP.legal_moves(waiting) == [DRAW_MOVE]


# -- the text form --------------------------------------------------------------------------------


def test_the_text_form_marks_covered_cards_and_round_trips_mid_game():
    rules, s = deal("tripeaks", 5, wrap="off")
    for m in _solution(s)[:12]:
        s = rules.play(s, m)
    text = rules.to_text(s)
    assert "options: wrap=off" in text and f"score: {s.score}" in text and f"chain: {s.chain}" in text
    assert rules.parse(text) == s


@pytest.mark.parametrize(
    "spoil, message",
    [
        (lambda t: t.replace("row4: 8H", "row4: #8H"), "face down"),
        (lambda t: t.replace("row1: #JD", "row1: JD"), "face down"),
        (lambda t: t.replace("row1: #JD #5D #6C", "row1: #JD #5D"), "3 places"),
        (lambda t: t.replace("waste: TH", "waste: TH TH"), "too many TH"),
        (lambda t: t.replace("chain: 0", "chain: 29"), "between"),
    ],
)
def test_a_damaged_position_is_refused_with_a_reason(spoil, message):
    rules, s = deal("tripeaks", 1)
    with pytest.raises(ParseError, match=message):
        rules.parse(spoil(rules.to_text(s)))


# -- random play ------------------------------------------------------------------------------------


@pytest.mark.parametrize("wrap", ["on", "off"])
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(number=st.integers(1, 2**31 - 1), choices=st.lists(st.integers(0, 10**6), min_size=1, max_size=60))
def test_random_legal_play_keeps_every_invariant(wrap, number, choices):
    """Each card exactly once; face down exactly while covered; parse(to_text(s)) == s; play agrees
    with apply; undo gives exactly the previous position, redo the next; the line replays."""
    rules = TP
    start = rules.deal(DealId.make("tripeaks", number, {"wrap": wrap}))
    history = History(rules, start)
    for k in choices:
        s = history.state
        assert Counter(rules.cards(s)) == Counter(range(52))
        contents = rules.piles(s)
        assert all(
            contents[PEAK_PLACES[j]][1] == (c != NO_CARD and not face_up(s.peaks, j)) for j, c in enumerate(s.peaks)
        )
        assert rules.parse(rules.to_text(s)) == s
        moves = rules.legal_moves(s)
        if not moves:
            assert rules.is_over(s)
            break
        m = moves[k % len(moves)]
        new, events = rules.apply(s, m)
        assert rules.play(s, m) == new and events
        assert new.score >= s.score and (new.chain == 0) == (m == DRAW_MOVE)
        history.play(m)
        if k % 5 == 0:
            history.undo()
            assert history.state == s
            history.redo()
            assert history.state == new
    assert (
        History.replay(rules, rules.deal(DealId.make("tripeaks", number, {"wrap": wrap})), history.moves).state
        == history.state
    )


@settings(max_examples=8, deadline=None)
@given(number=st.integers(1, 2**31 - 1), steps=st.integers(0, 30))
def test_illegal_moves_raise_with_a_reason_and_change_nothing(number, steps):
    s = TP.deal(DealId.make("tripeaks", number))
    for i in range(steps):
        moves = TP.legal_moves(s)
        if not moves:
            break
        s = TP.play(s, moves[(i * 7919) % len(moves)])
    before = TP.to_text(s)
    legal = set(TP.legal_moves(s))
    peak_moves = [
        Move(kind, p, q, size)
        for p in PEAK_PLACES
        for q in (WASTE_PILE, STOCK_PILE, PEAK_PLACES[0])
        for kind, size in ((MOVE, 1), (MOVE, 2), (PAIR, 1))
    ]
    for m in [*random_illegal_candidates(TP, s), *peak_moves]:
        if m in legal:
            continue
        with pytest.raises(IllegalMove) as e:
            TP.apply(s, m)
        assert e.value.reason and len(e.value.reason) < 140
    assert TP.to_text(s) == before


# -- the solver --------------------------------------------------------------------------------------


def _solution(state: TriPeaksState) -> list:
    result = Search(TriPeaksProblem(state), 2_000_000, depth_first=True).run()
    assert result.status is Status.SOLVED
    return result.moves


def _plain_search(state: TriPeaksState):
    """Every legal move of the rules, each position once (its played cards, the stock left, the waste
    top's rank): slow, but nothing is cut, so its verdict is the truth to check the solver's against."""

    def key(s: TriPeaksState) -> object:
        return (s.peaks, len(s.stock), RANK[s.waste[-1]])

    return Search(RulesProblem(TP, state, key, lambda s, d: 0.0), 10_000_000, depth_first=True).run()


@pytest.mark.parametrize("number", [1, 4, 5, 8])
@pytest.mark.parametrize("wrap", ["on", "off"])
def test_tp5_the_solvers_wins_replay_and_its_losses_are_losses(number, wrap):
    """Each deal's verdict is the plain search's: a win whose line the rules replay to a win, or a
    loss that the plain search, leaving nothing out, confirms. (Deal 4 with K–A: a cut that let a
    position stand for its own turn of the stock onto a card of its waste's rank once called it
    lost.)"""
    from game.games.index import game_for
    from game.solver.api import solve_deal

    deal_id = DealId.make("tripeaks", number, {"wrap": wrap})
    _, s = deal("tripeaks", number, wrap=wrap)
    mine = solve_deal(game_for("tripeaks").solver, deal_id, max_nodes=2_000_000)  # replays its line
    assert mine.status is _plain_search(s).status
    if mine.status is Status.SOLVED:
        end = s
        for m in mine.moves:
            end, _ = TP.apply(end, m)
        assert TP.is_won(end)


def _view(p: TriPeaksProblem, node: int) -> tuple[int, int, int]:
    """What a solver's position means: the cards played, the waste top's rank, the stock cards left."""
    return node & ((1 << 28) - 1), node >> 33, len(p.stock) - (node >> 28 & 31)


def test_the_solvers_moves_reach_what_the_rules_moves_reach():
    """In every position met by random play, each child the solver makes (a play, or a run of
    turns) is the position the rules' moves lead to, and every play the rules allow is among them
    unless it leads to a position met before with fewer turns."""
    rng = random.Random(5)
    for number in (2, 3):
        s = TP.deal(DealId.make("tripeaks", number))
        for _ in range(30):
            p = TriPeaksProblem(s)
            children = p.lines(p.start())
            for line, child in children:
                after = s
                for m in line:
                    after = TP.play(after, m)
                fresh = TriPeaksProblem(after)
                assert _view(fresh, fresh.start()) == _view(p, child)
            plays = {line[0] for line, _ in children if line[0] != DRAW_MOVE}
            assert plays == {m for m in TP.legal_moves(s) if m != DRAW_MOVE}  # a fresh problem cuts none
            moves = TP.legal_moves(s)
            if not moves:
                break
            s = TP.play(s, rng.choice(moves))


def test_a_position_with_no_way_on_is_proved_lost():
    s = bottom("9S 9C -- -- -- -- -- -- -- --", stock="KH 2C", waste="5D")
    result = Search(TriPeaksProblem(s), 1000, depth_first=True).run()
    assert result.status is Status.UNSOLVABLE and _plain_search(s).status is Status.UNSOLVABLE
