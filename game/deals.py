"""Where new deals come from, decided in one place for every entry point (the home screen's New
game, the new-deal dialog, a result panel's New deal, ``--variant`` with nothing saved):

- *winnable* (KL-11's default for a first-time player): a number from the game's seeds list, the
  deals the solver proved winnable, of the difficulty asked for (easy, medium, hard or any: see
  :mod:`game.solver.difficulty`); where a game has no list yet, random deals are searched live,
  a slice at a time (:class:`WinnableSearch`), until one is proved winnable;
- *random*: any deal number, winnable or not;
- the daily deal (KL-12): see :func:`game.solver.seeds.daily_deal`.

Pure: no pygame, no scenes. Randomness comes from ``secrets`` unless a generator is passed in.
"""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from game.core.dealid import MAX_DEAL_NUMBER, MAX_ID_LENGTH, DealId, deal_number, numeral, parse_deal_id
from game.core.errors import ParseError
from game.core.i18n import ntr, tr
from game.core.quoting import named
from game.core.system_words import system_reason
from game.rules.registry import start
from game.solver.difficulty import EASY, HARD, LEVEL_STARS, MEDIUM, STARS
from game.solver.seeds import (
    MAX_BYTES,
    NOT_A_FILE,
    OTHER_GENERATOR,
    TOO_LARGE,
    Trouble,
    daily_deal,
    deal_stars,
    take_news,
    winnable_numbers,
    winnable_stars,
)

if TYPE_CHECKING:  # the search itself loads only when a winnable deal must be found
    from game.solver.spec import SolverSpec
    from game.solver.tasks import SolverTask

WINNABLE, RANDOM = "winnable", "random"
ANY = "any"  # a winnable deal of any difficulty
LEVELS = (ANY, EASY, MEDIUM, HARD)
KINDS = (WINNABLE, RANDOM)
FIRST_TIME_KIND = WINNABLE  # KL-11

Below = Callable[[int], int]  # below(n): a random whole number in 0 .. n-1


def random_deal(variant: str, options: Mapping[str, str], below: Below = secrets.randbelow) -> DealId:
    return DealId.make(variant, below(MAX_DEAL_NUMBER) + 1, dict(options))


def proved_winnable(variant: str, options: Mapping[str, str]) -> tuple[int, ...]:
    """The seeds list of this variant and options; () when it has none (or it is unreadable)."""
    try:
        return winnable_numbers(variant, dict(options))
    except (OSError, ParseError):
        return ()


def is_proved_winnable(deal: DealId) -> bool:
    """Whether ``deal`` is in its game's proved-winnable list (how the records count a deal typed
    by its ID: among the winnable ones when it is one)."""
    return deal.number in proved_winnable(deal.variant, dict(deal.options))


def rated(variant: str, options: Mapping[str, str]) -> dict[int, int]:
    """Every proved deal's stars (1-5), {} when the list is missing or not rated."""
    try:
        return winnable_stars(variant, dict(options))
    except (OSError, ParseError):
        return {}


def difficulty(deal: DealId) -> int | None:
    """The deal's stars, 1 (easiest fifth of its list) to 5, if it is a rated proved deal."""
    return deal_stars(deal)


def stars_text(star: int) -> str:
    """``★★★☆☆`` for 3 of 5 (the shipped font has both stars). CM-17: every difficulty shown — a
    game's (its record's ``stars``) and a deal's — is written by this one function, out of 5."""
    return "★" * star + "☆" * (STARS - star)


def deal_stars_text(star: int) -> str:
    """A proved deal's difficulty (a fifth of its list each), named so it is not read as the game's."""
    return tr("This deal: {stars}", stars=stars_text(star))


def new_deal(
    variant: str, options: Mapping[str, str], kind: str, below: Below = secrets.randbelow, level: str = ANY
) -> DealId | None:
    """A new deal of this kind, at once; None when a winnable one must first be searched for live
    (start a :class:`WinnableSearch`). ``level`` (easy, medium, hard) picks a winnable deal of that
    difficulty when the list is rated; any proved deal when it is not."""
    if kind == RANDOM:
        return random_deal(variant, options, below)
    numbers = proved_winnable(variant, options)
    if level in LEVEL_STARS:
        stars = rated(variant, options)
        numbers = tuple(n for n in numbers if stars.get(n) in LEVEL_STARS[level]) or numbers
    if not numbers:
        return None
    return DealId.make(variant, numbers[below(len(numbers))], dict(options))


