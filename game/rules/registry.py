"""Every variant's rules by name (aliases included), and a game's starting position from a deal ID."""

from __future__ import annotations

from typing import Any

from game.core.dealid import DealId
from game.core.variants import variant_spec
from game.rules.addiction import Addiction
from game.rules.base import Variant
from game.rules.freecell import FreeCell
from game.rules.golf import Golf
from game.rules.klondike import Klondike
from game.rules.pyramid import Pyramid
from game.rules.spider import Spider
from game.rules.yukon import Yukon

AnyVariant = Variant[Any]

RULES: dict[str, AnyVariant] = {
    v.name: v for v in (Klondike(), Spider(), FreeCell(), Pyramid(), Golf(), Yukon(), Addiction())
}


def rules_for(name: str) -> AnyVariant:
    """The rules of the variant called ``name`` (or an alias such as ``gaps``); ParseError if unknown."""
    return RULES[variant_spec(name).name]


def start(deal_id: DealId) -> tuple[AnyVariant, Any]:
    """The rules and the starting position of a deal."""
    rules = rules_for(deal_id.variant)
    return rules, rules.deal(deal_id)
