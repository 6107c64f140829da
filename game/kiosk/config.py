"""The kiosk's settings, from a TOML file read with the standard library. Every key is optional;
a bad value is reported by name and replaced by its default, a bad entry of ``games`` is left out
by name, and a file that cannot be read or parsed at all (missing, a folder, a device, damaged,
nested thousands deep) is one line, so the kiosk always starts.

    idle_seconds = 90          # without input in a game, "Still playing?" appears (10 .. 3600)
    prompt_seconds = 15        # the prompt's countdown before the attract loop (3 .. 300)
    games = ["NAME", "NAME:suits=1", "NAME"]   # the games offered, by VARIANTS name (default: all)
    deal_kind = "winnable"     # or "random"
    language = "en"            # en, ja or it
    pin = "2468"               # 4 to 8 digits; none: the operator leaves by the key chord only
    exit_chord = "ctrl+alt+shift+q"
    sounds = true              # false: a silent kiosk
    demo_sounds = false        # the attract loop's demo plays its sounds too
"""

from __future__ import annotations

import os
import stat
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.errors import ParseError
from game.core.quoting import SHOWN, clipped, named, quoted
from game.core.variants import VARIANTS, variant_spec

KEYS = (
    "idle_seconds",
    "prompt_seconds",
    "games",
    "deal_kind",
    "language",
    "pin",
    "exit_chord",
    "sounds",
    "demo_sounds",
)
MODIFIERS = ("ctrl", "alt", "shift", "meta")
MAX_BYTES = 64 * 1024
WHY = 200  # characters of the reason a parser gives
NAMED = 10  # bad entries of games named one by one
DEFAULTS = "every setting has its default"


@dataclass(frozen=True)
class Offer:
    variant: str
    options: dict[str, str] = field(default_factory=dict)  # every option, the defaults filled in
    pinned: frozenset[str] = frozenset()  # the options the operator wrote: only these are fixed


@dataclass(frozen=True)
class KioskConfig:
    idle_seconds: float = 90.0
    prompt_seconds: float = 15.0
    games: tuple[Offer, ...] = ()  # empty: every game
    deal_kind: str = "winnable"
    language: str = "en"
    pin: str | None = None
    exit_chord: tuple[frozenset[str], str] = (frozenset({"ctrl", "alt", "shift"}), "q")
    sounds: bool = True
    demo_sounds: bool = False

    def offers(self, variant: str) -> bool:
        return not self.games or any(o.variant == variant for o in self.games)

    def allowed_values(self, variant: str, key: str, values: Sequence[str]) -> tuple[str, ...]:
        """The values of ``variant``'s option ``key`` a player may choose (the home tile's chips,
        the new-deal dialog): all of them, unless every offer of that game pins the option — then
        only the pinned ones (``NAME:suits=1`` and ``NAME:suits=2``: 1 and 2; a plain
        ``NAME`` beside them frees the suits again)."""
        offers = [o for o in self.games if o.variant == variant]
        if not offers or any(key not in o.pinned for o in offers):
            return tuple(values)
        pinned = {o.options.get(key) for o in offers}
        return tuple(v for v in values if v in pinned)


def parse_chord(text: str) -> tuple[frozenset[str], str]:
    """``"ctrl+alt+shift+q"`` -> ({ctrl, alt, shift}, "q"); at least two modifiers, so that no
    ordinary typing can leave the kiosk."""
    parts = [p.strip().lower() for p in text.split("+") if p.strip()]
    mods = frozenset(p for p in parts if p in MODIFIERS)
    keys = [p for p in parts if p not in MODIFIERS]
    if len(keys) != 1 or len(keys[0]) != 1 or not keys[0].isalnum() or len(mods) < 2:
        raise ParseError(f"{quoted(text)} is not a chord like ctrl+alt+shift+q (two or more modifiers and one key)")
    return mods, keys[0]


def _offer(text: str) -> Offer:
    """``"NAME:suits=1"`` -> Offer("NAME", {"suits": "1"}, pinned={"suits"})."""
    name, colon, rest = text.partition(":")
    spec = variant_spec(name)
    given: dict[str, str] = {}
    for pair in rest.split(",") if colon else []:
        key, eq, value = pair.partition("=")
        if not eq or not key.strip() or not value.strip():
            raise ParseError(f"{quoted(pair.strip())} is not key=value (options are written {_with_options()})")
        given[key.strip().lower()] = value
    options = dict(spec.normalise_options(given))  # an unknown option or value raises ParseError
    return Offer(spec.name, options, frozenset(spec.option(k).key for k in given))


def _with_options() -> str:
    """A game offered with an option pinned, as the file writes it: the first game that has options."""
    spec = next((v for v in VARIANTS if v.options), VARIANTS[0])
    option = spec.options[0] if spec.options else None
    return f"{spec.name}:{option.key}={option.values[0]}" if option else spec.name


def _examples(between: str) -> str:
    """Two entries of ``games`` for a message: a plain name and one with an option, in quotes."""
    return between.join(f'"{entry}"' for entry in (VARIANTS[0].name, _with_options()))


