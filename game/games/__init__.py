"""Every game's :class:`Game` record, in the order the home screen shows them: the order of
``game/core/variants.py``'s ``VARIANTS``, the one list of the games there are. A game's record is
the module of this package named like the game (``game/games/klondike.py``'s ``GAME``), found, not
listed: adding a game is its own modules and its line in ``VARIANTS`` (see docs/architecture.md,
"Adding a game")."""

from __future__ import annotations

import importlib

from game.core.variants import VARIANTS, variant_spec
from game.games.record import Game


def _record(name: str) -> Game:
    module = importlib.import_module(f"game.games.{name}")
    if module.__file__ is not None and module.__file__.endswith("__init__.py"):  # a game's folder
        module = importlib.import_module(f"game.games.{name}.record")
    game = module.GAME
    if not isinstance(game, Game) or game.name != name:
        raise TypeError(f"game/games/{name}.py must hold the record of {name} as GAME")
    return game


GAMES: tuple[Game, ...] = tuple(_record(spec.name) for spec in VARIANTS)
_BY_NAME = {g.name: g for g in GAMES}


def game_for(name: str) -> Game:
    """The game called ``name`` or one of its aliases (``gaps``); ParseError if unknown."""
    return _BY_NAME[variant_spec(name).name]


__all__ = ["GAMES", "Game", "game_for"]
