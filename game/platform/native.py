"""A compiled library's functions, called from Python (UI-12: ``ctypes`` stays in the platform
layer). Only the desktop has them: a browser's CPython (WebAssembly) loads none, and the game then
runs its pure-Python code (``game.platform.compiled_library`` is None there).

A function takes and gives back plain values — ``int``, ``u64``, ``ptr`` (an opaque handle, an
int), ``ints`` (a list of ints, or a buffer from :meth:`NativeLibrary.ints` to be written into),
``floats`` (a list of floats, passed as C doubles: bit for bit the values Python holds) — declared
once with :meth:`NativeLibrary.function`."""

from __future__ import annotations

import ctypes
import os
from collections.abc import Callable, Sequence
from importlib.util import find_spec
from typing import Any

# Set (to anything) to leave every compiled library unused: the game's pure-Python code runs.
PURE_PYTHON = "SOLITAIRE_PURE_PYTHON"

KINDS: dict[str, Any] = {
    "int": ctypes.c_int,
    "u64": ctypes.c_uint64,
    "ptr": ctypes.c_void_p,
    "ints": ctypes.POINTER(ctypes.c_int),
    "floats": ctypes.POINTER(ctypes.c_double),
    "none": None,
}


class NativeLibrary:
    def __init__(self, path: str) -> None:
        self._library = ctypes.CDLL(path)

    def function(self, name: str, result: str, *params: str) -> Callable[..., Any]:
        """The library's function ``name``, its result and parameters of the kinds above."""
        native = getattr(self._library, name)
        native.restype = KINDS[result]
        native.argtypes = [KINDS[p] for p in params]

        if not any(kind in ARRAYS for kind in params):
            plain: Callable[..., Any] = native  # plain values only: ctypes converts them, no Python call around
            return plain

        items = [ARRAYS.get(kind) for kind in params]  # each parameter's array item, None for a plain value

        def call(*args: Any) -> Any:
            return native(*[a if item is None else _array(a, item) for a, item in zip(args, items, strict=True)])

        return call

    @staticmethod
    def array(values: Sequence[float], kind: str) -> Any:
        """``values`` as an ``ints`` or ``floats`` parameter, converted once, for a caller that
        passes the same list again and again."""
        return _array(values, ARRAYS[kind])

    @staticmethod
    def ints(count: int) -> Any:
        """A buffer of ``count`` ints a function writes into (read back by index)."""
        return (ctypes.c_int * count)()


ARRAYS: dict[str, Any] = {"ints": ctypes.c_int, "floats": ctypes.c_double}  # the kinds passed as arrays: their items


def _array(values: Any, item: Any) -> Any:
    """``values`` as a C array of ``item``, or as they are when already converted. A list or a
    tuple is told apart first by its type: the abstract ``Sequence`` check costs a microsecond a
    call, and a search is set up with several such calls."""
    if type(values) is list or type(values) is tuple:
        return (item * len(values))(*values)
    if isinstance(values, ctypes.Array):
        return values
    return (item * len(values))(*values) if isinstance(values, Sequence) else values


def native_library(path: str) -> NativeLibrary | None:
    """The library at ``path``, or None when it cannot be loaded (not built for this machine)."""
    try:
        return NativeLibrary(path)
    except OSError:
        return None


def compiled_library(module: str) -> NativeLibrary | None:
    """The compiled extension ``module`` (``game.games.NAME._fast``) as a library, or None: not
    built (no C compiler at install), not loadable here, or the pure-Python code asked for
    (``SOLITAIRE_PURE_PYTHON``)."""
    if os.environ.get(PURE_PYTHON):
        return None
    try:
        spec = find_spec(module)
    except (ImportError, ValueError):
        return None
    if spec is None or spec.origin is None:
        return None
    return native_library(spec.origin)
