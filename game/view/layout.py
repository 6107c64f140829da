"""Layout: pure geometry from the window size to where every pile and card goes.

A table is described as rows of slots (:class:`TableSpec`); the layout picks the largest card that
lets the widest row fit across and every row — with room for the columns to fan — fit down, then
centres the table. Columns fan downwards and compress when they grow long, never below a spacing
that keeps each card's corner index readable (``game/view/fans.py``); past that a column is dense
(SPEC SP-12). Portrait windows get the same rows with narrower cards and longer fans, so the whole
height is used. The left-handed table is the mirror image of the right-handed one (UI-9).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from game.core.look import look
from game.rules.pile import Pile
from game.rules.table import (
    DOWN as DOWN,
)
from game.rules.table import (
    EMPTY_MARK as EMPTY_MARK,
)
from game.rules.table import (
    LEFT as LEFT,
)
from game.rules.table import (
    RECYCLE_MARK as RECYCLE_MARK,
)
from game.rules.table import (
    RIGHT as RIGHT,
)
from game.rules.table import (
    STACK as STACK,
)
from game.rules.table import (
    WRAPPING as WRAPPING,
)
from game.rules.table import (
    Placed as Placed,
)
from game.rules.table import (
    Slot as Slot,
)
from game.rules.table import (
    TableSpec as TableSpec,
)
from game.view.fans import MIN_UP_STEP as MIN_UP_STEP
from game.view.fans import UP_STEP, Fan, column_fan, readable_card_width
from game.view.fans import index_fraction as index_fraction
from game.view.fans import min_up_step as min_up_step

CARD_RATIO = 1.4  # height / width (63 x 88 mm cards)
GAP = 0.12  # between slots, in card widths
MARGIN = 0.25  # left and right of the table, in card widths
ROW_GAP = 0.18  # between rows, in card heights
WASTE_STEP = 0.4  # draw-3 waste fans to the right, in card widths: rank and suit of each show
ROOMY_CARD = 64.0  # below this card width, columns get the room their planned cards need to read, no more
SIDE_MIN_STEP = 0.45  # piles in a side column (foundations beside the columns) may overlap this far, in card heights


class Rect(NamedTuple):
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def center(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)

    def contains(self, p: tuple[float, float]) -> bool:
        return self.x <= p[0] < self.x + self.w and self.y <= p[1] < self.y + self.h

    def moved(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.w, self.h)

    def grown(self, d: float) -> Rect:
        return Rect(self.x - d, self.y - d, self.w + 2 * d, self.h + 2 * d)

    def overlap(self, other: Rect) -> float:
        w = min(self.right, other.right) - max(self.x, other.x)
        h = min(self.bottom, other.bottom) - max(self.y, other.y)
        return w * h if w > 0 and h > 0 else 0.0

    def union(self, other: Rect) -> Rect:
        x, y = min(self.x, other.x), min(self.y, other.y)
        return Rect(x, y, max(self.right, other.right) - x, max(self.bottom, other.bottom) - y)


def least_room(spec: TableSpec, card_w: float) -> float:
    """The fan room a short window gives a table's columns: as much as the face-up cards the room
    was planned for (``fan_room`` holds that many ordinary steps) need to show their indices — the
    classic deck's, so that every deck gets cards of one size: less than ``fan_room`` where the
    index is smaller than an ordinary step, more on the smallest cards, whose index is larger;
    never less than ``tight_room``."""
    return max(spec.tight_room, spec.fan_room * min_up_step(card_w, 1.0) / UP_STEP)


@dataclass(frozen=True)
class TableLayout:
    size: tuple[int, int]
    card_w: float
    card_h: float
    table: Rect
    top_bar: Rect
    toolbar: Rect
    touch: float
    piles: dict[Pile, Rect] = field(default_factory=dict)
    fans: dict[Pile, Slot] = field(default_factory=dict)
    limits: dict[Pile, float] = field(default_factory=dict)  # how far down a fanned pile may reach
    message_line: float = 0.0  # where a message's bottom goes (0: just above the toolbar)

    @property
    def message_bottom(self) -> float:
        """Messages sit above the toolbar, or above a row that must never be hidden (a tier's
        stock and waste)."""
        return self.message_line or self.toolbar.y - 10

    @property
    def portrait(self) -> bool:
        return self.size[1] > self.size[0]

    def fan_steps(self, pile: Pile, down: int, up: int) -> tuple[float, float, bool]:
        """Offsets between face-down and between readable face-up cards of a fanned column, and
        whether the column is dense (squeezed to the readable minimum, or folded past it so the last
        card stays on the table: SPEC SP-12)."""
        fan = self.fan(pile, down, up)
        return fan.down, fan.up, fan.dense

    def fan(self, pile: Pile, down: int, up: int) -> Fan:
        available = self.limits.get(pile, self.table.bottom) - self.piles[pile].y - self.card_h
        return column_fan(self.card_w, self.card_h, available, down, up, self.portrait)

    def card_rects(self, pile: Pile, down: int, up: int, keep: int | None = None) -> list[Rect]:
        """Where each card of a pile goes, bottom card first (the card at ``keep`` readable in a
        folded column: the focused one)."""
        base = self.piles[pile]
        n = down + up
        slot = self.fans.get(pile, Slot(pile))
        if slot.fan == DOWN:
            return [base.moved(0, dy) for dy in self.fan(pile, down, up).offsets(down, up, keep)]
        shown, step = min(slot.fan_cards, n), WASTE_STEP * self.card_w
        if slot.fan == RIGHT:  # the top card rightmost; the ones below show their left edge, and their index
            return [base.moved(max(0, i - (n - shown)) * step, 0) for i in range(n)]
        if slot.fan == LEFT:  # mirrored: the top card at the base, the ones below stepping out to its left
            return [base.moved(-min(n - 1 - i, shown - 1) * step, 0) for i in range(n)]
        return [base] * n


def touch_size(dpi: float) -> float:
    """The smallest control a finger can hit: 9 mm at the screen's DPI, and never under 44 px."""
    return max(44.0, 9.0 / 25.4 * dpi)


