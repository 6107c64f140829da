"""FreeCell for the solver: a compact position, every move (runs included, up to FC-4's limit),
provably safe moves to the foundations, and a heuristic that counts cards not home and cards that
block lower ones. The solution is turned back into the rules' moves and the standard notation."""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from functools import partial
from typing import NamedTuple

from game.core.cards import NO_CARD, RANK, RED, SUIT, Card
from game.rules.base import CELLS, FOUNDATIONS, MOVE, TABLEAUS, Move, Pile
from game.rules.freecell import FreeCell, FreeCellState, max_run
from game.solver.spec import SolverSpec, portfolio

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


# The two cards each card may go on (the other colour, one rank higher): a set lookup in the hot loop.
PARENTS: tuple[frozenset[Card], ...] = tuple(
    frozenset(t for t in range(52) if RANK[t] == RANK[c] + 1 and RED[t] != RED[c]) for c in range(52)
)


def _safe_cards(home: tuple[int, int, int, int]) -> tuple[Card, ...]:
    """The next card of each suit, where no card could ever need it (card = suit * 13 + rank - 1):
    an ace or a two, or a card whose two opposite-colour suits are home up to one rank below it."""
    h0, h1, h2, h3 = home
    black = h0 if h0 < h3 else h3  # spades and clubs
    red = h1 if h1 < h2 else h2  # hearts and diamonds
    return tuple(
        13 * suit + h for suit, h in enumerate(home) if h < 13 and (h <= 1 or (black if suit in (1, 2) else red) >= h)
    )


def _run_length(col: tuple[Card, ...]) -> int:
    n = len(col)
    if not n:
        return 0
    k = 1
    while k < n and col[n - k - 1] in PARENTS[col[n - k]]:
        k += 1
    return k


WEIGHTS = (
    # blocking, digging, free cells used, empty columns, depth: three leaders for a portfolio
    (1.6, 1.0, 1.5, 3.0, 0.05),
    (1.6, 1.0, 2.0, 4.0, 0.1),
    (1.6, 0.5, 1.5, 3.0, 0.05),
)


class FreeCellProblem:
    complete = True

    def __init__(self, state: FreeCellState, weights: tuple[float, ...] = WEIGHTS[0]) -> None:
        self.weights = weights
        self._runs: dict[tuple[Card, ...], int] = {}  # run length at the end of each column seen
        self._shapes: dict[tuple[Card, ...], tuple[int, dict[Card, int]]] = {}  # see _shape
        self._safe: dict[tuple[int, int, int, int], tuple[Card, ...]] = {}  # see _safe_cards
        self._wanted: dict[tuple[int, int, int, int], tuple[Card, ...]] = {}
        home = [0, 0, 0, 0]
        for top in state.foundations:
            if top != NO_CARD:
                home[SUIT[top]] = RANK[top]
        cells = tuple(sorted(c for c in state.cells if c != NO_CARD))
        self.initial = FCNode(state.tableau, cells, (home[0], home[1], home[2], home[3]))
        self.n_cells = len(state.cells)

    def start(self) -> FCNode:
        return self.initial

    def key(self, node: FCNode) -> Hashable:
        return (tuple(sorted(node.cols)), node.cells, node.home)

    def is_goal(self, node: FCNode) -> bool:
        return node.home == (13, 13, 13, 13)

    def safe_move(self, node: FCNode) -> tuple[FCMove, FCNode] | None:
        """A card goes home without a choice when no card could ever need to be put on it: an ace,
        or a card whose two opposite-colour suits are home up to one rank below it."""
        home = node.home
        safe = self._safe.get(home)
        if safe is None:
            safe = self._safe[home] = _safe_cards(home)
        if not safe:
            return None
        for i, col in enumerate(node.cols):
            if col and col[-1] in safe:
                return FCMove("c", i, "h", 0), self._to_home(node, col[-1], col_i=i)
        for c in node.cells:
            if c in safe:
                return FCMove("f", c, "h", 0), self._to_home(node, c, cell=c)
        return None

    @staticmethod
    def _to_home(node: FCNode, c: Card, col_i: int = -1, cell: Card = NO_CARD) -> FCNode:
        h = list(node.home)
        h[SUIT[c]] += 1
        home = (h[0], h[1], h[2], h[3])
        if col_i >= 0:
            cols = node.cols[:col_i] + (node.cols[col_i][:-1],) + node.cols[col_i + 1 :]
            return FCNode(cols, node.cells, home)
        cells = list(node.cells)
        cells.remove(cell)
        return FCNode(node.cols, tuple(cells), home)

    def successors(self, node: FCNode) -> Iterator[tuple[FCMove, FCNode]]:
        cols, cells, home = node.cols, node.cells, node.home
        free = self.n_cells - len(cells)
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
        # home
        for c, i in tops.items():
            if home[SUIT[c]] == RANK[c] - 1:
                yield FCMove("c", i, "h", 0), self._to_home(node, c, col_i=i)
        for c in cells:
            if home[SUIT[c]] == RANK[c] - 1:
                yield FCMove("f", c, "h", 0), self._to_home(node, c, cell=c)
        # column to column: the k cards at a column's end go onto the column whose end card takes
        # the first of them
        most = max_run(free, n_empty)
        most_to_empty = max_run(free, n_empty - 1) if n_empty else 0
        runs = self._runs
        for i, col in enumerate(cols):
            if not col:
                continue
            run = runs.get(col)
            if run is None:
                run = runs[col] = _run_length(col)
            n = len(col)
            for k in range(1, min(run, most) + 1):
                for parent in PARENTS[col[n - k]]:
                    j = tops.get(parent, -1)
                    if j >= 0:
                        yield FCMove("c", i, "c", j, k), self._move_cols(node, i, j, k)
            if first_empty >= 0:
                limit = min(run, most_to_empty)
                if limit == n:
                    limit -= 1  # a whole column onto an empty one changes nothing
                for k in range(1, limit + 1):
                    yield FCMove("c", i, "c", first_empty, k), self._move_cols(node, i, first_empty, k)
        # free cell to column
        for c in cells:
            targets = [tops[p] for p in PARENTS[c] if p in tops]
            if first_empty >= 0:
                targets.append(first_empty)
            for j in targets:
                rest = list(cells)
                rest.remove(c)
                new_cols = cols[:j] + (cols[j] + (c,),) + cols[j + 1 :]
                yield FCMove("f", c, "c", j), FCNode(new_cols, tuple(rest), home)
        # column to free cell
        if free:
            for c, i in tops.items():
                new_cols = cols[:i] + (cols[i][:-1],) + cols[i + 1 :]
                yield FCMove("c", i, "f", 0), FCNode(new_cols, tuple(sorted((*cells, c))), home)

    @staticmethod
    def _move_cols(node: FCNode, i: int, j: int, k: int) -> FCNode:
        cols = list(node.cols)
        moving = cols[i][-k:]
        cols[i] = cols[i][:-k]
        cols[j] = cols[j] + moving
        return FCNode(tuple(cols), node.cells, node.home)

    def score(self, node: FCNode, depth: int) -> float:
        """Cards not home; cards lying on lower ones; cards on top of the next card each suit
        needs (the digging still to do); free cells used; empty columns (good); a little depth."""
        home = node.home
        wanted = self._wanted.get(home)
        if wanted is None:  # the next card of each suit
            wanted = self._wanted[home] = tuple(s * 13 + home[s] for s in range(4) if home[s] < 13)
        blocking = dig = empty = 0
        shapes = self._shapes
        for col in node.cols:
            if not col:
                empty += 1
                continue
            shape = shapes.get(col)
            if shape is None:
                shape = shapes[col] = _shape(col)
            blocking += shape[0]
            depths = shape[1]
            for c in wanted:
                dig += depths.get(c, 0)
        w_block, w_dig, w_cells, w_empty, w_depth = self.weights
        return (
            (52 - sum(home))
            + w_block * blocking
            + w_dig * dig
            + w_cells * len(node.cells)
            - w_empty * empty
            + w_depth * depth
        )


