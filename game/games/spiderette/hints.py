"""Spiderette's hint (CM-20) and what its verdict (CM-21) may know.

The hint never peeks: the face-down cards and the stock cards never seen are dealt again among
their places (one deck: a card seen once, face up or dealt and taken back, is known) and the moves
weighed over those worlds (game/hints/weigh.py), a deal only when no move keeps as many winnable.

The safe-move rule: a move that completes a suit comes first. Its thirteen cards leave the table
for good (ST-4) and every card under them is uncovered; the only thing given up is parking a card
of another suit on one of them for a while, which a strong player never prefers to a suit made.

When no line is found, the order of what the player sees: turn up a card, empty a column, join a
loose run onto a longer run of its suit; else the first move of a short line over the cards in
sight that makes room to turn up a card or empty a column (game/hints/lookahead.py); stacking on
another suit is not progress; when nothing else is left it says what to do next (deal, fill the
empty column first, or undo). The position itself is searched, and a loss said, only once every
card is known.
"""

from __future__ import annotations

from typing import Any

from game.core.cards import SUIT
from game.core.i18n import tr
from game.games.spiderette.rules import SpideretteState
from game.games.spiderette.solver import SOLVER
from game.hints.base import NONE, Hint, turns_up
from game.hints.lookahead import Steps, finish, path_steps
from game.hints.spec import HintSpec
from game.rules.base import DEAL_MOVE, MOVE, Move, Variant
from game.rules.piles import same_suit_run_start
from game.solver.sampling import Place, face_down_places, unseen_places


def hidden_places(s: SpideretteState, seen: frozenset[object]) -> list[Place]:
    """Every face-down card and every stock card the player has not seen."""
    return face_down_places(s, seen) + unseen_places(s, "stock", seen)


def completes(rules: Variant[Any], s: SpideretteState, m: Move) -> bool:
    """The move makes a king-to-ace suit, which leaves the table."""
    return m.kind == MOVE and len(rules.play(s, m).completed) > len(s.completed)


def safe(rules: Variant[Any], s: SpideretteState, m: Move) -> bool:
    """CM-20's safe move in Spiderette: one that completes a suit."""
    return completes(rules, s, m)


def safe_reason() -> str:
    return tr("This completes a suit, which leaves the table.")


def progress(rules: Variant[Any], s: SpideretteState, m: Move) -> int:
    """CM-20's ties: a card turned up, a suit completed, a column emptied, a run joined onto its
    suit; stacking on another suit and a deal make no progress."""
    if m.kind != MOVE:
        return 0
    if turns_up(rules, s, m):
        return 5
    if completes(rules, s, m):
        return 4
    if s.down[m.src.idx] == 0 and m.size == len(s.tableau[m.src.idx]) and s.tableau[m.dst.idx]:
        return 3
    return 1 if _same_suit(s, m) else 0


def _same_suit(s: SpideretteState, m: Move) -> bool:
    target = s.tableau[m.dst.idx]
    return bool(target) and SUIT[target[-1]] == SUIT[s.tableau[m.src.idx][-m.size]]


def _shows_nothing(rules: Variant[Any], s: SpideretteState, m: Move) -> bool:
    """A move of the columns that turns up no card (a line looked along shows nothing hidden)."""
    return m.kind == MOVE and not turns_up(rules, s, m)


def rule_of_thumb(rules: Variant[Any], s: SpideretteState, legal: list[Move]) -> Hint:
    """:func:`thumb_steps` at once."""
    return finish(thumb_steps(rules, s, legal))


def thumb_steps(rules: Variant[Any], s: SpideretteState, legal: list[Move]) -> Steps[Hint]:
    """The order of progress over what the player sees, its look ahead giving the frame back now
    and then."""
    moves = [m for m in legal if m.kind == MOVE]
    for m in moves:
        if completes(rules, s, m):
            return Hint(m, safe_reason())
    up = [m for m in moves if turns_up(rules, s, m)]
    if up:
        best = min(up, key=lambda m: (not _same_suit(s, m), not s.tableau[m.dst.idx]))
        return Hint(best, tr("This turns up a face-down card."))
    empties = [
        m for m in moves if s.down[m.src.idx] == 0 and m.size == len(s.tableau[m.src.idx]) and s.tableau[m.dst.idx]
    ]
    if empties:
        return Hint(min(empties, key=lambda m: not _same_suit(s, m)), tr("This empties a column."))
    for m in moves:
        col = s.tableau[m.src.idx]
        whole_run = len(col) - m.size == same_suit_run_start(col, s.down[m.src.idx])
        if whole_run and _same_suit(s, m):
            target = s.tableau[m.dst.idx]
            if len(target) - same_suit_run_start(target, s.down[m.dst.idx]) > m.size:
                return Hint(m, tr("This joins a run onto a longer run of its suit."))
    ahead = yield from path_steps(
        rules, s, lambda state, m: progress(rules, state, m) >= 3, lambda state, m: _shows_nothing(rules, state, m)
    )
    if ahead is not None:
        return Hint(ahead, tr("This makes room to turn up a card or empty a column a few moves on."))
    if s.stock:
        if all(s.tableau):
            return Hint(DEAL_MOVE, tr("No move makes progress: deal from the stock."))
        fills = [m for m in moves if not s.tableau[m.dst.idx] and m.size < len(s.tableau[m.src.idx])]
        fill = max(fills, key=lambda m: m.size) if fills else None  # the longest run off a column that stays
        return Hint(fill, tr("No move makes progress: fill the empty column, then deal."), NONE)
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
