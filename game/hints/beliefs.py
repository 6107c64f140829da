"""The worlds a table's hints weigh their moves over, carried on from move to move (CM-20).

A *world* is a position that looks exactly like the real one to the player, the cards not seen
dealt among their places (:func:`game.solver.sampling.arrangements`), with what the searches found
of it: a winning line, or a proof that it is lost. The worlds are dealt once, at the first position
a hint is asked for, from what the player sees there; after each move they are carried on: the
move is played in each, and a card it showed that a world had put elsewhere is swapped into place
(:meth:`HintSpec.conform`: every world stays one the player could be in, and the worlds stay as
likely as each other). A world keeps its winning line when the move was the line's (or one the
weighing found a line after): so from one hint to the next most worlds need no new search, the
hints follow plans that last, and a world proved lost stays lost.

What the worlds are is a function of what the player has seen — the position they were dealt at
and the moves since — never of where the hidden cards really are: the hints still never peek. The
worlds of each position of the line played are kept, so an undo finds them as they were.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.hints.spec import HintSpec
from game.rules.base import Move, Variant

MAX_KEPT = 60  # positions whose worlds are kept for undo (further back, they are dealt again)
CARRY_MOST = 12  # moves played since the worlds' last position, at most, for them to be carried on
# (beyond, they are dealt again where the player is: carrying them would hold up a frame)


@dataclass
class World:
    state: Any
    line: tuple[Move, ...] | None = None  # a winning line from ``state``, once found
    lost: bool = False  # proved lost (it stays lost whatever is played)
    tried: int = 0  # positions searched in vain from this very state


@dataclass
class Step:
    """One position of the line played and its worlds; ``after``: the winning lines found after
    each move weighed there, by world (the line that world keeps if the move is played)."""

    real: Any
    worlds: list[World]
    after: dict[tuple[int, Move], tuple[Move, ...]] = field(default_factory=dict)


class Beliefs:
    def __init__(self, spec: HintSpec, rules: Variant[Any], count: int) -> None:
        self.spec = spec
        self.rules = rules
        self.count = count
        self.first = 0  # the index, in the line played, of the trail's first position
        self.trail: list[Step] = []

    def at(self, line: list[Any], moves: list[Move], seen: frozenset[object]) -> Step | None:
        """The worlds of the last position of ``line`` (the positions from the deal's start, with
        the ``moves`` between them), carried on from the positions already had, else dealt there;
        None once nothing that matters is unseen."""
        kept = self._follows(line)
        if kept == 0 or len(line) - self.first - kept > CARRY_MOST:
            worlds = self.spec.worlds(line[-1], seen, self.count)
            if worlds is None:
                return None
            self.first, self.trail = len(line) - 1, [Step(line[-1], [World(w) for w in worlds])]
            return self.trail[-1]
        del self.trail[kept:]
        for index in range(self.first + kept, len(line)):
            step = self._carried(self.trail[-1], moves[index - 1], line[index], seen)
            if step is None:
                self.trail = []
                return None
            self.trail.append(step)
        if len(self.trail) > MAX_KEPT:
            self.first += len(self.trail) - MAX_KEPT
            del self.trail[: len(self.trail) - MAX_KEPT]
        return self.trail[-1]

    def _follows(self, line: list[Any]) -> int:
        """How many positions of the trail are the line's, from the trail's first on (0: none)."""
        if not self.trail or self.first >= len(line) or self.trail[0].real != line[self.first]:
            return 0
        n = 1
        while n < len(self.trail) and self.first + n < len(line) and self.trail[n].real == line[self.first + n]:
            n += 1
        return n

    def _carried(self, step: Step, move: Move, real: Any, seen: frozenset[object]) -> Step | None:
        """The worlds of ``step`` with ``move`` played and brought into line with ``real``."""
        if self.spec.worlds(real, seen, 0) is None:
            return None  # nothing is hidden any more: the position itself is searched now
        worlds = []
        played = [self.rules.play(world.state, move) for world in step.worlds]
        for k, (world, (state, changed)) in enumerate(
            zip(step.worlds, self.spec.conform(played, real, seen), strict=True)
        ):
            if changed:  # a card it had hidden elsewhere came up: a new world to search
                worlds.append(World(state))
            else:  # the same world a move on: what was found of it holds (a failed search too)
                worlds.append(World(state, self._line_after(step, k, world, move), world.lost, world.tried))
        return Step(real, worlds)

    @staticmethod
    def _line_after(step: Step, k: int, world: World, move: Move) -> tuple[Move, ...] | None:
        """World ``k``'s winning line once ``move`` is played in it: the rest of its own line when
        the move was its first, else the line the weighing found after the move (if it did)."""
        if world.line is not None and world.line[0] == move:
            return world.line[1:] or None
        return step.after.get((k, move))

    def forget(self) -> None:
        self.trail = []
