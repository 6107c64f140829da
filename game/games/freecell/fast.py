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
from collections.abc import Callable, Sized
from functools import cached_property
from typing import TYPE_CHECKING

from game.core.cards import NO_CARD, RANK, SUIT
from game.games.freecell.problem import PARENTS, FCMove, is_standard
from game.games.freecell.rules import FreeCellState
from game.platform import compiled_library
from game.solver.compiled import CompiledSearch, SearchFunctions

if TYPE_CHECKING:
    from game.platform.native import NativeLibrary

_KINDS = "cfh"  # fast.c's COLUMN, CELL, HOME: FCMove's src and dst
_MOVES: dict[int, FCMove] = {}  # the moves met in lines, by their packed form (search.h's pack_move)


class Library(SearchFunctions):
    """The compiled search's functions, through the platform layer."""

    def __init__(self, native: NativeLibrary) -> None:
        super().__init__(native, "fc")
        self.new = native.function("fc_new", "ptr", "ints", "int", "ints", "floats", "u64")
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

    def position(self, state: FreeCellState) -> Sized:
        """``state`` as ``fc_new`` reads it (position_input), converted once: the portfolio's
        members start from the same position."""
        converted: Sized = self.native.array(position_input(state), "ints")
        return converted

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


def position(state: FreeCellState) -> Sized:
    """``state`` converted once for the members of a portfolio (``FastSearch``'s ``start``)."""
    assert LIB is not None, "the compiled search is not built"
    return LIB.position(state)


def handles(state: FreeCellState) -> bool:
    """Whether the compiled search plays this position's game: standard FreeCell's layout."""
    return is_standard(state)


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


class FastSearch(CompiledSearch[FCMove]):
    """One member of the portfolio: the search of ``state`` led by ``weights`` within ``max_nodes``
    positions and ``max_seconds`` (the face of a :class:`~game.solver.engine.Search` that
    :class:`~game.solver.portfolio.Portfolio` uses). ``start``: the position as ``Library.position``
    converted it, where the caller has it already."""

    name = "compiled FreeCell"

    def __init__(
        self,
        state: FreeCellState,
        weights: tuple[float, ...],
        max_nodes: int,
        max_seconds: float | None = None,
        clock: Callable[[], float] = time.perf_counter,
        start: Sized | None = None,
    ) -> None:
        assert LIB is not None, "the compiled search is not built"
        data = start if start is not None else LIB.position(state)
        handle = LIB.new(data, len(data), LIB.parents, LIB.weights(weights), max(0, max_nodes))
        super().__init__(LIB, handle, decode, max_seconds, clock)


def decode(packed: list[int]) -> list[FCMove]:
    """The line's moves from their packed form (search.h's pack_move)."""
    moves = _MOVES
    for x in set(packed).difference(moves):  # each move a shared FCMove, made the first time it is met
        moves[x] = FCMove(_KINDS[x & 3], x >> 2 & 63, _KINDS[x >> 8 & 3], x >> 10 & 15, x >> 14 & 63)
    return [moves[x] for x in packed]
