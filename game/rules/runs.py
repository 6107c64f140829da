"""Suits built down a column that leave the table: a complete king-to-ace run of one suit, face up
at a column's end, is taken off to a completed-suit slot, and the card it uncovers turns face up.

Shared by every game whose goal is such runs rather than foundations built up by the player.
"""

from __future__ import annotations

from game.core.cards import RANK, SUIT
from game.rules.base import Event, Flipped, SuitCompleted
from game.rules.pile import TABLEAUS
from game.rules.piles import Column, replace_at, replace_int, same_suit_run_start

SUIT_LENGTH = 13  # king to ace


def ends_complete(column: Column, down: int) -> bool:
    """True when the column ends with a face-up king-to-ace run of one suit."""
    n = len(column)
    return n - down >= SUIT_LENGTH and RANK[column[-1]] == 1 and same_suit_run_start(column, down) <= n - SUIT_LENGTH


def take_complete(
    tableau: tuple[Column, ...], down: tuple[int, ...], completed: tuple[int, ...], j: int, events: list[Event] | None
) -> tuple[tuple[Column, ...], tuple[int, ...], tuple[int, ...]]:
    """Column ``j`` after cards came onto it: a complete run at its end leaves for the next
    completed-suit slot (its suit appended to ``completed``) and the card under it turns face up.
    Unchanged when the column does not end with a complete run."""
    col = tableau[j]
    if not ends_complete(col, down[j]):
        return tableau, down, completed
    run = col[-SUIT_LENGTH:]
    rest = col[:-SUIT_LENGTH]
    tableau = replace_at(tableau, j, rest)
    if events is not None:
        events.append(SuitCompleted(TABLEAUS[j], len(completed), run))
    completed = completed + (SUIT[run[0]],)
    if rest and down[j] >= len(rest):
        down = replace_int(down, j, len(rest) - 1)
        if events is not None:
            events.append(Flipped(TABLEAUS[j], len(rest) - 1, rest[-1], True))
    return tableau, down, completed
