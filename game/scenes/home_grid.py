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


Box = tuple[float, float, float, float]  # a button's x, y, width and height


def arrow_target(boxes: list[Box], usable: list[bool], focus: int, dx: int, dy: int) -> int:
    """The button an arrow goes to from ``focus`` (CM-18). Sideways: the nearest that way in the same
    row, else on a row beside it (a tile's rows do not line up with the next tile's: one game has
    two option rows, another one), never one far above (none: it stays, and a page may turn). Up or down:
    among the buttons that way, those above or below this one first (the tile beneath, not one far
    across), then the nearest row of them, then the one in it nearest across — so Down from the
    last game of a list goes to the first line of the bar beneath it, not past it.
    A window the system shrinks to a few pixels lays buttons out with no height or a negative one:
    they count as a pixel, so that the nearest row always holds the nearest button."""
    x, y, w, h = _sized(boxes[focus])
    cx, cy = x + w / 2, y + h / 2
    ahead: list[tuple[bool, float, float, int]] = []  # off to the side, how far along, how far across, which
    for k, box in enumerate(boxes):
        if k == focus or not usable[k]:
            continue
        bx, by, bw, bh = _sized(box)
        ox, oy = bx + bw / 2 - cx, by + bh / 2 - cy
        along, across = (ox * dx, abs(oy)) if dx else (oy * dy, abs(ox))
        if along <= (0 if dx else h / 2):  # up or down: a row's buttons, a pixel apart, are one row
            continue
        if dx and across > h * 1.6:  # sideways: not past the row beside (Right from the bar to a game)
            continue
        aside = across >= (h / 2 if dx else max(w, bw) / 2)
        ahead.append((aside, along, across, k))
    if not ahead:
        return focus
    if dx:
        return min(ahead, key=lambda a: (a[0], a[1] + 3 * a[2]))[3]
    nearest_side = min(a[0] for a in ahead)
    ahead = [a for a in ahead if a[0] == nearest_side]
    nearest = min(along for _, along, _, _ in ahead)
    line = [(across, k) for _, along, across, k in ahead if along <= nearest + h / 2]
    return min(line)[1]


def _sized(box: Box) -> Box:
    """``box`` at least a pixel wide and high."""
    x, y, w, h = box
    return x, y, max(w, 1.0), max(h, 1.0)
