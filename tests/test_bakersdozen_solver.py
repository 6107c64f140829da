"""Baker's Dozen's solver, hints and seeds: wins replayed to a win (BD-3), the complete search
against a plain search of the rules' moves (a loss proved only where there is none to find), the
sound test of a card that can never leave, CM-20's safe rule, the hint of a proved line (CM-7), the
seeds and the demo (UI-6)."""

from __future__ import annotations

import random

import pytest
from helpers import ask_hint, c, cards

from game.core.cards import NO_CARD, RANK, SUIT
from game.core.dealid import DealId
from game.games.bakersdozen.hints import safe
from game.games.bakersdozen.rules import BakersDozen, DozenState
from game.games.bakersdozen.solver import SOLVER, safe_cards, stuck
from game.games.index import game_for
from game.hints.base import PROVEN
from game.hints.spec import safe_home_reason
from game.rules.base import Move
from game.rules.registry import start
from game.solver.api import solve_deal, solve_position
from game.solver.engine import Status
from game.solver.seeds import seeds_path, winnable_efforts

BD = BakersDozen()
GAME = game_for("bakersdozen")


def table(*cols: str, home: str = "-- -- -- --") -> DozenState:
    tableau = tuple(cards(t) for t in (*cols, *([""] * (13 - len(cols)))))
    return DozenState(tableau, tuple(NO_CARD if x == "--" else c(x) for x in home.split()))


@pytest.mark.parametrize("number", [2, 7, 11])
def test_bd3_the_solvers_wins_replay_to_a_win(number):
    result = solve_deal(SOLVER, DealId.make("bakersdozen", number), max_nodes=50_000)
    assert result.status is Status.SOLVED  # solve_deal replays the line through the rules


def plain_search(s: DozenState) -> bool:
    """Every position the rules' moves reach, depth first: is any of them won?"""
    seen = {s}
    todo = [s]
    while todo:
        p = todo.pop()
        if BD.is_won(p):
            return True
        for m in BD.legal_moves(p):
            q = BD.play(p, m)
            if q not in seen:
                seen.add(q)
                todo.append(q)
    return False


def small_position(rng: random.Random) -> DozenState:
    """The cards from a rank up (9 to J) shuffled into 13 columns, the rest home."""
    low = rng.choice((10, 11))
    left = [x for x in range(52) if RANK[x] >= low]
    rng.shuffle(left)
    cols: list[list[int]] = [[] for _ in range(13)]
    for x in left:
        cols[rng.randrange(5)].append(x)
    home = tuple(13 * suit + low - 2 for suit in range(4))
    return DozenState(tuple(tuple(col) for col in cols), home)


def test_cm21_the_complete_search_proves_a_loss_exactly_where_the_rules_moves_find_no_win():
    """Small positions: the solver wins where the plain search wins, and proves a loss where it
    finds none (its safe moves and its test of a card that can never leave lose no win)."""
    rng = random.Random(37)
    outcomes = set()
    for _ in range(30):
        s = small_position(rng)
        winnable = plain_search(s)
        result = solve_position(SOLVER, BD, s, max_nodes=100_000, complete=True)
        assert result.status is (Status.SOLVED if winnable else Status.UNSOLVABLE), BD.to_text(s)
        assert stuck(s.tableau, tuple(RANK[t] for t in sorted(s.foundations, key=lambda t: SUIT[t]))) <= (not winnable)
        outcomes.add(winnable)
    assert outcomes == {True, False}  # both kinds were met


def test_cm21_a_card_that_can_never_leave_is_found():
    """2♠ lies on A♠ and needs the 3♠ (the other threes are home), which lies under 4♠; the 4♠
    needs the 5♠, which lies under A♠: none of them can ever move."""
    home = (0, 12, 12, 12)  # spades none, the other suits up to their queen
    s = table("5S AS 2S", "3S 4S", "KS QS JS TS 9S 8S 7S 6S", "KH", "KD", "KC", home="-- QH QD QC")
    assert stuck(s.tableau, home)
    result = solve_position(SOLVER, BD, s, max_nodes=10_000, complete=True)
    assert result.status is Status.UNSOLVABLE


def test_cm20_a_card_is_safe_home_once_every_card_one_rank_lower_is_home():
    assert safe_cards((0, 0, 0, 0)) == frozenset({c("AS"), c("AH"), c("AD"), c("AC")})
    assert c("2S") in safe_cards((1, 0, 0, 0))  # a two: an ace goes home rather than onto it
    assert c("3S") not in safe_cards((2, 1, 2, 2))  # the 2♥ could still go on it
    assert c("3S") in safe_cards((2, 2, 2, 2))
    s = table("9H 3S", "4D", "2H", home="2S AH 2D 2C")
    assert not safe(BD, s, Move("move", *BD.legal_moves(s)[0][1:3]))  # 3♠ home while 2♥ is out
    s = table("9H 3S", "4D", home="2S 2H 2D 2C")
    home_move = next(m for m in BD.legal_moves(s) if m.dst.kind == "foundation")
    assert safe(BD, s, home_move)
    hint = ask_hint("bakersdozen", s)
    assert hint.move == home_move and hint.reason == safe_home_reason() and hint.confidence == PROVEN


def test_cm7_with_every_card_known_the_hint_is_the_first_move_of_a_proved_line():
    _, s = start(DealId.make("bakersdozen", 11))
    hint = ask_hint("bakersdozen", s)
    assert hint.confidence == PROVEN and hint.move in BD.legal_moves(s) and hint.reason


def test_seeds_hold_200_proved_and_rated_deals():
    """The list's quickest deals are won again by the solver within their budget."""
    rated = winnable_efforts("bakersdozen", {})
    assert len(rated) >= 200 and all(e is not None for e in rated.values())
    assert seeds_path("bakersdozen", {}).name == "bakersdozen.txt"
    for number in sorted(rated, key=lambda n: rated[n].nodes)[:3]:
        result = solve_deal(GAME.solver, DealId.make("bakersdozen", number), max_nodes=200_000)
        assert result.status is Status.SOLVED


def test_ui6_the_demo_wins_bakersdozen(tmp_path):
    from test_demo import test_ui6_the_demo_wins_every_game_with_legal_moves as demo_wins

    demo_wins(tmp_path, "bakersdozen", {})
