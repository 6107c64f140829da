"""Helpers on piles of cards that several variants share."""

from __future__ import annotations

from collections.abc import Sequence

from game.core.cards import RANK, RED, SUIT, Card
from game.core.dealid import DealId
from game.core.rng import Rng

Column = tuple[Card, ...]


def shuffled_deck(deal_id: DealId, cards: Sequence[Card] = tuple(range(52))) -> list[Card]:
    """The cards in the order this deal gives them: the project's own RNG, seeded by the variant,
    the generator version and the deal number (not the options, so deal 7 of a game has the same
    layout whether it is played drawing one card or three)."""
    deck = list(cards)
    Rng.for_stream(f"v{deal_id.version}:{deal_id.variant}", deal_id.number).shuffle(deck)
    return deck


def alternate_run_start(column: Column, down: int) -> int:
    """Index of the first card of the longest alternate-colour descending run at the end of the
    column (never below ``down``). Equal to ``len(column)`` for an empty column."""
    n = len(column)
    if n <= down:
        return n
    i = n - 1
    while i > down:
        below, above = column[i - 1], column[i]
        if RANK[below] != RANK[above] + 1 or RED[below] == RED[above]:
            break
        i -= 1
    return i


def same_suit_run_start(column: Column, down: int) -> int:
    """Index of the first card of the longest same-suit descending run at the end of the column."""
    n = len(column)
    if n <= down:
        return n
    i = n - 1
    while i > down:
        below, above = column[i - 1], column[i]
        if below != above + 1 or SUIT[below] != SUIT[above]:
            break
        i -= 1
    return i


def columns_sorted(columns: Sequence[Column], base: int = 1) -> bool:
    """True when no column has a card on top of a lower one, ranks counted up from the foundations'
    ``base`` (from the ace, or round the corner from another rank). With no hidden cards left this
    makes the rest of a foundation game certain: the lowest card not yet home is always exposed."""
    for col in columns:
        for i in range(1, len(col)):
            if (RANK[col[i]] - base) % 13 > (RANK[col[i - 1]] - base) % 13:
                return False
    return True


def replace_at(items: tuple[Column, ...], index: int, value: Column) -> tuple[Column, ...]:
    return items[:index] + (value,) + items[index + 1 :]


def replace_int(items: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return items[:index] + (value,) + items[index + 1 :]


def take_from_column(
    tableau: tuple[Column, ...], down: tuple[int, ...], col: int, count: int
) -> tuple[tuple[Column, ...], tuple[int, ...], Column, bool]:
    """Remove the last ``count`` cards of column ``col``, turning up the card they uncover if it
    is face down (KL-4, SP-5, YU-4). Returns the new tableau, the new face-down counts, the cards
    taken and whether a card was turned up."""
    column = tableau[col]
    rest = column[:-count]
    taken = column[-count:]
    flipped = bool(rest) and down[col] >= len(rest)
    tableau = replace_at(tableau, col, rest)
    if flipped:
        down = replace_int(down, col, len(rest) - 1)
    return tableau, down, taken, flipped
