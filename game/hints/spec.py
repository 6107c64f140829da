"""What one game's hint module declares of its game, in one value (:class:`HintSpec`, as a solver
module declares a :class:`~game.solver.spec.SolverSpec`): how its hidden cards could lie, its
safe moves and its measure of progress (CM-20), and its rule of thumb. :mod:`game.hints.advice`
and :mod:`game.hints.verdict` do the rest the same way for every game."""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any, Protocol

from game.core.i18n import tr
from game.hints.base import Hint, empties, turns_up
from game.rules.base import MOVE, Move, Variant
from game.rules.foundations import safe_home
from game.rules.pile import Role, role_of
from game.solver.sampling import Place, arrangements, conform
from game.solver.spec import SolverSpec

Rule = Callable[[Variant[Any], Any, Move], bool]  # (rules, state, move) -> yes or no
Rank = Callable[[Variant[Any], Any, Move], int]  # (rules, state, move) -> higher is more progress
Hidden = Callable[[Any, frozenset[object]], list[Place]]  # (state, seen) -> the places of the cards not seen
Thumb = Callable[[Variant[Any], Any, list[Move]], Hint]  # (rules, state, the moves offered) -> a hint
Thinking = Callable[[Variant[Any], Any, list[Move]], Generator[None, None, Hint]]  # the same, in steps


class Unknown(Protocol):
    """What a game hides that is not where its cards lie (how a redeal's shuffle will fall)."""

    def worlds(self, state: Any, seen: frozenset[object], count: int) -> list[Any] | None:
        """``count`` worlds that look exactly like ``state``; None once nothing is unknown."""

    def conform(self, world: Any, real: Any, seen: frozenset[object]) -> tuple[Any, bool]:
        """``world``, a move played in it, brought into line with ``real``: the world and whether
        it had to change."""


def no_safe_move(rules: Variant[Any], state: Any, move: Move) -> bool:
    """The rule of a game with no move that is always right."""
    return False


def goes_home_safely(rules: Variant[Any], state: Any, move: Move, base: int = 1, returns: bool = False) -> bool:
    """``move`` takes a card home, and no card left could ever need it (the rank rule of
    :func:`game.rules.foundations.safe_home`, counted from ``base``; stricter where cards may
    come back down from the foundations, ``returns``)."""
    if move.kind != MOVE or role_of(move.dst) is not Role.FOUNDATION or role_of(move.src) is Role.FOUNDATION:
        return False
    cards, _ = rules.piles(state)[move.src]
    return safe_home(cards[-1], state.foundations, base, returns)


def safe_home_reason() -> str:
    return tr("This card can go to its foundation, and no card left on the table could need it.")


def column_progress(rules: Variant[Any], state: Any, move: Move) -> int:
    """CM-20's ties, for a game of columns and foundations: 4 a card turned up, 3 a column
    emptied, 2 a card home, 1 a card brought into play (from the waste, a reserve or a cell); 0 no
    progress (a stock turn, a deal, a redeal, cards shifted between columns, a card brought down
    from its foundation)."""
    if move.kind != MOVE:
        return 0
    if turns_up(rules, state, move):
        return 4
    if empties(rules, state, move):
        return 3
    src, dst = role_of(move.src), role_of(move.dst)
    if dst is Role.FOUNDATION:
        return 2
    return 1 if src in (Role.WASTE, Role.RESERVE, Role.CELL) else 0


@dataclass(frozen=True)
class HintSpec:
    """``hidden(state, seen)``: the places of the cards the player has not seen (``seen``: every
    card shown so far). The hints weigh their moves over *worlds*, positions that look exactly
    like ``state`` with those cards dealt again among those places
    (:func:`game.solver.sampling.arrangements`), carried on from move to move
    (:mod:`game.hints.beliefs`); once no place is hidden, the position itself is searched, and
    CM-21's verdict may be given. A game whose unknown is no card's place declares ``unknown``
    instead (how a redeal's shuffle will fall).

    ``safe`` is CM-20's safe-move rule: a move always right, hinted before any search (an ace
    home, a king removed), with ``safe_reason``. ``progress`` settles ties between moves that keep
    as many worlds winnable: 0 for a move that makes none, more for more (game/hints/weigh.py).
    ``thumb`` is the hint when no search finds a winning line within its budget, from what the
    player sees alone; ``thinking``, where the rule of thumb looks ahead, the same hint worked out a
    few positions at a time, so that the job gives the frame back between them. ``samples``,
    ``most``, ``nodes`` (each world's search), ``checks`` and ``budget`` (positions in all) size a
    weighed hint: see :mod:`game.hints.weigh`; ``sizing``, where a game's worlds are searched far
    faster in some positions than in others (a compiled search for one option set), gives each
    position's ``nodes`` and ``budget`` for the weighing instead."""

    solver: SolverSpec
    hidden: Hidden
    thumb: Thumb
    safe: Rule = no_safe_move
    safe_reason: Callable[[], str] = safe_home_reason  # what a safe move's hint says
    progress: Rank = column_progress
    samples: int = 6  # worlds weighed at first
    most: int = 24  # worlds weighed at most, twice as many at a time while the best moves tie
    nodes: int = 2_500
    checks: int = 3
    budget: int = 40_000  # and the position's own search, when every card that matters is known
    proving: bool = False  # that search asks for the solver's complete mode (where its default one
    # could never prove a loss)
    unknown: Unknown | None = None
    thinking: Thinking | None = None
    sizing: Callable[[Any], tuple[int, int]] | None = None

    def weighing_sizes(self, state: Any) -> tuple[int, int]:
        """Each world's positions and the positions in all, for weighing the moves of ``state``."""
        return self.sizing(state) if self.sizing is not None else (self.nodes, self.budget)

    def worlds(self, state: Any, seen: frozenset[object], count: int) -> list[Any] | None:
        """``count`` worlds of ``state``; None once nothing that matters is unseen."""
        if self.unknown is not None:
            return self.unknown.worlds(state, seen, count)
        hidden = self.hidden(state, seen)
        return arrangements(state, hidden, count) if hidden else None

    def conform(self, worlds: list[Any], real: Any, seen: frozenset[object]) -> list[tuple[Any, bool]]:
        """Worlds with the last move played in them, brought into line with what the player sees
        now (:func:`game.solver.sampling.conform`): each world and whether it had to change."""
        if self.unknown is not None:
            return [self.unknown.conform(world, real, seen) for world in worlds]
        return conform(worlds, real, self.hidden(real, seen))
