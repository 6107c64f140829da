"""The player's settings: animation speed, language, the last variant played and each variant's options."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from game.core.errors import ParseError
from game.core.i18n import LANGUAGES
from game.core.variants import VARIANT_NAMES, variant_spec
from game.store import Store
from game.view.look import Look

SETTINGS_VERSION = 1
ANIMATION_SPEEDS = {"off": 0.0, "fast": 2.0, "normal": 1.0, "slow": 0.6}
VOLUMES = {"low": 0.3, "medium": 0.6, "high": 1.0}
ANY_LEVEL = "any"
DEAL_LEVELS = (ANY_LEVEL, "easy", "medium", "hard")  # game.deals.LEVELS


@dataclass
class Settings:
    animation: str = "normal"
    last_variant: str = "klondike"
    options: dict[str, dict[str, str]] = field(default_factory=dict)
    deal_kind: dict[str, str] = field(default_factory=dict)  # "winnable" or "random", per variant
    deal_level: dict[str, str] = field(default_factory=dict)  # a winnable deal's difficulty, per variant
    language: str | None = None  # "en", "ja", "it"; None: the system's (CM-15)
    look: Look = field(default_factory=Look)  # deck, table, back, reduced motion, left-handed (UI-9)
    sound: bool = True  # UI-8: the sounds on or muted
    volume: str = "medium"

    def kind_for(self, variant: str) -> str:
        """KL-11: a first-time player gets winnable deals."""
        kind = self.deal_kind.get(variant, "winnable")
        return kind if kind in ("winnable", "random") else "winnable"

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
        data = store.read("settings", SETTINGS_VERSION)
        s = cls()
        if data is None:
            return s
        animation, last = data.get("animation"), data.get("last_variant")
        if isinstance(animation, str) and animation in ANIMATION_SPEEDS:
            s.animation = animation
        if isinstance(last, str) and last in VARIANT_NAMES:
            s.last_variant = last
        language = data.get("language")
        if isinstance(language, str) and language in LANGUAGES:
            s.language = language
        kinds = data.get("deal_kind")
        if isinstance(kinds, dict):
            s.deal_kind = {str(k): v for k, v in kinds.items() if isinstance(v, str) and v in ("winnable", "random")}
        levels = data.get("deal_level")
        if isinstance(levels, dict):
            s.deal_level = {str(k): v for k, v in levels.items() if isinstance(v, str) and v in DEAL_LEVELS}
        options = data.get("options")
        if isinstance(options, dict):
            s.options = {
                k: {a: b for a, b in v.items() if isinstance(a, str) and isinstance(b, str)}
                for k, v in options.items()
                if k in VARIANT_NAMES and isinstance(v, dict)
            }
        look = data.get("look")
        if isinstance(look, dict):
            d = Look()

            def text(key: str, default: str) -> str:
                value = look.get(key)
                return value if isinstance(value, str) else default

            def flag(key: str) -> bool:
                return look.get(key) is True

            s.look = Look(
                text("deck", d.deck), text("table", d.table), text("back", d.back),
                flag("reduced_motion"), flag("left_handed"),
            ).checked()  # fmt: skip
        if isinstance(data.get("sound"), bool):
            s.sound = data["sound"]
        if data.get("volume") in VOLUMES:
            s.volume = data["volume"]
        return s

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
        }
        store.write("settings", data)
