"""Cards as small ints, and their text form.

A card is an ``int`` from 0 to 51: ``suit * 13 + rank - 1``. Suits are numbered in the order of
their letters ``S H D C`` (spades, hearts, diamonds, clubs); ranks run from 1 (ace) to 13 (king).
With this encoding ``card - 1`` is the same suit one rank lower whenever the rank is above 1, which
keeps the foundation and run checks of every variant to a single comparison.

Text form: rank letter from ``A23456789TJQK`` then suit letter from ``SHDC`` (``TD`` is the ten of
diamonds). ``10D`` is accepted on input too.
"""

from __future__ import annotations

from game.core.errors import ParseError
from game.core.quoting import quoted

Card = int

SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
SUIT_LETTERS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
RANK_LETTERS = "A23456789TJQK"

NO_CARD = -1

# Lookup tables: indexing a tuple is faster than arithmetic in the solvers' hot loops.
RANK: tuple[int, ...] = tuple(c % 13 + 1 for c in range(52))
SUIT: tuple[int, ...] = tuple(c // 13 for c in range(52))
RED: tuple[bool, ...] = tuple(c // 13 in (HEARTS, DIAMONDS) for c in range(52))


def card(rank: int, suit: int) -> Card:
    """The card of this rank (1-13) and suit (0-3)."""
    if not 1 <= rank <= 13 or not 0 <= suit <= 3:
        raise ValueError(f"no card has rank {rank} and suit {suit}")
    return suit * 13 + rank - 1


def rank_of(c: Card) -> int:
    return c % 13 + 1


def suit_of(c: Card) -> int:
    return c // 13


def is_red(c: Card) -> bool:
    return RED[c]


def card_text(c: Card) -> str:
    """``TD`` for the ten of diamonds."""
    return RANK_LETTERS[c % 13] + SUIT_LETTERS[c // 13]


def card_symbol_text(c: Card) -> str:
    """``10♦`` — the form shown to players."""
    rank = c % 13 + 1
    rank_text = "10" if rank == 10 else RANK_LETTERS[rank - 1]
    return rank_text + SUIT_SYMBOLS[c // 13]


def parse_card(text: str) -> Card:
    """Read ``TD``, ``10d``, ``as``... Raises :class:`ParseError` for anything else."""
    t = text.strip().upper()
    if len(t) == 3 and t.startswith("10"):
        t = "T" + t[2]
    if len(t) != 2 or t[0] not in RANK_LETTERS or t[1] not in SUIT_LETTERS:
        raise ParseError(f"{quoted(text)} is not a card (expected a rank A23456789TJQK and a suit SHDC, e.g. TD)")
    return SUIT_LETTERS.index(t[1]) * 13 + RANK_LETTERS.index(t[0])


def can_stack_alternate(moving: Card, target: Card) -> bool:
    """True when ``moving`` may go on ``target`` in an alternate-colour descending build."""
    return RANK[target] == RANK[moving] + 1 and RED[target] != RED[moving]
