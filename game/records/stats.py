"""What a finished game is, as data, and the figures drawn from a list of them (CM-9, KL-12).

Nothing here reads a clock or a file: rows come in, figures go out, so streaks over made-up dates
and time zones are tested directly.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

WON, LOST, GIVEN_UP, ABANDONED = "won", "lost", "given_up", "abandoned"
RESULTS = (WON, LOST, GIVEN_UP, ABANDONED)
WINNABLE, RANDOM, DAILY = "winnable", "random", "daily"
KINDS = (WINNABLE, RANDOM, DAILY)


@dataclass(frozen=True)
class GameRow:
    """One finished game: enough to count it and to replay it (the deal ID plus ``line``)."""

    game_id: str  # chosen when the game's first move is made; a resumed game keeps it
    variant: str
    options: str  # the deal's options as its ID writes them ("draw=3,redeals=unlimited"), or ""
    kind: str  # winnable, random or daily: counted apart
    deal: str  # the whole deal ID
    daily: str | None  # the daily deal's date (YYYY-MM-DD, the device's local date)
    started: float  # UTC, seconds since the epoch
    ended: float
    local_date: str  # the local date it ended on (games per day)
    result: str
    seconds: float
    moves: int
    score: int | None
    undos: int
    hints: int
    line: str  # the moves from the deal to the final position, space-separated

    @property
    def won(self) -> bool:
        return self.result == WON


@dataclass(frozen=True)
class Group:
    """Games counted together: one game, one option set, one kind of deal."""

    variant: str
    options: str
    kind: str


@dataclass(frozen=True)
class Summary:
    played: int = 0
    won: int = 0
    best_time: float | None = None
    fewest_moves: int | None = None
    best_score: int | None = None
    current_streak: int = 0
    best_streak: int = 0

    @property
    def win_rate(self) -> float | None:
        """The share of games won, 0..1; None before any game."""
        return self.won / self.played if self.played else None


def streaks(results: Iterable[bool]) -> tuple[int, int]:
    """(current, best) runs of wins in games taken in the order they ended."""
    current = best = 0
    for won in results:
        current = current + 1 if won else 0
        best = max(best, current)
    return current, best


def daily_streak(won_dates: Iterable[str], today: datetime.date) -> tuple[int, int]:
    """(current, best) runs of consecutive dates whose daily deal was won (KL-12). A date won
    twice counts once. The current run is alive while its last date is today or yesterday: today's
    deal not yet played does not break it. A date that is not one (a damaged row) counts for nothing."""
    days = sorted({day for d in won_dates if (day := _date(d)) is not None})
    best = run = 0
    previous: datetime.date | None = None
    for day in days:
        run = run + 1 if previous is not None and (day - previous).days == 1 else 1
        best = max(best, run)
        previous = day
    alive = previous is not None and (today - previous).days in (0, 1)
    return (run if alive else 0), best


def _date(text: object) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(text) if isinstance(text, str) else None
    except ValueError:
        return None


def rolling_rate(results: Sequence[bool], window: int) -> list[float]:
    """The win rate over the last ``window`` games at each game (fewer at the start)."""
    out: list[float] = []
    wins = 0
    for k, won in enumerate(results):
        wins += won
        if k >= window:
            wins -= results[k - window]
        out.append(wins / min(k + 1, window))
    return out


def histogram(values: Sequence[float], bins: int) -> tuple[list[float], list[int]]:
    """``bins`` equal bins from the smallest to the largest value: (edges, counts); the edges are
    one more than the counts. Empty values give no bins; a value that is not a finite number
    (a damaged row's) is left out, as it has no bin."""
    values = [v for v in values if isinstance(v, int | float) and math.isfinite(v)]
    if not values or bins < 1:
        return [], []
    low, high = min(values), max(values)
    if high <= low:
        high = low + 1.0
    width = (high - low) / bins
    counts = [0] * bins
    for v in values:
        counts[min(bins - 1, int((v - low) / width))] += 1
    return [low + k * width for k in range(bins + 1)], counts


@dataclass(frozen=True)
class Beaten:
    """A record a win has just beaten, for the win panel."""

    what: str  # "first", "time", "moves", "score", "streak"
    value: float


def beaten(before: Summary, after: Summary, row: GameRow) -> list[Beaten]:
    """What this win improved on: the first win of its group, a best time, fewest moves, a best
    score, and a streak of two or more."""
    if not row.won:
        return []
    if before.won == 0:
        out = [Beaten("first", 1)]
    else:
        out = []
        if before.best_time is not None and row.seconds < before.best_time:
            out.append(Beaten("time", row.seconds))
        if before.fewest_moves is not None and row.moves < before.fewest_moves:
            out.append(Beaten("moves", row.moves))
        if row.score is not None and (before.best_score is None or row.score > before.best_score):
            out.append(Beaten("score", row.score))
    if after.current_streak >= 2:
        out.append(Beaten("streak", after.current_streak))
    return out
