"""Hints that never peek, from search: the cards the player has never seen are dealt at random —
several times, each arrangement agreeing with everything the player knows — and each arrangement
is searched within a small budget (how the moves are then weighed: ``game/hints/weigh.py``).

The arrangements are drawn from a generator seeded by what the player can see (and by the set of
unseen cards, which follows from it), never by where the hidden cards really are; each search is
bounded by positions, never by time. So the same visible position always gets the same hint,
however the hidden cards really lie and however the work is sliced.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

from game.core.rng import Rng, stable_hash
from game.rules.base import DEAL, DRAW, RECYCLE, REDEAL, Move

Place = tuple[str, int, int]  # (a field of the state, a column of it or FLAT, the card's index there)
FLAT = -1  # a field that is one sequence of cards (a stock, a reserve), not columns
TURNS = frozenset({DRAW, RECYCLE})  # moves that only turn the stock: they change nothing else
TRIVIAL = TURNS | {DEAL, REDEAL}  # moves that are not a hint worth taking while another is common


def arrangements(state: Any, hidden: list[Place], count: int) -> list[Any]:
    """``count`` states that look exactly like ``state`` to the player: the cards at the ``hidden``
    places shuffled among those places. ``state`` is a frozen dataclass; a place names one of its
    fields — columns of cards (``tableau``) or one sequence (``stock``, a ``reserve``) — so any
    game's hidden cards, wherever its rules keep them, are dealt again the same way."""
    unknown = sorted(card_at(state, place) for place in hidden)
    seen_state = _placed(state, hidden, [-1] * len(hidden))  # what the player sees: hidden cards masked
    rng = Rng(stable_hash(repr((seen_state, unknown))))
    out = []
    for _ in range(count):
        cards = list(unknown)
        rng.shuffle(cards)
        out.append(_placed(state, hidden, cards))
    return out


def conform(worlds: list[Any], real: Any, hidden: list[Place]) -> list[tuple[Any, bool]]:
    """Worlds brought into line with what the player sees now. Each world had the last move played
    in it (so it is shaped as ``real``, the position the player sees, whose ``hidden`` places hold
    the cards not seen). Every card the player sees is taken from ``real``; the hidden places keep
    the world's cards, except that a card the move showed, which the world held hidden elsewhere,
    takes the place of the card the world showed instead (swapping two hidden cards keeps the worlds
    as likely as before). Each world, and whether it had to change."""
    unknown = Counter(card_at(real, place) for place in hidden)  # what is hidden follows from what is seen
    return [_conformed(world, real, hidden, unknown) for world in worlds]


def _conformed(world: Any, real: Any, hidden: list[Place], unknown: Counter[int]) -> tuple[Any, bool]:
    cards = [card_at(world, place) for place in hidden]
    shown = Counter(cards) - unknown  # cards the world hides that the player has seen now
    if not shown:
        return _placed(real, hidden, cards), False
    still = sorted((unknown - Counter(cards)).elements())  # cards the world showed that are still hidden
    for k, card in enumerate(cards):
        if shown[card]:
            shown[card] -= 1
            cards[k] = still.pop(0)
    return _placed(real, hidden, cards), True


def card_at(state: Any, place: Place) -> int:
    field, column, index = place
    value = getattr(state, field)
    return int(value[index] if column == FLAT else value[column][index])


def _placed(state: Any, hidden: list[Place], cards: list[int]) -> Any:
    """``state`` with ``cards`` put at the ``hidden`` places, in order."""
    changed: dict[str, list[Any]] = {}
    for (field, column, index), card in zip(hidden, cards, strict=True):
        if field not in changed:
            value = getattr(state, field)
            changed[field] = list(value) if column == FLAT else [list(col) for col in value]
        if column == FLAT:
            changed[field][index] = card
        else:
            changed[field][column][index] = card
    fields = {
        name: tuple(value) if not value or not isinstance(value[0], list) else tuple(tuple(col) for col in value)
        for name, value in changed.items()
    }
    return dataclasses.replace(state, **fields)


def face_down_places(state: Any, seen: frozenset[object] = frozenset()) -> list[Place]:
    """Every face-down card in the columns (``tableau`` and its ``down`` counts) not seen."""
    return [
        ("tableau", i, k)
        for i, (col, down) in enumerate(zip(state.tableau, state.down, strict=True))
        for k in range(down)
        if col[k] not in seen
    ]


def unseen_places(state: Any, field: str, seen: frozenset[object] = frozenset()) -> list[Place]:
    """Every card of a sequence field (a stock, a reserve) not seen."""
    return [(field, FLAT, k) for k, card in enumerate(getattr(state, field)) if card not in seen]


def lead(line: list[Move], legal: list[Move], within: int = 40) -> Move:
    """The move a winning line votes for: the first non-trivial move of the line (within its first
    ``within``) that is legal now and touches no pile the moves before it touch. Those earlier
    moves and it then commute: it can be played first and the line still wins (a deal or a redeal
    touches every column, so the search stops there). So a line that
    begins by turning the stock, or by building elsewhere, still votes for the useful move it makes
    soon after. When there is none, the line's first move."""
    touched: set[object] = set()
    for m in line[:within]:
        if m.kind in (DEAL, REDEAL):
            break  # it changes every column: nothing after it can come before it
        if m.kind not in TRIVIAL and m in legal and m.src not in touched and m.dst not in touched:
            return m
        touched.update((m.src, m.dst))
    return line[0]
