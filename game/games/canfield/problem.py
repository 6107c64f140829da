"""Canfield's search problem: a compact position, and moves that hide the stock's turning.

The stock and the waste are one sequence, the *talon*, as in a talon of draw games: the waste from
its bottom, then the stock from its top; a position says how many of its cards are in the waste
(``at``). Any talon card that some number of turns (and redeals: Canfield has no limit) brings to
the waste's top is played in one move. With draw 1 every talon card is in reach at any time, so
``at`` is left out of the position's key.

The reserve never changes but by losing its top card, so a position holds only how many cards are
left in it. The columns are interchangeable (every rule treats them alike), so the key sorts them.
The reserve fills an empty column within the move that emptied it, as in the rules (CF-4).

Foundations never give a card back, so a card can go home without branching as soon as no card
that could go on it in a column is still out (its two suits of the other colour are home up to the
rank below it): see ``_safe``. What the pruned search leaves out (its ``complete`` mode leaves out
none of it, so that a search that runs out of positions proves the deal lost): a run split off a
column unless the card it uncovers then goes home; a base card or the next rank played home only
by choice rather than at once; a draw-3 waste card sent home at once when it is safe there.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial
from typing import NamedTuple

from game.core.cards import NO_CARD, RANK, RED, SUIT, Card
from game.games.canfield.rules import CanfieldState, lifts
from game.rules.foundations import foundation_cards, next_rank
from game.solver.engine import Shape

Cols = tuple[tuple[Card, ...], ...]
Home = tuple[int, int, int, int]  # cards home in each suit
Weights = tuple[float, float, float, float]  # reserve cards, talon cards, digging, depth (``score``)
DEFAULT_WEIGHTS: Weights = (3.0, 0.1, 0.5, 0.01)
TALON = -1  # a move's source: the talon
HOME = -2  # a move's destination: the foundations
RESERVE = -3  # a move's source: the reserve

# The two cards each card may go on in a column (the other colour, one rank higher, an ace under a
# king), and the two that may go on each card.
PARENTS: tuple[tuple[Card, ...], ...] = tuple(
    tuple(t for t in range(52) if RED[t] != RED[c] and RANK[t] == next_rank(RANK[c])) for c in range(52)
)
CHILDREN: tuple[tuple[Card, ...], ...] = tuple(tuple(c for c in range(52) if t in PARENTS[c]) for t in range(52))
OTHER_COLOUR = ((1, 2), (0, 3), (0, 3), (1, 2))  # the suits of the other colour: S H D C


class CNode(NamedTuple):
    cols: Cols
    reserve: int  # cards left in the reserve (the problem's reserve[:reserve]; the top one last)
    talon: tuple[Card, ...]  # the waste from its bottom, then the stock from its top
    at: int  # how many talon cards are in the waste
    home: Home


class CMove(NamedTuple):
    src: int  # a column, TALON or RESERVE
    dst: int  # a column or HOME
    size: int  # cards moved
    card: Card  # the first (deepest) card moved


_node = partial(tuple.__new__, CNode)  # the search makes many: built without the Python-level __new__


class CanfieldProblem:
    """``complete`` leaves out none of the moves the module's docstring lists as left out, so that
    a search that runs out of positions proves the deal lost."""

    shape = Shape()

    def __init__(self, state: CanfieldState, weights: Weights = DEFAULT_WEIGHTS, complete: bool = False) -> None:
        self.weights = weights
        self.complete = complete
        self.split_any = complete
        self.eager = not complete
        self.talon_safe = not complete
        self.draw = state.draw
        self.whole = state.whole
        self.free_talon = state.draw == 1
        self.reserve = state.reserve
        # each card's height on its foundation: 0 for the base rank, 12 for the rank before it
        self.height = tuple((RANK[c] - state.base) % 13 for c in range(52))
        home = [0, 0, 0, 0]
        for top in state.foundations:
            if top != NO_CARD:
                home[SUIT[top]] = len(foundation_cards(top, state.base))
        self.initial = CNode(
            state.tableau,
            len(state.reserve),
            state.waste + tuple(reversed(state.stock)),
            len(state.waste),
            (home[0], home[1], home[2], home[3]),
        )

    def start(self) -> CNode:
        return self.initial

    def key(self, node: CNode) -> Hashable:
        cols = tuple(sorted(node.cols))
        return (cols, node.reserve, node.talon, 0 if self.free_talon else node.at, node.home)

    def is_goal(self, node: CNode) -> bool:
        return node.home == (13, 13, 13, 13)

    # -- the talon ---------------------------------------------------------------------------------

    def reachable(self, node: CNode) -> list[tuple[int, int]]:
        """Each talon card some turns (and redeals) bring to the waste's top: (its index in the
        talon, the waste's size then)."""
        n = len(node.talon)
        if self.free_talon:
            return [(j, j + 1) for j in range(n)]
        out = [(node.at - 1, node.at)] if node.at else []
        p, met = node.at, {node.at}
        while n:
            p = min(p + self.draw, n) if p < n else 0  # at the end, the waste turns over
            if p in met:
                break
            met.add(p)
            if p:
                out.append((p - 1, p))
        return out

    # -- moves -------------------------------------------------------------------------------------

    def _filled(self, cols: Cols, left: int) -> tuple[Cols, int]:
        """CF-4: an empty column takes the reserve's top card at once, while the reserve lasts."""
        for i, col in enumerate(cols):
            if not col and left:
                cols = cols[:i] + ((self.reserve[left - 1],),) + cols[i + 1 :]
                left -= 1
        return cols, left

    def _home(self, home: Home, c: Card) -> Home:
        h = list(home)
        h[SUIT[c]] += 1
        return (h[0], h[1], h[2], h[3])

    def _safe(self, c: Card, home: Home, complete: bool) -> bool:
        """``c`` can go home now and nothing could ever need it in a column: the cards that could
        go on it (the other colour, one rank lower) are home. The pruned search also sends the
        base rank and the one after it home at once, as aces and twos go in the games built from the ace."""
        h = self.height[c]
        if home[SUIT[c]] != h:
            return False
        if h <= 1 and not complete:
            return True
        a, b = OTHER_COLOUR[SUIT[c]]
        return h >= 1 and home[a] >= h and home[b] >= h

    def safe_move(self, node: CNode) -> tuple[CMove, CNode] | None:
        home, complete = node.home, not self.eager
        for i, col in enumerate(node.cols):
            if col and self._safe(col[-1], home, complete):
                cols, left = self._filled(node.cols[:i] + (col[:-1],) + node.cols[i + 1 :], node.reserve)
                return CMove(i, HOME, 1, col[-1]), _node((cols, left, node.talon, node.at, self._home(home, col[-1])))
        if node.reserve:
            c = self.reserve[node.reserve - 1]
            if self._safe(c, home, complete):
                return CMove(RESERVE, HOME, 1, c), _node(
                    (node.cols, node.reserve - 1, node.talon, node.at, self._home(home, c))
                )
        # a talon card: with draw 1 taking one leaves every other in reach, so it is safe; with
        # draw 3 it changes which cards the turns bring up, so only the pruned search takes it
        if not (self.free_talon or self.talon_safe):
            return None
        for j, c in enumerate(node.talon):
            if (self.free_talon or j == node.at - 1) and self._safe(c, home, complete):
                talon = node.talon[:j] + node.talon[j + 1 :]
                at = node.at - 1 if j < node.at else node.at
                return CMove(TALON, HOME, 1, c), _node((node.cols, node.reserve, talon, at, self._home(home, c)))
        return None

    def successors(self, node: CNode) -> list[tuple[CMove, CNode]]:
        """Every move the search tries (see the module's docstring)."""
        cols, left, home, height = node.cols, node.reserve, node.home, self.height
        out: list[tuple[CMove, CNode]] = []
        tops = {col[-1]: j for j, col in enumerate(cols) if col}
        empty = next((j for j, col in enumerate(cols) if not col), -1)
        # column cards home
        for c, i in tops.items():
            if home[SUIT[c]] == height[c]:
                new_cols, new_left = self._filled(cols[:i] + (cols[i][:-1],) + cols[i + 1 :], left)
                out.append(
                    (CMove(i, HOME, 1, c), _node((new_cols, new_left, node.talon, node.at, self._home(home, c))))
                )
        # the reserve's top card home or onto a column
        if left:
            c = self.reserve[left - 1]
            if home[SUIT[c]] == height[c]:
                out.append(
                    (CMove(RESERVE, HOME, 1, c), _node((cols, left - 1, node.talon, node.at, self._home(home, c))))
                )
            for t in PARENTS[c]:
                if t in tops:
                    d = tops[t]
                    new_cols = cols[:d] + (cols[d] + (c,),) + cols[d + 1 :]
                    out.append((CMove(RESERVE, d, 1, c), _node((new_cols, left - 1, node.talon, node.at, home))))
        # talon cards home, onto a column, or into an empty column (the reserve is empty then)
        for j, p in self.reachable(node):
            c = node.talon[j]
            talon = node.talon[:j] + node.talon[j + 1 :]
            if home[SUIT[c]] == height[c]:
                out.append((CMove(TALON, HOME, 1, c), _node((cols, left, talon, p - 1, self._home(home, c)))))
            targets = [tops[t] for t in PARENTS[c] if t in tops]
            if empty >= 0:
                targets.append(empty)
            for d in targets:
                new_cols = cols[:d] + (cols[d] + (c,),) + cols[d + 1 :]
                out.append((CMove(TALON, d, 1, c), _node((new_cols, left, talon, p - 1, home))))
        # runs between columns (never into an empty one: it takes only the waste's card)
        for i, col in enumerate(cols):
            for k in lifts(col, self.whole):
                c = col[k]
                if k and not self.split_any and home[SUIT[col[k - 1]]] != height[col[k - 1]]:
                    continue  # splitting a run is only worth it to send the card under it home
                for t in PARENTS[c]:
                    d = tops.get(t, -1)
                    if d < 0 or d == i:
                        continue
                    new_cols = cols[:i] + (col[:k],) + cols[i + 1 :]
                    new_cols = new_cols[:d] + (new_cols[d] + col[k:],) + new_cols[d + 1 :]
                    new_cols, new_left = self._filled(new_cols, left)
                    out.append((CMove(i, d, len(col) - k, c), _node((new_cols, new_left, node.talon, node.at, home))))
        return out

    def score(self, node: CNode, depth: int) -> float:
        """Cards not home; reserve cards (the game's real obstacle); talon cards; cards lying on the
        next card each suit needs, in a column or in the reserve (the digging still to do); a
        little depth."""
        w_reserve, w_talon, w_dig, w_depth = self.weights
        home, reserve = node.home, self.reserve
        dig = 0
        for suit, h in enumerate(home):
            if h == 13:
                continue
            wanted = next(c for c in range(13 * suit, 13 * suit + 13) if self.height[c] == h)
            for col in node.cols:
                if wanted in col:
                    dig += len(col) - 1 - col.index(wanted)
            if wanted in reserve[: node.reserve]:
                dig += node.reserve - 1 - reserve.index(wanted)
        return (52 - sum(home)) + w_reserve * node.reserve + w_talon * len(node.talon) + w_dig * dig + w_depth * depth
