"""A rule of thumb's look a few moves ahead, over what the player sees: the shortest line of moves
after which a move the game counts as progress is open (a card turned up, a column emptied, a suit
completed). No move of the line may show a hidden card or deal from the stock — the look would
then depend on cards the player has not seen — so it never peeks; the line's first move is the
hint. Bounded by positions, as every search of a hint is, and looked along a few positions at a
time (:func:`path_steps`), so that a hint job gives the frame back between them (CM-20)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Generator, Hashable
from typing import Any, TypeVar

from game.hints.plans import position
from game.rules.base import Move, Variant

MOST = 400  # positions looked at, at most
CHUNK = 12  # positions looked at between two chances for the frame (a two-deck position: about 0.3 ms)
T = TypeVar("T")
Steps = Generator[None, None, T]  # work that gives way now and then (yields), then returns its value


def finish(steps: Steps[T]) -> T:
    """Run ``steps`` to its end at once (where nothing waits for a frame): its value."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            value: T = done.value
            return value


def path_to(
    rules: Variant[Any],
    state: Any,
    goal: Callable[[Any, Move], bool],
    allowed: Callable[[Any, Move], bool],
    most: int = MOST,
) -> Move | None:
    """:func:`path_steps` run to its end at once."""
    return finish(path_steps(rules, state, goal, allowed, most))


def path_steps(
    rules: Variant[Any],
    state: Any,
    goal: Callable[[Any, Move], bool],
    allowed: Callable[[Any, Move], bool],
    most: int = MOST,
) -> Steps[Move | None]:
    """The first move of the shortest line of ``allowed`` moves (those that show nothing hidden)
    after which a move meeting ``goal`` is open; None when none is found within ``most`` positions.
    Gives way every :data:`CHUNK` positions it opens."""
    seen: set[Hashable] = {position(rules, state)}
    queue: deque[tuple[Any, Move | None]] = deque([(state, None)])
    opened = 0
    while queue and len(seen) < most:
        opened += 1
        if opened % CHUNK == 0:
            yield
        s, first = queue.popleft()
        for m in rules.legal_moves(s):
            if first is not None and goal(s, m):
                return first
            if not allowed(s, m):
                continue
            after = rules.play(s, m)
            key = position(rules, after)
            if key not in seen:
                seen.add(key)
                queue.append((after, first or m))
    return None
