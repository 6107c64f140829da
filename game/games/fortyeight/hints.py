"""Forty & Eight's hint: the family's (game/hints/thieves.py), which never peeks at the stock."""

from __future__ import annotations

from game.games.fortyeight.solver import SOLVER
from game.hints.thieves import thieves_hints

HINTS = thieves_hints(SOLVER)
