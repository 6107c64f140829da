"""FreeCell's search in C (``fast.c`` and ``search.c``), through the platform layer
(``game.platform.compiled_library``): one member of the solver's portfolio, the very search
:class:`~game.games.freecell.problem.FreeCellProblem` and the lazy best-first walk make, step for
step, in a fraction of the time. The portfolio's turns stay in Python
(:class:`~game.solver.portfolio.Portfolio`), around two of these.

For the same budget of positions it gives the same status, the same line of moves and the same
counts (positions expanded, moves generated, positions met) as the Python search: the tests compare
the two on the golden deals. Only a time limit can end them at different places: this one searches
more positions in the time.

It is built by ``pip install`` where a C compiler is (an optional extension: without one, the
Python search runs, with the same results, slower). Setting ``SOLITAIRE_PURE_PYTHON=1`` leaves it
unused. Standard FreeCell only: the family's other games (built by suit, kings only in an empty
column, other numbers of cells and columns) keep the Python search.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING

from game.core.cards import NO_CARD, RANK, SUIT
from game.games.freecell.problem import PARENTS, FCMove
from game.games.freecell.rules import FreeCellState
from game.platform import compiled_library
from game.solver.engine import Result, Stats, Status

if TYPE_CHECKING:
    from game.platform.native import NativeLibrary

STEP = 1024  # positions searched between two looks at the clock, when there is a time limit
RUNNING, WON, LOST, UNKNOWN, NO_MEMORY = range(5)  # fc_step's answers (search.c)
_STATUS = {RUNNING: Status.RUNNING, WON: Status.SOLVED, LOST: Status.UNSOLVABLE, UNKNOWN: Status.UNKNOWN}
_KINDS = "cfh"  # fast.c's COLUMN, CELL, HOME: FCMove's src and dst
_MOVES: dict[int, FCMove] = {}  # the moves met in lines, by their packed form (search.h's pack_move)


class Library:
    """The compiled search's functions, through the platform layer."""

    def __init__(self, native: NativeLibrary) -> None:
        self.native = native
        self.new = native.function("fc_new", "ptr", "ints", "int", "ints", "floats", "u64")
        self.step = native.function("fc_step", "int", "ptr", "u64", "int")
        self.nodes = native.function("fc_nodes", "u64", "ptr")
        self.generated = native.function("fc_generated", "u64", "ptr")
        self.seen = native.function("fc_seen", "u64", "ptr")
        self.line = native.function("fc_line", "int", "ptr", "ints", "int")
        self.free = native.function("fc_free", "none", "ptr")
        self.ints = native.ints
        self._weights: dict[tuple[float, ...], object] = {}  # each weighting, converted once

    @cached_property
    def parents(self) -> object:
        """Each card's parents as ``fc_new`` reads them, three ints a card (their number, the cards),
        in the order the Python search tries them (the iteration order of its sets, which the C search
        must follow rather than guess); converted once, at the first search."""
        out: list[int] = []
        for parents in PARENTS:
            out += [len(parents), *parents, *[0] * (2 - len(parents))]
        return self.native.array(out, "ints")

    def weights(self, weights: tuple[float, ...]) -> object:
        got = self._weights.get(weights)
        if got is None:
            got = self._weights[weights] = self.native.array(weights, "floats")
        return got


def _load() -> Library | None:
    """The compiled library, or None (not built, a browser, or the pure-Python path asked for)."""
    native = compiled_library("game.games.freecell._fast")
    return Library(native) if native is not None else None


LIB = _load()


def available() -> bool:
    return LIB is not None


def handles(state: FreeCellState) -> bool:
    """Whether the compiled search plays this position's game: standard FreeCell's layout."""
    layout = state.layout
    return not layout.by_suit and not layout.kings_only and len(state.cells) == 4 and len(state.tableau) == 8


def position_input(state: FreeCellState) -> list[int]:
    """The position as ``fc_new`` reads it (see fast.c)."""
    out: list[int] = []
    for col in state.tableau:
        out += [len(col), *col]
    cells = sorted(c for c in state.cells if c != NO_CARD)
    out += [len(cells), *cells]
    home = [0, 0, 0, 0]
    for top in state.foundations:
        if top != NO_CARD:
            home[SUIT[top]] = RANK[top]
    return out + home


