"""Grandfather's Clock's hint (CM-20) and what its verdict (CM-21) may know.

Every card is face up from the deal and there is no stock, so nothing is hidden: the hint is the
next move of the winning line a search of the position finds (a complete search, which may prove
a loss: CM-21 may then say the deal can no longer be won).

The safe-move rule: a card goes to the clock when no card of one rank lower is left on the
columns (an ace always): nothing could ever need to be put on it, so nothing is given up.

When no line is found within the budget, rules of thumb from the table: a card to the clock, a
column emptied, a card onto one a rank higher that uncovers a card the clock takes, then any move
that puts a card on one a rank higher.
"""

from __future__ import annotations

from typing import Any

from game.core.i18n import tr
from game.games.grandfathersclock.rules import CLOCK, ClockState, home_slot
from game.games.grandfathersclock.solver import SOLVER, is_safe
from game.hints.base import Hint, no_more_moves
from game.hints.spec import HintSpec
from game.rules.base import MOVE, Move, Variant
from game.rules.pile import TABLEAU
from game.solver.sampling import Place


def hidden_places(s: ClockState, seen: frozenset[object]) -> list[Place]:
    """None: every card is face up (GC-1) and there is no stock."""
    return []


def safe(rules: Variant[Any], s: ClockState, m: Move) -> bool:
    """CM-20's safe move: a card to the clock that no card left could need (see the module)."""
    return is_safe(s, m)


def safe_reason() -> str:
    return tr("This card can go to its foundation, and no card left on the table could need it.")


def _frees_home(s: ClockState, m: Move) -> bool:
    """The move uncovers a card the clock takes."""
    col = s.tableau[m.src.idx]
    return len(col) >= 2 and home_slot(col[-2], s.clock) >= 0


def rule_of_thumb(rules: Variant[Any], s: ClockState, legal: list[Move]) -> Hint:
    moves = [m for m in legal if m.kind == MOVE]
    for m in moves:
        if m.dst.kind == CLOCK:
            return Hint(m, tr("This card can go to its foundation."))
    onto = [m for m in moves if m.dst.kind == TABLEAU and s.tableau[m.dst.idx]]
    for m in onto:
        if len(s.tableau[m.src.idx]) == 1:
            return Hint(m, tr("This empties a column."))
    for m in onto:
        if _frees_home(s, m):
            return Hint(m, tr("This uncovers a card that can go to its foundation."))
    if onto:
        return Hint(onto[0], tr("This moves cards into order."))
    if moves:
        return Hint(moves[0], tr("A legal move."))
    return no_more_moves()


HINTS = HintSpec(
    SOLVER,
    hidden_places,
    rule_of_thumb,
    safe=safe,
    safe_reason=safe_reason,
    nodes=2_000,
    checks=3,
    budget=30_000,
    proving=True,
)
