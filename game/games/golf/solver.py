"""Golf in compact form (GO): a position is one int, so a deal's whole space can be searched
quickly and a lost deal is proved lost. The deal's cards stay fixed; a position is the height of
each column, how far the stock has been turned and the rank of the waste's top card (suits never
matter in Golf). Its moves are the rules' own moves, the most promising first, for the engine's
depth-first search."""

from __future__ import annotations

from collections.abc import Hashable

from game.core.cards import RANK
from game.games.golf.rules import GolfState
from game.rules.base import DRAW_MOVE, MOVE, Move
from game.rules.pile import TABLEAUS, WASTE_PILE
from game.solver.engine import Shape
from game.solver.spec import SolverSpec, single

# A Golf position: bits 0-20 the seven column heights (3 bits each), 21-25 the stock cards turned,
# 26-29 the waste top's rank (0 for none).
_HEIGHTS = (1 << 21) - 1
_TURNED = 21
_TOP = 26


_DRAW_LINE = (DRAW_MOVE,)


class GolfProblem:
    """GO-1 ... GO-4. Complete: every legal move is tried, so exhausting the space proves a loss.
    (Measured: checking each position for a card that can never be played costs more time than
    the positions it saves.)"""

    shape = Shape(ordered=True, safe_moves=False)

    complete = True

    def __init__(self, state: GolfState) -> None:
        self.ranks = tuple(tuple(RANK[c] for c in col) for col in state.tableau)
        self.stock = tuple(RANK[c] for c in reversed(state.stock))  # in the order they are turned
        # The search's view of each column, the last first: its bits' place in a position, its
        # line (its one move), and its ranks by height (the rank of the card a column of height h shows at h).
        self.columns = tuple(
            (3 * i, (Move(MOVE, TABLEAUS[i], WASTE_PILE),), (0, *self.ranks[i]))
            for i in range(len(self.ranks) - 1, -1, -1)
        )
        heights = sum(len(col) << 3 * i for i, col in enumerate(state.tableau))
        top = RANK[state.waste[-1]] if state.waste else 0
        self.initial = heights | top << _TOP

    def start(self) -> int:
        return self.initial

    def key(self, node: int) -> Hashable:
        return node

    def is_goal(self, node: int) -> bool:
        return not node & _HEIGHTS

    def safe_move(self, node: int) -> tuple[Move, int] | None:
        return None

    def lines(self, node: int) -> list[tuple[tuple[Move, ...], int]]:
        """Each child with its line, one move (a :class:`~game.solver.engine.LinesProblem`, so the
        search's ordered loop makes no line of its own). Column cards first (the last column first),
        then the stock. (Measured on deals 1-40: ordering the column cards by height or by the plays
        they open finds no more wins and costs more time.)"""
        top = node >> _TOP
        rest = node & ~(15 << _TOP)
        out: list[tuple[tuple[Move, ...], int]] = []
        for shift, line, ranks in self.columns:
            h = node >> shift & 7
            if h:
                r = ranks[h]
                if top == 0 or r - top == 1 or top - r == 1:
                    out.append((line, (rest - (1 << shift)) | r << _TOP))
        turned = rest >> _TURNED
        if turned < len(self.stock):
            out.append((_DRAW_LINE, (rest & _HEIGHTS) | (turned + 1) << _TURNED | self.stock[turned] << _TOP))
        return out

    def score(self, node: int, depth: int) -> float:
        heights = sum(node >> 3 * i & 7 for i in range(len(self.ranks)))
        return heights - 0.25 * (len(self.stock) - (node >> _TURNED & 31))


# Measured: depth first (best child first) wins more deals in the same budget.
SOLVER = SolverSpec(single(lambda s, complete: GolfProblem(s), depth_first=True))
