"""The player's settings: animation speed, language, the last variant played and each variant's options."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.errors import ParseError
from game.core.i18n import LANGUAGES
from game.core.variants import VARIANT_NAMES, variant_spec
from game.store import Store

SETTINGS_VERSION = 1
ANIMATION_SPEEDS = {"off": 0.0, "fast": 2.0, "normal": 1.0, "slow": 0.6}


@dataclass
class Settings:
    animation: str = "normal"
    last_variant: str = "klondike"
    options: dict[str, dict[str, str]] = field(default_factory=dict)
    deal_kind: dict[str, str] = field(default_factory=dict)  # "winnable" or "random", per variant
    language: str | None = None  # "en", "ja", "it"; None: the system's (CM-15)

    def kind_for(self, variant: str) -> str:
        """KL-11: a first-time player gets winnable deals."""
        kind = self.deal_kind.get(variant, "winnable")
        return kind if kind in ("winnable", "random") else "winnable"

    @property
    def speed(self) -> float:
        """Multiplier of animation speed; 0 means no animation."""
        return ANIMATION_SPEEDS.get(self.animation, 1.0)

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
        options = data.get("options")
        if isinstance(options, dict):
            s.options = {
                k: {a: b for a, b in v.items() if isinstance(a, str) and isinstance(b, str)}
                for k, v in options.items()
                if k in VARIANT_NAMES and isinstance(v, dict)
            }
        return s

    def save(self, store: Store) -> None:
        data: dict[str, Any] = {
            "version": SETTINGS_VERSION,
            "animation": self.animation,
            "last_variant": self.last_variant,
            "options": self.options,
            "deal_kind": self.deal_kind,
            **({"language": self.language} if self.language else {}),
        }
        store.write("settings", data)
