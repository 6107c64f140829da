"""The text form of positions, shared by every variant.

A position is one ``key: value`` line per item, one pile per line, cards from the bottom of the
pile (the first dealt, most covered) to its top (the exposed card). A face-down card is marked
with ``#`` (``#7C``); ``--`` is a gap or an empty slot where a pile has fixed places::

    variant: NAME
    options: draw=1 redeals=unlimited
    score: 0
    recycles: 0
    stock: #7C #2H ...
    waste:
    foundation1: AS 2S
    tableau1: KD
    tableau2: #5C 8H
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from game.core.cards import NO_CARD, Card, card_text, parse_card
from game.core.errors import ParseError
from game.core.variants import VariantSpec

DOWN_MARK = "#"
GAP = "--"


def cards_field(cards: Sequence[Card], down: int = 0) -> str:
    """``#AS #2C KD`` for three cards of which the first two are face down; ``--`` for NO_CARD."""
    out = []
    for i, c in enumerate(cards):
        if c == NO_CARD:
            out.append(GAP)
        else:
            out.append((DOWN_MARK if i < down else "") + card_text(c))
    return " ".join(out)


def header(spec: VariantSpec, options: Iterable[tuple[str, str]]) -> list[str]:
    opts = " ".join(f"{k}={v}" for k, v in spec.written(options))
    return [f"variant: {spec.name}", f"options: {opts}".rstrip()]


class TextReader:
    """Reads the ``key: value`` lines of a position and hands out typed fields, with messages that
    name the line at fault. Call :meth:`finish` last: it rejects lines nobody asked for."""

    def __init__(self, text: str, spec: VariantSpec) -> None:
        if not isinstance(text, str):
            raise ParseError("a position is text")
        self.spec = spec
        self.fields: dict[str, str] = {}
        for n, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith(";"):
                continue
            key, sep, value = line.partition(":")
            key = key.strip().lower()
            if not sep or not key:
                raise ParseError(f"line {n} ({raw!r}) is not 'name: value'")
            if key in self.fields:
                raise ParseError(f"line {n}: {key!r} appears twice")
            self.fields[key] = value.strip()
        self.fields.pop("deal", None)  # the deal command prints the deal ID first; it is informative
        name = self.fields.pop("variant", None)
        if name is None:
            raise ParseError("the position has no 'variant:' line")
        if name.strip().lower() != spec.name:
            raise ParseError(f"this is a {name.strip()} position, not {spec.name}")
        given: dict[str, str] = {}
        for item in self.fields.pop("options", "").split():
            k, sep, v = item.partition("=")
            if not sep:
                raise ParseError(f"option {item!r} is not key=value")
            given[k] = v
        self.options = dict(spec.normalise_options(given))

    def raw(self, key: str) -> str:
        if key not in self.fields:
            raise ParseError(f"the position has no '{key}:' line")
        return self.fields.pop(key)

    def integer(self, key: str, low: int, high: int) -> int:
        text = self.raw(key)
        try:
            value = int(text)
        except ValueError:
            raise ParseError(f"'{key}: {text}' is not a whole number") from None
        if not low <= value <= high:
            raise ParseError(f"'{key}: {value}' must be between {low} and {high}")
        return value

    def cards(
        self, key: str, *, allow_down: bool = False, all_down: bool = False, gaps: bool = False
    ) -> tuple[list[Card], int]:
        """The cards of one pile and how many of them (a leading run) are face down."""
        cards: list[Card] = []
        down = 0
        for token in self.raw(key).split():
            if token == GAP:
                if not gaps:
                    raise ParseError(f"'{key}' cannot have a gap (--)")
                cards.append(NO_CARD)
                continue
            is_down = token.startswith(DOWN_MARK)
            c = parse_card(token[1:] if is_down else token)
            if is_down:
                if not (allow_down or all_down):
                    raise ParseError(f"'{key}' cannot hold a face-down card ({token})")
                if down != len(cards):
                    raise ParseError(f"'{key}': face-down cards must come before the face-up ones ({token})")
                down += 1
            elif all_down:
                raise ParseError(f"'{key}' holds only face-down cards: write {DOWN_MARK}{token}")
            cards.append(c)
        return cards, down

    def face_up(self, key: str) -> list[Card]:
        return self.cards(key)[0]

    def finish(self) -> None:
        if self.fields:
            raise ParseError(f"unexpected line(s) in a {self.spec.name} position: {', '.join(sorted(self.fields))}")


def check_cards(found: Iterable[Card], expected: Counter[Card]) -> None:
    """Raise :class:`ParseError` naming duplicate and missing cards unless ``found`` holds each card
    exactly as many times as ``expected`` says."""
    have = Counter(c for c in found if c != NO_CARD)
    extra = have - expected
    missing = expected - have
    problems = []
    if extra:
        problems.append("too many " + ", ".join(sorted(card_text(c) for c in extra.elements())))
        problems.append("")
    if missing:
        problems.append("missing " + ", ".join(sorted(card_text(c) for c in missing.elements())))
    if extra or missing:
        raise ParseError("the cards do not add up: " + "; ".join(p for p in problems if p))


def tableau_lines(tableau: Sequence[Sequence[Card]], down: Sequence[int] | None = None) -> list[str]:
    """``tableau1: #5C 8H`` ... one line per column."""
    return [f"tableau{i + 1}: {cards_field(col, down[i] if down else 0)}".rstrip() for i, col in enumerate(tableau)]


def read_tableau(
    r: TextReader, count: int, *, face_down: bool = False
) -> tuple[tuple[tuple[Card, ...], ...], tuple[int, ...]]:
    """Read ``tableau1..count``. Where columns may hold face-down cards, a column's last card must
    be face up (a face-down card turns up as soon as it is uncovered)."""
    columns = [r.cards(f"tableau{i + 1}", allow_down=face_down) for i in range(count)]
    for i, (col, d) in enumerate(columns):
        if col and d == len(col):
            raise ParseError(f"tableau{i + 1}: the last card of a column is face up")
    return tuple(tuple(col) for col, _ in columns), tuple(d for _, d in columns)
