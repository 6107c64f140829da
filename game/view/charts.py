"""Charts for the Records screen, drawn with pygame in a given box: a rolling win rate, a
histogram of winning times with one game marked, games per day, and a month's calendar. Each
draws its own frame and title and fits any box from a phone's strip to a desktop's panel; text is
never smaller than fonts.SMALLEST.
"""

from __future__ import annotations

import calendar
import datetime
import math
from collections.abc import Callable, Sequence

import pygame

from game.view import fonts
from game.view.layout import Rect

PANEL = (8, 48, 32)
EDGE = (40, 100, 72)
TEXT = (230, 240, 232)
FAINT = (150, 180, 160)
LINE = (250, 210, 90)
BAR = (96, 170, 130)
WON = (250, 210, 90)
MARK = (240, 90, 80)


def text_size(r: Rect) -> int:
    return max(fonts.SMALLEST, min(18, int(min(r.w / 22, r.h / 9))))


Titles = str | Sequence[str]  # a title, or titles from the longest to the shortest


def frame(surface: pygame.Surface, r: Rect, titles: Titles) -> Rect:
    """The chart's box and the longest of its titles that fits; returns the plotting area."""
    box = pygame.Rect(round(r.x), round(r.y), round(r.w), round(r.h))
    pygame.draw.rect(surface, PANEL, box, border_radius=10)
    pygame.draw.rect(surface, EDGE, box, 1, border_radius=10)
    size = text_size(r)
    pad = size * 0.6
    options = [titles] if isinstance(titles, str) else list(titles)
    title = next((t for t in options if fonts.fits(t, r.w - 2 * pad, size, bold=True)), options[-1])
    clip = surface.get_clip()
    surface.set_clip(box.inflate(-round(pad), 0).clip(clip))  # even the shortest too long: cut, not spilled
    surface.blit(fonts.text(title, size, TEXT, bold=True), (r.x + pad, r.y + pad * 0.6))
    surface.set_clip(clip)
    top = r.y + pad * 0.6 + size * 1.5
    return Rect(r.x + pad, top, r.w - 2 * pad, r.bottom - top - pad - size * 1.2)


def _empty(surface: pygame.Surface, area: Rect, message: str, size: int) -> None:
    label = fonts.fit_text(message, size, FAINT, area.w)
    surface.blit(label, label.get_rect(center=(round(area.x + area.w / 2), round(area.y + area.h / 2))))


def _label(surface: pygame.Surface, text: str, size: int, x: float, y: float, anchor: str = "midtop") -> None:
    label = fonts.text(text, size, FAINT)
    surface.blit(label, label.get_rect(**{anchor: (round(x), round(y))}))


def rate_line(surface: pygame.Surface, r: Rect, title: Titles, rates: Sequence[float], empty: str) -> None:
    """A win rate (0..1) after each of the last games, oldest at the left, with 0 %, 50 %, 100 %."""
    area = frame(surface, r, title)
    size = text_size(r)
    if len(rates) < 2 or area.h < 8:
        _empty(surface, area, empty, size)
        return
    gutter = fonts.font(size).size("100%")[0] + size * 0.4
    half = size * 0.75  # the 100 % label is centred on the top line: half of it above, clear of the title
    plot = Rect(area.x + gutter, area.y + half, area.w - gutter, area.h - half)
    for share in (0.0, 0.5, 1.0):
        y = plot.bottom - share * plot.h
        pygame.draw.line(surface, EDGE, (round(plot.x), round(y)), (round(plot.right), round(y)))
        if share != 0.5 or plot.h >= size * 3.2:  # a short chart names only its ends
            _label(surface, f"{round(share * 100)}%", size, plot.x - size * 0.3, y, "midright")
    step = plot.w / (len(rates) - 1)
    points = [(round(plot.x + k * step), round(plot.bottom - v * plot.h)) for k, v in enumerate(rates)]
    pygame.draw.lines(surface, LINE, False, points, 3)
    _label(surface, str(len(rates)), size, plot.right, plot.bottom + size * 0.2, "topright")


