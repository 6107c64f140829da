"""FreeCell's compiled search (game/games/freecell/fast.py) against the Python search it compiles:
for the same budget of positions, the same status, the same line of moves and the same counts
(positions expanded, moves generated, positions met), on Microsoft's deals 1-50, on deal 11982 (lost)
and on positions in the middle of a game. Every test that needs the compiled search is skipped, with
the reason, where it was not built; the others check that the Python search runs without it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.core.dealid import DealId
from game.games.freecell import fast
from game.games.freecell.rules import FreeCell, FreeCellState
from game.games.freecell.solver import SOLVER
from game.platform.native import PURE_PYTHON
from game.rules.registry import start
from game.solver.engine import Status
from game.solver.portfolio import Portfolio

needs_fast = pytest.mark.skipif(
    not fast.available(),
    reason="FreeCell's compiled search is not built here (no C compiler at install) or SOLITAIRE_PURE_PYTHON is set",
)
BUDGET = 200_000  # solve's and the table's budget (game/solve_cli.py): every deal 1-50 is won well within it


def outcome(state: FreeCellState, budget: int, compiled: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, ...]:
    """One search of the solver's portfolio, through the compiled members or the Python ones."""
    with monkeypatch.context() as patch:
        if not compiled:
            patch.setattr(fast, "LIB", None)
        searcher = SOLVER.make(state, budget, None, False)
        assert isinstance(searcher, Portfolio)
        assert all(isinstance(s, fast.FastSearch) == compiled for s in searcher.searches)
        r = searcher.run()
    return r.status, r.moves, r.stats.nodes, r.stats.generated, r.stats.seen


def deal(number: int) -> FreeCellState:
    state = start(DealId.make("freecell", number))[1]
    assert isinstance(state, FreeCellState)
    return state


@needs_fast
@pytest.mark.parametrize("number", range(1, 51))
def test_compiled_search_gives_the_python_search_result_on_microsoft_deals(number, monkeypatch):
    compiled = outcome(deal(number), BUDGET, True, monkeypatch)
    assert compiled[0] is Status.SOLVED
    assert compiled == outcome(deal(number), BUDGET, False, monkeypatch)


@needs_fast
@pytest.mark.parametrize(("number", "budget"), [(11982, 12_001), (1, 150), (10, 301), (31, 200), (617, 701)])
def test_compiled_search_stops_where_the_python_search_stops(number, budget, monkeypatch):
    """Budgets that run out (odd ones too: each member gets half, rounded down), across several of the
    portfolio's turns and within a turn: the same unknown, after the same positions."""
    compiled = outcome(deal(number), budget, True, monkeypatch)
    assert compiled[0] is Status.UNKNOWN
    assert compiled == outcome(deal(number), budget, False, monkeypatch)


@needs_fast
def test_compiled_search_gives_the_python_search_result_after_several_turns(monkeypatch):
    """Deal 503 is won after 7,708 positions: by the second leader, in the portfolio's second turn of 5,000."""
    compiled = outcome(deal(503), BUDGET, True, monkeypatch)
    assert compiled[0] is Status.SOLVED and compiled[2] > 5_000
    assert compiled == outcome(deal(503), BUDGET, False, monkeypatch)


@needs_fast
def test_compiled_search_proves_deal_11982_lost_as_the_python_search_does(monkeypatch):
    """The Python search's proof takes about 10 s, too long for the suite: its result is recorded
    here, from ``SOLVER.make(deal 11982, 1_000_000, None, False).run()`` with SOLITAIRE_PURE_PYTHON=1
    (solver v16); test_compiled_search_stops_where_the_python_search_stops compares the two live on
    the same deal's first 12,000 positions."""
    status, moves, nodes, generated, seen = outcome(deal(11982), 1_000_000, True, monkeypatch)
    assert (status, moves) == (Status.UNSOLVABLE, [])
    assert (nodes, generated, seen) == (121_644, 443_528, 121_644)


@needs_fast
@pytest.mark.parametrize("number", [5, 164, 1941])
def test_compiled_search_gives_the_python_search_result_in_the_middle_of_a_game(number, monkeypatch):
    """Positions with cards in the cells and on the foundations, as a hint searches them: every
    twelfth position along a won line."""
    rules, state = FreeCell(), deal(number)
    line = SOLVER.to_rules(state, outcome(state, BUDGET, True, monkeypatch)[1]) if SOLVER.to_rules else []
    for k, move in enumerate(line):
        if k % 12 == 6:
            assert outcome(state, 3_000, True, monkeypatch) == outcome(state, 3_000, False, monkeypatch)
        state = rules.play(state, move)


@needs_fast
def test_compiled_search_in_slices_gives_what_it_gives_at_once():
    """The hints search a few positions a frame: the same answer as one run."""
    at_once = SOLVER.make(deal(7), BUDGET, None, False).run()
    sliced = SOLVER.make(deal(7), BUDGET, None, False)
    while sliced.step(7) is Status.RUNNING:
        pass
    got = sliced.result()
    assert (got.status, got.moves, got.stats.nodes) == (at_once.status, at_once.moves, at_once.stats.nodes)


@needs_fast
def test_compiled_search_stops_at_its_time_limit():
    result = SOLVER.make(deal(11982), 10_000_000, 0.05, False).run()
    assert result.status is Status.UNKNOWN
    assert 0 < result.stats.nodes < 121_644


def test_pure_python_is_asked_for_by_the_environment(monkeypatch):
    monkeypatch.setenv(PURE_PYTHON, "1")
    assert fast._load() is None


def test_the_family_keeps_the_python_search():
    """Baker's Game and the rest are other layouts: the compiled search plays only FreeCell's."""
    for game in ("bakers", "eightoff", "forecell", "seahaven"):
        state = start(DealId.make("freecell", 1, {"game": game}))[1]
        assert not fast.handles(state)
        searcher = SOLVER.make(state, 100, None, False)
        assert isinstance(searcher, Portfolio)
        assert not any(isinstance(s, fast.FastSearch) for s in searcher.searches)
    assert fast.handles(deal(1))


@needs_fast
def test_tune_freecell_counts_the_positions_the_solver_searches():
    """tools/tune_freecell.py with problem.py's leaders searches what the solver searches, and
    refuses a leader that is not five weights in one line."""
    tool = [sys.executable, str(Path(__file__).resolve().parent.parent / "tools" / "tune_freecell.py")]
    out = subprocess.run([*tool, "--deals", "1-4"], capture_output=True, text=True, check=True).stdout
    positions = sum(SOLVER.make(deal(n), 5_000_000, None, False).run().stats.nodes for n in range(1, 5))
    assert f"4 deals: {positions:,} positions" in out
    bad = subprocess.run([*tool, "--leaders", "2,0.75,5"], capture_output=True, text=True)
    assert bad.returncode == 2 and "has 3 weights, not 5" in bad.stderr and "Traceback" not in bad.stderr