def bar_heights(height: float, touch: float) -> tuple[int, int]:
    """The status bar and the toolbar: a finger's size on tall windows, trimmed on short ones (a
    480x320 screen gives them a fifth of its height, not a third) but never below a finger's reach."""
    top = min(round(touch * 0.8), max(28, round(height * 0.045)))
    tools = min(round(touch * 1.25), max(round(touch) + 2, round(height * 0.07)))
    return top, tools


def table_layout(
    spec: TableSpec, size: tuple[int, int], dpi: float = 96.0, chrome: bool = True, room: float | None = None
) -> TableLayout:
    """``chrome=False`` leaves out the status bar and the toolbar (a preview on the home screen);
    ``room``, the share of their fan room the columns get (by default what the window allows).
    The card size is the same in every deck; the left-handed table is the right-handed one mirrored,
    unless the table is a picture with no hand (``spec.mirror`` False: a clock face)."""
    w, h = max(size[0], 40), max(size[1], 40)
    touch = touch_size(dpi)
    bar, tools = bar_heights(h, touch) if chrome else (0, 0)
    top_bar = Rect(0, 0, w, bar)
    toolbar = Rect(0, h - tools, w, tools)
    area = Rect(0, top_bar.bottom, w, toolbar.y - top_bar.bottom)
    if spec.placed:
        layout, keep = _placed_layout(spec, (w, h), area, top_bar, toolbar, touch), [tuple(p.pile for p in spec.placed)]
    elif spec.shape == WRAPPING:
        cells = tuple(slot.pile for row in spec.rows for slot in row if slot.pile is not None)
        layout, keep = _wrapping_layout(spec, (w, h), area, top_bar, toolbar, touch), [cells]
    else:
        layout = _rows_layout(spec, (w, h), area, top_bar, toolbar, touch, room)
        keep = [group for row in spec.rows for group in _columns(row)]
    return mirrored(layout, keep) if look().left_handed and spec.mirror else layout


def mirrored(layout: TableLayout, keep: Sequence[Sequence[Pile]] = ()) -> TableLayout:
    """The left-handed table (UI-9): the mirror image of ``layout``. Every pile goes to its mirrored
    place (x -> W - x - w): the stock and waste to the right edge, the foundations, cells and
    completed suits to the left, a side column to the left side; a waste fanned to the right
    fans to the left. Each group in ``keep`` — a row of columns, a tier, a grid — moves as a
    block to its mirrored place but keeps its order: column 1 stays the leftmost column, as the
    rules, the hints and the spoken table count them and as every deal is dealt and read, left to
    right; a mirrored staircase would be another game's picture, not the same table for the other hand."""
    width = layout.size[0]
    piles = {p: Rect(width - r.right, r.y, r.w, r.h) for p, r in layout.piles.items()}
    for group in keep:
        rects = [layout.piles[p] for p in group if p in layout.piles]
        if rects:
            shift = width - max(r.right for r in rects) - min(r.x for r in rects)
            piles.update({p: layout.piles[p].moved(shift, 0) for p in group if p in layout.piles})
    fans = {p: slot._replace(fan=LEFT) if slot.fan == RIGHT else slot for p, slot in layout.fans.items()}
    table = Rect(width - layout.table.right, layout.table.y, layout.table.w, layout.table.h)
    return replace(layout, piles=piles, fans=fans, table=table)


