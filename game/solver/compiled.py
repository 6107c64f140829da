"""A search run by a compiled library (a game's ``fast.py`` loads one through the platform layer),
with the face of a :class:`~game.solver.engine.Search` that :class:`~game.solver.portfolio.Portfolio`,
the hints and ``solve`` use: ``step``, ``cancel``, ``run``, ``result``, ``status``, ``exhausted``,
``moves`` and ``stats``.

Every compiled search here speaks one protocol (:class:`SearchLibrary`): a handle made by the game's
own constructor, then ``step(handle, budget, cancelled)`` answering one of the codes below, the
counts, the winning line as ints, and ``free``. The game decodes the line's ints into its moves.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol

from game.solver.engine import M, Result, Stats, Status

STEP = 1024  # turns of the search between two looks at the clock, when there is a time limit
RUNNING, WON, LOST, UNKNOWN, NO_MEMORY = range(5)  # the step's answers
_STATUS = {RUNNING: Status.RUNNING, WON: Status.SOLVED, LOST: Status.UNSOLVABLE, UNKNOWN: Status.UNKNOWN}


class Native(Protocol):
    """A compiled library as the platform layer loads it (``game.platform.native.NativeLibrary``)."""

    def function(self, name: str, result: str, *params: str) -> Callable[..., Any]: ...

    def array(self, values: Sequence[float], kind: str) -> Any: ...

    def ints(self, count: int) -> Any: ...


class SearchFunctions:
    """The functions every compiled search library has, named ``PREFIX_step`` and so on: a game's
    library adds its own constructor (and whatever else it has) to these."""

    def __init__(self, native: Native, prefix: str) -> None:
        self.native = native
        self.step = native.function(f"{prefix}_step", "int", "ptr", "u64", "int")
        self.nodes = native.function(f"{prefix}_nodes", "u64", "ptr")
        self.generated = native.function(f"{prefix}_generated", "u64", "ptr")
        self.seen = native.function(f"{prefix}_seen", "u64", "ptr")
        self.line = native.function(f"{prefix}_line", "int", "ptr", "ints", "int")
        self.free = native.function(f"{prefix}_free", "none", "ptr")

    def ints(self, count: int) -> Any:
        """A buffer of ``count`` ints the library writes into."""
        return self.native.ints(count)


class SearchLibrary(Protocol):
    """A compiled search's functions (each takes the handle first)."""

    step: Callable[[int, int, int], int]
    nodes: Callable[[int], int]
    generated: Callable[[int], int]
    seen: Callable[[int], int]
    line: Callable[[int, Any, int], int]
    free: Callable[[int], None]

    def ints(self, count: int) -> Any:
        """A buffer of ``count`` ints the library writes into."""
        ...


class CompiledSearch(Generic[M]):
    """One search in a compiled library, from its handle: ``decode`` turns the winning line's ints
    into the game's moves. The time is looked at every ``STEP`` turns; once it is spent the search
    stops as a cancelled one does (UNKNOWN)."""

    name = "compiled"  # the search's name in an out-of-memory message

    def __init__(
        self,
        lib: SearchLibrary,
        handle: int | None,
        decode: Callable[[list[int]], list[M]],
        max_seconds: float | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if not handle:
            raise ValueError(f"the {self.name} search could not read this position")
        self.lib = lib
        self.decode = decode
        self.max_seconds = max_seconds
        self.clock = clock
        self.moves: list[M] = []
        self.exhausted = False
        self._handle: int | None = handle
        self._cancelled = False
        self._elapsed = 0.0
        # the counts as of the last call to the C side (they change in no other place), and the
        # positions met as Search counts them: at the end of each step (none before the first)
        self._nodes = self._generated = self._seen = 0
        self.status = Status.RUNNING
        self._read(self.lib.step(handle, 0, 0))  # won at the start, or out of memory at once

    @property
    def stats(self) -> Stats:
        return Stats(nodes=self._nodes, generated=self._generated, seen=self._seen, seconds=self._elapsed)

    def step(self, budget: int = 1000) -> Status:
        """Up to ``budget`` turns of the search (as :meth:`Search.step`)."""
        if self.status is not Status.RUNNING or not self._handle:
            return self.status
        began = self.clock()
        code = RUNNING
        try:
            left = budget
            while left > 0:
                over = self.max_seconds is not None and self._elapsed + self.clock() - began > self.max_seconds
                chunk = left if self.max_seconds is None else min(left, STEP)
                code = self.lib.step(self._handle, chunk, int(self._cancelled or over))
                left -= chunk
                if code != RUNNING:
                    break
        finally:
            self._elapsed += self.clock() - began
            self._seen = self.lib.seen(self._handle)
        self._read(code)
        return self.status

    def ended_exhausted(self, code: int) -> bool:
        """Whether the search ended having searched every position its moves reach (asked while
        the handle lives): a loss, unless the game's search says otherwise."""
        return code == LOST

    def _read(self, code: int) -> None:
        """The status the step gave; once over, the line read and the C side's memory given back."""
        assert self._handle
        self._nodes, self._generated = self.lib.nodes(self._handle), self.lib.generated(self._handle)
        if code == NO_MEMORY:
            self._finish()
            raise MemoryError(f"the {self.name} search ran out of memory")
        self.status = _STATUS[code]
        self.exhausted = self.ended_exhausted(code)
        if code != RUNNING:
            if code == WON:
                self.moves = self.decode(self._line())
            self._finish()

    def _line(self) -> list[int]:
        assert self._handle
        room = 1024
        while True:
            out = self.lib.ints(room)
            n = self.lib.line(self._handle, out, room)
            if n <= room:
                return list(out[:n])
            room = n

    def _finish(self) -> None:
        if self._handle:
            self.lib.free(self._handle)
            self._handle = None

    def cancel(self) -> None:
        """As :meth:`Search.cancel`: the next step stops the search (UNKNOWN)."""
        self._cancelled = True

    def run(self) -> Result[M]:
        while self.step(5000) is Status.RUNNING:
            pass
        return self.result()

    def result(self) -> Result[M]:
        return Result(self.status, list(self.moves), self.stats)

    def __del__(self) -> None:
        handle = getattr(self, "_handle", None)
        if handle:
            self.lib.free(handle)
