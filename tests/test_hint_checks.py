"""The weighing behind a hint while cards are hidden (CM-20, game/hints/weigh.py), on an oracle
search that wins exactly the worlds given a line: a winning line counts for the plan it starts
with; the plans the lines count for most — and always the best of the table and the best turn of
the stock — are checked on every world won; the hint is the plan that keeps the most, a tie going
to a move of the table; a tie on a few worlds is settled on more."""

from __future__ import annotations

from typing import Any

from helpers import move

from game.core.dealid import DealId
from game.games.index import game_for
from game.hints.advice import position_hint
from game.hints.beliefs import Step, World
from game.hints.weigh import Weighing
from game.rules.base import DRAW_MOVE, Move
from game.rules.registry import start
from game.solver.engine import Result, Stats, Status
from game.solver.spec import SolverSpec

T1_T2, T3_T4 = move("t1>t2"), move("t3>t4")
PLANS = [(T1_T2,), (T3_T4,), (DRAW_MOVE,)]


class Oracle:
    """A search that wins exactly the positions given a line, at once."""

    def __init__(self, lines: dict[str, list[Any]], state: str) -> None:
        self.line = lines.get(state)
        self.status = Status.RUNNING
        self.stats = Stats(nodes=1)

    def step(self, count: int = 1) -> Status:
        self.status = Status.SOLVED if self.line is not None else Status.UNKNOWN
        return self.status

    def cancel(self) -> None:
        pass

    def run(self) -> Result[Any]:
        self.step()
        return self.result()

    def result(self) -> Result[Any]:
        return Result(self.status, list(self.line or []), self.stats)


class Named:
    """Rules whose positions are names: a move played on ``a0`` is ``a0+t1>t2``."""

    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, state: str, m: Move) -> str:
        self.played.append(state)
        return f"{state}+{m}"


def weigh(lines: dict[str, list[Any]], worlds: int = 6, batch: int = 0, checks: int = 3) -> tuple[Weighing, Named]:
    spec = SolverSpec(lambda state, nodes, seconds, complete: Oracle(lines, state))
    rules = Named()
    step = Step("real", [World(f"a{k}") for k in range(worlds)])
    weighing = Weighing(spec, rules, step, PLANS, lambda m: 0, 100, 10_000, checks, batch=batch)  # type: ignore[arg-type]
    while not weighing.advance(1.0):
        pass
    return weighing, rules


def test_cm20_a_move_few_lines_start_that_loses_the_others_is_not_the_hint():
    """Two lines of five start with t1>t2, three with a stock turn; t1>t2 loses those three, while
    the stock turn keeps all five: the stock turn."""
    lines: dict[str, list[Any]] = {"a0": [T1_T2], "a1": [T1_T2], "a2": [DRAW_MOVE], "a3": [DRAW_MOVE]}
    lines |= {"a4": [DRAW_MOVE], "a0+draw": [T1_T2], "a1+draw": [T1_T2]}
    weighing, _ = weigh(lines)
    assert len(weighing.won) == 5 and weighing.best() == (DRAW_MOVE,)
    assert weighing.weight((DRAW_MOVE,)).kept == 5 and weighing.weight((T1_T2,)).kept == 2


def test_cm20_a_move_of_the_table_that_keeps_every_win_goes_before_the_stock_turn_most_lines_start():
    """Five lines start with a stock turn, one with t1>t2, and t1>t2 keeps every one of the six
    winnable: t1>t2 (a tie goes to the move of the table)."""
    lines: dict[str, list[Any]] = {"a0": [T1_T2], **{f"a{k}": [DRAW_MOVE] for k in range(1, 6)}}
    lines |= {f"a{k}+t1>t2": [] for k in range(1, 6)} | {"a0+draw": [T1_T2]}
    weighing, _ = weigh(lines)
    assert weighing.best() == (T1_T2,)
    assert weighing.weight((T1_T2,)).kept == 6 and weighing.weight((DRAW_MOVE,)).kept == 6


def test_cm20_the_stock_turn_is_always_checked_so_a_table_move_never_wins_for_want_of_a_look():
    """Every line starts with t3>t4 but the stock turn, checked too, keeps as many plus one."""
    lines: dict[str, list[Any]] = {f"a{k}": [T3_T4] for k in range(4)} | {"a4": [DRAW_MOVE]}
    lines |= {f"a{k}+draw": [] for k in range(4)}
    weighing, _ = weigh(lines, checks=1)
    assert weighing.weight((DRAW_MOVE,)).kept == 5 and weighing.best() == (DRAW_MOVE,)


def test_cm20_lines_that_agree_keep_their_move_ahead_without_a_search_for_it():
    lines: dict[str, list[Any]] = {f"a{k}": [T3_T4] for k in range(6)}
    weighing, rules = weigh(lines)
    assert weighing.best() == (T3_T4,) and weighing.weight((T3_T4,)).kept == 6
    assert not any("+t3>t4" in s for s in rules.played)  # never checked: every line counts for it


def test_cm20_a_tie_on_the_first_worlds_is_settled_on_more():
    """Two worlds: t1>t2 and t3>t4 each keep both. Two more: t3>t4 loses one. Weighed two at a time,
    the tie is settled by the next worlds."""
    lines: dict[str, list[Any]] = {f"a{k}": [T1_T2] for k in range(4)}
    lines |= {f"a{k}+t3>t4": [] for k in (0, 1, 2)}
    weighing, _ = weigh(lines, worlds=4, batch=2)
    assert weighing.used == 4 and weighing.best() == (T1_T2,)
    assert weighing.weight((T1_T2,)).kept == 4 and weighing.weight((T3_T4,)).kept == 3


def test_cm20_klondikes_hint_says_the_share_its_move_keeps_winnable():
    """The reason's count is the worlds the named move was found to win, of those weighed."""
    rules, state = start(DealId.make("klondike", 2, {"draw": "1"}))
    game = game_for("klondike")
    job = position_hint(game.hints, rules, state)
    while not job.advance(0.01):
        pass
    hint = job.result()
    assert hint.searched and hint.move in rules.legal_moves(state) and hint.share is not None
    kept, worlds = hint.share
    assert f"in {kept} of {worlds} guesses at the hidden cards" in hint.reason
