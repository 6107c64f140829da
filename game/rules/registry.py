"""Every variant's rules by name (aliases included), and a game's starting position from a deal ID.

The rules are found, not listed: every module of this package is imported once and each concrete
:class:`Variant` subclass in it is registered under its ``name``. A new variant's rules module is
picked up without touching this file.
"""

from __future__ import annotations

import importlib
import inspect
from functools import cache
from typing import Any

from game.core.dealid import DealId
from game.core.variants import VARIANTS, variant_spec
from game.rules.base import Variant
from game.rules.pile import when_a_kind_is_unknown

AnyVariant = Variant[Any]


@cache
def all_rules() -> dict[str, AnyVariant]:
    """The rules of every variant, by name."""
    for spec in VARIANTS:
        importlib.import_module(f"game.games.{spec.name}.rules")
    found: dict[str, AnyVariant] = {}
    todo: list[type[Any]] = [Variant]
    while todo:
        cls = todo.pop()
        todo += cls.__subclasses__()
        if not inspect.isabstract(cls) and cls.__module__.startswith("game.games."):
            found[cls.name] = cls()
    return found


when_a_kind_is_unknown(all_rules)


def rules_for(name: str) -> AnyVariant:
    """The rules of the variant called ``name`` (or an alias such as ``gaps``); ParseError if unknown."""
    return all_rules()[variant_spec(name).name]


def start(deal_id: DealId) -> tuple[AnyVariant, Any]:
    """The rules and the starting position of a deal."""
    rules = rules_for(deal_id.variant)
    return rules, rules.deal(deal_id)
