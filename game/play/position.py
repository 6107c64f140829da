"""A position as the interaction layer reads it: the rules, the state, its legal moves (generated
once) and its piles."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from game.rules.base import MOVE, Move, PileContents, Variant
from game.rules.pile import Pile


class Position:
    def __init__(self, rules: Variant[Any], state: Any, legal: list[Move] | None = None) -> None:
        self.rules = rules
        self.state = state
        self._legal = legal

    @cached_property
    def legal(self) -> list[Move]:
        return self._legal if self._legal is not None else self.rules.legal_moves(self.state)

    @cached_property
    def piles(self) -> PileContents:
        return self.rules.piles(self.state)

    def cards(self, pile: Pile) -> tuple[int, ...]:
        return self.piles[pile][0] if pile in self.piles else ()

    def moves_from(self, pile: Pile, index: int) -> list[Move]:
        """The legal moves of the cards of ``pile`` from ``index`` up."""
        size = len(self.cards(pile)) - index
        return [m for m in self.legal if m.kind == MOVE and m.src == pile and m.size == size]

    def check(self, move: Move) -> str | None:
        return self.rules.check(self.state, move, self.legal)
