"""Addiction's hint (CM-7, CM-20): every card is face up, but a redeal's shuffle is unknown until
it is made, so while a redeal is left the worlds differ in how the redeals will fall (each world
its own shuffle, drawn from what the player sees: it never peeks at the deal's own) and the moves
are weighed over them (game/hints/weigh.py). With no redeal left the position itself is searched.
A card that continues its row's sequence goes first: no other card can fill that gap, and waiting
gains nothing. When no line is found, the move *Auto* would make (AD-10); stuck, the redeal."""

from __future__ import annotations

import dataclasses
from typing import Any

from game.core.i18n import tr
from game.core.rng import Rng, stable_hash
from game.games.addiction.rules import COLS, AddictionState, auto_move, sequence_length
from game.games.addiction.solver import SOLVER as ADDICTION_SOLVER
from game.hints.base import Hint, no_more_moves
from game.hints.spec import HintSpec
from game.rules.base import MOVE, REDEAL, Move, Variant
from game.solver.sampling import Place

MAX_NUMBER = 2**31 - 1


class Redeals:
    """Addiction's unknown: how the redeals will fall (:class:`game.hints.spec.Unknown`)."""

    def worlds(self, s: AddictionState, seen: frozenset[object], count: int) -> list[AddictionState] | None:
        """The same grid, each world with its own redeals (a deal number of its own, drawn from the
        grid the player sees); None once no redeal is left: then nothing is unknown."""
        if s.redeals >= s.redeal_limit:
            return None
        rng = Rng(stable_hash(repr((s.grid, s.redeals, s.redeal_limit))))
        return [dataclasses.replace(s, number=rng.below(MAX_NUMBER) + 1) for _ in range(count)]

    def conform(
        self, world: AddictionState, real: AddictionState, seen: frozenset[object]
    ) -> tuple[AddictionState, bool]:
        """The grid the player sees, the world's own redeals still to come; changed when a redeal
        fell otherwise in the world."""
        return dataclasses.replace(real, number=world.number), world.grid != real.grid


def no_places(s: AddictionState, seen: frozenset[object]) -> list[Place]:
    """Every card is face up."""
    return []


def continues_sequence(s: AddictionState, m: Move) -> bool:
    """The move puts a card right after its row's sequence (a 2 into a first-column gap only
    when its own 3 lies just after that gap: any 2 could go there, so which one is a choice)."""
    if m.kind != MOVE:
        return False
    row, place = divmod(m.dst.idx, COLS)
    if place != sequence_length(s.grid, row):
        return False
    return place > 0 or s.grid[m.dst.idx + 1] == s.grid[m.src.idx] + 1


def safe(rules: Variant[Any], s: AddictionState, m: Move) -> bool:
    """CM-20: a card continuing its row's sequence."""
    return continues_sequence(s, m)


def sequence_reason() -> str:
    return tr("This card continues its row's sequence.")


def progress(rules: Variant[Any], s: AddictionState, m: Move) -> int:
    """CM-20's ties: a card into its row's sequence is progress; any other move only trades one
    gap for another, and a redeal comes when nothing can move."""
    if m.kind == REDEAL:
        return 0
    row, place = divmod(m.dst.idx, COLS)
    return 1 if place == sequence_length(s.grid, row) else 0


def rule_of_thumb(rules: Variant[Any], s: AddictionState, legal: list[Move]) -> Hint:
    move = auto_move(s)
    if move is None:
        return no_more_moves()
    if move.kind == REDEAL:
        return Hint(move, tr("No card can move: press Redeal."))
    return Hint(move if move in legal else legal[0], tr("This card goes into its gap."))


HINTS = HintSpec(
    ADDICTION_SOLVER,
    no_places,
    rule_of_thumb,
    safe=safe,
    safe_reason=sequence_reason,
    progress=progress,
    nodes=3_000,  # some 35,000 positions a second (tools/bench_hints.py)
    budget=15_000,
    unknown=Redeals(),
)
