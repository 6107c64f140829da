"""Every game, registered once: a :class:`Game` record per game, in the order the home screen
shows them. Adding a game is its rules module (``game/rules``), its record module here and one line
in :data:`GAMES` — plus a scene only where its interaction is truly new (see ``docs``/README)."""

from __future__ import annotations

from game.core.variants import variant_spec
from game.games import addiction, freecell, golf, klondike, pyramid, spider, yukon
from game.games.record import Game

GAMES: tuple[Game, ...] = (
    klondike.GAME,
    spider.GAME,
    freecell.GAME,
    pyramid.GAME,
    golf.GAME,
    yukon.GAME,
    addiction.GAME,
)
_BY_NAME = {g.name: g for g in GAMES}


def game_for(name: str) -> Game:
    """The game called ``name`` or one of its aliases (``gaps``); ParseError if unknown."""
    return _BY_NAME[variant_spec(name).name]


__all__ = ["GAMES", "Game", "game_for"]
