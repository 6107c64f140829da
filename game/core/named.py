"""What a "module:name" path names: the one resolver for the parts a game's record names by path
(its hint and solver specs, its table scene), imported the first time they are needed."""

from __future__ import annotations

import importlib
from typing import Any


def resolve(path: str) -> Any:
    """The object ``path`` ("package.module:name") names; the module is imported once, then cached
    by Python."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)
