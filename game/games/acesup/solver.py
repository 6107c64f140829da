"""Aces Up's search (AU) over the rules' own positions; its last stage is complete: it proves a deal
lost.

While the stock has cards, each deal puts a known card on each pile in its order, so the piles'
order matters; once it is dealt, piles that differ only in their order are one position. The
discard pile follows from the rest (every card not on the piles or in the stock) and is left out
of the key.

Two kinds of discard are taken at once, without trying the others, because the position without
the card can do all that the position with it can:

- once the stock is dealt, any discard (:func:`safe_to_discard`): no card is ever covered again, so
  the card that can discard this one stays on top, or a higher one of its suit that discarded it
  does, and it can discard whatever this card could;
- before, the discard of a card no card of whose suit lower than it is left to play (:func:`spent`):
  it can never discard another.

Any other discard may be worth keeping over a deal (the card, uncovered later, may discard a lower
card of its suit when no higher one shows), so the complete search tries keeping it. It would spend
most of its positions on which discards to keep, so a deal is searched in stages
(:class:`Deepening`): first with every discard taken at once, then keeping at most one card over a
deal in the whole game, then two (these find nearly every win, quickly), and only when their
positions run out, the complete search with the budget left. The rules never offer a pile's lone
card into an empty pile (it changes nothing), so the complete search leaves nothing out.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Any, NamedTuple

from game.core.cards import SUIT
from game.games.acesup.rules import PILES, AcesUp, AcesUpState, discardable, high_rank
from game.rules.base import DEAL, MOVE, Move
from game.rules.pile import DISCARD_PILE, TABLEAUS
from game.solver.engine import Result, Search, Shape, Stats, Status
from game.solver.spec import SolverSpec

RULES = AcesUp()
STAGES: tuple[int | None, ...] = (0, 1, 2, None)  # cards kept over a deal, in all; None: any number


def spent(s: AcesUpState, i: int) -> bool:
    """Pile ``i``'s top card can be discarded, and every card of its suit lower than it (aces
    high) is discarded already: it can never discard another card, so discarding it gives up
    nothing."""
    if not discardable(s.tableau, i):
        return False
    c = s.tableau[i][-1]
    below = high_rank(c) - 2  # the cards of its suit from the two up to just below it
    return sum(1 for x in s.discard if SUIT[x] == SUIT[c] and high_rank(x) < high_rank(c)) == below


def safe_to_discard(s: AcesUpState, i: int) -> bool:
    """Discarding pile ``i``'s top card gives up nothing: once the stock is dealt, any discard;
    before, a spent card's (:func:`spent`). CM-20's safe move, and the search's."""
    return discardable(s.tableau, i) and (not s.stock or spent(s, i))


def discard_move(i: int) -> Move:
    return Move(MOVE, TABLEAUS[i], DISCARD_PILE)


class Node(NamedTuple):
    state: AcesUpState
    spare: int | None  # cards that may still be kept over a deal; None: any number


class AcesUpProblem:
    """The search of a position keeping at most ``spare`` cards that could be discarded over a
    deal (every other discard taken at once, which may miss a win); ``spare`` None: complete."""

    shape = Shape()

    def __init__(self, state: AcesUpState, spare: int | None = None) -> None:
        self.initial = Node(state, spare)
        self.complete = spare is None

    def start(self) -> Node:
        return self.initial

    def key(self, node: Node) -> Hashable:
        s = node.state
        if s.stock:
            return s.tableau, len(s.stock), node.spare
        return tuple(sorted(s.tableau))

    def is_goal(self, node: Node) -> bool:
        return RULES.is_won(node.state)

    def safe_move(self, node: Node) -> tuple[Move, Node] | None:
        s = node.state
        for i in range(PILES):
            if safe_to_discard(s, i) or (node.spare == 0 and discardable(s.tableau, i)):
                m = discard_move(i)
                return m, Node(RULES.play(s, m), node.spare)
        return None

    def successors(self, node: Node) -> Iterator[tuple[Move, Node]]:
        s, spare = node
        for m in RULES.legal_moves(s):
            if m.kind == DEAL and spare is not None:
                kept = sum(1 for i in range(PILES) if discardable(s.tableau, i))
                if kept > spare:
                    continue
                yield m, Node(RULES.play(s, m), spare - kept)
            else:
                yield m, Node(RULES.play(s, m), spare)

    def score(self, node: Node, depth: int) -> float:
        s = node.state
        empty = sum(1 for col in s.tableau if not col)
        buried = sum(len(col) - 1 for col in s.tableau if col)  # cards over the bottom of a pile
        return (48 - len(s.discard)) + 0.6 * buried - 1.5 * empty + 0.3 * len(s.stock) + depth * 0.01


class Deepening:
    """The searches of :data:`STAGES` in turn, each begun only when the one before has searched
    every position its moves reach without a win, with the budget left (a Searcher)."""

    def __init__(self, state: AcesUpState, max_nodes: int, max_seconds: float | None, stages: tuple[int | None, ...]):
        self.state = state
        self.max_nodes = max_nodes
        self.max_seconds = max_seconds
        self.stages = list(stages)
        self.done = Stats()
        self.current: Search[Node, Move] = Search(AcesUpProblem(state, self.stages.pop(0)), max_nodes, max_seconds)
        self.status = Status.RUNNING
        self.moves: list[Move] = []

    @property
    def exhausted(self) -> bool:
        return self.current.exhausted and not self.stages

    @property
    def stats(self) -> Stats:
        now = self.current.stats
        return Stats(
            self.done.nodes + now.nodes,
            self.done.generated + now.generated,
            self.done.seen + now.seen,
            self.done.seconds + now.seconds,
        )

    def step(self, budget: int = 1000) -> Status:
        if self.status is not Status.RUNNING:
            return self.status
        status = self.current.step(budget)
        if status is Status.UNKNOWN and self.current.exhausted and self.stages:
            self.done = self.stats
            seconds = None if self.max_seconds is None else max(0.0, self.max_seconds - self.done.seconds)
            problem = AcesUpProblem(self.state, self.stages.pop(0))
            self.current = Search(problem, max(0, self.max_nodes - self.done.nodes), seconds)
            return self.status
        if status is not Status.RUNNING:
            self.status = status
            self.moves = list(self.current.moves)
        return self.status

    def cancel(self) -> None:
        self.current.cancel()
        self.status = Status.UNKNOWN

    def run(self) -> Result[Any]:
        while self.step(5000) is Status.RUNNING:
            pass
        return self.result()

    def result(self) -> Result[Any]:
        return Result(self.status, list(self.moves), self.stats)


def make(state: AcesUpState, max_nodes: int, max_seconds: float | None, complete: bool) -> Deepening:
    """The stages in turn; asked for ``complete``, the complete search alone."""
    return Deepening(state, max_nodes, max_seconds, (None,) if complete else STAGES)


SOLVER = SolverSpec(make)
