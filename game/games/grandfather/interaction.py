"""Grandfather's taps: the build games' way (select a card with everything on it, then its place;
CM-2, CM-3), except that a tap on the redeal's place deals the piles again (GF-3)."""

from __future__ import annotations

from game.play.interaction import Interaction
from game.rules.base import REDEAL_MOVE, Move


class GrandfatherInteraction(Interaction):
    stock_moves: tuple[Move, ...] = (REDEAL_MOVE,)
