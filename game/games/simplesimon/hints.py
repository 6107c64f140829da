"""Simple Simon's hint (CM-20) and what its verdict (CM-21) may know.

Every card is face up from the deal, so nothing is hidden: the hint is the next move of the winning
line a search of the position finds (its complete mode, which proves a loss: CM-21 may then say the
deal can no longer be won).

The safe-move rule: a move that completes a suit comes first. Its thirteen cards go home for good
(SS-3); the only thing given up is parking a card of another suit on one of them for a while, which
a strong player never prefers to a suit made.

When no line is found within the budget, the order of what the player sees: complete a suit, empty
a column, join a loose run onto a longer run of its suit; else the first move of a short line that
makes room to empty a column (game/hints/lookahead.py); stacking on another suit is not progress.
"""

from __future__ import annotations

from typing import Any

from game.core.cards import SUIT
from game.core.i18n import tr
from game.games.simplesimon.rules import SimpleSimonState
from game.games.simplesimon.solver import SOLVER
from game.hints.base import NONE, Hint
from game.hints.lookahead import Steps, finish, path_steps
from game.hints.spec import HintSpec
from game.rules.base import MOVE, Move, Variant
from game.rules.piles import same_suit_run_start
from game.solver.sampling import Place


def hidden_places(s: SimpleSimonState, seen: frozenset[object]) -> list[Place]:
    """None: every card is face up (SS-1)."""
    return []


def completes(rules: Variant[Any], s: SimpleSimonState, m: Move) -> bool:
    """The move makes a king-to-ace suit, which goes home."""
    return m.kind == MOVE and len(rules.play(s, m).completed) > len(s.completed)


def safe(rules: Variant[Any], s: SimpleSimonState, m: Move) -> bool:
    """CM-20's safe move in Simple Simon: one that completes a suit."""
    return completes(rules, s, m)


def safe_reason() -> str:
    return tr("This completes a suit, which leaves the table.")


def _empties(s: SimpleSimonState, m: Move) -> bool:
    """The move takes a whole column onto another column."""
    return m.size == len(s.tableau[m.src.idx]) and bool(s.tableau[m.dst.idx])


def _same_suit(s: SimpleSimonState, m: Move) -> bool:
    target = s.tableau[m.dst.idx]
    return bool(target) and SUIT[target[-1]] == SUIT[s.tableau[m.src.idx][-m.size]]


def progress(rules: Variant[Any], s: SimpleSimonState, m: Move) -> int:
    """CM-20's ties: a suit completed, a column emptied, a run joined onto its suit; stacking on
    another suit makes none."""
    if m.kind != MOVE:
        return 0
    if completes(rules, s, m):
        return 4
    if _empties(s, m):
        return 3
    return 1 if _same_suit(s, m) else 0


def rule_of_thumb(rules: Variant[Any], s: SimpleSimonState, legal: list[Move]) -> Hint:
    """:func:`thumb_steps` at once."""
    return finish(thumb_steps(rules, s, legal))


def thumb_steps(rules: Variant[Any], s: SimpleSimonState, legal: list[Move]) -> Steps[Hint]:
    """The order of progress over the table, its look ahead giving the frame back now and then."""
    moves = [m for m in legal if m.kind == MOVE]
    for m in moves:
        if completes(rules, s, m):
            return Hint(m, safe_reason())
    empties = [m for m in moves if _empties(s, m)]
    if empties:
        return Hint(min(empties, key=lambda m: not _same_suit(s, m)), tr("This empties a column."))
    for m in moves:
        col = s.tableau[m.src.idx]
        whole_run = len(col) - m.size == same_suit_run_start(col, 0)
        if whole_run and _same_suit(s, m):
            target = s.tableau[m.dst.idx]
            if len(target) - same_suit_run_start(target, 0) > m.size:
                return Hint(m, tr("This joins a run onto a longer run of its suit."))
    ahead = yield from path_steps(rules, s, lambda state, m: progress(rules, state, m) >= 3, lambda state, m: True)
    if ahead is not None:
        return Hint(ahead, tr("This makes room to turn up a card or empty a column a few moves on."))
    return Hint(None, tr("No move makes progress: undo a few moves and try another way."), NONE)


HINTS = HintSpec(
    SOLVER,
    hidden_places,
    rule_of_thumb,
    safe=safe,
    safe_reason=safe_reason,
    progress=progress,
    nodes=5_000,
    checks=3,
    budget=50_000,
    proving=True,
    thinking=thumb_steps,
)
