"""What deals exist: variant names, their aliases, their options and deal-generator versions.

This is data about deals, not rules: the deal-ID parser needs it, and so do the rules, the menus
and the solver. A variant's options are a small ordered table of allowed values with a default.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.core.errors import ParseError
from game.core.quoting import quoted


@dataclass(frozen=True)
class OptionSpec:
    key: str
    values: tuple[str, ...]
    default: str
    # An option a game gained after its deals were shared (a family of games, FC-7): at its default
    # it is left unwritten — in a deal ID, a record's group, a seeds list's name, a position's text —
    # so that everything written before it still means what it meant.
    unwritten_default: bool = False


@dataclass(frozen=True)
class VariantSpec:
    name: str
    aliases: tuple[str, ...]
    options: tuple[OptionSpec, ...]
    version: int  # deal-generator version: bump it when a shuffle or layout changes
    daily: tuple[tuple[str, str], ...] = ()  # the options of the day's deal, for the game that has one

    def daily_options(self) -> dict[str, str]:
        """The options of this game's daily deal; {} when it has none."""
        return dict(self.daily)

    def defaults(self) -> dict[str, str]:
        return {o.key: o.default for o in self.options}

    def option(self, key: str) -> OptionSpec:
        for o in self.options:
            if o.key == key:
                return o
        known = ", ".join(o.key for o in self.options) or "none"
        raise ParseError(f"{self.name} has no option {quoted(key)} (its options: {known})")

    def normalise_options(self, given: dict[str, str]) -> tuple[tuple[str, str], ...]:
        """Every option of the variant in spec order, defaults filled in; unknown keys or values
        raise :class:`ParseError`."""
        chosen = self.defaults()
        for key, value in given.items():
            spec = self.option(key.strip().lower())
            v = value.strip().lower()
            if v not in spec.values:
                raise ParseError(
                    f"{self.name} option {spec.key} cannot be {quoted(value)} (allowed: {', '.join(spec.values)})"
                )
            chosen[spec.key] = v
        return tuple((o.key, chosen[o.key]) for o in self.options)

    def written(self, options: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
        """The options as they are written down: an option whose default is left unwritten is
        left out at that default (``NAME:1:v1``, ``NAME:game=other:1:v1``)."""
        quiet = {o.key: o.default for o in self.options if o.unwritten_default}
        return tuple((k, v) for k, v in options if quiet.get(k) != v)

    def options_text(self, options: Iterable[tuple[str, str]]) -> str:
        """``draw=3,redeals=unlimited``: the options as a deal ID and a record's group write them."""
        return ",".join(f"{k}={v}" for k, v in self.written(options))


VARIANTS: tuple[VariantSpec, ...] = (
    VariantSpec(
        "klondike",
        ("solitaire", "patience"),
        (OptionSpec("draw", ("1", "3"), "1"), OptionSpec("redeals", ("unlimited", "3", "1"), "unlimited")),
        1,
        daily=(("draw", "1"), ("redeals", "unlimited")),
    ),
    VariantSpec("spider", (), (OptionSpec("suits", ("1", "2", "4"), "2"),), 1),
    VariantSpec(
        "freecell",
        (),
        (OptionSpec("game", ("freecell", "bakers", "eightoff", "forecell", "seahaven"), "freecell", True),),
        1,
    ),
    VariantSpec("pyramid", (), (), 1),
    VariantSpec("golf", (), (), 1),
    VariantSpec("yukon", (), (), 1),
    VariantSpec("addiction", ("gaps", "montana", "spaces"), (OptionSpec("redeals", ("0", "1", "2", "3"), "3"),), 1),
    VariantSpec("tripeaks", ("tri-peaks",), (OptionSpec("wrap", ("on", "off"), "on"),), 1),
    VariantSpec(
        "canfield", (), (OptionSpec("draw", ("3", "1"), "3"), OptionSpec("moves", ("runs", "whole"), "runs")), 1
    ),
    VariantSpec("bakersdozen", ("bakers-dozen",), (), 1),
    VariantSpec("spiderette", (), (), 1),
    VariantSpec("scorpion", (), (), 1),
    VariantSpec("fortythieves", ("forty-thieves",), (), 1),
    VariantSpec("simplesimon", ("simple-simon",), (), 1),
    VariantSpec("grandfather", (), (), 1),
    VariantSpec("fortyeight", ("forty-eight",), (), 1),
    VariantSpec("grandfathersclock", ("clock",), (), 1),
    VariantSpec("normandy", ("gypsy",), (), 1),
    VariantSpec("acesup", ("aces-up",), (), 1),
    VariantSpec("mod3", ("mod-3",), (), 1),
)

VARIANT_NAMES: tuple[str, ...] = tuple(v.name for v in VARIANTS)


def variant_spec(name: str) -> VariantSpec:
    """The variant called ``name`` or one of its aliases (any case)."""
    wanted = name.strip().lower()
    for v in VARIANTS:
        if wanted == v.name or wanted in v.aliases:
            return v
    raise ParseError(f"unknown variant {quoted(name)} (known: {', '.join(VARIANT_NAMES)}; {alias_text()})")


def alias_text() -> str:
    """The other names the games go by, for a message: "NAME and NAME mean NAME". A name only
    spelt with a hyphen between its words is accepted but not listed: it is the same name, and twenty
    games' spellings would bury the message."""
    parts = []
    for v in VARIANTS:
        others = [a for a in v.aliases if a.replace("-", "") != v.name]
        if len(others) > 1:
            parts.append(f"{', '.join(others[:-1])} and {others[-1]} mean {v.name}")
        elif others:
            parts.append(f"{others[0]} means {v.name}")
    return "; ".join(parts)


def daily_variant() -> VariantSpec | None:
    """The game whose deal of the day there is (KL-12), or None."""
    return next((v for v in VARIANTS if v.daily), None)
