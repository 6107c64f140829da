"""Klondike's search problem: a compact position and moves that hide the stock's turning.

The stock and the waste are one sequence, the *talon*, in the order its cards are turned: the
waste from its bottom, then the stock from its top. A position says how many of those cards are
in the waste (``at``); turning moves ``at`` on by the draw count, redealing sets it back to 0 and
keeps the order. So instead of turning cards one move at a time, the search plays any talon card
that some number of turns (and redeals, while any are left) would bring to the waste's top, in
one move. That removes the long chains of stock turns that make Klondike's search deep.

Draw 1 with unlimited redeals reaches every talon card from anywhere, so there ``at`` is left out
of the position's key.

What the search leaves out (so it never proves a deal lost; its ``complete`` mode leaves out none
of it, and is far slower): a run split off a face-up card unless that card then goes home; a whole
column moved unless that empties it for a king still waiting, and then not unless a king goes
there at once; with draw 1 and unlimited redeals, a talon card put on the tableau unless a card
goes on it at once; a card taken back from the foundations unless it is a three or higher and a
card that could go on it is in reach. On 800 random small endgames (``tests/test_solver_games.py``
keeps a sample) this misses one win that every legal move finds; every split allowed costs more
than it finds on whole deals (draw 1, 1-40). ``tools/klondike_check.c`` searches the complete
mode's moves in C, for deals beyond what Python can hold.

Cards go home without branching only when that can never hurt, and since cards may come back
down from the foundations the rule is stricter than the all-open games': see ``_safe_home``.

How the searches are run (the portfolio, the complete stage, the moves given back as the rules'
own) is ``game/games/klondike/solver.py``.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial
from typing import NamedTuple

from game.core.cards import NO_CARD, RANK, RED, SUIT, Card
from game.games.klondike.rules import KlondikeState
from game.solver.engine import Shape

Cols = tuple[tuple[Card, ...], ...]
Weights = tuple[float, float, float, float]  # face-down cards, talon cards, digging, depth (``score``)
DEFAULT_WEIGHTS: Weights = (2.5, 0.15, 0.5, 0.01)  # the first search's: the best alone (klondike.WEIGHTS)
TALON = -1  # a move's source: the talon
HOME = -2  # a move's destination: the foundations
EMPTIED = 52  # KNode.pending after a column is emptied: a king must go there next


class KNode(NamedTuple):
    cols: Cols
    down: tuple[int, ...]  # face-down cards at the start of each column
    talon: tuple[Card, ...]  # the waste from its bottom, then the stock from its top
    at: int  # how many talon cards are in the waste
    home: tuple[int, int, int, int]  # rank on each suit's foundation
    recycles: int
    pending: Card = NO_CARD  # a card just put on the tableau (or EMPTIED): the next move must use it


class KMove(NamedTuple):
    src: int  # a column, TALON or HOME
    dst: int  # a column or HOME
    size: int  # cards moved
    card: Card  # the first (deepest) card moved


# The two cards each card may go on in the tableau (the other colour, one rank higher), in the
# order the search has always tried them: another order finds other solutions (and the seeds'
# efforts, measured in positions, would change). That order was a two-card frozenset's, by t % 8
# then t; it is written out so that it stays, and complete.c follows it (``onto``).
PARENTS: tuple[tuple[Card, ...], ...] = tuple(
    tuple(sorted((t for t in range(52) if RANK[t] == RANK[c] + 1 and RED[t] != RED[c]), key=lambda t: (t % 8, t)))
    for c in range(52)
)
# The two cards that may go on each card in the tableau.
CHILDREN: tuple[tuple[Card, ...], ...] = tuple(tuple(c for c in range(52) if t in PARENTS[c]) for t in range(52))
KINGS = (12, 25, 38, 51)

# Building the named tuples without their Python-level __new__: the search's inner loop makes many.
_node = partial(tuple.__new__, KNode)


class KlondikeProblem:
    """``complete`` leaves out none of the moves the module's docstring lists as left out, so that
    a search that runs out of positions proves the deal lost."""

    shape = Shape()

    def __init__(self, state: KlondikeState, weights: Weights = DEFAULT_WEIGHTS, complete: bool = False) -> None:
        self.weights = weights
        self.complete = complete
        self.draw = state.draw
        self.limit = state.redeal_limit
        self.free_talon = state.draw == 1 and state.redeal_limit is None
        self._safe: dict[tuple[int, int, int, int], list[Card]] = {}  # the cards safe to send home
        home = [0, 0, 0, 0]
        for top in state.foundations:
            if top != NO_CARD:
                home[SUIT[top]] = RANK[top]
        self.initial = KNode(
            state.tableau,
            state.down,
            state.waste + tuple(reversed(state.stock)),
            len(state.waste),
            (home[0], home[1], home[2], home[3]),
            state.recycles,
        )

    def start(self) -> KNode:
        return self.initial

    def key(self, node: KNode) -> Hashable:
        cols = tuple(sorted(zip(node.down, node.cols, strict=True)))
        if self.free_talon:
            return (cols, node.talon, node.home, node.pending)
        recycles = node.recycles if self.limit is not None else 0
        return (cols, node.talon, node.at, node.home, recycles, node.pending)

    def is_goal(self, node: KNode) -> bool:
        return node.home == (13, 13, 13, 13)

    # -- the talon ---------------------------------------------------------------------------------

    def reachable(self, node: KNode) -> list[tuple[int, int, int]]:
        """Each talon card some turns (and redeals) bring to the waste's top, the soonest way:
        (its index in the talon, the waste's size then, the redeals done then)."""
        n, draw, limit = len(node.talon), self.draw, self.limit
        if self.free_talon:  # every card, one turn after the card before it
            return [(j, j + 1, node.recycles) for j in range(n)]
        out: list[tuple[int, int, int]] = []
        taken: set[int] = set()
        if node.at:
            out.append((node.at - 1, node.at, node.recycles))
            taken.add(node.at - 1)
        p, r = node.at, node.recycles
        seen = {p}  # waste sizes met (with unlimited redeals the turning goes round)
        while n:
            if p < n:
                p = min(p + draw, n)
            elif limit is None or r < limit:
                p, r = 0, r + 1
                continue
            else:
                break
            if limit is None:
                if p in seen:
                    break
                seen.add(p)
            if p - 1 not in taken:
                taken.add(p - 1)
                out.append((p - 1, p, r))
        return out

    @staticmethod
    def _from_talon(node: KNode, j: int, p: int, r: int, home: tuple[int, int, int, int], cols: Cols) -> KNode:
        return _node((cols, node.down, node.talon[:j] + node.talon[j + 1 :], p - 1, home, r, NO_CARD))

    # -- moves -------------------------------------------------------------------------------------

    @staticmethod
    def _homed(home: tuple[int, int, int, int], c: Card, delta: int = 1) -> tuple[int, int, int, int]:
        """The foundations after ``c`` goes home (or, with ``delta`` -1, comes back down)."""
        h = list(home)
        h[SUIT[c]] += delta
        return (h[0], h[1], h[2], h[3])

    @staticmethod
    def _take(node: KNode, i: int, k: int) -> tuple[Cols, tuple[int, ...]]:
        """Column i without its last k cards, its new last card turned face up if need be."""
        col = node.cols[i][:-k]
        down = node.down
        if len(col) == down[i] and down[i] > 0:
            down = down[:i] + (down[i] - 1,) + down[i + 1 :]
        return node.cols[:i] + (col,) + node.cols[i + 1 :], down

    def _safe_home(self, c: Card, home: tuple[int, int, int, int]) -> bool:
        """No card could ever need to go on ``c``: an ace or a two; or a card whose two
        opposite-colour suits are home up to one rank below it, and whose other suit of its own
        colour up to two below (so the cards that could go on it are home, and none of them will
        ever come back down to take a card of that other suit)."""
        r = RANK[c]
        if home[SUIT[c]] != r - 1:
            return False
        if r <= 2:
            return True
        suit = SUIT[c]
        if RED[c]:
            return home[0] >= r - 1 and home[3] >= r - 1 and home[3 - suit] >= r - 2
        return home[1] >= r - 1 and home[2] >= r - 1 and home[3 - suit] >= r - 2

    def safe_move(self, node: KNode) -> tuple[KMove, KNode] | None:
        home = node.home
        safe = self._safe.get(home)
        if safe is None:
            safe = self._safe[home] = [
                13 * suit + h for suit, h in enumerate(home) if h < 13 and self._safe_home(13 * suit + h, home)
            ]
        if not safe:
            return None
        for i, col in enumerate(node.cols):
            if len(col) > node.down[i] and col[-1] in safe:
                cols, down = self._take(node, i, 1)
                return KMove(i, HOME, 1, col[-1]), KNode(
                    cols, down, node.talon, node.at, self._homed(home, col[-1]), node.recycles, node.pending
                )
        for c in safe:
            if c in node.talon:
                j = node.talon.index(c)
                if self.free_talon or j == node.at - 1:  # within reach without turning the stock
                    child = self._from_talon(node, j, j + 1, node.recycles, self._homed(home, c), node.cols)
                    return KMove(TALON, HOME, 1, c), child._replace(pending=node.pending)
        return None

    def successors(self, node: KNode) -> list[tuple[KMove, KNode]]:
        """Every move the search tries (see the module's docstring). A column is emptied only to
        take a king at once; with draw 1 and unlimited redeals, a talon card goes onto the tableau
        only to take a card at once (it stays within reach, so any later time would do as well)."""
        if node.pending == NO_CARD:
            return self._moves(node, -1)
        if node.pending == EMPTIED:  # a king must go into the empty column
            column = next((d for d, col in enumerate(node.cols) if not col), -1)
        else:
            column = next((d for d, col in enumerate(node.cols) if col and col[-1] == node.pending), -1)
        return self._moves(node, column) if column >= 0 else []

    def _moves(self, node: KNode, only: int) -> list[tuple[KMove, KNode]]:
        """The moves onto any pile (``only`` -1) or only onto column ``only``."""
        cols, down, home = node.cols, node.down, node.home
        out: list[tuple[KMove, KNode]] = []
        tops: dict[Card, int] = {}  # the card at the end of each column that may take cards
        first_empty = -1
        for j, col in enumerate(cols):
            if only >= 0 and j != only:
                continue
            if col:
                tops[col[-1]] = j
            elif first_empty < 0:
                first_empty = j  # empty columns are all alike: only the first is tried
        bottoms = {col[0] for col in cols if col}
        # a king not yet at the bottom of a column: emptying a column can help it
        kings_waiting = any(h < 13 and 13 * suit + 12 not in bottoms for suit, h in enumerate(home))
        to_home = only < 0
        # column cards home
        for c, i in tops.items() if to_home else ():
            if len(cols[i]) > down[i] and home[SUIT[c]] == RANK[c] - 1:
                new_cols, new_down = self._take(node, i, 1)
                child = _node((new_cols, new_down, node.talon, node.at, self._homed(home, c), node.recycles, NO_CARD))
                out.append((KMove(i, HOME, 1, c), child))
        # talon cards home or onto the tableau
        # the cards that could go on some column: on a top card, or a king into an empty column
        placeable = {x for t in tops for x in CHILDREN[t]}
        if first_empty >= 0:
            placeable.update(KINGS)
        wanted = {13 * suit + h for suit, h in enumerate(home) if h < 13} if to_home else set()
        if self.free_talon:  # every talon card is in reach: look only for those that can go somewhere
            talon = node.talon
            reach = [
                (j, j + 1, node.recycles) for j in sorted(talon.index(c) for c in placeable | wanted if c in talon)
            ]
        else:
            reach = self.reachable(node)
        pend = self.free_talon and not self.complete
        for j, p, r in reach:
            c = node.talon[j]
            if c in wanted:
                out.append((KMove(TALON, HOME, 1, c), self._from_talon(node, j, p, r, self._homed(home, c), cols)))
            if c not in placeable:
                continue
            targets = [tops[t] for t in PARENTS[c] if t in tops]
            if RANK[c] == 13 and first_empty >= 0:
                targets.append(first_empty)
            talon = node.talon[:j] + node.talon[j + 1 :]
            for d in targets:
                new_cols = cols[:d] + (cols[d] + (c,),) + cols[d + 1 :]
                child = _node((new_cols, node.down, talon, p - 1, home, r, c if pend else NO_CARD))
                out.append((KMove(TALON, d, 1, c), child))
        # a foundation's top card back onto the tableau, when a card that could then go on it
        # is in reach (in the talon or face up in a column)
        for suit, h in enumerate(home):
            if h >= 3:  # an ace or a two is always safe home (_safe_home): never worth taking back
                c = 13 * suit + h - 1
                dests = [tops[t] for t in PARENTS[c] if t in tops]
                if h == 13 and first_empty >= 0:
                    dests.append(first_empty)  # a king, into an empty column
                if dests and (self.complete or self._could_follow(node, c, None if self.free_talon else reach)):
                    back = self._homed(home, c, -1)
                    for d in dests:
                        new_cols = cols[:d] + (cols[d] + (c,),) + cols[d + 1 :]
                        child = _node((new_cols, down, node.talon, node.at, back, node.recycles, NO_CARD))
                        out.append((KMove(HOME, d, 1, c), child))
        # runs between columns
        next_home = {13 * suit + h for suit, h in enumerate(home) if h < 13}
        split_any = self.complete
        for i, col in enumerate(cols):
            n, dn = len(col), down[i]
            if n <= dn:
                continue
            for k in range(n - 1, dn - 1, -1):  # col[k:] is the run moved
                if k < n - 1 and col[k + 1] not in CHILDREN[col[k]]:
                    break
                c = col[k]
                if k > dn:
                    if not split_any and col[k - 1] not in next_home:
                        continue  # splitting a run is only worth it to send the card under home
                    dests = [tops[t] for t in PARENTS[c] if t in tops]
                    if RANK[c] == 13 and first_empty >= 0:
                        dests.append(first_empty)
                elif dn > 0:
                    dests = [tops[t] for t in PARENTS[c] if t in tops]
                    if RANK[c] == 13 and first_empty >= 0:
                        dests.append(first_empty)  # a king and its run, off face-down cards
                elif kings_waiting or self.complete:
                    # the whole column, to empty it for a king (never a king onto an empty column)
                    dests = [tops[t] for t in PARENTS[c] if t in tops]
                else:
                    continue
                emptied = EMPTIED if k == 0 and not self.complete else NO_CARD
                for d in dests:
                    new_cols, new_down = self._take(node, i, n - k)
                    new_cols = new_cols[:d] + (new_cols[d] + col[k:],) + new_cols[d + 1 :]
                    child = _node((new_cols, new_down, node.talon, node.at, home, node.recycles, emptied))
                    out.append((KMove(i, d, n - k, c), child))
        return out

    @staticmethod
    def _could_follow(node: KNode, c: Card, reach: list[tuple[int, int, int]] | None) -> bool:
        """Some card that could go on ``c`` is in the talon's reach, face up in a column or on top
        of a foundation (it could come down after ``c``)."""
        children = set(CHILDREN[c])
        talon = node.talon if reach is None else [node.talon[j] for j, _, _ in reach]  # None: all of it
        if any(x in children for x in talon):
            return True
        if any(13 * suit + h - 1 in children for suit, h in enumerate(node.home) if h):
            return True
        return any(x in children for col, d in zip(node.cols, node.down, strict=True) for x in col[d:])

    def score(self, node: KNode, depth: int) -> float:
        """Cards not home; face-down cards; talon cards; cards lying on the next card a suit
        needs (the digging still to do); a little depth."""
        w_down, w_talon, w_dig, w_depth = self.weights
        home = node.home
        wanted = [13 * suit + h for suit, h in enumerate(home) if h < 13]
        dig = 0
        for col in node.cols:
            for c in wanted:
                if c in col:
                    dig += len(col) - 1 - col.index(c)
        return (52 - sum(home)) + w_down * sum(node.down) + w_talon * len(node.talon) + w_dig * dig + w_depth * depth
