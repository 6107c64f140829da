"""Hints that never peek, from search: the cards the player has never seen are dealt at random —
several times, each arrangement agreeing with everything the player knows — and each arrangement
is solved within a small budget. The move that starts the most winning lines is the hint.

The arrangements are drawn from a generator seeded by what the player can see (and by the set of
unseen cards, which follows from it), never by where the hidden cards really are, so the same
visible position always gets the same hint.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.core.cards import Card
from game.core.rng import Rng, stable_hash
from game.rules.base import Move
from game.rules.klondike import KlondikeState
from game.solver.engine import Result, Stats, Status
from game.solver.spec import SolverSpec
from game.solver.tasks import SolverTask


def klondike_arrangements(state: KlondikeState, seen: frozenset[object], count: int) -> list[KlondikeState]:
    """``count`` positions that look exactly like ``state`` to the player: the never-seen cards
    (face-down in the columns or not yet turned from the stock) shuffled among their places."""
    hidden_places: list[tuple[str, int, int]] = []
    for i, (col, down) in enumerate(zip(state.tableau, state.down, strict=True)):
        hidden_places += [("t", i, k) for k in range(down) if col[k] not in seen]
    hidden_places += [("s", 0, k) for k, c in enumerate(state.stock) if c not in seen]
    unknown = sorted(_card_at(state, p) for p in hidden_places)
    visible = [
        [c if k >= d or c in seen else -1 for k, c in enumerate(col)]
        for col, d in zip(state.tableau, state.down, strict=True)
    ]
    key = repr((visible, [c if c in seen else -1 for c in state.stock], state.waste, state.foundations, unknown))
    rng = Rng(stable_hash(key))
    out = []
    for _ in range(count):
        cards = list(unknown)
        rng.shuffle(cards)
        tableau = [list(col) for col in state.tableau]
        stock = list(state.stock)
        for (where, i, k), c in zip(hidden_places, cards, strict=True):
            if where == "t":
                tableau[i][k] = c
            else:
                stock[k] = c
        out.append(
            KlondikeState(
                tuple(tuple(col) for col in tableau),
                state.down,
                tuple(stock),
                state.waste,
                state.foundations,
                state.draw,
                state.redeal_limit,
                state.recycles,
                state.score,
            )
        )
    return out


def _card_at(state: KlondikeState, place: tuple[str, int, int]) -> Card:
    where, i, k = place
    return state.tableau[i][k] if where == "t" else state.stock[k]


class SampledHint:
    """Solves the arrangements one after the other, a slice at a time (the SolverTask interface)."""

    def __init__(self, spec: SolverSpec, arrangements: list[Any], nodes_each: int = 4000) -> None:
        self.spec = spec
        self.pending = list(arrangements)
        self.nodes_each = nodes_each
        self.votes: Counter[Move] = Counter()
        self.tried = 0
        self.current: SolverTask | None = None
        self._cancelled = False
        self._next()

    def _next(self) -> None:
        self.current = SolverTask(self.spec, self.pending.pop(0), max_nodes=self.nodes_each) if self.pending else None

    @property
    def done(self) -> bool:
        return self._cancelled or self.current is None

    def advance(self, seconds: float) -> bool:
        if self.current is not None and self.current.advance(seconds):
            result = self.current.result()
            self.tried += 1
            if result.status is Status.SOLVED and result.moves:
                self.votes[result.moves[0]] += 1
            self._next()
        return self.done

    def cancel(self) -> None:
        self._cancelled = True
        if self.current is not None:
            self.current.cancel()

    def result(self) -> Result[Move]:
        if not self.votes:
            return Result(Status.UNKNOWN, [], Stats())
        move, _ = self.votes.most_common(1)[0]
        return Result(Status.SOLVED, [move], Stats())
