"""The search problems of the games that search the rules' own positions (Yukon, Addiction;
FreeCell, Klondike, Spider, Golf and Pyramid have compact forms of their own), each with its
canonical key (positions that differ only in the order of interchangeable piles are one), its
provably safe moves, what it leaves out (then it cannot prove a deal lost) and its measure of
progress."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from typing import Any

from game.core.cards import NO_CARD, RANK, RED, SUIT, Card
from game.rules.addiction import Addiction, AddictionState
from game.rules.addiction import score as addiction_score
from game.rules.base import MOVE, Move, Variant
from game.rules.pile import FOUNDATION, TABLEAU
from game.rules.yukon import Yukon, YukonState
from game.solver.spec import SolverSpec, single


class RulesProblem:
    """Search over the rules' positions with the rules' moves. ``prune`` may drop moves that never
    help; if it drops any that might, ``complete`` must be False."""

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


def _home_ranks(foundations: tuple[Card, ...]) -> list[int]:
    ranks = [0, 0, 0, 0]
    for top in foundations:
        if top != NO_CARD:
            ranks[SUIT[top]] = RANK[top]
    return ranks


def safe_to_home(c: Card, foundations: tuple[Card, ...]) -> bool:
    """No card could ever need to go on ``c`` once its two opposite-colour suits are home up to
    one rank below it (aces and twos always)."""
    home = _home_ranks(foundations)
    r = RANK[c]
    if home[SUIT[c]] != r - 1:
        return False
    if r <= 2:
        return True
    other = (0, 3) if RED[c] else (1, 2)
    return home[other[0]] >= r - 1 and home[other[1]] >= r - 1


def _safe_home_move(rules: Variant[Any], s: Any, sources: list[tuple[Any, Card]]) -> Move | None:
    for pile, c in sources:
        if safe_to_home(c, s.foundations):
            for m in rules.legal_moves(s):
                if m.kind == MOVE and m.src == pile and m.dst.kind == FOUNDATION:
                    return m
    return None


def _blocking(columns: tuple[tuple[Card, ...], ...]) -> int:
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


# -- Yukon ----------------------------------------------------------------------------------------


def yukon_problem(state: YukonState) -> RulesProblem:
    rules = Yukon()

    def key(s: YukonState) -> Hashable:
        return (tuple(sorted(zip(s.down, s.tableau, strict=True))), tuple(sorted(s.foundations)))

    def safe(s: YukonState) -> Move | None:
        from game.rules.pile import TABLEAUS

        return _safe_home_move(rules, s, [(TABLEAUS[i], col[-1]) for i, col in enumerate(s.tableau) if col])

    def prune(s: YukonState, m: Move) -> bool:
        if m.dst.kind == TABLEAU and not s.tableau[m.dst.idx]:
            col, down = s.tableau[m.src.idx], s.down[m.src.idx]
            return len(col) - m.size == 0 and down == 0  # a whole column onto an empty one
        return False

    def score(s: YukonState, depth: int) -> float:
        home = sum(_home_ranks(s.foundations))
        return (52 - home) + 2.0 * sum(s.down) + 0.8 * _blocking(s.tableau) + depth * 0.01

    return RulesProblem(rules, state, key, score, safe, prune, complete=True)


# -- Addiction -----------------------------------------------------------------------------------


def addiction_problem(state: AddictionState) -> RulesProblem:
    def score(s: AddictionState, depth: int) -> float:
        return (48 - addiction_score(s.grid)) * 3 + s.redeals * 8

    return RulesProblem(Addiction(), state, lambda s: (s.grid, s.redeals), score)


YUKON_SOLVER = SolverSpec(single(lambda s, complete: yukon_problem(s)))
ADDICTION_SOLVER = SolverSpec(single(lambda s, complete: addiction_problem(s)))
