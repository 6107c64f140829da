"""Yukon's hint (CM-7), from what the player can see: turn up a face-down card, send a card home,
put cards into order on another column."""

from __future__ import annotations

from typing import Any

from game.core.i18n import tr
from game.hints.base import Hint, HintJob, Ready, no_more_moves, turns_up
from game.rules.base import FOUNDATION, MOVE, TABLEAU, Move, Variant
from game.rules.yukon import YukonState


def hint_job(rules: Variant[Any], s: YukonState, seen: frozenset[object], legal: list[Move]) -> HintJob:
    moves = [m for m in legal if m.kind == MOVE]
    for m in moves:
        if turns_up(rules, s, m):
            return Ready(Hint(m, tr("This turns up a face-down card.")))
    for m in moves:
        if m.dst.kind == FOUNDATION:
            return Ready(Hint(m, tr("This card can go to its foundation.")))
    for m in moves:
        if m.dst.kind == TABLEAU and s.tableau[m.dst.idx]:
            return Ready(Hint(m, tr("This moves cards into order.")))
    if moves:
        return Ready(Hint(moves[0], tr("A legal move.")))
    return Ready(no_more_moves())