def time_histogram(
    surface: pygame.Surface,
    r: Rect,
    title: Titles,
    edges: Sequence[float],
    counts: Sequence[int],
    mark: float | None,
    label: Callable[[float], str],
    empty: str,
) -> None:
    """Winning times in bins, the bin of ``mark`` (this game's time) in another colour with a tick.
    Bins whose edges are not finite numbers, or that hold nothing, draw as no wins (never a
    division by zero or an infinite bar); a mark that is not a finite number is not drawn."""
    area = frame(surface, r, title)
    size = text_size(r)
    top = max(counts, default=0)
    finite = len(edges) == len(counts) + 1 and all(math.isfinite(e) for e in edges)
    if not top or not finite or area.h < 8:
        _empty(surface, area, empty, size)
        return
    if mark is not None and not math.isfinite(mark):
        mark = None
    width = area.w / len(counts)
    for k, n in enumerate(counts):
        h = area.h * n / top
        inside = mark is not None and edges[k] <= mark <= edges[k + 1]
        bar = pygame.Rect(round(area.x + k * width + 1), round(area.bottom - h), max(1, round(width - 2)), round(h))
        pygame.draw.rect(surface, MARK if inside else BAR, bar)
    if mark is not None and edges[0] <= mark <= edges[-1]:
        x = area.x + (mark - edges[0]) / max(1e-9, edges[-1] - edges[0]) * area.w
        pygame.draw.line(surface, MARK, (round(x), round(area.y)), (round(x), round(area.bottom)), 2)
    _label(surface, label(edges[0]), size, area.x, area.bottom + size * 0.2, "topleft")
    _label(surface, label(edges[-1]), size, area.right, area.bottom + size * 0.2, "topright")


def day_bars(
    surface: pygame.Surface,
    r: Rect,
    title: Titles,
    days: Sequence[tuple[str, int, int]],
    label: Callable[[str], str],
    empty: str,
) -> None:
    """Games played per day (won in the brighter colour on top), today at the right; the first
    and last days written by ``label`` (a date YYYY-MM-DD as the language writes a day)."""
    area = frame(surface, r, title)
    size = text_size(r)
    top = max((played for _, played, _ in days), default=0)
    if not top or area.h < 8:
        _empty(surface, area, empty, size)
        return
    width = area.w / len(days)
    for k, (_, played, won) in enumerate(days):
        x, w = round(area.x + k * width + 1), max(1, round(width - 2))
        h, hw = area.h * played / top, area.h * won / top
        pygame.draw.rect(surface, BAR, pygame.Rect(x, round(area.bottom - h), w, round(h)))
        pygame.draw.rect(surface, WON, pygame.Rect(x, round(area.bottom - hw), w, round(hw)))
    _label(surface, str(top), size, area.x, area.y, "topleft")
    _label(surface, label(days[0][0]), size, area.x, area.bottom + size * 0.2, "topleft")
    _label(surface, label(days[-1][0]), size, area.right, area.bottom + size * 0.2, "topright")


def month(
    surface: pygame.Surface,
    r: Rect,
    title: Titles,
    today: datetime.date,
    won: set[str],
    weekdays: Sequence[str],
) -> None:
    """This month's calendar: the days whose daily deal was won filled in, today outlined."""
    area = frame(surface, r, title)
    size = text_size(r)
    weeks = calendar.Calendar(firstweekday=0).monthdayscalendar(today.year, today.month)
    legible = area.h / (len(weeks) + 1) >= fonts.SMALLEST * 1.15 and area.w / 7 >= fonts.SMALLEST * 1.7
    heading = 1 if legible else 0  # too small for words: the month as dots, won days filled
    cell_w, cell_h = area.w / 7, area.h / (len(weeks) + heading)
    small = max(fonts.SMALLEST, min(size, int(cell_h * 0.6)))
    for k, name in enumerate(weekdays if legible else ()):
        _label(surface, name, small, area.x + (k + 0.5) * cell_w, area.y + cell_h / 2, "center")
    for row, week in enumerate(weeks, start=heading):
        for col, day in enumerate(week):
            if not day:
                continue
            date = datetime.date(today.year, today.month, day)
            cx, cy = area.x + (col + 0.5) * cell_w, area.y + (row + 0.5) * cell_h
            radius = max(4, round(min(cell_w, cell_h) * 0.45))
            if date.isoformat() in won:
                pygame.draw.circle(surface, WON, (round(cx), round(cy)), radius)
            elif not legible:
                pygame.draw.circle(surface, EDGE, (round(cx), round(cy)), radius, 1)
            if date == today:
                pygame.draw.circle(surface, TEXT, (round(cx), round(cy)), radius, 2)
            if not legible:
                continue
            colour = PANEL if date.isoformat() in won else TEXT
            digit = fonts.text(str(day), small, colour)
            surface.blit(digit, digit.get_rect(center=(round(cx), round(cy))))