def _rows_layout(
    spec: TableSpec, size: tuple[int, int], area: Rect, top_bar: Rect, toolbar: Rect, touch: float, room: float | None
) -> TableLayout:
    """Rows of slots, the widest filling the width or every row (and its fans) the height."""
    w, h = size
    cols = max(len(row) for row in spec.rows) + (1 if spec.side else 0)
    portrait = h > w
    gap, margin = (GAP / 2, MARGIN / 2) if portrait else (GAP, MARGIN)  # narrow screens: cards before gaps
    by_width = area.w / (cols + (cols - 1) * gap + 2 * margin)
    extra = ROW_GAP * CARD_RATIO * 0.6
    side_height = CARD_RATIO * (1 + (len(spec.side) - 1) * SIDE_MIN_STEP + ROW_GAP) + extra if spec.side else 0.0
    by_height = area.h / max(_rows_height(spec, 1.0 if room is None else room) + extra, side_height)
    fixed, fanned = _rows_height(spec, 0.0), _rows_height(spec, 1.0) - _rows_height(spec, 0.0)
    if room is None and by_height < ROOMY_CARD and fanned:  # a short window: room for the planned columns to read
        for _ in range(3):  # that room depends on the card's index, which depends on the card's size
            least = least_room(spec, min(by_width, by_height)) / spec.fan_room
            by_height = area.h / max(_rows_height(spec, least) + extra, side_height)
        by_height = min(ROOMY_CARD, by_height)
        # UI-4: never a card too small to read while the width allows one and the rows without
        # fans still fit; the columns fold what they cannot show (SP-12)
        by_height = max(by_height, min(readable_card_width(), by_width, area.h / (fixed + extra)))
        room = (area.h / by_height - extra - fixed) / fanned  # and what a card capped at ROOMY_CARD leaves
    room = 1.0 if room is None else room
    row_units = [CARD_RATIO * (1 + ROW_GAP + (spec.fan_room * room if _fanned(row) else 0)) for row in spec.rows]
    cw = max(20.0, min(by_width, by_height))
    ch = cw * CARD_RATIO
    table_w = cols * cw + (cols - 1) * gap * cw
    x0 = (w - table_w) / 2
    y = area.y + ROW_GAP * ch
    piles: dict[Pile, Rect] = {}
    fans: dict[Pile, Slot] = {}
    limits: dict[Pile, float] = {}
    for r, row in enumerate(spec.rows):
        height = row_units[r] * cw
        for i, slot in enumerate(row):
            if slot.pile is not None:
                piles[slot.pile] = Rect(x0 + i * (cw + gap * cw), y, cw, ch)
                fans[slot.pile] = slot
                if r < len(spec.rows) - 1:
                    limits[slot.pile] = y + height - ROW_GAP * ch
        y += height
    side_x = x0 + (cols - 1) * (cw + gap * cw)
    side_step = min(ch * (1 + ROW_GAP), (area.h - ROW_GAP * ch * 1.6 - ch) / max(1, len(spec.side) - 1))
    for k, pile in enumerate(spec.side):  # on a short window they overlap, each index still showing
        piles[pile] = Rect(side_x, area.y + ROW_GAP * ch + k * side_step, cw, ch)
        fans[pile] = Slot(pile)
    table = Rect(x0 - margin * cw, area.y, table_w + 2 * margin * cw, area.h - ROW_GAP * ch * 0.5)
    return TableLayout((w, h), cw, ch, table, top_bar, toolbar, touch, piles, fans, limits)


def _rows_height(spec: TableSpec, room: float) -> float:
    """The rows' height in card widths, with ``room`` of each fanned row's fan room."""
    return sum(CARD_RATIO * (1 + ROW_GAP + (spec.fan_room * room if _fanned(row) else 0)) for row in spec.rows)


def _fanned(row: tuple[Slot, ...]) -> bool:
    return any(s.fan == DOWN for s in row)


def _columns(row: tuple[Slot, ...]) -> list[tuple[Pile, ...]]:
    """The row's blocks of columns: piles fanned downwards side by side, an empty place or a pile
    of another kind of fan between two blocks (a reserve set apart from the tableau is a block of
    its own, and mirrors to the other side as the stock above it does)."""
    blocks: list[tuple[Pile, ...]] = []
    block: list[Pile] = []
    for slot in (*row, Slot(None)):
        if slot.pile is not None and slot.fan == DOWN:
            block.append(slot.pile)
        elif block:
            blocks.append(tuple(block))
            block = []
    return blocks


