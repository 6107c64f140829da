"""Every game, registered once: a :class:`Game` record per game, in the order the home screen
shows them. Adding a game is its rules module (``game/rules``), its record module here and one line
in :data:`GAMES` — plus a scene only where its interaction is truly new (see ``docs``/README)."""

from __future__ import annotations

from game.core.i18n import ptr, tr
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


OPTION_TEXT = {("suits", "1"): "1♠", ("suits", "2"): "2♠♥", ("suits", "4"): "4♠♥♦♣"}


def option_label(key: str) -> str:
    """An option's name on a dialog row."""
    return {"draw": tr("Draw"), "redeals": tr("Redeals"), "suits": tr("Suits")}.get(key, key)


def option_text(key: str, value: str) -> str:
    """How an option's value reads on a button: "Draw 3", "Redeals ∞", "2♠♥"."""
    if (key, value) in OPTION_TEXT:
        return OPTION_TEXT[(key, value)]
    shown = "∞" if value == "unlimited" else value
    # TRANSLATORS: a small button among others ("Redeals 3"); keep it short, abbreviate if need be
    return tr("Draw {n}", n=shown) if key == "draw" else ptr("option", "Redeals {n}", n=shown)


__all__ = ["GAMES", "Game", "game_for", "option_label", "option_text"]
