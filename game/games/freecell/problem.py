"""FreeCell for the solver, in Python: a compact position, every move (runs included, up to FC-4's
limit), provably safe moves to the foundations, and a heuristic that counts cards not home and cards
that block lower ones. The same search is compiled (fast.py); solver.py chooses between them."""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from functools import partial
from typing import NamedTuple

from game.core.cards import NO_CARD, RANK, RED, SUIT, Card
from game.games.freecell.rules import KING, FreeCellState, run_limit
from game.solver.engine import Shape

Cols = tuple[tuple[Card, ...], ...]

# Solver moves: where from, where to, how many cards. Kinds: "c" column, "f" free cell, "h" home.


class FCMove(NamedTuple):
    src: str  # "c" or "f"
    src_i: int  # column index, or the card itself for a free cell
    dst: str  # "c", "f" or "h"
    dst_i: int  # column index (unused for "f" and "h")
    size: int = 1


class FCNode(NamedTuple):
    cols: Cols
    cells: tuple[Card, ...]  # sorted, no gaps
    home: tuple[int, int, int, int]  # rank on each suit's foundation
    h: float = 0.0  # the score without its depth term (see FreeCellProblem.score): kept, not keyed


Line = tuple[FCMove, ...]
Built = tuple[Line, FCNode] | None  # a child built at once (see FreeCellProblem.moves)
# Building the named tuples without their Python-level __new__: the search's inner loop makes millions.
_node = partial(tuple.__new__, FCNode)
_move = partial(tuple.__new__, FCMove)


# The two cards each card may go on (the other colour, one rank higher): a set lookup in the hot loop.
PARENTS: tuple[frozenset[Card], ...] = tuple(
    frozenset(t for t in range(52) if RANK[t] == RANK[c] + 1 and RED[t] != RED[c]) for c in range(52)
)
# FC-7: built by suit, the one card each card may go on (card = suit * 13 + rank - 1).
SUIT_PARENTS: tuple[frozenset[Card], ...] = tuple(frozenset({c + 1} if RANK[c] < KING else ()) for c in range(52))


def _safe_cards(home: tuple[int, int, int, int]) -> tuple[Card, ...]:
    """The next card of each suit, where no card could ever need it (card = suit * 13 + rank - 1):
    an ace or a two, or a card whose two opposite-colour suits are home up to one rank below it."""
    h0, h1, h2, h3 = home
    black = h0 if h0 < h3 else h3  # spades and clubs
    red = h1 if h1 < h2 else h2  # hearts and diamonds
    return tuple(
        13 * suit + h for suit, h in enumerate(home) if h < 13 and (h <= 1 or (black if suit in (1, 2) else red) >= h)
    )


def _suit_safe_cards(home: tuple[int, int, int, int]) -> tuple[Card, ...]:
    """Built by suit, the only card that could go on a card is the one below it in its suit, home
    already when the card may go: the next card of every suit may go home without a choice."""
    return tuple(13 * suit + h for suit, h in enumerate(home) if h < 13)


def _run_length(col: tuple[Card, ...], parents: tuple[frozenset[Card], ...] = PARENTS) -> int:
    n = len(col)
    if not n:
        return 0
    k = 1
    while k < n and col[n - k - 1] in parents[col[n - k]]:
        k += 1
    return k


# blocking, digging, free cells used, empty columns, depth: two leaders for a portfolio, taking turns
# of QUANTUM positions. Standard FreeCell's (solver v16): the first as chosen on Microsoft deals
# 1-1000 from a search around earlier ones (it alone wins every one of them in 467,624 positions in
# all, at most 14,510 for one deal); the second the same but for a depth weighed more than three
# times as much, so that it prefers shorter lines. Where the first is slow the second is often
# quick: Microsoft deals 1-32000 took 17,200,790 positions in all (at most 130,653 for a deal won,
# #14087 won in 5,893), where the earlier second leader took 23,648,774 and left #14087
# unknown after 1,900,000; deals 1-2000 took about as many as before. Weighing depth 0.6, 1.0 or 1.5,
# the other weights changed, or turns of 2,000 to 6,000 did no better (tools/tune_freecell.py).
WEIGHTS = (
    (2.0, 0.75, 5.0, 7.0, 0.25),
    (2.0, 0.75, 5.0, 7.0, 0.8),
)
# The family's other layouts (Baker's Game, Eight Off, Fore Cell, Seahaven Towers) keep the second
# leader their rows and seeds were made with (solver v13): the one above was chosen on standard
# deals only, where the compiled search makes such a comparison cheap.
OTHER_LAYOUTS_WEIGHTS = (
    (2.0, 0.75, 5.0, 7.0, 0.25),
    (1.6, 1.0, 5.0, 6.0, 0.3),
)
QUANTUM = 5_000