def read_deal(text: str, variant: str, options: Mapping[str, str]) -> DealId:
    """What a player typed or pasted as a deal: a whole deal ID (``NAME:key=value:12345``), a
    game and a number (``NAME 617``), or a bare number (``617``, ``#617``: a deal of ``variant`` with
    ``options``). A number is read as every command reads one (:func:`deal_number`: ``+5`` or
    ``１２`` refused in the same words). ParseError, saying what a deal ID looks like, for anything else."""
    raw = text.strip()
    if len(raw) > MAX_ID_LENGTH:
        raise ParseError(f"that is {len(raw)} characters long: a deal ID has at most {MAX_ID_LENGTH}")
    words = raw.replace("#", " ").split()
    if ":" not in raw and len(words) == 1 and numeral(words[0]):
        return DealId.make(variant, deal_number(words[0]), dict(options))
    if ":" not in raw and len(words) == 2 and numeral(words[1]):
        return DealId.make(words[0], deal_number(words[1]), {})
    return parse_deal_id(raw)


def daily(date: datetime.date) -> DealId:
    """KL-12: the day's deal (of the game and options its ``VARIANTS`` line names, proved
    winnable), the same for everyone on that date; ParseError, in the player's words, if the winnable list is missing or
    cannot be read."""
    try:
        return daily_deal(date)
    except ParseError:
        raise ParseError(
            tr("There is no daily deal: the list of winnable deals it is chosen from is missing or cannot be read.")
        ) from None


def seeds_news(said: str = "") -> list[str]:
    """What the player is told, once a run, about a damaged seeds list (issue 36 item 17): lines
    left out, or a list that cannot be read, so deals are chosen without it. A list named in
    ``said`` (an error already shown) is not told again."""
    return [_told(trouble) for trouble in take_news() if not (said and trouble.file in said)]


def _told(trouble: Trouble) -> str:
    file = named(trouble.file)
    if trouble.lines:
        return ntr(
            "The list of winnable deals {file} has a damaged line (line {line}): it is left out.",
            "The list of winnable deals {file} has {n} damaged lines (the first is line {line}): they are left out.",
            trouble.lines,
            file=file,
            line=trouble.first,
        )
    why = {
        NOT_A_FILE: tr("it is not a file"),
        TOO_LARGE: tr("it is larger than {size} kB", size=MAX_BYTES // 1000),
        OTHER_GENERATOR: tr("it was made for another version of the deals"),
    }.get(trouble.why, trouble.why)
    if trouble.error:  # refused by the system: its reason in the player's words where there are some
        why = system_reason(OSError(trouble.error, trouble.why))
    return tr(
        "The list of winnable deals {file} cannot be read ({why}): deals are chosen without it.", file=file, why=why
    )


class WinnableSearch:
    """Random deals solved one after another, a slice of work at a time, until one is proved
    winnable. ``found`` is that deal once :meth:`advance` returns True."""

    def __init__(
        self, solver: SolverSpec, variant: str, options: Mapping[str, str], below: Below = secrets.randbelow
    ) -> None:
        self.solver, self.variant, self.options, self.below = solver, variant, dict(options), below
        self.tried = 0
        self.found: DealId | None = None
        self.candidate = random_deal(variant, options, below)
        self.job = self._job()

    def _job(self) -> SolverTask:
        from game.solver.tasks import SolverTask

        self.tried += 1
        _, state = start(self.candidate)
        return SolverTask(self.solver, state, max_nodes=self.solver.winnable_nodes)

    def advance(self, seconds: float) -> bool:
        if self.found is not None:
            return True
        from game.solver.engine import Status

        if self.job.advance(seconds):
            if self.job.result().status is Status.SOLVED:
                self.found = self.candidate
                return True
            self.candidate = random_deal(self.variant, self.options, self.below)
            self.job = self._job()
        return False

    def cancel(self) -> None:
        self.job.cancel()
