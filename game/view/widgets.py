"""Buttons, panels and toasts: the few widgets the table and its dialogs need."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.view import fonts
from game.view.acts import Act
from game.view.layout import Rect

TEXT = (245, 245, 240)
DIM_TEXT = (150, 160, 155)
BUTTON = (38, 52, 48)
BUTTON_ON = (214, 170, 60)
BUTTON_LIT = (58, 78, 66)  # a toggle that is on: lighter than a button at rest, edged in BUTTON_ON
ALERT = (140, 44, 44)  # a button that is a way out of trouble
PANEL = (250, 248, 240)
PANEL_TEXT = (30, 34, 32)
FOCUS = (255, 214, 64)  # a text field's edge
RING_OUTER, RING_INNER = (255, 255, 255), (16, 20, 24)  # the keys' focus ring: white round a dark line
RING_ON_LIGHT = (0, 92, 210)  # on a light panel, blue round the dark line (white would not show)
COMFORT = fonts.SMALLEST + 1  # px: a row's labels get room to be drawn at least this large, when it has it
NOTE_BREAK = "  "  # between a note's parts: one line where they fit, else a line each


@dataclass
class Button:
    rect: Rect
    label: str
    action: Act
    enabled: bool = True
    selected: bool = False  # a chosen option in a group
    on: bool | None = None  # a toggle's state (sound, full screen), shown on the button (CM-17); None: no toggle
    note: str = ""  # smaller, under the label (a small home screen's "★★☆☆☆  Continue"): parts NOTE_BREAK apart
    alert: bool = False  # a way out of trouble (CM-21's: the deal can no longer be won): drawn in ALERT

    def hit(self, pos: tuple[float, float]) -> bool:
        return self.enabled and self.rect.contains(pos)


def rect(r: Rect) -> pygame.Rect:
    return pygame.Rect(round(r.x), round(r.y), round(r.w), round(r.h))


def check_box_size(r: pygame.Rect) -> int:
    """The side of a toggle's check box: a little taller than its label's capitals."""
    return max(9, round(r.h * 0.3))


def label_room(b: Button) -> float:
    """How wide the label may be: the button less its padding, and less the check box of a toggle."""
    r = rect(b.rect)
    box = check_box_size(r) + 6 if b.on is not None else 0
    return r.w - 10 - box


def button_text_size(b: Button) -> int:
    """The size a button's label fits at: about a third of its height, smaller if it is wide."""
    r = rect(b.rect)
    return fonts.fitting_size(b.label, int(r.h * 0.36), label_room(b), bold=b.selected)


def button_row(items: Sequence[tuple[Act, str]], box: Rect, gap: float) -> list[Button]:
    """Buttons (action, label) side by side across ``box``, ``gap`` apart and from its ends:
    equal, unless a long label needs more than its share (:func:`share_row`)."""
    width = (box.w - gap * (len(items) + 1)) / max(1, len(items))
    row = [
        Button(Rect(box.x + gap + k * (width + gap), box.y, width, box.h), label, action)
        for k, (action, label) in enumerate(items)
    ]
    share_row(row, COMFORT)
    return row


def share_row(buttons: list[Button], size: int) -> None:
    """Divide a row's width among its buttons by what their labels need at ``size`` (bold, as a
    chosen one is drawn), when equal shares would squeeze a long label below that size while a
    short one has room to spare: the row keeps its ends and its gaps."""
    if len(buttons) < 2 or all(fonts.fits(b.label, label_room(b), size, bold=True) for b in buttons):
        return
    x0, gap = buttons[0].rect.x, buttons[1].rect.x - buttons[0].rect.right
    room = buttons[-1].rect.right - x0 - gap * (len(buttons) - 1)
    needs = [fonts.font(size, True).size(b.label)[0] + b.rect.w - label_room(b) for b in buttons]
    spare = room - sum(needs)
    widths = [need + spare / len(needs) for need in needs] if spare >= 0 else [room * n / sum(needs) for n in needs]
    for b, width in zip(buttons, widths, strict=True):
        b.rect = Rect(x0, b.rect.y, width, b.rect.h)
        x0 += width + gap


