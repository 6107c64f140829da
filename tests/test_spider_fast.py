"""Spider's compiled search (game/games/spider/fast.py) against the Python search it compiles
(four suits: PhaseSearch of SpiderProblem, in the solver's portfolio and alone as a hint's; one and
two suits: the portfolio of best-first searches): for the
same budget of positions, the same status, the same line of moves and the same counts (positions
expanded, moves generated, positions met), on golden deals, on budgets that run out, in the middle
of a game, and on a position whose moves run out. Every test that needs the compiled search is
skipped, with the reason, where it was not built; the others check that the Python search runs
without it."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import cards, columns

from game.core.dealid import DealId
from game.games.spider import fast
from game.games.spider.rules import Spider, SpiderState
from game.games.spider.solver import SOLVER
from game.platform.native import PURE_PYTHON
from game.rules.registry import start
from game.solver.engine import Status
from game.solver.portfolio import Portfolio

needs_fast = pytest.mark.skipif(
    not fast.available(),
    reason="Spider's compiled search is not built here (no C compiler at install) or SOLITAIRE_PURE_PYTHON is set",
)


def deal(number: int) -> SpiderState:
    state = start(DealId.make("spider", number, {"suits": "4"}))[1]
    assert isinstance(state, SpiderState)
    return state


def outcome(
    state: SpiderState, budget: int, compiled: bool, monkeypatch: pytest.MonkeyPatch, hint: bool = False
) -> tuple[Any, ...]:
    """The solver's portfolio (or a hint's search of one arrangement), compiled or in Python."""
    with monkeypatch.context() as patch:
        if not compiled:
            patch.setattr(fast, "LIB", None)
        make = SOLVER.sample if hint and SOLVER.sample else SOLVER.make
        searcher = make(state, budget, None, False)
        members = searcher.searches if isinstance(searcher, Portfolio) else [searcher]
        assert all(isinstance(s, fast.FastPhaseSearch) == compiled for s in members)  # FastBestFirst is one
        r = searcher.run()
    return r.status, r.moves, r.stats.nodes, r.stats.generated, r.stats.seen, getattr(searcher, "exhausted", None)


@needs_fast
@pytest.mark.parametrize("number", [5, 9, 23])
def test_sp8_compiled_search_wins_as_the_python_search_on_golden_deals(number, monkeypatch):
    """Deals won within the first few thousand positions, through several of the portfolio's turns;
    the line replays through the rules to a win."""
    compiled = outcome(deal(number), 9_000, True, monkeypatch)
    assert compiled[0] is Status.SOLVED
    assert compiled == outcome(deal(number), 9_000, False, monkeypatch)
    history_state = deal(number)
    rules = Spider()
    for move in SOLVER.to_rules(history_state, compiled[1]) if SOLVER.to_rules else []:
        history_state = rules.play(history_state, move)
    assert len(history_state.completed) == 8


@needs_fast
@pytest.mark.parametrize(("number", "budget"), [(1, 3_001), (2, 1_500), (10, 4_000)])
def test_compiled_search_stops_where_the_python_search_stops(number, budget, monkeypatch):
    """Budgets that run out (an odd one too: each member gets a third, rounded down), across rounds
    of the search deal by deal: the same unknown, after the same positions."""
    compiled = outcome(deal(number), budget, True, monkeypatch)
    assert compiled[0] is Status.UNKNOWN
    assert compiled == outcome(deal(number), budget, False, monkeypatch)


@needs_fast
def test_compiled_search_gives_the_python_search_result_in_the_middle_of_a_game(monkeypatch):
    """Positions with cards turned up and suits completed, as a hint searches them (the portfolio
    and a hint's search of one arrangement): every 40th position along a won line."""
    rules, state = Spider(), deal(5)
    line = SOLVER.to_rules(state, outcome(state, 9_000, True, monkeypatch)[1]) if SOLVER.to_rules else []
    assert line
    for k, move in enumerate(line):
        if k % 40 == 20:
            for hint in (False, True):
                assert outcome(state, 1_500, True, monkeypatch, hint) == outcome(state, 1_500, False, monkeypatch, hint)
        state = rules.play(state, move)


@needs_fast
def test_compiled_search_runs_out_of_moves_as_the_python_search(monkeypatch):
    """Ten face-up cards no card can go on, and no stock: every position searched (exhausted), and
    still unknown, since the search leaves moves out."""
    tableau, down = columns(
        *(["#QS KS"] * 2), *(["#TS JS"] * 2), *(["#8S 9S"] * 2), *(["#6S 7S"] * 2), *(["#AS #2S #3S #4S 5S"] * 2)
    )
    stuck = SpiderState(tableau, down, cards(""), (0, 0, 0, 0, 0, 0), 4)
    compiled = outcome(stuck, 10_000, True, monkeypatch)
    assert (compiled[0], compiled[-1]) == (Status.UNKNOWN, True)
    assert compiled == outcome(stuck, 10_000, False, monkeypatch)


@needs_fast
def test_compiled_search_in_slices_gives_what_it_gives_at_once():
    """The hints search a few positions a frame: the same answer as one run."""
    at_once = SOLVER.make(deal(9), 9_000, None, False).run()
    sliced = SOLVER.make(deal(9), 9_000, None, False)
    while sliced.step(7) is Status.RUNNING:
        pass
    got = sliced.result()
    assert got.status is Status.SOLVED
    assert (got.status, got.moves, got.stats.nodes) == (at_once.status, at_once.moves, at_once.stats.nodes)


@needs_fast
def test_compiled_search_stops_at_its_time_limit():
    """Deal 56 is not won within 60 s (solver v14)."""
    result = SOLVER.make(deal(56), 100_000_000, 0.05, False).run()
    assert result.status is Status.UNKNOWN
    assert 0 < result.stats.nodes < 100_000_000


@needs_fast
def test_compiled_search_refuses_a_position_it_cannot_read():
    """A position or parameters search.c cannot take are refused (NULL), never read past their end:
    more cards than two decks, a length so large a sum would wrap round, a card out of range, a stock
    that is not whole deals, no input at all, a fan of 0, a walk that is neither."""
    too_many = SpiderState(deal(1).tableau, deal(1).down, deal(1).stock + (0,) * 10, (), 4)
    assert not fast.handles(too_many)
    with pytest.raises(ValueError, match="could not read"):
        fast.FastPhaseSearch(too_many, (3.0, 1.5, 10.0, 0.5, 2.0), 100)
    lib, good = fast.LIB, fast.position_input(deal(1))
    assert lib is not None
    weights, params = [3.0, 1.5, 10.0, 0.5, 2.0], [2000, 3, 8000, 2, 0]
    handle = lib.new(good, len(good), weights, params, 100)
    assert handle
    lib.free(handle)
    huge = [52, 0, *range(52), 2**31 - 50, 0, *[5] * 60]  # 52 + that wraps round a C int
    junk = [huge, [*good[:2], 52, *good[3:]], good[:-12] + good[-1:], [], good[:1]]
    for data in junk:
        assert not lib.new(data, len(data), weights, params, 100), data[:4]
    for bad in ([2000, 0, 8000, 2, 0], [2000, 3, 8000, 2, 2], [-1, 3, 8000, 2, 0]):
        assert not lib.new(good, len(good), weights, bad, 100), bad
    with pytest.raises(ValueError, match="phase sizes"):
        fast.FastPhaseSearch(deal(1), tuple(weights), 100, phase_nodes=2**31)


def test_pure_python_is_asked_for_by_the_environment(monkeypatch):
    monkeypatch.setenv(PURE_PYTHON, "1")
    assert fast._load() is None


def test_the_complete_search_keeps_the_python_search():
    """Only the Python search has every legal move (it can prove a loss)."""
    for number, suits in ((1, "1"), (1, "2"), (1, "4")):
        state = start(DealId.make("spider", number, {"suits": suits}))[1]
        searcher = SOLVER.make(state, 100, None, True)
        assert not isinstance(searcher, fast.FastPhaseSearch | Portfolio)


@needs_fast
@pytest.mark.parametrize(("suits", "number", "budget"), [(1, 1, 9_000), (1, 3, 3_000), (2, 1, 12_000), (2, 6, 9_000)])
def test_sp8_compiled_best_first_wins_as_the_python_search_with_one_and_two_suits(suits, number, budget, monkeypatch):
    """One and two suits: the portfolio of best-first searches, compiled, gives the Python search's
    win, line and counts."""
    state = start(DealId.make("spider", number, {"suits": str(suits)}))[1]
    compiled = outcome(state, budget, True, monkeypatch)
    assert compiled[0] is Status.SOLVED
    assert compiled == outcome(state, budget, False, monkeypatch)


@needs_fast
@pytest.mark.parametrize(("suits", "number", "budget"), [(2, 5, 4_001), (1, 2, 2_500)])
def test_compiled_best_first_stops_where_the_python_search_stops(suits, number, budget, monkeypatch):
    state = start(DealId.make("spider", number, {"suits": str(suits)}))[1]
    compiled = outcome(state, budget, True, monkeypatch)
    assert compiled[0] is Status.UNKNOWN
    assert compiled == outcome(state, budget, False, monkeypatch)


@needs_fast
def test_compiled_best_first_runs_out_of_moves_as_the_python_search(monkeypatch):
    """8H back and forth between two nines, nothing else to move, no stock: every position searched,
    still unknown (the search leaves moves out)."""
    tableau, down = columns("9S 8H", "9H", "KS", "QH", "KH", "QS", "JS", "KD", "QD", "JD")
    loop = SpiderState(tableau, down, cards(""), (), 2)
    compiled = outcome(loop, 100_000, True, monkeypatch)
    assert (compiled[0], compiled[-1]) == (Status.UNKNOWN, True)
    assert compiled == outcome(loop, 100_000, False, monkeypatch)


def test_a_hint_weighs_more_positions_where_the_search_is_compiled(monkeypatch):
    """Issue 39: the start of a four-suit deal is weighed over worlds searched far enough to win
    most of them, where the compiled search makes that take a few tenths of a second; the Python
    search, and one and two suits (whose hints then tie on every world won and go to and fro),
    keep the small budget."""
    from game.games.spider import hints

    small = (hints.NODES, hints.BUDGET)
    for suits in ("1", "2", "4"):
        state = start(DealId.make("spider", 1, {"suits": suits}))[1]
        with monkeypatch.context() as patch:
            patch.setattr(fast, "LIB", None)
            assert hints.HINTS.weighing_sizes(state) == small
        if fast.available():
            assert hints.HINTS.weighing_sizes(state) == (hints.COMPILED_SIZES[4] if suits == "4" else small)
    nodes, budget = hints.COMPILED_SIZES[4]
    assert nodes > 10 * hints.NODES and budget > 10 * hints.BUDGET
