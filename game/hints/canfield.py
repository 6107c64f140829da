"""Canfield's hint (CM-7), which never peeks: the reserve's face-down cards and the stock's cards
never turned are dealt at random among their places several times, each arrangement is solved
within a small budget, and the move that keeps the most of them winnable is the hint: where the
winning lines disagree, the moves they start most are checked on every arrangement won (a stock
turn only when it keeps more than any other: see game/solver/sampling.py). With nothing hidden left, the
position itself is solved. When no line is found, a fixed order of rules of thumb."""

from __future__ import annotations

from typing import Any

from game.core.i18n import tr
from game.hints.base import NONE, Hint, HintJob, Ready, no_more_moves, sampled_or_solved
from game.rules.base import DRAW, MOVE, RECYCLE, Move, Variant
from game.rules.canfield import RESERVE_PILE, CanfieldState
from game.rules.pile import FOUNDATION, TABLEAU, WASTE
from game.solver.canfield import SOLVER
from game.solver.sampling import Place, arrangements, unseen_places

SAMPLES = 6  # arrangements of the unseen cards a hint is tried on


def hidden_places(s: CanfieldState, seen: frozenset[object]) -> list[Place]:
    """The reserve's cards never turned up and the stock's never turned (a card once seen is known
    where it lies, even after an undo turned it down again)."""
    return unseen_places(s, "reserve", seen) + unseen_places(s, "stock", seen)


def canfield_arrangements(s: CanfieldState, seen: frozenset[object], count: int) -> list[CanfieldState]:
    return arrangements(s, hidden_places(s, seen), count)


def hint_job(rules: Variant[Any], s: CanfieldState, seen: frozenset[object], legal: list[Move]) -> HintJob:
    if not legal:
        return Ready(no_more_moves())
    arranged = canfield_arrangements(s, seen, SAMPLES) if hidden_places(s, seen) else None
    return sampled_or_solved(rules, s, SOLVER, arranged, legal, lambda: rule_of_thumb(s, legal))


def rule_of_thumb(s: CanfieldState, legal: list[Move]) -> Hint:
    """From what the player can see: play from the reserve, send a card home, bring the waste card
    into play, move a whole column so the reserve fills it, then the stock. Moves that only split
    runs between columns are never suggested."""
    moves = [m for m in legal if m.kind == MOVE]
    for m in moves:
        if m.src == RESERVE_PILE:
            return Hint(m, tr("This plays a card from the reserve and turns up the next."))
    for m in moves:
        if m.dst.kind == FOUNDATION:
            return Hint(m, tr("This card can go to its foundation."))
    for m in moves:
        if m.src.kind == WASTE:
            return Hint(m, tr("This brings the waste card into play."))
    for m in moves:
        if m.src.kind == TABLEAU and m.dst.kind == TABLEAU and m.size == len(s.tableau[m.src.idx]) and s.reserve:
            return Hint(m, tr("This empties a column, and the reserve fills it."))
    for m in legal:
        if m.kind == DRAW:
            return Hint(m, tr("No card on the table can move usefully: turn the stock."))
        if m.kind == RECYCLE:
            return Hint(m, tr("Turn the waste over to go through the stock again."))
    return Hint(None, tr("No move helps now: undo a few moves or start a new deal."), NONE)
