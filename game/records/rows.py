"""What a row of the games table may hold, and the one reader that turns a row into a GameRow
(CM-9).

SQLite keeps any value in any column: text in a REAL column, NULL where a rebuilt table lost its
NOT NULL, a number far out of range, bytes that are not UTF-8. A file edited by hand, by another
program or by a damaged disk can hold any of them, so nothing is assumed: :data:`RULES` says, once,
what each column may hold, and both ways of reading come from it —

- :func:`read_row` checks every value of a row shown (History, a replay, the ``history``
  command) and raises :class:`Unreadable` with a short reason;
- :func:`sound` writes the same rules as SQL, for the WHERE clause of a figure, so SQLite leaves
  out a bad value before a number is ever read into Python (a game whose time is ``'abc'`` is not
  anyone's best time).

A row that breaks a rule is skipped and counted, never changed or deleted: the file is the
player's, and the mistake may be ours.
"""

from __future__ import annotations

import datetime
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from game.core.quoting import quoted
from game.core.variants import VARIANT_NAMES, VARIANTS
from game.records.stats import KINDS, RESULTS, GameRow, Group

TEXT, CHOICE, DATE, INTEGER, REAL = "text", "choice", "date", "integer", "real"
# Times are seconds since the epoch from 1970 up to the year 3000: any clock's, and within what
# datetime.fromtimestamp accepts on every platform (a negative time fails on Windows).
FIRST_TIME, LAST_TIME = 0.0, 32_503_680_000.0
FIRST_DATE, LAST_DATE = "1970-01-01", "2999-12-31"
MOST = 1_000_000_000  # a count of moves, undos or hints, a score, seconds: far beyond any game


class Unreadable(ValueError):
    """A row breaks a rule; the message says which column and how, for a log or a test."""


def _date(text: str) -> bool:
    """A date written YYYY-MM-DD that exists, from 1970 to 2999 (SQLite's ``date(x, '+0 days') IS x``
    and the range say the same)."""
    try:
        day = datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return day.isoformat() == text and FIRST_DATE <= text <= LAST_DATE


def _clean(text: str) -> str:
    """Text with every byte that was not UTF-8 shown as U+FFFD (it can be drawn and printed)."""
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _quoted(text: str) -> str:
    """A text read from the database as a message quotes it (its bytes that were not UTF-8 as U+FFFD)."""
    return quoted(_clean(text))


def _literals(texts: Sequence[str]) -> str:
    return ", ".join("'" + t.replace("'", "''") + "'" for t in texts)


@dataclass(frozen=True)
class Rule:
    """What one column may hold: its kind of value, the range or the choices, and whether it may
    be empty (NULL, read as None)."""

    column: str
    kind: str
    choices: tuple[str, ...] = ()
    low: float = 0.0  # numbers: low <= value < high
    high: float = float(MOST)
    optional: bool = False

    def read(self, value: object) -> object:
        """The value as a GameRow holds it; :class:`Unreadable` if it breaks the rule."""
        if value is None:
            if self.optional:
                return None
            raise Unreadable(f"{self.column} is empty")
        if self.kind in (INTEGER, REAL):
            return self._number(value)
        if not isinstance(value, str):  # a number where text belongs, or bytes stored as a BLOB
            raise Unreadable(f"{self.column} is {type(value).__name__}, not text")
        if self.kind == CHOICE and value not in self.choices:
            raise Unreadable(f"{self.column} {_quoted(value)} is none of {', '.join(self.choices)}")
        if self.kind == DATE and not _date(value):
            raise Unreadable(f"{self.column} {_quoted(value)} is not a date")
        return _clean(value)

    def _number(self, value: object) -> int | float:
        wrong_kind = self.kind == INTEGER and isinstance(value, float)  # 12.5 moves
        if isinstance(value, bool) or not isinstance(value, int | float) or wrong_kind:
            raise Unreadable(f"{self.column} is {type(value).__name__}, not {self.kind}")
        if not (self.low <= value < self.high):  # infinities and NaN fail too
            raise Unreadable(f"{self.column} {value!r} is not from {self.low:g} to {self.high:g}")
        return float(value) if self.kind == REAL else value

    def sql(self) -> str:
        """The rule as an SQL condition, true exactly when :meth:`read` accepts the value. It is
        evaluated for every game a figure counts, so it is as short as exactness allows: SQLite
        orders NULL < numbers < text < blobs and never finds text equal to a number or a blob, so
        a range of numbers rejects every other type, and a list of words anything not text."""
        c = f"+{self.column}"  # unary plus: a check, never a reason for the planner to pick an index
        if self.kind in (INTEGER, REAL):
            check = f"{c} >= {self.low!r} AND {c} < {self.high!r}"
            if self.kind == INTEGER:  # an INTEGER column keeps 12.5 as a real number
                check += f" AND typeof({c}) = 'integer'"
        elif self.kind == CHOICE:
            check = f"{c} IN ({_literals(self.choices)})"
        elif self.kind == DATE:  # '+0 days' carries 2026-02-30 over to March; a number reads as a day number
            check = f"date({c}, '+0 days') IS {c} AND {c} BETWEEN '{FIRST_DATE}' AND '{LAST_DATE}'"
        else:
            check = f"typeof({c}) = 'text'"
        return f"({c} IS NULL OR ({check}))" if self.optional else f"({check})"


