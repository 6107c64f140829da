"""Forty & Eight for the solver: the family's complete search (game/solver/thieves.py) over its rules."""

from __future__ import annotations

from game.games.fortyeight.rules import FortyEight
from game.solver.thieves import thieves_solver

SOLVER = thieves_solver(FortyEight())