def is_standard(state: FreeCellState) -> bool:
    """Standard FreeCell's layout: 8 columns, 4 free cells, any card on an empty column, alternate colours."""
    layout = state.layout
    return not layout.by_suit and not layout.kings_only and len(state.cells) == 4 and len(state.tableau) == 8


def leaders(state: FreeCellState) -> tuple[tuple[float, ...], ...]:
    """The portfolio's weights for this position's layout."""
    return WEIGHTS if is_standard(state) else OTHER_LAYOUTS_WEIGHTS


class FreeCellProblem:
    """Children come settled (a :class:`~game.solver.engine.LinesProblem`): a move, then the safe
    moves home it allows. Its parent was settled, so a child can allow one only when a card went home
    or its source column shows a new card; only then are the columns looked at again. A child's score
    is its parent's with the changed columns' shares swapped, unless the foundations changed."""

    shape = Shape(lazy=True)

    complete = True

    def __init__(self, state: FreeCellState, weights: tuple[float, ...] = WEIGHTS[0]) -> None:
        self.weights = weights
        self._runs: dict[tuple[Card, ...], int] = {}  # run length at the end of each column seen
        self._costs: dict[tuple[int, int, int, int], ColumnCosts] = {}  # by foundations (see _costs_for)
        self._safe: dict[tuple[int, int, int, int], tuple[Card, ...]] = {}  # see _safe_cards
        home = [0, 0, 0, 0]
        for top in state.foundations:
            if top != NO_CARD:
                home[SUIT[top]] = RANK[top]
        cells = tuple(sorted(c for c in state.cells if c != NO_CARD))
        self.n_cells = len(state.cells)
        layout = state.layout
        self.layout = layout
        self.parents = SUIT_PARENTS if layout.by_suit else PARENTS
        self.safe_cards = _suit_safe_cards if layout.by_suit else _safe_cards
        self.kings_only = layout.kings_only
        self.initial = self._scored(FCNode(state.tableau, cells, (home[0], home[1], home[2], home[3])))

    def start(self) -> FCNode:
        return self.initial

    def key(self, node: FCNode) -> Hashable:
        """The columns in any order and the cells (the foundations follow: they hold the rest)."""
        return (tuple(sorted(node.cols)), node.cells)

    def is_goal(self, node: FCNode) -> bool:
        return node.home == (13, 13, 13, 13)

    def _safe_for(self, home: tuple[int, int, int, int]) -> tuple[Card, ...]:
        safe = self._safe.get(home)
        if safe is None:
            safe = self._safe[home] = self.safe_cards(home)
        return safe

    def safe_move(self, node: FCNode) -> tuple[FCMove, FCNode] | None:
        """A card goes home without a choice when no card could ever need to be put on it: an ace,
        or a card whose two opposite-colour suits are home up to one rank below it."""
        safe = self._safe_for(node.home)
        if not safe:
            return None
        for i, col in enumerate(node.cols):
            if col and col[-1] in safe:
                return FCMove("c", i, "h", 0), self._to_home(node, col[-1], col_i=i)
        for c in node.cells:
            if c in safe:
                return FCMove("f", c, "h", 0), self._to_home(node, c, cell=c)
        return None

    def _settled(self, move: FCMove, child: FCNode) -> tuple[Line, FCNode]:
        """The child after every safe move home, with the whole line."""
        line: Line = (move,)
        while True:
            safe = self.safe_move(child)
            if safe is None:
                return line, child
            line = (*line, safe[0])
            child = safe[1]

    def _to_home(self, node: FCNode, c: Card, col_i: int = -1, cell: Card = NO_CARD) -> FCNode:
        h = list(node.home)
        h[SUIT[c]] += 1
        home = (h[0], h[1], h[2], h[3])
        if col_i >= 0:
            cols = node.cols[:col_i] + (node.cols[col_i][:-1],) + node.cols[col_i + 1 :]
            return self._scored(FCNode(cols, node.cells, home))
        cells = list(node.cells)
        cells.remove(cell)
        return self._scored(FCNode(node.cols, tuple(cells), home))

    def lines(self, node: FCNode) -> Iterator[tuple[Line, FCNode]]:
        for _, sketch, built in self.moves(node, 0):
            yield built if built is not None else self.play(node, sketch)

    def play(self, node: FCNode, sketch: tuple[FCMove, float]) -> tuple[Line, FCNode]:
        """The position a sketched move (the move and the score it leads to) leads to."""
        move, h = sketch
        cols, cells = node.cols, node.cells
        if move.src == "f":  # free cell to column
            c, j = move.src_i, move.dst_i
            rest_cells = list(cells)
            rest_cells.remove(c)
            new_cols = cols[:j] + (cols[j] + (c,),) + cols[j + 1 :]
            return (move,), _node((new_cols, tuple(rest_cells), node.home, h))
        i, col = move.src_i, cols[move.src_i]
        if move.dst == "f":  # column to free cell
            new_cols = cols[:i] + (col[:-1],) + cols[i + 1 :]
            return (move,), _node((new_cols, tuple(sorted((*cells, col[-1]))), node.home, h))
        k, changed = move.size, list(cols)
        changed[i], changed[move.dst_i] = col[:-k], cols[move.dst_i] + col[-k:]
        return (move,), _node((tuple(changed), cells, node.home, h))

    def moves(self, node: FCNode, depth: int) -> Iterator[tuple[float, tuple[FCMove, float], Built]]:
        """Every move, scored from the parent's score and the columns it changes (their shares are
        kept); built at once only when safe moves home follow it (the foundations change)."""
        cols, cells, home = node.cols, node.cells, node.home
        free = self.n_cells - len(cells)
        safe = self._safe_for(home)
        cost = self._costs_for(home)
        base = [cost[col] for col in cols]  # each column's share now
        w_cells, w_depth = self.weights[2], self.weights[4]
        step = w_depth * (depth + 1)  # the depth term of a child one move down
        tops: dict[Card, int] = {}  # the card at the end of each non-empty column -> the column
        first_empty = -1
        n_empty = 0
        for j, col in enumerate(cols):
            if col:
                tops[col[-1]] = j
            else:
                n_empty += 1
                if first_empty < 0:
                    first_empty = j  # empty columns are all alike: only the first is tried
        # home: the foundations change, so the child is settled and scored from scratch
        for c, i in tops.items():
            if home[SUIT[c]] == RANK[c] - 1:
                yield self._built(FCMove("c", i, "h", 0), self._to_home(node, c, col_i=i), depth)
        for c in cells:
            if home[SUIT[c]] == RANK[c] - 1:
                yield self._built(FCMove("f", c, "h", 0), self._to_home(node, c, cell=c), depth)
        # column to column: the k cards at a column's end go onto the column whose end card takes
        # the first of them
        most = run_limit(self.layout, free, n_empty)
        most_to_empty = run_limit(self.layout, free, n_empty - 1) if n_empty else 0
        runs, parents, kings_only = self._runs, self.parents, self.kings_only
        for i, col in enumerate(cols):
            if not col:
                continue
            run = runs.get(col)
            if run is None:
                run = runs[col] = _run_length(col, parents)
            n = len(col)
            dests: list[tuple[int, int]] = []
            for k in range(1, min(run, most) + 1):
                for parent in parents[col[n - k]]:
                    j = tops.get(parent, -1)
                    if j >= 0:
                        dests.append((j, k))
            if first_empty >= 0:
                limit = min(run, most_to_empty)
                if limit == n:
                    limit -= 1  # a whole column onto an empty one changes nothing
                if not kings_only:
                    dests += [(first_empty, k) for k in range(1, limit + 1)]
                elif RANK[col[n - run]] == KING and run <= limit:  # FC-7: only a run headed by a king
                    dests.append((first_empty, run))
            before = node.h - base[i]
            for j, k in dests:
                rest = col[:-k]
                h = before - base[j] + cost[rest] + cost[cols[j] + col[-k:]]
                move = _move(("c", i, "c", j, k))
                if rest and rest[-1] in safe:  # the card it shows may go home
                    yield self._built(move, self.play(node, (move, h))[1], depth)
                else:
                    yield h + step, (move, h), None
        # free cell to column: nothing new shows, so nothing new can go home
        for c in cells:
            targets = [tops[p] for p in parents[c] if p in tops]
            if first_empty >= 0 and (not kings_only or RANK[c] == KING):
                targets.append(first_empty)
            for j in targets:
                h = node.h - base[j] + cost[cols[j] + (c,)] - w_cells
                yield h + step, (_move(("f", c, "c", j, 1)), h), None
        # column to free cell
        if free:
            for i in tops.values():
                rest = cols[i][:-1]
                h = node.h - base[i] + cost[rest] + w_cells
                move = _move(("c", i, "f", 0, 1))
                if rest and rest[-1] in safe:
                    yield self._built(move, self.play(node, (move, h))[1], depth)
                else:
                    yield h + step, (move, h), None

    def _built(self, move: FCMove, child: FCNode, depth: int) -> tuple[float, tuple[FCMove, float], Built]:
        """A move whose child is built and settled at once, scored at its depth."""
        line, child = self._settled(move, child)
        return self.score(child, depth + len(line)), (move, child.h), (line, child)

    def _costs_for(self, home: tuple[int, int, int, int]) -> ColumnCosts:
        """Each column's share of the score while these cards are wanted next, kept: the same
        columns come back again and again."""
        costs = self._costs.get(home)
        if costs is None:
            w_block, w_dig, _, w_empty, _ = self.weights
            wanted = tuple(suit * 13 + h for suit, h in enumerate(home) if h < 13)  # the next card of each suit
            costs = self._costs[home] = ColumnCosts(wanted, w_block, w_dig, w_empty)
        return costs

    def _scored(self, node: FCNode) -> FCNode:
        """The node with its score (without depth) counted from scratch."""
        costs = self._costs_for(node.home)
        h = (52 - sum(node.home)) + self.weights[2] * len(node.cells)
        for col in node.cols:
            h += costs[col]
        return node._replace(h=h)

    def score(self, node: FCNode, depth: int) -> float:
        """Cards not home; cards lying on lower ones; cards on top of the next card each suit
        needs (the digging still to do); free cells used; empty columns (good); a little depth."""
        return node.h + self.weights[4] * depth


def _column_cost(
    col: tuple[Card, ...], wanted: tuple[Card, ...], w_block: float, w_dig: float, w_empty: float
) -> float:
    """A column's share of the score (lower is better): its cards lying on a lower card and the
    cards on top of each card wanted next, weighed; an empty column lowers the score."""
    if not col:
        return -w_empty
    blocking = 0
    low = 99
    for c in col:
        r = RANK[c]
        if r > low:
            blocking += 1
        else:
            low = r
    n = len(col)
    dig = sum(n - 1 - col.index(c) for c in wanted if c in col)
    return w_block * blocking + w_dig * dig


class ColumnCosts(dict[tuple[Card, ...], float]):
    """Columns' shares of the score (see _column_cost), worked out the first time each is asked for."""

    def __init__(self, wanted: tuple[Card, ...], w_block: float, w_dig: float, w_empty: float) -> None:
        super().__init__()
        self.args = (wanted, w_block, w_dig, w_empty)

    def __missing__(self, col: tuple[Card, ...]) -> float:
        got = self[col] = _column_cost(col, *self.args)
        return got
