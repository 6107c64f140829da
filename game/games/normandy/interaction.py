"""Normandy's taps: the build games' way (select a card with the run on it, then its place; CM-2,
CM-3), except that a tap on the stock deals a row (NO-3)."""

from __future__ import annotations

from game.play.interaction import Interaction
from game.rules.base import DEAL_MOVE, Move


class NormandyInteraction(Interaction):
    stock_moves: tuple[Move, ...] = (DEAL_MOVE,)
