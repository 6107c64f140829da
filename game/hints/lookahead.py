"""A rule of thumb's look a few moves ahead, over what the player sees: the shortest line of moves
after which a move the game counts as progress is open (a card turned up, a column emptied, a suit
completed). No move of the line may show a hidden card or deal from the stock — the look would
then depend on cards the player has not seen — so it never peeks; the line's first move is the
hint. Bounded by positions, as every search of a hint is."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable
from typing import Any

from game.hints.plans import position
from game.rules.base import Move, Variant

MOST = 400  # positions looked at, at most: a rule of thumb answers within a frame


def path_to(
    rules: Variant[Any],
    state: Any,
    goal: Callable[[Any, Move], bool],
    allowed: Callable[[Any, Move], bool],
    most: int = MOST,
) -> Move | None:
    """The first move of the shortest line of ``allowed`` moves (those that show nothing hidden)
    after which a move meeting ``goal`` is open; None when none is found within ``most`` positions."""
    seen: set[Hashable] = {position(rules, state)}
    queue: deque[tuple[Any, Move | None]] = deque([(state, None)])
    while queue and len(seen) < most:
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
