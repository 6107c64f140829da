"""The home screen's games on a small screen (480 x 320 down to 320 x 320): each game a button, its
name and, smaller, its stars and Continue or New game — in as few columns as let every game be a
finger tall above the bottom bar, and on pages of as many rows as fit when the games are more
than one screen holds so (thirteen games at 480 x 320)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.games.index import Game
from game.scenes.home_grid import Grid, tile_grid, tile_height
from game.view.layout import Rect

LIST_BUTTON_WIDTH = 8.0  # fingers: the widest a game's button grows in the list of games
LEAST_BUTTON_WIDTH = 2.2  # fingers: the narrowest, so that a game's name reads at its size
GAP = 0.15  # fingers between the buttons
TOP = 1.1  # fingers above the list: the title
PAGED_TOP = 1.45  # ... and the page arrows beside it, a finger square, with a gap under them
LEAST_ROW = 1.05  # fingers: a button's name, stars and action each readable, one under the other


@dataclass(frozen=True)
class GameList:
    grid: Grid  # its pages (one, or as many as the games need)
    page: int  # the page shown
    boxes: list[tuple[Game, Rect]]  # the games on it and their buttons' places


def game_list(
    size: tuple[int, int], games: Sequence[Game], touch: float, bottom: float, page: int, showing: str | None
) -> GameList:
    """The list of ``games`` in a window of ``size`` with ``bottom`` pixels kept for the bar, on
    ``page``, or on the page of the game ``showing`` (back from it: its page, not the first)."""
    w, h = size
    gap = touch * GAP
    top = touch * TOP
    room = h - top - bottom

    def row_height(cols: int) -> float:
        rows = (len(games) + cols - 1) // cols
        return (room - gap * (rows + 1)) / rows

    fewest = max(1, min(4, math.ceil(w / (touch * LIST_BUTTON_WIDTH))))  # no button a screen wide
    most = max(fewest, min(4, int((w - gap) // (touch * LEAST_BUTTON_WIDTH + gap))))
    least = touch * LEAST_ROW
    cols = next((c for c in range(fewest, most + 1) if row_height(c) >= least), most)
    grid = tile_grid(len(games), cols, room, gap, least)
    if grid.pages > 1:  # the page arrows share the title's line: the list starts below them
        top = touch * PAGED_TOP
        room = h - top - bottom
        grid = tile_grid(len(games), cols, room, gap, least)
        cols = grid.cols
    names = [game.name for game in games]
    page = grid.page_of(names.index(showing)) if showing in names else min(page, grid.pages - 1)
    shown = [games[k] for k in grid.on_page(page, len(games))]
    row_h = min(touch * 1.5, row_height(cols) if grid.pages == 1 else tile_height(room, grid.rows, gap))
    rows = (len(shown) + cols - 1) // cols
    top += (room - rows * row_h - (rows + 1) * gap) / 2  # a tall window: the list in the middle
    tile_w = (w - gap * (cols + 1)) / cols
    boxes = []
    for k, game in enumerate(shown):
        r, c = divmod(k, cols)
        boxes.append((game, Rect(gap + c * (tile_w + gap), top + gap + r * (row_h + gap), tile_w, row_h)))
    return GameList(grid, page, boxes)
