"""Klondike's search in C (``fast.c``) for the hints' worlds, through the platform layer
(``game.platform.compiled_library``): the same game
in about a thirtieth of the time a position: the first search of its portfolio (depth first, the
most promising child first by its own measure, over the pruned mode's moves), then, if those run
out within the budget, every move (so running out of positions proves a world lost).

It also runs the table's complete search (``complete.c``): every move, depth first, step for step as
the Python engine searches ``KlondikeProblem(complete=True)`` (:func:`complete_search`), so the
winnability table, ``solve --complete`` and ``--prove-lost`` give the same verdicts, lines and counts
either way, many times sooner.

It is built by ``pip install`` where a C compiler is (an optional extension: an install without one
works, and the hints then search with the Python solver, weaker for the same time). Setting
``SOLITAIRE_PURE_PYTHON=1`` leaves it unused (the tests run the hints both ways). It is the hints'
alone among the pruned searches: the winnable deals, the seeds lists, the winnability table's first
stage and the demo keep the Python portfolio, whose results they record.

Its budget is counted in the Python search's positions, so that a hint's budget means the same
time either way: one of those costs about ``SCALE`` of this search's (measured on Klondike's worlds:
tools/bench_hints.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.games.klondike.problem import DEFAULT_WEIGHTS, KlondikeProblem, KMove, KNode
from game.games.klondike.rules import KlondikeState
from game.platform import compiled_library
from game.solver.compiled import CompiledSearch, SearchFunctions
from game.solver.engine import Result, Stats, Status

if TYPE_CHECKING:
    from game.platform.native import NativeLibrary

SCALE = 30  # positions of this search a position of the Python search costs as much as
BITS = 18  # the positions table's slots, 2^BITS (4 MiB): room for 180,000 positions
STEP = 64  # positions searched between two looks at the caller's budget
PRUNED, COMPLETE, STAGED = 0, 1, 2  # the moves searched: the pruned mode's, every move, the first then the second
_STATUS = {0: Status.RUNNING, 1: Status.SOLVED, 2: Status.UNSOLVABLE, 3: Status.UNKNOWN}


class Library:
    """The compiled search's functions (fast.c), through the platform layer."""

    def __init__(self, native: NativeLibrary) -> None:
        self.new = native.function("kf_new", "ptr", "ints", "int", "u64", "int", "int")
        self.step = native.function("kf_step", "int", "ptr", "u64")
        self.positions = native.function("kf_positions", "u64", "ptr")
        self.line = native.function("kf_line", "int", "ptr", "ints", "int")
        self.free = native.function("kf_free", "none", "ptr")
        self.ints = native.ints
        self.complete = SearchFunctions(native, "walk")  # the table's complete search (complete.c)
        self.complete_new = native.function("kx_new", "ptr", "ints", "int", "u64")


def _load() -> Library | None:
    """The compiled library, or None (not built, a browser, or the pure-Python path asked for)."""
    native = compiled_library("game.games.klondike._fast")
    return Library(native) if native is not None else None


LIB = _load()


def available() -> bool:
    return LIB is not None


def position_input(state: KlondikeState) -> list[int]:
    """The position as ``kf_new`` reads it (see fast.c)."""
    problem = KlondikeProblem(state)
    return node_input(problem, problem.start())


def node_input(problem: KlondikeProblem, node: KNode) -> list[int]:
    """A position of the Python search as ``kf_new`` and ``kx_new`` read it."""
    out = [problem.draw, -1 if problem.limit is None else problem.limit, node.recycles]
    for col, down in zip(node.cols, node.down, strict=True):
        out += [down, len(col), *col]
    return out + [len(node.talon), node.at, *node.talon, *node.home]


def decode(ints: list[int]) -> list[KMove]:
    """complete.c's line: an int a move, src + 2 | (dst + 2) << 4 | size << 8 | card << 16."""
    return [KMove((v & 15) - 2, (v >> 4 & 15) - 2, v >> 8 & 255, v >> 16) for v in ints]


def complete_search(problem: KlondikeProblem, max_nodes: int, max_seconds: float | None) -> CompiledSearch[KMove]:
    """The complete search of ``problem`` (built with ``complete=True``) in C: the same positions,
    counts and line as ``Search(problem, max_nodes, max_seconds, depth_first=True)``."""
    assert LIB is not None, "the compiled search is not built"
    if not problem.complete or problem.weights != DEFAULT_WEIGHTS:
        raise ValueError("the compiled search is the complete problem's, with its default weights")
    data = node_input(problem, problem.start())
    handle = LIB.complete_new(data, len(data), max_nodes)
    return CompiledSearch(LIB.complete, handle, decode, max_seconds)


class FastSearch:
    """A world's search (the :class:`~game.solver.spec.Searcher` face), within ``max_nodes``
    positions of the Python search (``SCALE`` times as many of its own)."""

    def __init__(self, state: KlondikeState, max_nodes: int, mode: int = STAGED) -> None:
        assert LIB is not None, "the compiled search is not built"
        self.lib = LIB
        data = position_input(state)
        self._handle: int | None = self.lib.new(data, len(data), max_nodes * SCALE, BITS, mode)
        if not self._handle:
            raise ValueError("the compiled search could not read this position")
        self._positions = 0
        self.status = _STATUS[self.lib.step(self._handle, 0)]
        self.moves: list[KMove] = []
        self._finish()

    @property
    def stats(self) -> Stats:
        searched = self.lib.positions(self._handle) if self._handle else self._positions
        return Stats(nodes=-(-searched // SCALE), seen=searched)

    def step(self, budget: int = 1000) -> Status:
        if self.status is Status.RUNNING and self._handle:
            self.status = _STATUS[self.lib.step(self._handle, budget * SCALE)]
            self._finish()
        return self.status

    def _finish(self) -> None:
        """Once over: the line read, and the C side's memory given back."""
        if self.status is Status.RUNNING or not self._handle:
            return
        if self.status is Status.SOLVED:
            room = 2048
            out = self.lib.ints(4 * room)
            n = self.lib.line(self._handle, out, room)
            self.moves = [KMove(out[4 * k], out[4 * k + 1], out[4 * k + 2], out[4 * k + 3]) for k in range(n)]
        self._positions = self.lib.positions(self._handle)
        self.lib.free(self._handle)
        self._handle = None

    def cancel(self) -> None:
        if self.status is Status.RUNNING:
            self.status = Status.UNKNOWN
            self._finish()

    def run(self) -> Result[Any]:
        while self.step(STEP) is Status.RUNNING:
            pass
        return self.result()

    def result(self) -> Result[Any]:
        return Result(self.status, list(self.moves), self.stats)

    def __del__(self) -> None:
        if getattr(self, "_handle", None):
            self.lib.free(self._handle)
