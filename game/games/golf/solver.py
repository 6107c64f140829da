"""Golf in compact form (GO): a position is one int, so a deal's whole space can be searched
quickly and a lost deal is proved lost. The deal's cards stay fixed; a position is the height of
each column, how far the stock has been turned and the rank of the waste's top card (suits never
matter in Golf). Its moves are the rules' own moves, the most promising first, for the engine's
depth-first search, which leaves out the positions that can be seen to be lost (:func:`hopeless`).

Why a position is hopeless. Between two turns of the stock the player lays column cards on the waste
in a chain, each one rank from the card before it (GO-2); the chain starts from the waste's top card,
or from the stock card just turned. So every column card still to be played has a predecessor: the
card laid just before it, one rank away, either a column card or a chain's start (the waste's top
card now, or a stock card still to come); and no card is the predecessor of two. Take any set S of
ranks and the set N of the ranks one away from them: the column cards of S need as many distinct
predecessors among the column cards of N and the starts of N. When S has more, the columns can
never be cleared. The search checks the sets the ranks' line makes tight (Hall's condition on a
line): the odd ranks from the king down or the ace up, the even ranks likewise (so the parity of
what is left is counted against the stock's), and each rank alone against its two neighbours."""

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

# The sets S of ranks checked by hopeless, as runs of one parity: grown from one end of the line,
# each rank k joins S and its other neighbour k - 1 (from the top) or k + 1 (from the bottom) joins N.
_ODD_FROM_KING = (13, 11, 9, 7, 5, 3, 1)
_EVEN_FROM_QUEEN = (12, 10, 8, 6, 4, 2)
_ODD_FROM_ACE = (1, 3, 5, 7, 9, 11, 13)
_EVEN_FROM_TWO = (2, 4, 6, 8, 10, 12)


def hopeless(left: bytes, given: bytes) -> bool:
    """The columns can never be cleared: some set of ranks S among the column cards ``left`` has
    more cards than the column cards and chain starts ``given`` of the ranks beside S could precede
    (both counts by rank at index 1 ... 13, with 0 and 14 off the line and empty; ``given`` counts
    the column cards too; see the module's docstring)."""
    for run, step in ((_ODD_FROM_KING, -1), (_EVEN_FROM_QUEEN, -1), (_ODD_FROM_ACE, 1), (_EVEN_FROM_TWO, 1)):
        need = -given[run[0] - step]  # the first rank's neighbour on the far side
        for k in run:
            need += left[k] - given[k + step]
            if need > 0:
                return True
    return any(left[r] > given[r - 1] + given[r + 1] for r in range(2, 13))


class GolfProblem:
    """GO-1 ... GO-4. Complete: every legal move is tried but from a hopeless position, so
    exhausting the space proves a loss. (Measured on deals 1, 2, 3, 6 and 10: the check cuts the
    positions searched 5 to 500 times and the time 2.5 to 40 times, deals 1-60 from 112 s to 23 s
    with the same verdicts; a check only for cards whose two neighbouring ranks are all gone cut a
    fifth of the positions and cost as much time as it saved.)"""

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
        # The count of each rank (a byte each, at 8 * rank) in a column below each height, and in
        # the stock from each turn on: summed, then read as bytes by hopeless.
        self.counts = tuple((shift, _running_counts(ranks[1:])) for shift, _, ranks in self.columns)
        self.stock_counts = _running_counts(self.stock[::-1])[::-1]
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
        search's ordered loop makes no line of its own): :meth:`moves`, or none from a position
        seen to be lost (:meth:`is_hopeless`)."""
        return [] if self.is_hopeless(node) else self.moves(node)

    def is_hopeless(self, node: int) -> bool:
        """:func:`hopeless` for this position: the column cards left against them and the chain
        starts (the waste's top card, the stock's cards not turned yet)."""
        top = node >> _TOP
        if not top:
            return False  # an empty waste takes any card
        left = 0
        for shift, counts in self.counts:
            left += counts[node >> shift & 7]
        given = left + self.stock_counts[node >> _TURNED & 31] + (1 << 8 * top)
        return hopeless(left.to_bytes(15, "little"), given.to_bytes(15, "little"))

    def moves(self, node: int) -> list[tuple[tuple[Move, ...], int]]:
        """Every legal move with the child it makes: column cards first (the last column first),
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


def _running_counts(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """For each n from 0 to len(ranks), the count of each rank among the first n, a byte a rank."""
    out = [0]
    for r in ranks:
        out.append(out[-1] + (1 << 8 * r))
    return tuple(out)


# Measured: depth first (best child first) wins more deals in the same budget.
SOLVER = SolverSpec(single(lambda s, complete: GolfProblem(s), depth_first=True))
