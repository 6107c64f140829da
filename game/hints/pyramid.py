"""Pyramid's hint (CM-7), from the face-up cards only: pyramid cards first (two at once best), then
a pyramid card with the stock or waste, then the stock."""

from __future__ import annotations

from typing import Any

from game.core.i18n import tr
from game.hints.base import Hint, HintJob, Ready, no_more_moves
from game.rules.base import DRAW, PAIR, RECYCLE, Move, Variant
from game.rules.pile import NO_PILE
from game.rules.pyramid import PYRAMID, PyramidState


def hint_job(rules: Variant[Any], s: PyramidState, seen: frozenset[object], legal: list[Move]) -> HintJob:
    pairs = [m for m in legal if m.kind == PAIR]

    def in_pyramid(m: Move) -> int:
        return (m.src.kind == PYRAMID) + (m.dst.kind == PYRAMID)

    kings = [m for m in pairs if m.dst == NO_PILE]
    if kings:  # a king alone never hurts: wherever it is, it goes first
        return Ready(Hint(max(kings, key=in_pyramid), tr("Remove this king.")))
    if pairs:
        best = max(pairs, key=in_pyramid)
        if in_pyramid(best):
            text = tr("Remove this king.") if best.dst == NO_PILE else tr("These two add up to 13.")
            return Ready(Hint(best, text))
    for m in legal:
        if m.kind == DRAW:
            return Ready(Hint(m, tr("No pyramid card pairs: turn the stock.")))
        if m.kind == RECYCLE:
            return Ready(Hint(m, tr("Turn the waste over for another pass.")))
    if pairs:
        return Ready(Hint(pairs[0], tr("These two add up to 13.")))
    return Ready(no_more_moves())
