"""Deal IDs: the variant, its options, a deal number and the deal-generator version.

Canonical text: ``NAME:draw=3,redeals=unlimited:12345:v1``; a variant without options reads
``NAME:1:v1``. The same ID always produces the same layout (SPEC CM-1). Parsing is lenient
about what a person types or pastes — any case, spaces at either end, ``#`` before the number,
options in any order or left out (defaults), the version left out (the current one), an alias
(``gaps``) — and strict about meaning: anything else raises :class:`ParseError` with a sentence
that says what is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.errors import ParseError
from game.core.quoting import quoted
from game.core.variants import VARIANTS, VariantSpec, variant_spec

MAX_DEAL_NUMBER = 2**31 - 1
NUMBER_RULE = f"a deal number is a whole number from 1 to {MAX_DEAL_NUMBER}, in the digits 0 to 9"


def example_id() -> str:
    """A deal ID for a message, of the first game with options: ``NAME:key=value:12345:v1``."""
    spec = next((v for v in VARIANTS if v.options), VARIANTS[0])
    options = ",".join(f"{o.key}={o.values[-1]}" for o in spec.options)
    return f"{spec.name}:{options}:12345:v1" if options else f"{spec.name}:12345:v1"


@dataclass(frozen=True, order=True)
class DealId:
    variant: str
    options: tuple[tuple[str, str], ...]
    number: int
    version: int

    @classmethod
    def make(
        cls, variant: str, number: int, options: dict[str, str] | None = None, version: int | None = None
    ) -> DealId:
        """Build and validate an ID; options left out take their defaults."""
        spec = variant_spec(variant)
        check_number(number)
        v = spec.version if version is None else version
        _check_version(spec, v)
        return cls(spec.name, spec.normalise_options(options or {}), number, v)

    def option(self, key: str) -> str:
        for k, v in self.options:
            if k == key:
                return v
        raise KeyError(key)

    @property
    def spec(self) -> VariantSpec:
        return variant_spec(self.variant)

    def with_number(self, number: int) -> DealId:
        check_number(number)
        return DealId(self.variant, self.options, number, self.version)

    def __str__(self) -> str:
        parts = [self.variant]
        options = self.spec.options_text(self.options)
        if options:
            parts.append(options)
        parts += [str(self.number), f"v{self.version}"]
        return ":".join(parts)


MAX_ID_LENGTH = 200


def is_number(text: str) -> bool:
    """Plain ASCII digits, short enough to be a deal number or a version (no ², ⑤ or 5,000 digits)."""
    return text.isascii() and text.isdigit() and len(text) <= 12


def numeral(text: str) -> bool:
    """Whether ``text`` is written as a number, well or badly (a digit of any script in it): what
    a person meant as a deal number, to be read by :func:`deal_number` or refused by it."""
    return any(c.isnumeric() for c in text)


def deal_number(text: str) -> int:
    """A deal number as it is written — the digits 0 to 9, spaces at either end and a ``#`` before
    them allowed — from 1 to :data:`MAX_DEAL_NUMBER`. The one reading of a deal number: every
    command, the deal entry, a deal ID and the seeds lists read it here, so that all of them refuse
    ``+5``, ``1_000``, ``٣``, ``１２`` and ``𝟓`` (which ``int()`` takes) with the same sentence."""
    digits = text.strip().removeprefix("#")
    significant = digits.lstrip("0")
    if digits.isascii() and digits.isdigit() and len(significant) <= len(str(MAX_DEAL_NUMBER)):
        number = int(digits)
        if 1 <= number <= MAX_DEAL_NUMBER:
            return number
    raise ParseError(f"{quoted(text.strip())} is not a deal number: {NUMBER_RULE}")


def deal_range(text: str) -> tuple[int, int]:
    """``A-B``: deal numbers A to B, each read by :func:`deal_number`, A at most B."""
    first, dash, last = text.partition("-")
    if not dash:
        raise ParseError(f"{quoted(text.strip())} is not a range of deal numbers like 1-100")
    a, b = deal_number(first), deal_number(last)
    if a > b:
        raise ParseError(f"{quoted(text.strip())} is not a range of deal numbers like 1-100 (the first comes first)")
    return a, b


def check_number(number: int) -> None:
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= MAX_DEAL_NUMBER:
        raise ParseError(f"{quoted(number)} is not a deal number: {NUMBER_RULE}")


def _check_version(spec: VariantSpec, version: int) -> None:
    if version != spec.version:
        raise ParseError(
            f"this deal was made by {spec.name} deal generator v{version}; this game knows v{spec.version}"
        )


def parse_deal_id(text: str) -> DealId:
    """Read a deal ID. Raises :class:`ParseError` naming what is wrong."""
    if not isinstance(text, str):
        raise ParseError(f"a deal ID is text, not {type(text).__name__}")
    raw = text.strip()
    if not raw:
        raise ParseError("the deal ID is empty")
    if len(raw) > MAX_ID_LENGTH:
        raise ParseError(f"that is {len(raw)} characters long: a deal ID has at most {MAX_ID_LENGTH}")
    parts = [p.strip() for p in raw.split(":")]
    spec = variant_spec(parts[0])
    options: dict[str, str] = {}
    number: int | None = None
    version = spec.version
    for part in parts[1:]:
        low = part.lower()
        if not part:
            raise ParseError(f"{quoted(raw)} is not a deal ID: it has an empty part between colons")
        if "=" in part:
            for item in part.split(","):
                key, sep, value = item.partition("=")
                if not sep or not key.strip() or not value.strip():
                    raise ParseError(f"{quoted(item)} is not an option (expected key=value, e.g. draw=3)")
                if key.strip().lower() in options:
                    raise ParseError(f"option {quoted(key.strip())} is given twice")
                options[key.strip().lower()] = value
        elif low.startswith("v") and is_number(low[1:]):
            version = int(low[1:])
        elif numeral(part) and not low.startswith("v"):
            if number is not None:
                raise ParseError(f"{quoted(raw)} has two deal numbers")
            number = deal_number(part)
        else:
            raise ParseError(
                f"{quoted(part)} in {quoted(raw)} is neither an option, a deal number nor a version "
                f"(a deal ID looks like {example_id()})"
            )
    if number is None:
        raise ParseError(f"{quoted(raw)} has no deal number (a deal ID looks like {example_id()})")
    check_number(number)
    _check_version(spec, version)
    return DealId(spec.name, spec.normalise_options(options), number, version)
