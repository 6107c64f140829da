"""Piles: their ids by value, and the kinds a game's piles come in, as data.

A pile id is a kind and an index: ``Pile("tableau", 2)`` is the third column. What a kind *is* —
the role it plays (a stock, a foundation, a column of the tableau, a reserve, a place in a tier of
overlapping cards, a place of a grid), how its piles are written in text (``t3``, ``s``,
``p7.1``), how many piles of it a game may have and in what order they are laid and visited — is a
:class:`PileKind`, registered once. The kinds every game shares are registered here; a game with a
kind of its own (a tier of overlapping cards, a grid, a reserve) registers it in its rules module.
Everything that must know what a pile is — text forms, hint wording, the drawing order, which
cards a hint may not see — asks the pile's kind, never its name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from game.core.errors import ParseError


class Role(StrEnum):
    """What a pile does in a game, whatever the game calls it."""

    STOCK = "stock"  # cards not yet in play, turned or dealt from
    WASTE = "waste"  # the cards turned from the stock, the top one playable
    FOUNDATION = "foundation"  # where the cards go home, built by suit
    TABLEAU = "tableau"  # the columns the game is played on
    CELL = "cell"  # a free cell: one card at a time
    RESERVE = "reserve"  # a pile dealt at the start that feeds the tableau, its top card playable
    TIER = "tier"  # a place in rows of overlapping cards (a triangle, peaks): free once nothing covers it
    GRID = "grid"  # a place of a fixed grid
    DISCARD = "discard"  # where cards removed from play lie (pairs taken off)
    NONE = "none"  # no pile: a move's missing second place


class Pile(NamedTuple):
    """A pile id by value. Places of a 2-D kind are flattened, row after row: a tier's row 7, place
    1 is ``Pile(kind, 21)``."""

    kind: str
    idx: int = 0

    def __str__(self) -> str:
        return pile_text(self)


BY_NUMBER, BY_HOUR = "number", "hour"  # how a kind's piles are counted when said


@dataclass(frozen=True)
class PileKind:
    name: str  # the kind of a pile id
    role: Role
    prefix: str  # its text forms: "t" writes t1, t2 ...; a kind of one pile is its prefix alone ("s")
    count: int = 1  # how many piles of this kind a game may have (1: a single pile)
    layer: int = 5  # the order kinds are laid out and visited in, lowest first
    rows: tuple[int, ...] = ()  # a 2-D kind's row lengths: its piles are written row.place ("p7.1")
    counted: str = BY_NUMBER  # said by number ("foundation 3") or, round a clock, by hour ("3 o'clock")
    # the pile's own spoken name where its role's word is not the one its game uses (a pile where
    # aces leave play is a discard pile by its role, but its players call it the aces pile)
    said: Callable[[], str] | None = None

    def text(self, idx: int) -> str:
        """``idx`` as players count: 1-based, row.place for a 2-D kind."""
        if self.count == 1:
            return self.prefix
        if self.rows:
            row, place = self.row_place(idx)
            return f"{self.prefix}{row + 1}.{place + 1}"
        return f"{self.prefix}{idx + 1}"

    def row_place(self, idx: int) -> tuple[int, int]:
        """The 0-based row and place of a 2-D kind's pile ``idx``."""
        for row, length in enumerate(self.rows):
            if idx < length:
                return row, idx
            idx -= length
        raise ValueError(f"{self.name} has no place {idx}")

    def index(self, row: int, place: int) -> int:
        """The flattened index of 0-based ``row`` and ``place`` of a 2-D kind."""
        return sum(self.rows[:row]) + place


_KINDS: dict[str, PileKind] = {}
_BY_PREFIX: dict[str, PileKind] = {}


def register_kind(kind: PileKind) -> PileKind:
    """Make ``kind`` known (its name and its text prefix are each one kind's); returns it."""
    for known in (_KINDS.get(kind.name), _BY_PREFIX.get(kind.prefix)):
        if known is not None and known != kind:
            raise ValueError(f"pile kind {kind.name!r} ({kind.prefix}) clashes with {known.name!r} ({known.prefix})")
    _KINDS[kind.name] = kind
    _BY_PREFIX[kind.prefix] = kind
    return kind


