"""Hints that never go round in a loop (CM-7): a player who takes every hint must never be held
for ever ("four of hearts to foundation 3", then "four of hearts to column 4", again and again; or
the stock turned round and round).

A hint is asked with the positions of the line from the deal's start to the current one, counted
as the player sees them (:func:`game.hints.plans.position`: every pile's face-up cards and how many
lie face down, the columns and the foundations each as a set — never the hidden cards: the hints
still never peek). A move of the table is offered only when it leads to a position not on that
line; turns of the stock only on the way to such a position, passing one already had at most once
(:func:`game.hints.plans.stock_plans`). When nothing is left to offer, the hint says that no move
helps. Since each position is passed at most twice and a deal has finitely many, taking hint after
hint always ends. Where every card is known and a winning line is known, the line is followed
wherever it goes: it ends in a win."""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.hints.advice import hint_job
from game.hints.base import HintJob
from game.hints.memory import Memory
from game.hints.plans import position
from game.hints.spec import HintSpec
from game.rules.base import Move, Variant
from game.rules.history import History
from game.solver.engine import no_cycle_collector


def hint_on_line(
    spec: HintSpec, rules: Variant[Any], history: History[Any], legal: list[Move], memory: Memory
) -> HintJob:
    """The game's hint for the history's position, reached by the positions of its line (the
    deal's start to now), as the module docstring says."""
    line = history.line
    with no_cycle_collector():  # the worlds carried on make many small tuples, and no cycle
        visits = Counter(position(rules, s) for s in line)
        return hint_job(spec, rules, line, history.moves, history.seen, legal, visits, memory)