def _games(value: Any) -> tuple[tuple[Offer, ...], list[str]]:
    """The games offered and a message per entry left out: a bad entry goes, by name, and the good
    ones stay; with none good (or no list at all), every game is offered."""
    if not isinstance(value, list) or not value:
        what = "an empty list" if value == [] else f"not a list of game names, such as [{_examples(', ')}]"
        return (), [f"kiosk config: games: {what}; every game is offered"]
    offers: list[Offer] = []
    problems: list[str] = []
    for entry in value:
        try:
            if not isinstance(entry, str):
                raise ParseError(f"a game is a name in quotes, such as {_examples(' or ')}")
            offer = _offer(entry)
            if offer in offers:
                raise ParseError("it is already in the list")
            offers.append(offer)
        except ParseError as e:
            problems.append(f"kiosk config: games: {quoted(entry)} is left out: {clipped(str(e), WHY)}")
    if len(problems) > NAMED:  # a list of thousands of bad names: a screenful, then a count
        problems[NAMED:] = [f"kiosk config: games: {len(problems) - NAMED} more entries are left out"]
    if not offers:
        problems.append("kiosk config: games: no game in the list can be offered; every game is offered")
    return tuple(offers), problems


def _number(value: Any, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise ParseError(f"{quoted(value)} is not a number of seconds from {low:g} to {high:g}")
    return float(value)


def _read_key(key: str, value: Any) -> Any:
    if key == "idle_seconds":
        return _number(value, 10, 3600)
    if key == "prompt_seconds":
        return _number(value, 3, 300)
    if key == "deal_kind":
        if value not in ("winnable", "random"):
            raise ParseError(f'{quoted(value)} is neither "winnable" nor "random"')
        return value
    if key == "language":
        if value not in ("en", "ja", "it"):
            raise ParseError(f"{quoted(value)} is not one of en, ja, it")
        return value
    if key == "pin":
        text = str(value) if isinstance(value, int) and not isinstance(value, bool) and value < 10**9 else value
        if not isinstance(text, str) or not text.isascii() or not text.isdigit() or not 4 <= len(text) <= 8:
            raise ParseError('the PIN must be 4 to 8 digits, written as a string ("2468")')
        return text
    if key == "exit_chord":
        if not isinstance(value, str):
            raise ParseError('exit_chord must be a string like "ctrl+alt+shift+q"')
        return parse_chord(value)
    if key in ("sounds", "demo_sounds"):
        if not isinstance(value, bool):
            raise ParseError(f"{quoted(value)} is neither true nor false")
        return value
    raise ParseError(f"unknown key (the keys are: {', '.join(KEYS)})")


def parse_config(text: str) -> tuple[KioskConfig, list[str]]:
    """The settings and a message per problem, each one line: a value that is wrong falls back to
    its default; a text that is not TOML at all (or nested past what the parser's recursion
    can take) leaves every setting at its default."""
    try:
        data = tomllib.loads(text.removeprefix("\ufeff"))  # a byte order mark (old Windows Notepad) is no error
    except RecursionError:
        deep = "the kiosk config is nested too deeply (lists or tables inside one another, far past any setting)"
        return KioskConfig(), [f"{deep}; {DEFAULTS}"]
    except MemoryError:
        return KioskConfig(), [f"the kiosk config is too large to read; {DEFAULTS}"]
    except ValueError as e:  # TOMLDecodeError, and int()'s refusal of a number of 4300 digits or more
        return KioskConfig(), [f"the kiosk config is not TOML ({clipped(str(e), WHY)}); {DEFAULTS}"]
    problems: list[str] = []
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key == "games":
            values[key], more = _games(value)
            problems += more
            continue
        try:
            values[key] = _read_key(key, value)
        except ParseError as e:
            name = key if key.isprintable() and len(key) <= SHOWN else quoted(key)
            problems.append(f"kiosk config: {name}: {clipped(str(e), WHY)}; using the default")
    return KioskConfig(**values), problems


class Unreadable(Exception):
    """Why the config file cannot be read, worded to follow "the kiosk config FILE"."""


def load_config(path: Path | None) -> tuple[KioskConfig, list[str]]:
    if path is None:
        return KioskConfig(), []
    try:
        text = read_text(path)
    except Unreadable as e:
        return KioskConfig(), [f"the kiosk config {named(path)} {e}; {DEFAULTS}"]
    return parse_config(text)


def read_text(path: Path) -> str:
    """The file's text, up to :data:`MAX_BYTES`. Only a regular file is opened: opening a FIFO
    would hang the start for ever, and a device may act on being opened (a watchdog starts its
    countdown), so what the path names is asked first; the opening itself cannot block either,
    should the file be swapped in between."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    try:
        _regular(path.stat().st_mode)
        fd = os.open(path, flags)
        try:
            _regular(os.fstat(fd).st_mode)
            chunks: list[bytes] = []
            size = 0
            while size <= MAX_BYTES and (chunk := os.read(fd, MAX_BYTES + 1 - size)):
                chunks.append(chunk)
                size += len(chunk)
        finally:
            os.close(fd)
    except (FileNotFoundError, NotADirectoryError):
        raise Unreadable("is not found") from None
    except PermissionError:
        raise Unreadable("cannot be read: permission denied") from None
    except OSError as e:
        raise Unreadable(f"cannot be read ({clipped(e.strerror or str(e), WHY)})") from None
    except ValueError:  # a NUL in the path
        raise Unreadable("is not a path that can exist") from None
    if size > MAX_BYTES:
        raise Unreadable(f"is larger than {MAX_BYTES // 1024} KiB")
    try:
        return b"".join(chunks).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise Unreadable("is not UTF-8 text") from None


def _regular(mode: int) -> None:
    if stat.S_ISDIR(mode):
        raise Unreadable("is a folder, not a file")
    if not stat.S_ISREG(mode):
        raise Unreadable("is not a regular file (a device, a pipe or a socket)")
