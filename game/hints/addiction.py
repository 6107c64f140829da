"""Addiction's hint (CM-7): the move *Auto* would make (AD-10); when stuck, say to redeal."""

from __future__ import annotations

from typing import Any

from game.core.i18n import tr
from game.hints.base import NONE, Hint, HintJob, Ready
from game.rules.addiction import AddictionState, auto_move
from game.rules.base import REDEAL, Move, Variant


def hint_job(rules: Variant[Any], s: AddictionState, seen: frozenset[object], legal: list[Move]) -> HintJob:
    move = auto_move(s)
    if move is None:
        return Ready(Hint(None, tr("No moves are left: the game is over."), NONE))
    if move.kind == REDEAL:
        return Ready(Hint(None, tr("No card can move: press Redeal."), NONE))
    return Ready(Hint(move, tr("This card goes into its gap.")))