def _shape(col: tuple[Card, ...]) -> tuple[int, dict[Card, int]]:
    """A column's cards lying on a lower card, and how many cards lie on each of its cards."""
    blocking = 0
    low = 99
    n = len(col)
    for c in col:
        r = RANK[c]
        if r > low:
            blocking += 1
        else:
            low = r
    return blocking, {c: n - 1 - i for i, c in enumerate(col)}


def to_rules_moves(state: FreeCellState, moves: list[FCMove]) -> list[Move]:
    """The solver's moves as the rules' moves, replayed on the real position (real cell numbers)."""
    rules = FreeCell()
    out: list[Move] = []
    s = state
    for m in moves:
        if m.src == "c":
            src = TABLEAUS[m.src_i]
            card = s.tableau[m.src_i][-1]
        else:
            src = CELLS[s.cells.index(m.src_i)]
            card = m.src_i
        if m.dst == "h":
            slot = next(
                f
                for f, top in enumerate(s.foundations)
                if (top == NO_CARD and RANK[card] == 1) or (RANK[card] > 1 and top == card - 1)
            )
            move = Move(MOVE, src, FOUNDATIONS[slot])
        elif m.dst == "f":
            move = Move(MOVE, src, CELLS[s.cells.index(NO_CARD)])
        else:
            move = Move(MOVE, src, TABLEAUS[m.dst_i], m.size)
        out.append(move)
        s = rules.play(s, move)
    return out


def _pile_name(pile: Pile) -> str:
    if pile.kind == "tableau":
        return str(pile.idx + 1)
    return "abcd"[pile.idx] if pile.kind == "cell" else "h"


def standard_notation(state: FreeCellState, moves: list[Move]) -> str:
    """The usual FreeCell notation: columns 1-8, cells a-d, foundations h; ``57(3)`` for a run of
    three onto an empty column (onto a non-empty column the run that fits is implied)."""
    rules = FreeCell()
    tokens = []
    s = state
    for m in moves:
        token = _pile_name(m.src) + _pile_name(m.dst)
        if m.dst.kind == "tableau" and not s.tableau[m.dst.idx] and m.size > 1:
            token += f"({m.size})"
        tokens.append(token)
        s = rules.play(s, m)
    return " ".join(tokens)


SOLVER = SolverSpec(
    portfolio([(partial(FreeCellProblem, weights=w), False) for w in WEIGHTS]),
    to_rules=to_rules_moves,
    hint_nodes=300_000,  # everything is visible: the hint is the next move of a whole solution
)