def _option_sets() -> tuple[str, ...]:
    """Every (variant, options) a game is kept under, written ``variant:options`` — options as
    the deal ID writes them, every key in the variant's order ("draw=1,redeals=unlimited"), an
    option whose default is unwritten left out at its default ("NAME:", "NAME:game=other")."""
    out = []
    for spec in VARIANTS:
        keys = [o.key for o in spec.options]
        for values in itertools.product(*(o.values for o in spec.options)):
            out.append(f"{spec.name}:" + spec.options_text(zip(keys, values, strict=True)))
    return tuple(out)


RULES: tuple[Rule, ...] = (  # in GameRow's order, which is the order the columns are read in
    Rule("game_id", TEXT),
    Rule("variant", CHOICE, VARIANT_NAMES),
    Rule("options", TEXT),  # the variant's own options: checked with the variant (GROUPS)
    Rule("kind", CHOICE, KINDS),
    Rule("deal", TEXT),  # free text: a deal ID that does not parse is refused when replayed
    Rule("daily", DATE, optional=True),
    Rule("started", REAL, low=FIRST_TIME, high=LAST_TIME),
    Rule("ended", REAL, low=FIRST_TIME, high=LAST_TIME),
    Rule("local_date", DATE),
    Rule("result", CHOICE, RESULTS),
    Rule("seconds", REAL),
    Rule("moves", INTEGER),
    Rule("score", INTEGER, low=-MOST, optional=True),
    Rule("undos", INTEGER),
    Rule("hints", INTEGER),
    Rule("line", TEXT),  # free text: moves that do not replay are refused when replayed
)
BY_COLUMN = {rule.column: rule for rule in RULES}
COLUMNS = ", ".join(rule.column for rule in RULES)
GROUPS = frozenset(_option_sets())  # the options a variant can have; anything else is garbled
GROUP = "variant = ? AND options = ? AND kind = ?"  # one group's games, by the index that starts so
# What the figures read (the group's index holds exactly these): a game counts in them when these
# are sound. games_per_day also reads local_date, and daily_won daily.
GROUP_COLUMNS = ("variant", "options", "kind")
VALUE_COLUMNS = ("ended", "result", "seconds", "moves", "score")


def sound(*columns: str) -> str:
    """An SQL condition true for the rows whose ``columns`` :func:`read_row` would accept; with
    variant and options both, that the options are the variant's too. It is false or NULL for the
    others: use it in WHERE or CASE WHEN, not under NOT."""
    checks = [BY_COLUMN[c].sql() for c in columns]
    if "variant" in columns and "options" in columns:
        checks.append(f"+variant || ':' || +options IN ({_literals(sorted(GROUPS))})")
    return " AND ".join(checks)


# A game of a group known to be sound (read_group) counts in its figures when this holds: the SQL
# checks only what varies from game to game, once per game, and the group's few keys are checked
# in Python — a figure over 100,000 games costs a few milliseconds more, not twice as much.
COUNTED = sound(*VALUE_COLUMNS)
FIGURES = sound(*GROUP_COLUMNS, *VALUE_COLUMNS)  # the same for games of any group


def read_group(values: Sequence[object]) -> Group | None:
    """The group of a game (variant, options, kind) if those are sound, else None."""
    try:
        variant, options, kind = (BY_COLUMN[c].read(v) for c, v in zip(GROUP_COLUMNS, values, strict=True))
    except ValueError:  # Unreadable, or not three values
        return None
    if f"{variant}:{options}" not in GROUPS:
        return None
    return Group(str(variant), str(options), str(kind))


def read_row(values: Sequence[object]) -> GameRow:
    """The GameRow of one row read as ``SELECT {COLUMNS}``; :class:`Unreadable` (the first rule
    broken) if any value is of the wrong type, out of range, or not one of its choices."""
    if len(values) != len(RULES):
        raise Unreadable(f"{len(values)} values, not {len(RULES)}")
    read = {rule.column: rule.read(value) for rule, value in zip(RULES, values, strict=True)}
    if f"{read['variant']}:{read['options']}" not in GROUPS:
        raise Unreadable(f"options {_quoted(str(read['options']))} are not {read['variant']}'s")
    return GameRow(**read)  # type: ignore[arg-type]  # each value's type checked by its rule


def read_text(data: bytes) -> str:
    """How the connection reads TEXT: bytes that are not UTF-8 are kept as lone surrogates
    instead of failing the whole query, so one bad byte costs one row, not the History."""
    return data.decode("utf-8", "surrogateescape")


@dataclass(frozen=True)
class Page:
    """Rows read for a list, and how many were skipped because they could not be read."""

    rows: list[GameRow]
    unreadable: int = 0
