"""Canfield's complete search in C (``complete.c``, on ``game/solver/depth_first.c``'s walk), through
the platform layer (``game.platform.compiled_library``): step for step the engine's depth-first
search of ``CanfieldProblem(complete=True)``, so the winnability table, ``solve --complete`` and
``--prove-lost`` give the same verdicts, lines and counts either way, many times sooner.

It is built by ``pip install`` where a C compiler is (an optional extension: without one, or with
``SOLITAIRE_PURE_PYTHON=1``, the same search runs in Python). The pruned portfolio and the hints
stay in Python.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.cards import RANK
from game.games.canfield.problem import DEFAULT_WEIGHTS, CanfieldProblem, CMove
from game.platform import compiled_library
from game.solver.compiled import CompiledSearch, SearchFunctions

if TYPE_CHECKING:
    from game.platform.native import NativeLibrary


class Library:
    """The compiled search's functions (complete.c and the walk's), through the platform layer."""

    def __init__(self, native: NativeLibrary) -> None:
        self.search = SearchFunctions(native, "walk")
        self.new = native.function("cx_new", "ptr", "ints", "int", "u64")


def _load() -> Library | None:
    """The compiled library, or None (not built, a browser, or the pure-Python path asked for)."""
    native = compiled_library("game.games.canfield._fast")
    return Library(native) if native is not None else None


LIB = _load()


def available() -> bool:
    return LIB is not None


def problem_input(problem: CanfieldProblem) -> list[int]:
    """The problem's start as ``cx_new`` reads it (see complete.c)."""
    node = problem.start()
    base = next(RANK[c] for c in range(13) if problem.height[c] == 0)
    out = [problem.draw, int(problem.whole), base, len(problem.reserve), *problem.reserve, node.reserve]
    for col in node.cols:
        out += [len(col), *col]
    return out + [len(node.talon), node.at, *node.talon, *node.home]


def decode(ints: list[int]) -> list[CMove]:
    """complete.c's line: an int a move, src + 3 | (dst + 3) << 4 | size << 8 | card << 16."""
    return [CMove((v & 15) - 3, (v >> 4 & 15) - 3, v >> 8 & 255, v >> 16) for v in ints]


def complete_search(problem: CanfieldProblem, max_nodes: int, max_seconds: float | None) -> CompiledSearch[CMove]:
    """The complete search of ``problem`` in C: the same positions, counts and line as
    ``Search(problem, max_nodes, max_seconds, depth_first=True)``."""
    assert LIB is not None, "the compiled search is not built"
    if not problem.complete or problem.weights != DEFAULT_WEIGHTS:
        raise ValueError("the compiled search is the complete problem's, with its default weights")
    data = problem_input(problem)
    return CompiledSearch(LIB.search, LIB.new(data, len(data), max_nodes), decode, max_seconds)
