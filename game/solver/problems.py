"""A search problem over the rules' own positions and moves, for a game that needs no compact
form of its own: the game gives its canonical key (positions that differ only in the order of
interchangeable piles are one), its provably safe moves, what it leaves out (then it cannot prove a
deal lost) and its measure of progress. And the pieces such problems share: how far each suit is
home, when a card is safe to send home, which cards lie on a lower one."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from typing import Any

from game.core.cards import NO_CARD, RANK, RED, SUIT, Card
from game.rules.base import MOVE, Move, Variant
from game.rules.pile import FOUNDATION
from game.solver.engine import Shape


class RulesProblem:
    """Search over the rules' positions with the rules' moves. ``prune`` may drop moves that never
    help; if it drops any that might, ``complete`` must be False."""

    shape = Shape()

    def __init__(
        self,
        rules: Variant[Any],
        state: Any,
        key: Callable[[Any], Hashable],
        score: Callable[[Any, int], float],
        safe: Callable[[Any], Move | None] = lambda s: None,
        prune: Callable[[Any, Move], bool] = lambda s, m: False,
        complete: bool = True,
    ) -> None:
        self.rules = rules
        self.initial = state
        self._key = key
        self._score = score
        self._safe = safe
        self._prune = prune
        self.complete = complete

    def start(self) -> Any:
        return self.initial

    def key(self, node: Any) -> Hashable:
        return self._key(node)

    def is_goal(self, node: Any) -> bool:
        return bool(self.rules.is_won(node))

    def successors(self, node: Any) -> Iterator[tuple[Move, Any]]:
        play = self.rules.play
        for m in self.rules.legal_moves(node):
            if not self._prune(node, m):
                yield m, play(node, m)

    def safe_move(self, node: Any) -> tuple[Move, Any] | None:
        m = self._safe(node)
        return None if m is None else (m, self.rules.play(node, m))

    def score(self, node: Any, depth: int) -> float:
        return self._score(node, depth)


# -- shared pieces --------------------------------------------------------------------------------


def home_ranks(foundations: tuple[Card, ...]) -> list[int]:
    ranks = [0, 0, 0, 0]
    for top in foundations:
        if top != NO_CARD:
            ranks[SUIT[top]] = RANK[top]
    return ranks


def safe_to_home(c: Card, foundations: tuple[Card, ...]) -> bool:
    """No card could ever need to go on ``c`` once its two opposite-colour suits are home up to
    one rank below it (aces and twos always)."""
    home = home_ranks(foundations)
    r = RANK[c]
    if home[SUIT[c]] != r - 1:
        return False
    if r <= 2:
        return True
    other = (0, 3) if RED[c] else (1, 2)
    return home[other[0]] >= r - 1 and home[other[1]] >= r - 1


def safe_home_move(rules: Variant[Any], s: Any, sources: list[tuple[Any, Card]]) -> Move | None:
    for pile, c in sources:
        if safe_to_home(c, s.foundations):
            for m in rules.legal_moves(s):
                if m.kind == MOVE and m.src == pile and m.dst.kind == FOUNDATION:
                    return m
    return None


def blocking(columns: tuple[tuple[Card, ...], ...]) -> int:
    """Cards lying on a lower card (each must move before that card can go home)."""
    n = 0
    for col in columns:
        low = 99
        for c in col:
            if RANK[c] > low:
                n += 1
            else:
                low = RANK[c]
    return n
