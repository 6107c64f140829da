"""Canfield's complete search compiled (game/games/canfield/complete.c on game/solver/depth_first.c,
issue 39 items 2 and 5): step for step the Python engine's depth-first search of
``CanfieldProblem(complete=True)``, so the same budget gives the same verdict, counts and line
either way (CF-6: the solver's wins replay through the rules; a loss is proved only by a search
that leaves no move out)."""

from __future__ import annotations

import pytest
from helpers import assert_same_search

from game.core.dealid import DealId
from game.games.canfield import fast
from game.games.canfield import solver as canfield_solver
from game.games.canfield.problem import DEFAULT_WEIGHTS, CanfieldProblem, CMove
from game.games.canfield.rules import Canfield, CanfieldState
from game.rules.registry import start
from game.solver.engine import Result, Search, Status

pytestmark = pytest.mark.skipif(not fast.available(), reason="the compiled search is not built")


def _deal(number: int, draw: str, moves: str) -> CanfieldState:
    state: CanfieldState = start(DealId.make("canfield", number, {"draw": draw, "moves": moves}))[1]
    return state


def _problem(state: CanfieldState) -> CanfieldProblem:
    return CanfieldProblem(state, weights=DEFAULT_WEIGHTS, complete=True)


def _both(state: CanfieldState, budget: int) -> tuple[Result[object], Result[object]]:
    python = Search(_problem(state), budget, None, depth_first=True).run()
    compiled = fast.complete_search(_problem(state), budget, None).run()
    return python, compiled


def _replays_to_a_win(state: CanfieldState, line: list[CMove]) -> bool:
    rules = Canfield()
    s = state
    for move in canfield_solver.to_rules_moves(state, line):
        s = rules.apply(s, move)[0]
    return bool(rules.is_won(s))


@pytest.mark.parametrize(
    ("number", "draw", "moves", "budget", "status"),
    [
        (3, "3", "runs", 5_000, Status.SOLVED),
        (7, "1", "runs", 3_000, Status.UNKNOWN),
        (9, "3", "whole", 5_000, Status.SOLVED),
        (4, "1", "whole", 5_000, Status.SOLVED),
        (36, "3", "runs", 5_000, Status.UNSOLVABLE),
    ],
)
def test_cf6_the_compiled_complete_search_is_the_python_one_on_golden_deals(
    number: int, draw: str, moves: str, budget: int, status: Status
) -> None:
    """Won, proved lost, or out of positions, with draw 1 and 3, runs and whole moves."""
    python, compiled = _both(_deal(number, draw, moves), budget)
    assert python.status is status
    assert_same_search(python, compiled)


def test_cf6_the_compiled_complete_search_wins_with_a_line_the_rules_play_to_the_end() -> None:
    state = _deal(3, "3", "runs")
    result = fast.complete_search(_problem(state), 5_000, None).run()
    assert result.status is Status.SOLVED
    assert _replays_to_a_win(state, list(result.moves))


def test_cf6_a_deal_the_table_left_unknown_is_won_by_the_compiled_complete_search() -> None:
    """Deal 222, draw 1: unknown in the table's row within 5 s of portfolio and 5 s of the Python
    complete search (best first then); depth first in C wins it in 13,238 positions. The table's own
    call (settle with --prove-lost) gives the verdict, and its line replays to a win."""
    from game.solver.api import settle

    state = _deal(222, "1", "runs")
    result = settle(canfield_solver.SOLVER, state, 2_000_000, 0.2, prove=60.0)
    assert result.status is Status.SOLVED
    assert _replays_to_a_win(state, list(result.moves))


def test_cf6_the_complete_stage_runs_in_python_when_the_library_is_not_built(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _deal(36, "3", "runs")
    compiled = canfield_solver.SOLVER.make(state, 5_000, None, True).run()
    monkeypatch.setattr(fast, "LIB", None)
    search = canfield_solver.SOLVER.make(state, 5_000, None, True)
    assert isinstance(search, Search)
    assert_same_search(search.run(), compiled)


def test_the_compiled_complete_search_refuses_input_it_cannot_read() -> None:
    assert fast.LIB is not None
    assert not fast.LIB.new([3, 0], 2, 100)
    data = fast.problem_input(_problem(_deal(3, "3", "runs")))
    handle = fast.LIB.new(data, len(data), 100)
    assert handle
    fast.LIB.search.free(handle)
    assert not fast.LIB.new([*data, 0], len(data) + 1, 100)  # a number too many
    assert not fast.LIB.new([9, *data[1:]], len(data), 100)  # draw 9
    problem = _problem(_deal(3, "3", "runs"))
    twice = [*data]
    first_column = 4 + len(problem.reserve) + 1  # draw, whole, base, the reserve and its cards, the cards left
    twice[first_column + 1] = twice[first_column + 1 + 1 + 1]  # two columns start with one card
    assert not fast.LIB.new(twice, len(twice), 100)
    with pytest.raises(ValueError, match="complete"):
        fast.complete_search(CanfieldProblem(_deal(3, "3", "runs")), 100, None)
