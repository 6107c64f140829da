"""Every game's :class:`Game` record, in the order the home screen shows them: the order of
``game/core/variants.py``'s ``VARIANTS``, the one list of the games there are. A game is a folder,
``game/games/NAME/``, and its record is that folder's ``record.py`` (``GAME``), found, not listed:
adding a game is its folder and its line in ``VARIANTS`` (see docs/architecture.md, "Adding a
game")."""

from __future__ import annotations

import importlib

from game.core.variants import VARIANTS, variant_spec
from game.games.record import Game


def _record(name: str) -> Game:
    game = importlib.import_module(f"game.games.{name}.record").GAME
    if not isinstance(game, Game) or game.name != name:
        raise TypeError(f"game/games/{name}/record.py must hold the record of {name} as GAME")
    return game


GAMES: tuple[Game, ...] = tuple(_record(spec.name) for spec in VARIANTS)
_BY_NAME = {g.name: g for g in GAMES}


def game_for(name: str) -> Game:
    """The game called ``name`` or one of its aliases (``gaps``); ParseError if unknown."""
    return _BY_NAME[variant_spec(name).name]


__all__ = ["GAMES", "Game", "game_for"]
