"""Suits built down a column that leave the table: a complete king-to-ace run of one suit, face up
at a column's end, is taken off to a completed-suit slot, and the card it uncovers turns face up.

Shared by every game whose goal is such runs rather than foundations built up by the player.
"""

from __future__ import annotations

from game.core.cards import RANK, SUIT, SUIT_LETTERS
from game.core.i18n import tr
from game.rules.base import Event, Flipped, Move, PileContents, SuitCompleted
from game.rules.pile import FOUNDATIONS, STOCK_PILE, TABLEAU, TABLEAUS, Pile
from game.rules.piles import Column, replace_at, replace_int, same_suit_run_start
from game.rules.reasons import column_source_reason, not_on

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


# -- the rules' other faces, shared by the games whose suits leave the table ------------------------


def run_piles(
    stock: Column, completed: tuple[int, ...], tableau: tuple[Column, ...], down: tuple[int, ...], slots: int
) -> PileContents:
    """The stock, the ``slots`` places of the suits that left (a completed suit shows its king on
    top) and the columns."""
    out: PileContents = {STOCK_PILE: (stock, len(stock))}
    for i in range(slots):
        suit = completed[i] if i < len(completed) else -1
        run = tuple(range(suit * SUIT_LENGTH, (suit + 1) * SUIT_LENGTH)) if suit >= 0 else ()
        out[FOUNDATIONS[i]] = (run, 0)
    for i, col in enumerate(tableau):
        out[TABLEAUS[i]] = (col, down[i])
    return out


def completed_line(completed: tuple[int, ...]) -> str:
    """The text form's line of the suits that left, in the order they left."""
    return f"completed: {' '.join(SUIT_LETTERS[x] for x in completed)}".rstrip()


def suit_run_move_reason(tableau: tuple[Column, ...], down: tuple[int, ...], m: Move) -> str:
    """Why a move from column to column is refused in a game where any card goes on a card one rank
    higher and only a run of one suit moves together."""
    if m.src == m.dst:
        return tr("The cards are already there.")
    col, hidden = tableau[m.src.idx], down[m.src.idx]
    run_rule = tr("Only a run of one suit, in sequence, moves together.")
    reason = column_source_reason(col, hidden, m.size, same_suit_run_start(col, hidden), run_rule)
    if reason:
        return reason
    target = tableau[m.dst.idx]
    if target and RANK[target[-1]] != RANK[col[-m.size]] + 1:
        return not_on(col[-m.size], target[-1], tr("A card goes on a card exactly one rank higher."))
    return tr("That move is not allowed here.")


def suit_run_lift_reason(tableau: tuple[Column, ...], down: tuple[int, ...], pile: Pile, index: int) -> str | None:
    """Why cards cannot be picked up from a place other than the stock, in a game where only a run
    of one suit moves together; None when they can."""
    if pile.kind != TABLEAU:
        return tr("Completed suits stay where they are.")
    col, hidden = tableau[pile.idx], down[pile.idx]
    if index < hidden:
        return tr("Face-down cards cannot move.")
    if index < same_suit_run_start(col, hidden):
        return tr("Only a run of one suit moves together: these cards are mixed.")
    return None
