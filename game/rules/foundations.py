"""Foundations that build up by suit from a base rank, turning the corner from K to A: from the
ace (the default, ``base=1``), or from the rank of a card dealt to
a foundation at the start (``base=`` that rank).

A foundation is stored as its top card (NO_CARD when empty): the cards under it are implied.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.core.cards import CLUBS, DIAMONDS, HEARTS, NO_CARD, RANK, RED, SPADES, SUIT, Card
from game.core.errors import ParseError
from game.rules.base import MOVE, Move
from game.rules.pile import FOUNDATIONS, TABLEAUS, Pile
from game.rules.text import TextReader, cards_field

Column = tuple[Card, ...]


def next_rank(rank: int) -> int:
    """The rank after ``rank`` on a foundation: K is followed by A (it turns the corner)."""
    return rank % 13 + 1


def goes_home(c: Card, top: Card, base: int = 1) -> bool:
    """``c`` is the next card of a foundation whose top card is ``top`` (NO_CARD if empty): the
    base rank on an empty one, else the same suit one rank higher, K to A included; a foundation
    of 13 cards takes no more (with two decks, a suit's second base card starts a foundation of its
    own)."""
    if top == NO_CARD:
        return RANK[c] == base
    return SUIT[c] == SUIT[top] and RANK[c] == next_rank(RANK[top]) != base


def foundation_moves(moves: list[Move], src: Pile, c: Card, foundations: Sequence[Card], base: int = 1) -> None:
    """Append a move of ``c`` to each foundation slot that takes it (a base card: every empty slot)."""
    for f, top in enumerate(foundations):
        if goes_home(c, top, base):
            moves.append(Move(MOVE, src, FOUNDATIONS[f]))


def foundation_slot_for(c: Card, foundations: Sequence[Card], base: int = 1) -> int:
    """The foundation slot ``c`` can go to (the first empty one for a base card), or -1."""
    for f, top in enumerate(foundations):
        if goes_home(c, top, base):
            return f
    return -1


def home_counts(foundations: Sequence[Card], base: int = 1) -> list[int]:
    """How many cards each suit has home (indexed by suit)."""
    counts = [0, 0, 0, 0]
    for top in foundations:
        if top != NO_CARD:
            counts[SUIT[top]] = (RANK[top] - base) % 13 + 1
    return counts


def safe_home(c: Card, foundations: Sequence[Card], base: int = 1, returns: bool = False) -> bool:
    """CM-20's rank rule: ``c`` can go home now and no card left on the table could ever need it.
    The base card and the one after it always (an ace or a two); any other once both suits of the
    other colour are home up to one rank below it (counted from the base), so nothing could go on
    it; and where cards may come back down from the foundations (``returns``), the other suit of
    its own colour up to two below too, so none of those comes back wanting it."""
    home = home_counts(foundations, base)
    height = (RANK[c] - base) % 13
    if home[SUIT[c]] != height:
        return False
    if height <= 1:
        return True
    first, second = (SPADES, CLUBS) if RED[c] else (HEARTS, DIAMONDS)  # the other colour's suits
    twin = 3 - SUIT[c]  # the other suit of its own colour (spades and clubs, hearts and diamonds)
    return min(home[first], home[second]) >= height and (not returns or home[twin] >= height - 1)


def foundation_cards(top: Card, base: int = 1) -> list[Card]:
    """The whole pile under (and including) ``top``: the base card up to it, same suit."""
    if top == NO_CARD:
        return []
    first = top - RANK[top] + 1  # the suit's ace
    ranks = [(base - 1 + k) % 13 for k in range((RANK[top] - base) % 13 + 1)]
    return [first + r for r in ranks]


def all_home(foundations: Sequence[Card], base: int = 1) -> bool:
    """Every foundation holds its 13 cards (its top is the rank before the base)."""
    return all(top != NO_CARD and next_rank(RANK[top]) == base for top in foundations)


def next_foundation_move(
    candidates: Iterable[tuple[Pile, Card]], foundations: Sequence[Card], base: int = 1
) -> Move | None:
    """Of the exposed ``(pile, card)`` candidates, the lowest-ranked card (counted from the base)
    that can go home now (auto-collect sends it first), as a move; None if none can."""
    best: tuple[int, Pile, int] | None = None
    for pile, c in candidates:
        slot = foundation_slot_for(c, foundations, base)
        height = (RANK[c] - base) % 13  # how far up its foundation the card lies
        if slot >= 0 and (best is None or height < best[0]):
            best = (height, pile, slot)
    if best is None:
        return None
    return Move(MOVE, best[1], FOUNDATIONS[best[2]])


def column_tops(tableau: Sequence[Column]) -> list[tuple[Pile, Card]]:
    return [(TABLEAUS[i], col[-1]) for i, col in enumerate(tableau) if col]


def foundation_lines(foundations: Sequence[Card], base: int = 1) -> list[str]:
    return [
        f"foundation{i + 1}: {cards_field(foundation_cards(top, base))}".rstrip() for i, top in enumerate(foundations)
    ]


def read_foundations(r: TextReader, count: int = 4, base: int = 1) -> tuple[Card, ...]:
    """Read ``foundation1..count``, each the base rank and up by suit; return their top cards."""
    tops = []
    for i in range(count):
        cards = r.face_up(f"foundation{i + 1}")
        for k, c in enumerate(cards):
            if not goes_home(c, cards[k - 1] if k else NO_CARD, base):
                raise ParseError(f"foundation{i + 1} must build up by suit from its base (e.g. AS 2S 3S)")
        tops.append(cards[-1] if cards else NO_CARD)
    return tuple(tops)


def face_up_cards(
    tableau: Sequence[Column], down: Sequence[int], foundations: Sequence[Card], base: int = 1
) -> list[Card]:
    """Every card face up on the columns and the foundations."""
    up: list[Card] = []
    for top in foundations:
        up += foundation_cards(top, base)
    for col, d in zip(tableau, down, strict=True):
        up += col[d:]
    return up


def columns_and_foundations(
    tableau: Sequence[Column], down: Sequence[int], foundations: Sequence[Card], base: int = 1
) -> dict[Pile, tuple[tuple[Card, ...], int]]:
    """The piles of a table of columns and suit foundations (for ``Variant.piles``)."""
    out: dict[Pile, tuple[tuple[Card, ...], int]] = {}
    for i, top in enumerate(foundations):
        out[FOUNDATIONS[i]] = (tuple(foundation_cards(top, base)), 0)
    for i, col in enumerate(tableau):
        out[TABLEAUS[i]] = (tuple(col), down[i])
    return out
