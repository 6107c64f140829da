"""Where the data shipped with the game lives — the fonts (``assets/``) and the seeds lists
(``seeds/``) — whether it runs from a source checkout, an editable install or a wheel installed
anywhere. The build maps the top-level ``assets/`` and ``seeds/`` folders into the package as
``game.assets`` and ``game.seeds`` (see pyproject.toml), so an installed game finds them through
the import system; a checkout run without installing finds them beside the package."""

from __future__ import annotations

import importlib.util
from functools import cache
from pathlib import Path


@cache
def data_dir(name: str) -> Path:
    """The folder of shipped data called ``name`` ("assets" or "seeds")."""
    try:
        spec = importlib.util.find_spec(f"game.{name}")
    except (ImportError, ValueError):
        spec = None
    if spec is not None and spec.submodule_search_locations:
        for location in spec.submodule_search_locations:
            if Path(location).is_dir():
                return Path(location)
    return Path(__file__).resolve().parent.parent / name
