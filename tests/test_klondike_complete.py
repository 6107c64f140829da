"""Klondike's complete search compiled (game/games/klondike/complete.c on game/solver/depth_first.c,
issue 39 items 2 and 5):
step for step the Python engine's depth-first search of ``KlondikeProblem(complete=True)``, so the
same budget gives the same verdict, counts and line either way (KL-2: a loss is proved only by a
search that leaves no move out)."""

from __future__ import annotations

import random

import pytest
from helpers import assert_same_search, klondike_endgame

from game.core.dealid import DealId
from game.games.klondike import fast
from game.games.klondike import solver as klondike_solver
from game.games.klondike.problem import DEFAULT_WEIGHTS, PARENTS, KlondikeProblem
from game.games.klondike.rules import Klondike, KlondikeState
from game.rules.registry import start
from game.solver.engine import Result, Search, Status

pytestmark = pytest.mark.skipif(not fast.available(), reason="the compiled search is not built")


def _deal(number: int, draw: str, redeals: str) -> KlondikeState:
    state: KlondikeState = start(DealId.make("klondike", number, {"draw": draw, "redeals": redeals}))[1]
    return state


def _problem(state: KlondikeState) -> KlondikeProblem:
    return KlondikeProblem(state, weights=DEFAULT_WEIGHTS, complete=True)


def _both(state: KlondikeState, budget: int) -> tuple[Result[object], Result[object]]:
    python = Search(_problem(state), budget, None, depth_first=True).run()
    compiled = fast.complete_search(_problem(state), budget, None).run()
    return python, compiled


@pytest.mark.parametrize(
    ("number", "draw", "redeals", "status"),
    [
        (4, "1", "unlimited", Status.SOLVED),
        (16, "1", "unlimited", Status.SOLVED),
        (56, "1", "unlimited", Status.UNSOLVABLE),
        (6, "3", "unlimited", Status.SOLVED),
        (2, "3", "1", Status.UNSOLVABLE),
        (1, "1", "3", Status.UNKNOWN),
    ],
)
def test_kl2_the_compiled_complete_search_is_the_python_one_on_golden_deals(
    number: int, draw: str, redeals: str, status: Status
) -> None:
    """Won, proved lost, or out of positions (3,000): the same status, counts and line."""
    python, compiled = _both(_deal(number, draw, redeals), 3_000 if status is Status.UNKNOWN else 20_000)
    assert python.status is status
    assert_same_search(python, compiled)


def test_kl2_the_compiled_complete_search_is_the_python_one_on_endgames() -> None:
    """Endgames of every draw and redeal limit, half of them lost: the same searches."""
    rng = random.Random(39)
    statuses = set()
    for k in range(24):
        state = klondike_endgame(rng, None, (None, 0, 2)[k % 3], runs=k % 2 == 1)
        python, compiled = _both(state, 2_000)
        assert_same_search(python, compiled)
        statuses.add(python.status)
    assert {Status.SOLVED, Status.UNSOLVABLE} <= statuses


def test_kl2_a_deal_the_portfolio_leaves_unknown_is_proved_lost_by_the_compiled_complete_search() -> None:
    """Deal 19, draw 1: the table's portfolio left it unknown within 5 s and 5 s more of the Python
    complete search (best first then); depth first in C exhausts its 242,970 positions in about a
    second. The table's own call (settle with --prove-lost) gives the verdict."""
    from game.solver.api import settle

    state = _deal(19, "1", "unlimited")
    result = settle(klondike_solver.SOLVER, state, 300_000, 0.5, prove=60.0)
    assert result.status is Status.UNSOLVABLE
    assert not result.moves


def test_kl2_the_complete_stage_runs_in_python_when_the_library_is_not_built(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the library the same search runs in Python, with the same result."""
    state = _deal(56, "1", "unlimited")
    compiled = klondike_solver.SOLVER.make(state, 20_000, None, True).run()
    monkeypatch.setattr(fast, "LIB", None)
    search = klondike_solver.SOLVER.make(state, 20_000, None, True)
    assert isinstance(search, Search)
    assert_same_search(search.run(), compiled)


def test_kl2_the_compiled_complete_search_wins_with_a_line_the_rules_play_to_the_end() -> None:
    state = _deal(6, "3", "unlimited")
    result = fast.complete_search(_problem(state), 20_000, None).run()
    assert result.status is Status.SOLVED
    rules = Klondike()
    s = state
    for move in klondike_solver.to_rules_moves(state, list(result.moves)):
        s = rules.apply(s, move)[0]
    assert rules.is_won(s)


def test_the_compiled_complete_search_refuses_input_it_cannot_read() -> None:
    problem = _problem(_deal(4, "1", "unlimited"))
    assert fast.LIB is not None
    assert not fast.LIB.complete_new([1, -1], 2, 100)
    column_too_long = [1, -1, 0, 0, 99, *([0] * 30)]
    assert not fast.LIB.complete_new(column_too_long, len(column_too_long), 100)
    node = problem.start()
    data = fast.node_input(problem, node)
    handle = fast.LIB.complete_new(data, len(data), 100)
    assert handle
    fast.LIB.complete.free(handle)
    second_column = 3 + 2 + len(node.cols[0])  # draw, limit, redeals; then down, length, cards a column
    twice = [*data]
    twice[second_column + 2] = data[5]  # the second column's first card is the first column's too
    assert not fast.LIB.complete_new(twice, len(twice), 100)
    waste = 3 + sum(2 + len(col) for col in node.cols) + 1  # after the talon's length
    too_big_waste = [*data[:waste], 99, *data[waste + 1 :]]
    assert not fast.LIB.complete_new(too_big_waste, len(too_big_waste), 100)  # a waste larger than the talon
    assert not fast.LIB.complete_new([*data, 0], len(data) + 1, 100)  # a number left over
    assert fast.complete_search(problem, 10, None).run().status is Status.UNKNOWN
    with pytest.raises(ValueError, match="default weights"):
        fast.complete_search(KlondikeProblem(_deal(4, "1", "unlimited"), complete=True, weights=(1, 1, 1, 1)), 10, None)


def test_the_parents_order_is_the_one_complete_c_follows() -> None:
    """complete.c lists a card's two destinations by t % 8, then t (``onto``)."""
    for card, parents in enumerate(PARENTS):
        assert list(parents) == sorted(parents, key=lambda t: (t % 8, t)), card
