"""Random numbers the project owns, so that a deal number means the same layout forever.

``Rng`` is SplitMix64 (Steele, Lea and Flood, 2014): 64-bit state, a fixed increment and a
mixing function. It is tiny, fast enough, passes BigCrush, and — unlike :mod:`random` — its output
is defined here, not by a Python version. Bounded integers use rejection sampling, so shuffles are
unbiased.

``microsoft_deck`` is the classic Microsoft C runtime generator behind Microsoft's numbered
deals (SPEC FC-6).
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

from game.core.cards import Card, card

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def stable_hash(text: str) -> int:
    """FNV-1a, 64 bits, of the UTF-8 bytes: a string hash that never changes between runs."""
    h = 0xCBF29CE484222325
    for byte in text.encode("utf-8"):
        h = ((h ^ byte) * 0x100000001B3) & _MASK64
    return h


class Rng:
    """SplitMix64. ``Rng(seed)`` with any int seed (taken modulo 2**64)."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK64

    @classmethod
    def for_stream(cls, name: str, number: int) -> Rng:
        """A generator for the named stream (e.g. ``"v1:NAME"``) and number, independent of
        every other name and number."""
        return cls(stable_hash(name) ^ (number * _GOLDEN))

    def next64(self) -> int:
        self._state = (self._state + _GOLDEN) & _MASK64
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform int in ``range(n)``, n >= 1."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - (1 << 64) % n
        while True:
            r = self.next64()
            if r < limit:
                return r % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


_MS_SUITS = (3, 2, 1, 0)  # clubs, diamonds, hearts, spades in this project's suit numbers
_MICROSOFT_ORDER = tuple(card(i // 4 + 1, _MS_SUITS[i % 4]) for i in range(52))  # A♣ A♦ A♥ A♠ 2♣ ...


def microsoft_deck(number: int) -> list[Card]:
    """The 52 cards of Microsoft's numbered deal ``number`` (1 to 2**31 - 1), in dealing order:
    card ``i`` goes to column ``i % 8`` (SPEC FC-6).

    The generator is the Microsoft C runtime's ``rand()``: state = state * 214013 + 2531011
    (mod 2**31), output (state >> 16) & 0x7FFF. Its deck is ordered A♣ A♦ A♥ A♠ 2♣ ...; each step
    takes the card at ``rand() % cards_left`` and moves the last card into its place.
    """
    if not 1 <= number <= 2**31 - 1:
        raise ValueError(f"Microsoft deal numbers run from 1 to {2**31 - 1}, not {number}")
    deck = list(_MICROSOFT_ORDER)
    state = number
    out: list[Card] = []
    left = 52
    for _ in range(52):
        state = (state * 214013 + 2531011) & 0x7FFFFFFF
        j = ((state >> 16) & 0x7FFF) % left
        out.append(deck[j])
        left -= 1
        deck[j] = deck[left]
    return out
