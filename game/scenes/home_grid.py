"""How the home screen's game tiles share the window: how many columns, how many rows, and — when
more games are offered than fit with a readable preview — how many pages (issue 27: nine games at
800x1280 and 1920x1080, any number a kiosk offers); and where an arrow key goes among its buttons.

Pure arithmetic on sizes in pixels, so that it can be tested without a window."""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Grid:
    cols: int
    rows: int
    per_page: int  # tiles on a full page
    pages: int

    def page_of(self, index: int) -> int:
        """The page that shows the ``index``-th game."""
        return index // self.per_page

    def on_page(self, page: int, count: int) -> range:
        """The indexes of the games shown on ``page`` (0-based) of ``count``."""
        start = page * self.per_page
        return range(start, min(count, start + self.per_page))

    def spot(self, k: int, shown: int) -> tuple[int, float]:
        """The row and the column (in tiles, from the left) of the ``k``-th of ``shown`` tiles on a
        page: rows filled left to right, a last row that is not full centred under the others."""
        row, col = divmod(k, self.cols)
        in_row = min(self.cols, shown - row * self.cols)
        return row, col + (self.cols - in_row) / 2


def tile_height(room: float, rows: int, gap: float) -> float:
    """Each row's height when ``rows`` rows and their gaps share ``room`` pixels of height."""
    return (room - gap * (rows + 1)) / rows


def tile_grid(count: int, cols: int, room: float, gap: float, least_height: float) -> Grid:
    """``count`` tiles in ``cols`` columns over ``room`` pixels of height: as many rows as keep
    every tile at least ``least_height`` tall, on as few pages as that allows, with the games spread
    evenly over the pages (nine games four to a page make pages of five and four, not eight and one)
    and over the rows: no more columns than the rows need, so that five games on two rows are three
    and two (wider tiles), not four and one, and nine on three rows are three of three.
    When not even one row is that tall, one page of every row: the caller then lays the games out as
    a list instead."""
    needed_rows = max(1, math.ceil(count / cols))
    fitting = [rows for rows in range(1, needed_rows + 1) if tile_height(room, rows, gap) >= least_height]
    if not fitting:
        return Grid(cols, needed_rows, max(1, count), 1)
    most_rows = max(fitting)
    pages = math.ceil(count / (cols * most_rows))
    per_page = math.ceil(count / pages)
    rows = math.ceil(per_page / cols)
    return Grid(math.ceil(per_page / rows), rows, per_page, pages)
