"""CM-7: when the winning lines a sampled hint finds disagree, the moves they vote for most are
checked on every arrangement a line won — does the move keep it winnable? — and the hint is the
move that keeps the most. A vote says only that one line wins after the move: following hints
chosen by votes alone won 19 of Klondike's deals 1-40 (draw 1), by checked moves 23
(``python tools/bench_hints.py --follow 300 --deals 1-40 --games klondike:draw=1``)."""

from __future__ import annotations

from helpers import move

from game.core.dealid import DealId
from game.games import game_for
from game.rules.base import DRAW_MOVE
from game.rules.registry import start
from game.solver.engine import Result, Stats, Status
from game.solver.sampling import SampledHint
from game.solver.spec import SolverSpec

T1_T2, T3_T4 = move("t1>t2"), move("t3>t4")
LEGAL = [T1_T2, T3_T4, DRAW_MOVE]


class Oracle:
    """A search that wins exactly the positions given a line, at once."""

    def __init__(self, lines: dict[str, list[object]], state: str) -> None:
        self.line = lines.get(state)
        self.status = Status.RUNNING

    def step(self, count: int) -> None:
        self.status = Status.SOLVED if self.line is not None else Status.UNKNOWN

    def cancel(self) -> None:
        pass

    def result(self) -> Result[object]:
        return Result(self.status, list(self.line or []), Stats())


def sampled(lines: dict[str, list[object]], checks: int = 3) -> SampledHint:
    """Six arrangements ``a0``..``a5``; a move played on one is ``a0+t1>t2``."""
    spec = SolverSpec(lambda state, nodes, seconds, complete: Oracle(lines, state))  # type: ignore[arg-type,return-value]
    hint = SampledHint(spec, [f"a{k}" for k in range(6)], LEGAL, play=lambda s, m: f"{s}+{m}", checks=checks)
    while not hint.advance(1.0):
        pass
    return hint


def test_cm7_a_move_few_lines_start_that_loses_the_others_is_not_the_hint():
    """Two lines of five start with t1>t2, three with a stock turn; t1>t2 loses those three, while
    the stock turn keeps all five: the stock turn (votes alone named t1>t2, a third of the wins)."""
    lines: dict[str, list[object]] = {"a0": [T1_T2], "a1": [T1_T2], "a2": [DRAW_MOVE], "a3": [DRAW_MOVE]}
    lines |= {"a4": [DRAW_MOVE], "a0+draw": [T1_T2], "a1+draw": [T1_T2]}
    hint = sampled(lines)
    assert hint.votes == {T1_T2: 2, DRAW_MOVE: 3} and hint.won == 5
    assert hint.best() == DRAW_MOVE and hint.wins(DRAW_MOVE) == 5 and hint.wins(T1_T2) == 2
    assert sampled(lines, checks=0).best() == T1_T2  # by votes alone


def test_cm7_a_useful_move_that_keeps_every_win_goes_before_the_stock_turn_most_lines_start():
    """Five lines start with a stock turn, one with t1>t2, and t1>t2 keeps every one of the six
    winnable: t1>t2 (votes alone named the stock turn); a tie goes to the move that is not a turn."""
    lines: dict[str, list[object]] = {"a0": [T1_T2], **{f"a{k}": [DRAW_MOVE] for k in range(1, 6)}}
    lines |= {f"a{k}+t1>t2": [] for k in range(1, 6)} | {"a0+draw": [T1_T2]}
    hint = sampled(lines)
    assert hint.best() == T1_T2 and hint.wins(T1_T2) == 6 and hint.wins(DRAW_MOVE) == 6
    assert sampled(lines, checks=0).best() == DRAW_MOVE


def test_cm7_lines_that_agree_are_not_checked():
    played: list[str] = []
    lines: dict[str, list[object]] = {f"a{k}": [T3_T4] for k in range(4)}
    spec = SolverSpec(lambda state, nodes, seconds, complete: Oracle(lines, state))  # type: ignore[arg-type,return-value]
    hint = SampledHint(spec, [f"a{k}" for k in range(6)], LEGAL, play=lambda s, m: played.append(s) or s, checks=3)
    while not hint.advance(1.0):
        pass
    assert hint.best() == T3_T4 and hint.wins(T3_T4) == 4 and not played and not hint.kept


def test_cm7_klondikes_hint_says_the_share_its_move_keeps_winnable():
    """The reason's count is the arrangements the named move was found to win, of those tried."""
    rules, state = start(DealId.make("klondike", 1, {"draw": "1"}))
    game = game_for("klondike")
    legal = rules.legal_moves(state)
    job = game.hints(rules, state, rules.seen(state), legal)
    while not job.advance(0.01):
        pass
    hint = job.result()
    assert hint.searched and hint.move in legal
    assert "of 6 ways the hidden cards could lie" in hint.reason
