"""A deal played by its hints alone (CM-20's measure of a hint's strength): a table with no window
asks the hint, waits for it a slice at a time exactly as the window's loop does, plays the move it
names, lets auto-collect run, and asks again — until the deal is won, the hint names no move
(*stuck*), or the hints allowed run out. ``python -m game hint --follow`` prints it;
``tools/bench_hints.py --follow`` counts it over ranges of deals."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from game.core.dealid import DealId
from game.play.played import Games
from game.play.table import Table
from game.rules.base import Move
from game.session import Session

STEP = 1 / 120  # the window's fixed step: the hint gets one slice of search per step
WON, STUCK, OUT = "won", "stuck", "out of hints"


@dataclass(frozen=True)
class Asked:
    """One hint: the move it names (None: no move), what it says, and the CPU seconds it took."""

    number: int
    move: Move | None
    text: str
    seconds: float
    share: tuple[int, int] | None = None  # worlds of the hidden cards the move keeps winnable, of those weighed
    slice: float = 0.0  # the most CPU one step of the window's loop spent on the hint: a frame held up that long


@dataclass(frozen=True)
class Ended:
    """How the deal ended: WON, STUCK or OUT, after how many hints and moves."""

    how: str
    hints: int
    moves: int


def quiet_table(session: Session, games: Games) -> Table:
    """A table that draws nothing and saves nothing: the window's rules, hints and auto-collect."""
    return Table(session, games, lambda events, stagger: None, lambda session: None)


def follow(
    deal: DealId,
    limit: int,
    games: Games,
    moves: list[Move] | None = None,
    clock: Callable[[], float] = time.process_time,
) -> Iterator[Asked | Ended]:
    """Play ``deal`` (after ``moves``, when given) by taking its hint up to ``limit`` times: each
    hint as it comes, then how it ended."""
    table = quiet_table(Session(deal), games)
    for move in moves or []:
        table.play(move)
        settle(table)
    session = table.session
    for number in range(1, limit + 1):
        if session.won:
            yield Ended(WON, number - 1, session.moves)
            return
        began, longest = clock(), 0.0
        step_began = time.thread_time()
        table.show_hint()
        while table.hint_job is not None:
            longest = max(longest, time.thread_time() - step_began)
            step_began = time.thread_time()
            table.tick(STEP, clock_runs=False, dragging=False)
        longest = max(longest, time.thread_time() - step_began)
        hint = table.hint
        assert hint is not None
        yield Asked(number, hint.move, hint.text, clock() - began, hint.share, longest)
        if hint.move is None:
            yield Ended(STUCK, number, session.moves)
            return
        table.play(hint.move)
        settle(table)
    yield Ended(WON if session.won else OUT, limit, session.moves)


def settle(table: Table) -> None:
    """Let auto-collect finish what it started (CM-5), as the window would between two hints."""
    while table.collecting:
        table.tick(STEP, clock_runs=False, dragging=False)