def _placed_layout(
    spec: TableSpec, size: tuple[int, int], area: Rect, top_bar: Rect, toolbar: Rect, touch: float
) -> TableLayout:
    """A tier of overlapping cards at its lattice places (PY-1, TP-1), as large as
    the window allows, and the rows of piles under it (stock, waste, removed cards), centred — across,
    and down a window taller than the cards need (a portrait screen left them in its top third)."""
    wide = max(p.x for p in spec.placed) + 1  # in steps of a card and its gap
    tall = max(p.y for p in spec.placed) + 1  # in card heights
    below = max((len(row) for row in spec.rows), default=0)
    by_width = area.w / (max(wide, below) * (1 + GAP) - GAP + 2 * MARGIN)
    height_units = CARD_RATIO * (tall + ROW_GAP * 2 + len(spec.rows) * (1 + ROW_GAP))
    cw = max(16.0, min(by_width, area.h / height_units))
    ch = cw * CARD_RATIO
    step_x = cw * (1 + GAP)
    spare = area.h - height_units * cw  # a tall window's height the width left unused: above and below alike
    top = area.y + ROW_GAP * ch + max(0.0, spare / 2)
    x0 = size[0] / 2 - (wide * step_x - GAP * cw) / 2
    piles: dict[Pile, Rect] = {}
    fans: dict[Pile, Slot] = {}
    for place in spec.placed:
        piles[place.pile] = Rect(x0 + place.x * step_x, top + place.y * ch, cw, ch)
        fans[place.pile] = Slot(place.pile)
    y = top + tall * ch + ROW_GAP * ch * 1.5
    first_row_y = y
    for row in spec.rows:
        row_x = size[0] / 2 - (len(row) * step_x - GAP * cw) / 2
        for i, slot in enumerate(row):
            if slot.pile is not None:
                piles[slot.pile] = Rect(row_x + i * step_x, y, cw, ch)
                fans[slot.pile] = slot
        y += ch * (1 + ROW_GAP)
    table = Rect(0, area.y, size[0], area.h)
    # A message goes just under the rows where a tall window leaves room there (near the cards it
    # talks about, not a screen away above the toolbar), else just above the rows, never over them.
    rows_bottom = y - ROW_GAP * ch
    room_below = toolbar.y - rows_bottom
    message_line = rows_bottom + touch * 1.1 if room_below >= touch * 1.3 else first_row_y - ROW_GAP * ch * 0.5
    return TableLayout(size, cw, ch, table, top_bar, toolbar, touch, piles, fans, {}, message_line)


def _wrapping_layout(
    spec: TableSpec, size: tuple[int, int], area: Rect, top_bar: Rect, toolbar: Rect, touch: float
) -> TableLayout:
    """Equal rows of places (AD-1: four rows of thirteen), as large as the window allows. A tall
    window wraps each row onto two lines (places 1-7, then 8-13), read like wrapped text, when that
    makes the cards larger: a portrait screen is used instead of leaving most of it empty."""
    rows, length = len(spec.rows), max(len(row) for row in spec.rows)
    gap = GAP * 0.6
    piles: dict[Pile, Rect] = {}
    fans: dict[Pile, Slot] = {}
    best = max((1, 2), key=lambda lines: _wrapped_card(area, gap, rows, length, lines))
    cw = _wrapped_card(area, gap, rows, length, best)
    ch = cw * CARD_RATIO
    per_line = -(-length // best)
    row_gap = gap * 2 * ch if best == 1 else gap * 5 * ch  # wrapped rows: more space between rows
    grid_w = per_line * cw + (per_line - 1) * gap * cw
    grid_h = rows * best * ch + rows * (best - 1) * gap * ch + (rows - 1) * row_gap
    x0 = (size[0] - grid_w) / 2
    y0 = area.y + (area.h - grid_h) / 2
    for r, row in enumerate(spec.rows):
        for c, slot in enumerate(row):
            if slot.pile is None:
                continue
            line, col = divmod(c, per_line)
            y = y0 + r * (best * ch + (best - 1) * gap * ch + row_gap) + line * ch * (1 + gap)
            piles[slot.pile] = Rect(x0 + col * cw * (1 + gap), y, cw, ch)
            fans[slot.pile] = slot
    table = Rect(0, area.y, size[0], area.h)
    return TableLayout(size, cw, ch, table, top_bar, toolbar, touch, piles, fans, {})


def _wrapped_card(area: Rect, gap: float, rows: int, length: int, lines: int) -> float:
    """The card width for ``rows`` rows of ``length`` places, each on ``lines`` lines (1, or 2 wrapped)."""
    per_line = -(-length // lines)
    by_width = area.w / (per_line + (per_line - 1) * gap + 2 * MARGIN * 0.5)
    between = (rows - 1) * gap * (2 if lines == 1 else 5)
    height_units = rows * lines + rows * (lines - 1) * gap + between + 2 * ROW_GAP
    return max(12.0, min(by_width, area.h / (CARD_RATIO * height_units)))
