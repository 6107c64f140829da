"""The player's settings: animation speed, language, the last variant played and each variant's options."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from game.core.errors import ParseError
from game.core.i18n import LANGUAGES, tr
from game.core.look import BACKS, DECKS, TABLES, Look
from game.core.variants import VARIANT_NAMES, variant_spec
from game.fields import BadValue, Reader, choice, flag, read_fields, table
from game.store import Store

SETTINGS_VERSION = 1
ANIMATION_SPEEDS = {"off": 0.0, "fast": 2.0, "normal": 1.0, "slow": 0.6}
VOLUMES = {"low": 0.3, "medium": 0.6, "high": 1.0}
SPEECH_CHOICES = ("auto", "on", "off")  # CM-19
ANY_LEVEL = "any"
DEAL_LEVELS = (ANY_LEVEL, "easy", "medium", "hard")  # game.deals.LEVELS
DEAL_KINDS = ("winnable", "random")
SETTINGS_FILE = "settings"
SETTINGS_NAMED = 6  # bad fields named one by one in the message


def _options_of(variant: str) -> Reader:
    """A variant's remembered options: each key and value one the variant has (see ``options_for``)."""

    def entry(key: str) -> Reader:
        def read(value: Any, name: str, bad: list[str]) -> str:
            if not isinstance(value, str):
                raise BadValue(name)
            try:
                variant_spec(variant).normalise_options({key: value})
            except ParseError:
                raise BadValue(name) from None
            return value

        return read

    return table(None, entry)  # any key: an option's key is checked with its value


_LOOK_FIELDS: dict[str, Reader] = {
    "deck": choice(DECKS),
    "table": choice(TABLES),
    "back": choice(BACKS),
    "reduced_motion": flag,
    "left_handed": flag,
}


def _look(value: Any, name: str, bad: list[str]) -> dict[str, Any]:
    """The look's fields that hold (a bad one named ``look.deck``), for ``Look(**...)``."""
    if not isinstance(value, dict):
        raise BadValue(name)
    found, wrong = read_fields(value, _LOOK_FIELDS)
    bad += [f"{name}.{field}" for field in wrong]
    return found


# settings.json, field by field: what each may hold. A field that breaks its rule (a hand edit, a
# damaged disk, another program) is named and takes its default; the rest is kept.
SCHEMA: dict[str, Reader] = {
    "animation": choice(ANIMATION_SPEEDS),
    "last_variant": choice(VARIANT_NAMES),
    "options": table(VARIANT_NAMES, _options_of),
    "deal_kind": table(VARIANT_NAMES, lambda variant: choice(DEAL_KINDS)),
    "deal_level": table(VARIANT_NAMES, lambda variant: choice(DEAL_LEVELS)),
    "language": choice(LANGUAGES),
    "look": _look,
    "sound": flag,
    "volume": choice(VOLUMES),
    "speech": choice(SPEECH_CHOICES),
}


@dataclass
class Settings:
    animation: str = "normal"
    last_variant: str = VARIANT_NAMES[0]
    options: dict[str, dict[str, str]] = field(default_factory=dict)
    deal_kind: dict[str, str] = field(default_factory=dict)  # "winnable" or "random", per variant
    deal_level: dict[str, str] = field(default_factory=dict)  # a winnable deal's difficulty, per variant
    language: str | None = None  # "en", "ja", "it"; None: the system's (CM-15)
    look: Look = field(default_factory=Look)  # deck, table, back, reduced motion, left-handed (UI-9)
    sound: bool = True  # UI-8: the sounds on or muted
    volume: str = "medium"
    speech: str = "auto"  # CM-19: "auto" (on when a screen reader runs), "on" or "off"

    def kind_for(self, variant: str) -> str:
        """KL-11: a first-time player gets winnable deals."""
        kind = self.deal_kind.get(variant, "winnable")
        return kind if kind in DEAL_KINDS else "winnable"

    def level_for(self, variant: str) -> str:
        """How hard a winnable deal should be: "any", "easy", "medium" or "hard"."""
        level = self.deal_level.get(variant, ANY_LEVEL)
        return level if level in DEAL_LEVELS else ANY_LEVEL

    @property
    def speed(self) -> float:
        """Multiplier of animation speed; 0 means no animation."""
        return ANIMATION_SPEEDS.get(self.animation, 1.0)

    @property
    def loudness(self) -> float:
        """The sounds' volume, 0..1 (0 when muted)."""
        return VOLUMES.get(self.volume, 0.6) if self.sound else 0.0

    def options_for(self, variant: str) -> dict[str, str]:
        """The variant's remembered options, valid ones only, defaults for the rest."""
        spec = variant_spec(variant)
        chosen = spec.defaults()
        for key, value in self.options.get(spec.name, {}).items():
            try:
                spec.normalise_options({key: value})
            except ParseError:
                continue  # a setting from an older version, or edited by hand: keep the default
            chosen[key] = value
        return dict(spec.normalise_options(chosen))

    @classmethod
    def load(cls, store: Store) -> Settings:
        """The saved settings, each field checked by :data:`SCHEMA`: a field that does not hold
        takes its default and is named in one message; the others are kept."""
        data = store.read(SETTINGS_FILE, SETTINGS_VERSION)
        if data is None:
            return cls()
        found, bad = read_fields(data, SCHEMA)
        if "look" in found:
            found["look"] = Look(**found["look"]).checked()
        if bad:
            store.problems.append(
                tr(
                    "Some settings in {file} could not be read and are back to their defaults: {names}.",
                    file=store.path(SETTINGS_FILE).name,
                    names=", ".join(bad[:SETTINGS_NAMED]) + (", …" if len(bad) > SETTINGS_NAMED else ""),
                )
            )
        return cls(**found)

    def save(self, store: Store) -> None:
        data: dict[str, Any] = {
            "version": SETTINGS_VERSION,
            "animation": self.animation,
            "last_variant": self.last_variant,
            "options": self.options,
            "deal_kind": self.deal_kind,
            "deal_level": self.deal_level,
            **({"language": self.language} if self.language else {}),
            "look": dataclasses.asdict(self.look),
            "sound": self.sound,
            "volume": self.volume,
            "speech": self.speech,
        }
        store.write_later(SETTINGS_FILE, data)  # off the frame (UI-11); flushed on quit