def kind_of(pile: Pile) -> PileKind:
    """The kind of ``pile`` (a kind of a game whose rules were not loaded yet is loaded first)."""
    kind = _KINDS.get(pile.kind)
    if kind is None:
        _load_every_game()
        kind = _KINDS.get(pile.kind)
    if kind is None:
        raise ValueError(f"no pile kind {pile.kind!r}")
    return kind


def role_of(pile: Pile) -> Role:
    return kind_of(pile).role


def layer_of(pile: Pile) -> int:
    return kind_of(pile).layer


TABLEAU = register_kind(PileKind("tableau", Role.TABLEAU, "t", count=13, layer=5)).name
FOUNDATION = register_kind(PileKind("foundation", Role.FOUNDATION, "f", count=8, layer=2)).name
STOCK = register_kind(PileKind("stock", Role.STOCK, "s", layer=0)).name
WASTE = register_kind(PileKind("waste", Role.WASTE, "w", layer=1)).name
CELL = register_kind(PileKind("cell", Role.CELL, "c", count=8, layer=3)).name
DISCARD = register_kind(PileKind("discard", Role.DISCARD, "d", layer=4)).name
NONE = register_kind(PileKind("none", Role.NONE, "-", layer=9)).name

STOCK_PILE = Pile(STOCK)
WASTE_PILE = Pile(WASTE)
DISCARD_PILE = Pile(DISCARD)
NO_PILE = Pile(NONE)
TABLEAUS = tuple(Pile(TABLEAU, i) for i in range(13))
FOUNDATIONS = tuple(Pile(FOUNDATION, i) for i in range(8))
CELLS = tuple(Pile(CELL, i) for i in range(8))


def pile_text(p: Pile) -> str:
    """``t3`` (third column), ``f1``, ``c2``, ``s``, ``w``, ``d``, ``p7.1`` (row 7, first card),
    ``g2.13`` (row 2, place 13). Numbers are 1-based, as players count."""
    return kind_of(p).text(p.idx)


def parse_pile(text: str) -> Pile:
    """The pile ``text`` names (any case); ParseError if it names none."""
    t = text.strip().lower()
    for attempt in range(2):
        pile = _read(t)
        if pile is not None:
            return pile
        if attempt == 0:
            _load_every_game()  # a kind of a game not loaded yet
    raise ParseError(f"{text!r} is not a pile (e.g. t3, f1, c2, s, w, p7.1, g2.13)")


def _read(t: str) -> Pile | None:
    single = _BY_PREFIX.get(t)
    if single is not None and single.count == 1:
        return Pile(single.name)
    kind = _BY_PREFIX.get(t[:1])
    if kind is None or kind.count == 1:
        return None
    rest = t[1:]
    if kind.rows:
        row_text, dot, place_text = rest.partition(".")
        if not (dot and _whole(row_text) and _whole(place_text)):
            return None
        row, place = int(row_text) - 1, int(place_text) - 1
        if row < len(kind.rows) and place < kind.rows[row]:
            return Pile(kind.name, kind.index(row, place))
        return None
    if _whole(rest) and int(rest) <= kind.count:
        return Pile(kind.name, int(rest) - 1)
    return None


def _whole(text: str) -> bool:
    """A number players write: ASCII digits, 1 or more, short."""
    return text.isascii() and text.isdigit() and len(text) <= 4 and int(text) >= 1


_LOADERS: list[Callable[[], object]] = []  # what loads every game's rules (the registry, once imported)


def when_a_kind_is_unknown(load: Callable[[], object]) -> None:
    """``load`` is called when a pile's kind is of a game whose rules were not loaded yet: the
    registry hands itself in here, so that this module, which the registry's modules import, never
    imports the registry (no cycle, not even through importlib)."""
    _LOADERS.append(load)


def _load_every_game() -> None:
    """Load every game's rules (each registers its own kinds). Rules are found, not listed."""
    for load in _LOADERS:
        load()
