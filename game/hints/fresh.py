"""Hints that never go round in a loop (CM-7): a player who takes every hint must never come back
to a position of the game's line, or the hints could hold them for ever (Klondike: "four of
hearts to foundation 3", then "four of hearts to column 4", again and again).

A hint is asked with the positions of the line from the deal's start to the current one. Only the
*fresh* moves — those that lead to a position not on that line — are handed to the game's hint
provider as the moves it may name: a search votes only for them (see
:class:`game.solver.sampling.SampledHint` and :func:`game.hints.base.solved_or`), a rule of thumb
picks among them. When every legal move returns to a position already had, the hint says that no
move helps. A position is what the player sees (every pile's face-up cards and how many lie face
down), never the hidden cards: the hints still never peek. Since every hinted move leads somewhere
new and a deal has finitely many positions, taking hint after hint always ends."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any

from game.core.i18n import tr
from game.hints.base import NONE, Hint, HintJob, HintProvider, Ready
from game.rules.base import Move, Variant


def position(rules: Variant[Any], state: Any) -> Hashable:
    """What the player sees of a position (the score aside): each pile's face-down count and its
    face-up cards."""
    return tuple((pile, down, tuple(cards[down:])) for pile, (cards, down) in rules.piles(state).items())


def fresh_moves(rules: Variant[Any], state: Any, legal: list[Move], been: set[Hashable]) -> list[Move]:
    """The legal moves that lead to a position not in ``been``, in the rules' order."""
    return [m for m in legal if position(rules, rules.play(state, m)) not in been]


def nothing_new() -> Hint:
    return Hint(None, tr("No move helps now: undo a few moves or start a new deal."), NONE)


class OnlyFresh:
    """A provider's job whose hint is kept only when it names a fresh move (or none). A provider
    that names a fixed move (a stock turn, Addiction's next card) without looking at the moves it
    was given cannot send the player back: its hint then says that no move helps."""

    def __init__(self, job: HintJob, fresh: list[Move]) -> None:
        self.job = job
        self.fresh = fresh

    def advance(self, seconds: float) -> bool:
        return self.job.advance(seconds)

    def result(self) -> Hint:
        hint = self.job.result()
        if hint.move is not None and hint.move not in self.fresh:
            return nothing_new()
        return hint

    def cancel(self) -> None:
        self.job.cancel()


def hint_on_line(
    provider: HintProvider,
    rules: Variant[Any],
    state: Any,
    seen: frozenset[object],
    legal: list[Move],
    line: Iterable[Any],
) -> HintJob:
    """The game's hint for ``state``, reached by the positions ``line`` (the deal's start to
    ``state``, as the history holds them), naming no move that returns to one of them."""
    been = {position(rules, s) for s in line}
    fresh = fresh_moves(rules, state, legal, been)
    if len(fresh) == len(legal):
        return provider(rules, state, seen, legal)  # no move goes back: the game's own hint, as it was
    if not fresh:
        return Ready(nothing_new())
    return OnlyFresh(provider(rules, state, seen, fresh), fresh)
