"""Spider's searches in C (``fast.c`` and ``search.c``), through the platform layer
(``game.platform.compiled_library``): the very search :class:`~game.solver.phases.PhaseSearch` makes
of :class:`~game.games.spider.problem.SpiderProblem` deal by deal (four suits), or best first (one
and two suits), step for step, in a fraction of the time. The portfolio's turns stay in Python
(:class:`~game.solver.portfolio.Portfolio`), around these.

For the same budget of positions it gives the same status, the same line of moves and the same
counts (positions expanded, moves generated, positions met) as the Python search: the tests compare
the two on the golden deals. Only a time limit can end them at different places: this one searches
more positions in the time.

It is built by ``pip install`` where a C compiler is (an optional extension: without one, the
Python search runs, with the same results, slower). Setting ``SOLITAIRE_PURE_PYTHON=1`` leaves it
unused. The best-first search of one and two suits (:class:`~game.solver.engine.Search` with the
BestFirst walk) is compiled the same way; the search with every legal move (``complete``, which can
prove a deal lost) keeps the Python search.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.games.spider.problem import DEAL, SMove
from game.games.spider.rules import COLUMNS, DEAL_SIZE, SpiderState
from game.platform import compiled_library
from game.solver.compiled import UNKNOWN, CompiledSearch, SearchFunctions

if TYPE_CHECKING:
    from game.platform.native import NativeLibrary

DEAL_FROM = 15  # a deal's src and dst in a packed move (search.h)


class Library(SearchFunctions):
    """The compiled search's functions, through the platform layer."""

    def __init__(self, native: NativeLibrary) -> None:
        super().__init__(native, "sp")
        self.new = native.function("sp_new", "ptr", "ints", "int", "floats", "ints", "u64")
        self.exhausted = native.function("sp_exhausted", "int", "ptr")


def _load() -> Library | None:
    """The compiled library, or None (not built, a browser, or the pure-Python path asked for)."""
    native = compiled_library("game.games.spider._fast")
    return Library(native) if native is not None else None


LIB = _load()


def available() -> bool:
    return LIB is not None


def handles(state: SpiderState) -> bool:
    """Whether the compiled search reads this position (search.c's read_input): a real game's always;
    a hand-made one may hold more cards than a deck, or a stock that is not whole deals."""
    if not available() or len(state.tableau) != COLUMNS or len(state.down) != COLUMNS:
        return False
    cards = [*(card for col in state.tableau for card in col), *state.stock]
    return (
        len(cards) <= 2 * 52
        and all(0 <= card < 52 for card in cards)
        and len(state.stock) % DEAL_SIZE == 0
        and len(state.completed) <= 8
        and all(0 <= down < len(col) or down == 0 for col, down in zip(state.tableau, state.down, strict=True))
    )


def position_input(state: SpiderState) -> list[int]:
    """The position as ``sp_new`` reads it (see search.c)."""
    out: list[int] = []
    for col, down in zip(state.tableau, state.down, strict=True):
        out += [len(col), down, *col]
    return [*out, len(state.stock), *state.stock, len(state.completed)]


class FastPhaseSearch(CompiledSearch[SMove]):
    """The search deal by deal of ``state`` led by ``weights``, within ``max_nodes`` positions and
    ``max_seconds``, with PhaseSearch's parameters (``last_nodes`` None: four times
    ``phase_nodes``)."""

    name = "compiled Spider"
    best_first = False  # the walk: deal by deal (PhaseSearch)

    def __init__(
        self,
        state: SpiderState,
        weights: tuple[float, ...],
        max_nodes: int,
        max_seconds: float | None = None,
        clock: Callable[[], float] = time.perf_counter,
        phase_nodes: int = 2000,
        fan: int = 3,
        last_nodes: int | None = None,
        widen: int = 2,
    ) -> None:
        assert LIB is not None, "the compiled search is not built"
        self.spider = LIB
        data = position_input(state)
        last = 4 * phase_nodes if last_nodes is None else last_nodes
        params = [phase_nodes, fan, last, widen, int(self.best_first)]
        if not all(0 <= p < 2**31 for p in params):  # C ints: a larger one would wrap round
            raise ValueError(f"the compiled Spider search takes phase sizes from 0 to 2^31 - 1, not {params}")
        handle = LIB.new(data, len(data), list(weights), params, max(0, max_nodes))
        super().__init__(LIB, handle, decode, max_seconds, clock)

    def ended_exhausted(self, code: int) -> bool:
        """Every position the moves reach was searched: UNKNOWN all the same, since the moves leave
        some out."""
        return code == UNKNOWN and bool(self._handle) and bool(self.spider.exhausted(self._handle))


class FastBestFirst(FastPhaseSearch):
    """The best-first search of ``state`` led by ``weights`` (a :class:`~game.solver.engine.Search`
    of SpiderProblem with the BestFirst walk: one and two suits), within ``max_nodes`` positions and
    ``max_seconds``; the phase parameters are not used."""

    best_first = True


def decode(packed: list[int]) -> list[SMove]:
    """The line's moves from their packed form (search.h's pack_move)."""
    out: list[SMove] = []
    for x in packed:
        src, dst, size = x & 15, x >> 4 & 15, x >> 8 & 127
        out.append(SMove(DEAL, DEAL, size) if src == DEAL_FROM else SMove(src, dst, size))
    return out
