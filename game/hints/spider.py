"""Spider's hint (SP-15) and its honest verdict (SP-16).

The hint never peeks. It searches, as Klondike's does: the face-down cards and the stock are dealt
at random among their places several times (the same arrangements for the same visible position),
each is solved within a small budget, and the non-trivial move most winning lines share is the
hint, with the share said ("wins in 5 of 6 ways"); a deal from the stock only when no other move is
common. When no line is found (early in a hard deal, often), SP-15's order of what the player can
see: turn up a card, empty a column, complete a suit, join a loose run onto a longer run of its
suit; stacking on another suit is not progress, and when nothing else is left it says what to do
next. The verdict searches for a win only once every card is known (no face-down card, no stock).
"""

from __future__ import annotations

from typing import Any

from game.core.cards import SUIT
from game.core.i18n import tr
from game.hints.base import NONE, Hint, HintJob, Ready, sampled_or_solved
from game.rules.base import DEAL_MOVE, MOVE, Move, Variant
from game.rules.piles import same_suit_run_start
from game.rules.spider import SpiderState
from game.solver.engine import Status
from game.solver.sampling import arrangements, face_down_places, unseen_places
from game.solver.spider import SOLVER as SPIDER_SOLVER
from game.solver.tasks import SolverTask

SAMPLES = 6  # arrangements of the unseen cards a hint is tried on


def spider_arrangements(s: SpiderState, count: int) -> list[SpiderState]:
    """Every face-down card and the whole stock (no card of either was ever face up; with two decks
    a card's twin may have been, so what was seen cannot tell them apart and is not used)."""
    return arrangements(s, face_down_places(s) + unseen_places(s, "stock"), count)


def hint_job(rules: Variant[Any], s: SpiderState, seen: frozenset[object], legal: list[Move]) -> HintJob:
    if not any(m.kind == MOVE for m in legal):
        return Ready(rule_of_thumb(rules, s, legal))  # a deal or nothing: no search can say more
    arranged = spider_arrangements(s, SAMPLES) if not all_known(s) else None
    return sampled_or_solved(rules, s, SPIDER_SOLVER, arranged, legal, lambda: rule_of_thumb(rules, s, legal))


def rule_of_thumb(rules: Variant[Any], s: SpiderState, legal: list[Move]) -> Hint:
    moves = [m for m in legal if m.kind == MOVE]

    def whole_run(m: Move) -> bool:
        col = s.tableau[m.src.idx]
        return len(col) - m.size == same_suit_run_start(col, s.down[m.src.idx])

    def same_suit(m: Move) -> bool:
        target = s.tableau[m.dst.idx]
        return bool(target) and SUIT[target[-1]] == SUIT[s.tableau[m.src.idx][-m.size]]

    turns_up = [m for m in moves if s.down[m.src.idx] and len(s.tableau[m.src.idx]) - m.size == s.down[m.src.idx]]
    if turns_up:
        best = min(turns_up, key=lambda m: (not same_suit(m), not s.tableau[m.dst.idx]))
        return Hint(best, tr("This turns up a face-down card."))
    empties = [
        m for m in moves if s.down[m.src.idx] == 0 and m.size == len(s.tableau[m.src.idx]) and s.tableau[m.dst.idx]
    ]
    if empties:
        return Hint(min(empties, key=lambda m: not same_suit(m)), tr("This empties a column."))
    for m in moves:
        if len(rules.play(s, m).completed) > len(s.completed):
            return Hint(m, tr("This completes a suit."))
    for m in moves:
        if whole_run(m) and same_suit(m):
            target = s.tableau[m.dst.idx]
            if len(target) - same_suit_run_start(target, s.down[m.dst.idx]) > m.size:
                return Hint(m, tr("This joins a run onto a longer run of its suit."))
    if s.stock:
        if all(s.tableau):
            return Hint(DEAL_MOVE, tr("No move makes progress: deal from the stock."))
        return Hint(None, tr("No move makes progress: fill the empty column, then deal."), NONE)
    return Hint(None, tr("No move makes progress: undo a few moves and try another way."), NONE)


def all_known(s: SpiderState) -> bool:
    """No face-down card and no stock: the only time a verdict may be given (it never peeks)."""
    return not s.stock and not any(s.down)


class Verdict:
    """SP-16's question, "can this still be won?", searched a slice at a time. ``hopeless`` is
    True only when the search proved no win exists; a budget spent says nothing."""

    def __init__(self, s: SpiderState) -> None:
        self.task = SolverTask(SPIDER_SOLVER, s, max_nodes=SPIDER_SOLVER.verdict_nodes, complete=True)
        self.hopeless = False

    def advance(self, seconds: float) -> bool:
        if self.task.advance(seconds):
            self.hopeless = self.task.result().status is Status.UNSOLVABLE
            return True
        return False

    def cancel(self) -> None:
        self.task.cancel()


def verdict(s: SpiderState) -> Verdict | None:
    """The verdict's search, once every card is known (SP-16); None before that (it never peeks)."""
    if not all_known(s) or len(s.completed) == 8:
        return None
    return Verdict(s)