def draw_button(
    surface: pygame.Surface, b: Button, focused: bool = False, light: bool = False, text_size: int = 0
) -> None:
    """``text_size``: the label's size, shared with the button's row (0: its own best fit).

    A chosen option is lit and its label bold and underlined; a toggle carries a check box, ticked
    when on, and is lit round its edge when on — its state is never told by colour alone (UI-9)."""
    r = rect(b.rect)
    radius = max(4, r.h // 5)
    if light:
        fill = BUTTON_ON if b.selected else (226, 222, 210)
        ink = PANEL_TEXT if b.enabled else (160, 160, 150)
    else:
        fill = BUTTON_ON if b.selected else (BUTTON_LIT if b.on else ALERT if b.alert else BUTTON)
        ink = (20, 20, 20) if b.selected else (TEXT if b.enabled else DIM_TEXT)
    pygame.draw.rect(surface, fill, r, border_radius=radius)
    if b.on:
        pygame.draw.rect(surface, BUTTON_ON, r, width=2, border_radius=radius)
    if focused:
        draw_focus_ring(surface, r, radius, light)
    if b.note:
        _draw_two_lines(surface, b, text_size or int(r.h * 0.34), ink)
        return
    label = fonts.fit_text(b.label, text_size or int(r.h * 0.36), ink, label_room(b), bold=b.selected)
    where = label.get_rect(center=r.center)
    if b.on is not None:  # the box and the label, centred together
        side = check_box_size(r)
        where.x = round(r.centerx - (side + 6 + where.w) / 2 + side + 6)
        box = pygame.Rect(where.x - 6 - side, r.centery - side // 2, side, side)
        draw_check_box(surface, box, b.on, ink)
    surface.blit(label, where)
    if b.selected:
        ink_box = label.get_bounding_rect().move(where.topleft)
        underline = max(2, r.h // 18)
        y = min(r.bottom - underline - 2, ink_box.bottom + 2)
        pygame.draw.rect(surface, ink, (ink_box.x, y, ink_box.w, underline))


def draw_focus_ring(surface: pygame.Surface, r: pygame.Rect, radius: int, light: bool = False) -> None:
    """The keys' focus (CM-18): a dark line and a white one round it (blue on a light panel),
    standing off the control — never gold and never on its edge, so it cannot be taken for a
    toggle lit "on" (a gold edge) or a chosen option (gold)."""
    pygame.draw.rect(surface, RING_INNER, r.inflate(8, 8), width=3, border_radius=radius + 4)
    outer = RING_ON_LIGHT if light else RING_OUTER
    pygame.draw.rect(surface, outer, r.inflate(14, 14), width=3, border_radius=radius + 7)


def _draw_two_lines(surface: pygame.Surface, b: Button, size: int, ink: tuple[int, int, int]) -> None:
    """A button's label and, under it and smaller, its note — its parts on one line where they fit
    at the smallest size or larger, else a line each — all centred together, smaller where the
    lines would not fit the button."""
    r = rect(b.rect)
    note_size = max(fonts.SMALLEST, int(size * 0.8))
    notes = [b.note] if fonts.fits(b.note, label_room(b)) else b.note.split(NOTE_BREAK)  # one line, if readable
    lines = _label_lines(b, notes, size, note_size, ink)
    # the label's own line height, not its fitted one: a long label drawn smaller to fit across must
    # not leave its note larger than the notes of the buttons beside it
    label_height = fonts.font(max(fonts.SMALLEST, size), True).get_linesize()
    nominal = label_height + sum(note_line.get_height() for note_line in lines[1:])
    if nominal > r.h * 0.9:  # a line a part in a low button: every line smaller, never below the smallest
        shrink = r.h * 0.9 / nominal
        lines = _label_lines(b, notes, int(size * shrink), int(note_size * shrink), ink)
    tall = sum(line.get_height() for line in lines)
    top = r.centery - tall / 2
    for line in lines:
        surface.blit(line, line.get_rect(midtop=(r.centerx, round(top))))
        top += line.get_height()


def _label_lines(
    b: Button, notes: list[str], size: int, note_size: int, ink: tuple[int, int, int]
) -> list[pygame.Surface]:
    """A button's label, bold, and its note's lines under it, smaller."""
    lines = [fonts.fit_text(b.label, max(fonts.SMALLEST, size), ink, label_room(b), bold=True)]
    return lines + [fonts.fit_text(note, max(fonts.SMALLEST, note_size), ink, label_room(b)) for note in notes]


def row_fits(labels: list[str], width: float, gap: float) -> bool:
    """Whether buttons with these labels fit side by side in ``width`` (``gap`` apart and from its
    ends), each label at :data:`COMFORT` size or larger."""
    face = fonts.font(COMFORT, True)
    return sum(face.size(label)[0] + 10 for label in labels) + gap * (len(labels) + 1) <= width


def draw_check_box(surface: pygame.Surface, box: pygame.Rect, ticked: bool, ink: tuple[int, int, int]) -> None:
    """A square outline, with a tick in it when ``ticked``: a toggle's state by shape (UI-9)."""
    line = max(2, box.w // 7)
    if ticked:
        pygame.draw.rect(surface, BUTTON_ON, box, border_radius=2)
        points = [
            (box.x + box.w * 0.2, box.y + box.h * 0.52),
            (box.x + box.w * 0.42, box.y + box.h * 0.74),
            (box.x + box.w * 0.8, box.y + box.h * 0.28),
        ]
        pygame.draw.lines(surface, (20, 20, 20), False, points, line + 1)
    else:
        pygame.draw.rect(surface, ink, box, width=line, border_radius=2)


def draw_panel(surface: pygame.Surface, r: Rect, dim: bool = True) -> None:
    """A light card-like panel, over a dimmed table."""
    if dim:
        surface.blit(_veil(surface.get_size()), (0, 0))
    pr = rect(r)
    pr.size = (max(0, pr.w), max(0, pr.h))  # a window shrunk past the panel's margins: nothing to draw
    for spread, layer in _shadow(pr.w, pr.h):  # a soft shadow, a little below the panel
        surface.blit(layer, (pr.x - spread, pr.y - spread + 6))
    pygame.draw.rect(surface, PANEL, pr, border_radius=14)


@lru_cache(maxsize=2)
def _veil(size: tuple[int, int]) -> pygame.Surface:
    """The shade over a table under a panel, made once per window size (not every frame)."""
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 120))
    return shade


@lru_cache(maxsize=8)
def _shadow(w: int, h: int) -> tuple[tuple[int, pygame.Surface], ...]:
    layers = []
    for spread, opacity in ((10, 24), (6, 36), (3, 48)):
        layer = pygame.Surface((w + 2 * spread, h + 2 * spread), pygame.SRCALPHA)
        pygame.draw.rect(layer, (0, 0, 0, opacity), layer.get_rect(), border_radius=14 + spread)
        layers.append((spread, layer))
    return tuple(layers)


TOAST_LINES = 3  # a message longer than this many lines at the smallest size is cut


@lru_cache(maxsize=64)
def fit_lines(message: str, size: int, width: float, most: int = TOAST_LINES) -> tuple[tuple[str, ...], int]:
    """A text's lines and their size in ``width``: one line at ``size`` or a little smaller; else
    as few lines (up to ``most``) as it can have at a size down to two thirds of ``size`` (a narrow
    window, a long hint: smaller text covers less); past the last line, it is cut."""
    size = max(fonts.SMALLEST, size)
    one_line = fonts.fitting_size(message, size, width)
    if one_line >= max(fonts.SMALLEST, int(size * 0.8)) and fonts.fits(message, width, one_line):
        return (message,), one_line
    least = min(size, max(COMFORT, fonts.quantise(size * 0.65)))
    sizes = sorted({fonts.quantise(s) for s in range(least, size + 1)}, reverse=True)
    for lines_most in range(2, most + 1):
        for s in sizes:
            lines = fonts.wrap(message, s, width)
            if len(lines) <= lines_most:
                return tuple(lines), s
    return tuple(fonts.wrap(message, least, width)[:most]), least


def draw_lines(
    surface: pygame.Surface, lines: tuple[str, ...], size: int, color: fonts.Color, centre: tuple[float, float]
) -> None:
    """Lines of text (from :func:`fit_lines`) centred as a block on ``centre``, a little more than
    their size apart: their ink close, never touching."""
    step = size * 1.2
    top = centre[1] - step * (len(lines) - 1) / 2
    for k, line in enumerate(lines):
        label = fonts.text(line, size, color)
        surface.blit(label, label.get_rect(center=(round(centre[0]), round(top + k * step))))


def toast_box(surface_w: int, message: str, bottom: float, size: int) -> pygame.Rect:
    """Where :func:`draw_toast` puts a message whose bottom is at ``bottom``."""
    lines, size = fit_lines(message, size, surface_w * 0.9 - size * 1.4)
    face = fonts.font(size)
    width = max(face.size(line)[0] for line in lines) if lines else 0
    box = pygame.Rect(0, 0, round(width + size * 1.4), round(len(lines) * face.get_linesize() + size * 0.8))
    box.midbottom = (surface_w // 2, int(bottom))
    return box


def draw_toast(surface: pygame.Surface, message: str, bottom: float, size: int, opacity: float = 1.0) -> None:
    """A short message in a dark pill, centred above ``bottom``: wrapped onto a few lines when the
    window is too narrow for it at a readable size."""
    w = surface.get_width()
    lines, text_size = fit_lines(message, size, w * 0.9 - size * 1.4)
    box = toast_box(w, message, bottom, size)
    pill = pygame.Surface(box.size, pygame.SRCALPHA)
    radius = box.h // 2 if len(lines) == 1 else round(size * 0.8)
    pygame.draw.rect(pill, (16, 18, 20, 225), pill.get_rect(), border_radius=radius)
    line_h = fonts.font(text_size).get_linesize()
    top = (box.h - line_h * len(lines)) / 2
    for k, line in enumerate(lines):
        label = fonts.text(line, text_size, TEXT)
        pill.blit(label, label.get_rect(midtop=(box.w // 2, round(top + k * line_h))))
    if opacity < 1.0:
        pill.set_alpha(int(255 * opacity))  # the whole pill fades: text and box together
    surface.blit(pill, box)


def text_end(label: pygame.Surface, width: float) -> pygame.Surface | None:
    """The right-hand end of a rendered line that shows ``width`` px of it (a field shows the end of
    a long entry, where the typing is); the whole line if it fits; None if there is no room at all."""
    shown = min(label.get_width(), int(width))
    if shown <= 0:
        return None
    if shown == label.get_width():
        return label
    return label.subsurface(pygame.Rect(label.get_width() - shown, 0, shown, label.get_height()))


def dotted_frame(surface: pygame.Surface, r: Rect, color: tuple[int, int, int], width: int = 3, dash: int = 9) -> None:
    """A dotted outline: the mark of a legal destination (SPEC CM-2)."""
    pr = rect(r)
    for x0, y0, x1, y1 in (
        (pr.left, pr.top, pr.right, pr.top),
        (pr.right, pr.top, pr.right, pr.bottom),
        (pr.right, pr.bottom, pr.left, pr.bottom),
        (pr.left, pr.bottom, pr.left, pr.top),
    ):
        length = max(abs(x1 - x0), abs(y1 - y0))
        steps = max(1, length // dash)
        for k in range(0, steps, 2):
            a, b = k / steps, min(1.0, (k + 1) / steps)
            pygame.draw.line(
                surface,
                color,
                (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b),
                width,
            )
