"""Golden deals (CM-1): the exact starting layout of a few deal IDs of every variant, pinned in
``tests/golden``. A change of shuffle or layout that would silently change old deals fails here; a
deliberate one bumps the variant's generator version in ``game/core/variants.py`` instead."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.dealid import parse_deal_id
from game.rules.registry import start

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.txt"))


def test_there_is_a_golden_deal_for_every_variant():
    from game.core.variants import VARIANT_NAMES  # every game there is, so a new one needs its golden deal

    names = {p.name.split("-")[0] for p in GOLDEN}
    assert names == set(VARIANT_NAMES)


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_cm1_golden_deal_is_reproduced_exactly(path):
    text = path.read_text(encoding="utf-8")
    first, _, position = text.partition("\n")
    deal_id = parse_deal_id(first.removeprefix("deal: "))
    rules, state = start(deal_id)
    assert rules.to_text(state) == position
    assert rules.parse(position) == state
