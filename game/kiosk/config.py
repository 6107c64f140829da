"""The kiosk's settings, from a TOML file read with the standard library. Every key is optional;
a bad value is reported by name and replaced by its default, so the kiosk always starts.

    idle_seconds = 90          # without input in a game, "Still playing?" appears (10 .. 3600)
    prompt_seconds = 15        # the prompt's countdown before the attract loop (3 .. 300)
    games = ["klondike", "spider:suits=1", "freecell"]   # the games offered (default: all)
    deal_kind = "winnable"     # or "random"
    language = "en"            # en, ja or it
    pin = "2468"               # 4 to 8 digits; none: the operator leaves by the key chord only
    exit_chord = "ctrl+alt+shift+q"
    sounds = true              # false: a silent kiosk
    demo_sounds = false        # the attract loop's demo plays its sounds too
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.errors import ParseError
from game.core.variants import variant_spec

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


@dataclass(frozen=True)
class Offer:
    variant: str
    options: dict[str, str] = field(default_factory=dict)


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


def parse_chord(text: str) -> tuple[frozenset[str], str]:
    """``"ctrl+alt+shift+q"`` -> ({ctrl, alt, shift}, "q"); at least two modifiers, so that no
    ordinary typing can leave the kiosk."""
    parts = [p.strip().lower() for p in text.split("+") if p.strip()]
    mods = frozenset(p for p in parts if p in MODIFIERS)
    keys = [p for p in parts if p not in MODIFIERS]
    if len(keys) != 1 or len(keys[0]) != 1 or not keys[0].isalnum() or len(mods) < 2:
        raise ParseError(f"{text!r} is not a chord like ctrl+alt+shift+q (two or more modifiers and one key)")
    return mods, keys[0]


def _offer(text: str) -> Offer:
    name, _, rest = text.partition(":")
    spec = variant_spec(name)
    given = dict(pair.split("=", 1) for pair in rest.split(",") if "=" in pair) if rest else {}
    if rest and not given:
        raise ParseError(f"{text!r}: options are written key=value (spider:suits=1)")
    return Offer(spec.name, dict(spec.normalise_options(given)))


def _number(value: Any, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise ParseError(f"{value!r} is not a number of seconds from {low:g} to {high:g}")
    return float(value)


def _read_key(key: str, value: Any) -> Any:
    if key == "idle_seconds":
        return _number(value, 10, 3600)
    if key == "prompt_seconds":
        return _number(value, 3, 300)
    if key == "games":
        if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
            raise ParseError('games must be a list of game names, such as ["klondike", "spider:suits=1"]')
        return tuple(_offer(v) for v in value)
    if key == "deal_kind":
        if value not in ("winnable", "random"):
            raise ParseError(f'{value!r} is neither "winnable" nor "random"')
        return value
    if key == "language":
        if value not in ("en", "ja", "it"):
            raise ParseError(f"{value!r} is not one of en, ja, it")
        return value
    if key == "pin":
        text = str(value) if isinstance(value, int) and not isinstance(value, bool) else value
        if not isinstance(text, str) or not text.isascii() or not text.isdigit() or not 4 <= len(text) <= 8:
            raise ParseError('the PIN must be 4 to 8 digits, written as a string ("2468")')
        return text
    if key == "exit_chord":
        if not isinstance(value, str):
            raise ParseError('exit_chord must be a string like "ctrl+alt+shift+q"')
        return parse_chord(value)
    if key in ("sounds", "demo_sounds"):
        if not isinstance(value, bool):
            raise ParseError(f"{value!r} is neither true nor false")
        return value
    raise ParseError(f"unknown key (the keys are: {', '.join(KEYS)})")


def parse_config(text: str) -> tuple[KioskConfig, list[str]]:
    """The settings and a message per problem; a value that is wrong falls back to its default."""
    problems: list[str] = []
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        return KioskConfig(), [f"the kiosk config is not TOML ({e}); every setting has its default"]
    values: dict[str, Any] = {}
    for key, value in data.items():
        try:
            values[key] = _read_key(key, value)
        except ParseError as e:
            problems.append(f"kiosk config: {key}: {e}; using the default")
    return KioskConfig(**values), problems


def load_config(path: Path | None) -> tuple[KioskConfig, list[str]]:
    if path is None:
        return KioskConfig(), []
    try:
        if not path.is_file():
            raise OSError("not a regular file")
        with path.open("rb") as f:
            raw = f.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            raise OSError(f"larger than {MAX_BYTES // 1024} KiB")
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        return KioskConfig(), [f"the kiosk config {path} cannot be read ({e}); every setting has its default"]
    return parse_config(text)
