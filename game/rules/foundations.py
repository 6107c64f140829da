"""Foundations that build up by suit from the ace (Klondike, FreeCell, Yukon).

A foundation is stored as its top card (NO_CARD when empty): the cards under it are implied.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.core.cards import NO_CARD, RANK, Card, goes_on_foundation
from game.core.errors import ParseError
from game.rules.base import FOUNDATIONS, MOVE, TABLEAUS, Move, Pile
from game.rules.text import TextReader, cards_field

Column = tuple[Card, ...]


def foundation_moves(moves: list[Move], src: Pile, c: Card, foundations: Sequence[Card]) -> None:
    """Append a move of ``c`` to each foundation slot that takes it (an ace: every empty slot)."""
    for f, top in enumerate(foundations):
        if goes_on_foundation(c, top):
            moves.append(Move(MOVE, src, FOUNDATIONS[f]))


def foundation_slot_for(c: Card, foundations: Sequence[Card]) -> int:
    """The foundation slot ``c`` can go to (the first empty one for an ace), or -1."""
    for f, top in enumerate(foundations):
        if goes_on_foundation(c, top):
            return f
    return -1


def foundation_cards(top: Card) -> list[Card]:
    """The whole pile under (and including) ``top``: the ace up to it, same suit."""
    if top == NO_CARD:
        return []
    return list(range(top - RANK[top] + 1, top + 1))


def all_home(foundations: Sequence[Card]) -> bool:
    return all(top != NO_CARD and RANK[top] == 13 for top in foundations)


def next_foundation_move(candidates: Iterable[tuple[Pile, Card]], foundations: Sequence[Card]) -> Move | None:
    """Of the exposed ``(pile, card)`` candidates, the lowest-ranked card that can go home now
    (auto-collect sends it first), as a move; None if none can."""
    best: tuple[int, Pile, int] | None = None
    for pile, c in candidates:
        slot = foundation_slot_for(c, foundations)
        if slot >= 0 and (best is None or RANK[c] < best[0]):
            best = (RANK[c], pile, slot)
    if best is None:
        return None
    return Move(MOVE, best[1], FOUNDATIONS[best[2]])


def column_tops(tableau: Sequence[Column]) -> list[tuple[Pile, Card]]:
    return [(TABLEAUS[i], col[-1]) for i, col in enumerate(tableau) if col]


def foundation_lines(foundations: Sequence[Card]) -> list[str]:
    return [f"foundation{i + 1}: {cards_field(foundation_cards(top))}".rstrip() for i, top in enumerate(foundations)]


def read_foundations(r: TextReader, count: int = 4) -> tuple[Card, ...]:
    """Read ``foundation1..count``, each A, 2, 3... of one suit; return their top cards."""
    tops = []
    for i in range(count):
        cards = r.face_up(f"foundation{i + 1}")
        for k, c in enumerate(cards):
            if RANK[c] != k + 1 or (k and c != cards[k - 1] + 1):
                raise ParseError(f"foundation{i + 1} must build up by suit from the ace (e.g. AS 2S 3S)")
        tops.append(cards[-1] if cards else NO_CARD)
    return tuple(tops)


def face_up_cards(tableau: Sequence[Column], down: Sequence[int], foundations: Sequence[Card]) -> list[Card]:
    """Every card face up on the columns and the foundations."""
    up: list[Card] = []
    for top in foundations:
        up += foundation_cards(top)
    for col, d in zip(tableau, down, strict=True):
        up += col[d:]
    return up


def columns_and_foundations(
    tableau: Sequence[Column], down: Sequence[int], foundations: Sequence[Card]
) -> dict[Pile, tuple[tuple[Card, ...], int]]:
    """The piles of a table of columns and suit foundations (for ``Variant.piles``)."""
    out: dict[Pile, tuple[tuple[Card, ...], int]] = {}
    for i, top in enumerate(foundations):
        out[FOUNDATIONS[i]] = (tuple(foundation_cards(top)), 0)
    for i, col in enumerate(tableau):
        out[TABLEAUS[i]] = (tuple(col), down[i])
    return out