class FastSearch:
    """One member of the portfolio: the search of ``state`` led by ``weights`` within ``max_nodes``
    positions and ``max_seconds`` (the face of a :class:`~game.solver.engine.Search` that
    :class:`~game.solver.portfolio.Portfolio` uses)."""

    def __init__(
        self,
        state: FreeCellState,
        weights: tuple[float, ...],
        max_nodes: int,
        max_seconds: float | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        assert LIB is not None, "the compiled search is not built"
        self.lib = LIB
        self.max_seconds = max_seconds
        self.clock = clock
        self.moves: list[FCMove] = []
        self.exhausted = False
        self._cancelled = False
        self._elapsed = 0.0
        # the counts as of the last call to the C side (they change in no other place), and the
        # positions met as Search counts them: at the end of each step (none before the first)
        self._nodes = self._generated = self._seen = 0
        data = position_input(state)
        weighed = self.lib.weights(weights)
        self._handle: int | None = self.lib.new(data, len(data), self.lib.parents, weighed, max(0, max_nodes))
        if not self._handle:
            raise ValueError("the compiled search could not read this position")
        self.status = Status.RUNNING
        self._read(self.lib.step(self._handle, 0, 0))  # won at the start, or out of memory at once

    @property
    def stats(self) -> Stats:
        return Stats(nodes=self._nodes, generated=self._generated, seen=self._seen, seconds=self._elapsed)

    def step(self, budget: int = 1000) -> Status:
        """Expand up to ``budget`` positions (as :meth:`Search.step`): the time is looked at every
        ``STEP`` positions, and once it is spent the search stops as a cancelled one does."""
        if self.status is not Status.RUNNING or not self._handle:
            return self.status
        began = self.clock()
        try:
            left = budget
            while True:
                over = self.max_seconds is not None and self._elapsed + self.clock() - began > self.max_seconds
                chunk = left if self.max_seconds is None else min(left, STEP)
                code = self.lib.step(self._handle, chunk, int(self._cancelled or over))
                left -= chunk
                if code != RUNNING or left <= 0:
                    break
        finally:
            self._elapsed += self.clock() - began
            self._seen = self.lib.seen(self._handle)
        self._read(code)
        return self.status

    def _read(self, code: int) -> None:
        """The status fc_step gave; once over, the line read and the C side's memory given back."""
        self._nodes, self._generated = self.lib.nodes(self._handle), self.lib.generated(self._handle)
        if code == NO_MEMORY:
            self._finish()
            raise MemoryError("the compiled FreeCell search ran out of memory")
        self.status = _STATUS[code]
        self.exhausted = code == LOST
        if code != RUNNING:
            if code == WON:
                self.moves = self._line()
            self._finish()

    def _line(self) -> list[FCMove]:
        room = 1024
        while True:
            out = self.lib.ints(room)
            n = self.lib.line(self._handle, out, room)
            if n <= room:
                break
            room = n
        packed: list[int] = out[:n]
        moves = _MOVES
        for x in set(packed).difference(moves):  # each move a shared FCMove, made the first time it is met
            moves[x] = FCMove(_KINDS[x & 3], x >> 2 & 63, _KINDS[x >> 8 & 3], x >> 10 & 15, x >> 14 & 63)
        return [moves[x] for x in packed]

    def _finish(self) -> None:
        if self._handle:
            self.lib.free(self._handle)
            self._handle = None

    def cancel(self) -> None:
        """As :meth:`Search.cancel`: the next step stops the search (UNKNOWN)."""
        self._cancelled = True

    def run(self) -> Result[FCMove]:
        while self.step(5000) is Status.RUNNING:
            pass
        return self.result()

    def result(self) -> Result[FCMove]:
        return Result(self.status, list(self.moves), self.stats)

    def __del__(self) -> None:
        if getattr(self, "_handle", None):
            self.lib.free(self._handle)
