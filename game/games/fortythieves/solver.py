"""Forty Thieves for the solver: the family's search (game/solver/thieves.py) over its rules."""

from __future__ import annotations

from game.games.fortythieves.rules import FortyThieves
from game.solver.thieves import thieves_solver

SOLVER = thieves_solver(FortyThieves())
