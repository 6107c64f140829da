"""Keyboard focus on a table (CM-10): the arrows walk over rows of piles; up and down walk the
face-up cards of a fanned column first, then to the nearest pile of the next row. The places of a
tier of overlapping cards hold one card each: the keys pass over those played (empty) or face down, as a
player's eye does, so a row with two cards left is two presses wide, not ten. A side column (foundations
foundations, right of the columns or, left-handed, left of them) is walked up and down, and entered
and left sideways from the column beside it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.rules.base import Event, Moved, PileContents, Variant
from game.rules.pile import Pile

Focus = tuple[Pile, int]  # a pile and a card index in it (-1: the empty pile)


def lowest_movable(rules: Variant[Any], state: Any) -> dict[Pile, int]:
    """Each pile's lowest card that can be picked up (the keyboard focus skips the others)."""
    first: dict[Pile, int] = {}
    for pile, (cards, down) in rules.piles(state).items():
        first[pile] = next((i for i in range(down, len(cards)) if rules.can_lift(state, pile, i)), down)
    return first


@dataclass(frozen=True)
class FocusMap:
    rows: Sequence[Sequence[Pile]]  # the piles the keys reach, row by row, left to right
    centres: Mapping[Pile, float]  # each pile's horizontal centre, to find the nearest one below
    fanned: frozenset[Pile]  # columns whose cards fan downwards (up/down walk their cards)
    first: Mapping[Pile, int] | None = None  # per column, the lowest card that can be picked up
    placed: frozenset[Pile] = frozenset()  # a tier's places: passed over when empty or face down
    side: tuple[Pile, ...] = ()  # a column of piles beside the rows, top to bottom (foundations beside the columns)
    tops: Mapping[Pile, float] | None = None  # each pile's top edge, to step between the side and the rows level

    def side_beside(self, pile: Pile) -> Pile:
        """The side column's pile level with ``pile`` (the nearest in height; its top without heights)."""
        tops = self.tops
        if tops is None or pile not in tops:
            return self.side[0]
        return min(self.side, key=lambda p: abs(tops[p] - tops[pile]))

    def row_beside(self, pile: Pile, rows: Sequence[Sequence[Pile]]) -> Sequence[Pile]:
        """The row level with a side pile (the nearest in height; the lowest without heights)."""
        if self.tops is None or pile not in self.tops:
            return rows[-1]
        tops = self.tops
        return min(rows, key=lambda row: min((abs(tops[p] - tops[pile]) for p in row if p in tops), default=1e9))

    def side_toward(self, dx: int) -> bool:
        """Whether a step of ``dx`` from the rows goes towards the side column."""
        if not self.side:
            return False
        rows_centre = max(self.centres[p] for row in self.rows for p in row)
        return (dx > 0) == (self.centres[self.side[0]] > rows_centre)


def shown(pile: Pile, contents: PileContents, fmap: FocusMap) -> bool:
    """Whether the keys stop on this pile: always, but for a place with no face-up card."""
    if pile not in fmap.placed:
        return True
    cards, down = contents[pile]
    return len(cards) > down


def top_of(contents: PileContents, pile: Pile) -> Focus:
    cards, _ = contents[pile]
    return (pile, len(cards) - 1)


def settle(focus: Focus | None, contents: PileContents, fmap: FocusMap) -> Focus | None:
    """The focus after the position changed: kept on a card that is still there and face up, else
    moved to the top of its pile, or (a place whose card was played) to the nearest place the keys
    stop on; None if its pile is not reachable by keys."""
    reachable = focus is not None and (focus[0] in fmap.side or any(focus[0] in row for row in fmap.rows))
    if focus is None or not reachable or focus[0] not in contents:
        return None
    pile, index = focus
    if not shown(pile, contents, fmap):
        return nearest_shown(pile, contents, fmap)
    cards, down = contents[pile]
    if index < down or index >= len(cards):
        return top_of(contents, pile)
    return focus


def nearest_shown(pile: Pile, contents: PileContents, fmap: FocusMap) -> Focus | None:
    """For a place whose card was played (or turned down by an undo): the nearest place the keys
    stop on, in its own row first, then the rows nearest to it (the one above first, where the
    cards it uncovered are); None when no row has one."""
    rows = [row for row in fmap.rows if row]
    here = next((i for i, row in enumerate(rows) if pile in row), None)
    if here is None:
        return None
    x = fmap.centres[pile]
    stops = [
        ((abs(r - here), r > here, abs(fmap.centres[p] - x)), p)
        for r, row in enumerate(rows)
        for p in row
        if shown(p, contents, fmap)
    ]
    return top_of(contents, min(stops, key=lambda stop: stop[0])[1]) if stops else None


def follow(focus: Focus | None, events: Sequence[Event], contents: PileContents, fmap: FocusMap) -> Focus | None:
    """The focus after a change of position (CM-10): where cards were placed on the focused pile —
    the player moved the focus there and pressed Enter — it goes to the first card placed, so the
    frame follows the card (Q♦ onto K♠: the frame on Q♦, not on K♠); else :func:`settle`."""
    if focus is not None:
        for e in events:
            if isinstance(e, Moved) and e.dst == focus[0] and e.dst in contents:
                cards, _ = contents[e.dst]
                return settle((e.dst, len(cards) - len(e.cards)), contents, fmap)
    return settle(focus, contents, fmap)


def lowest(pile: Pile, contents: PileContents, fmap: FocusMap) -> int:
    """The lowest card of a column the keys walk to: the first that can be picked up (a run's
    head), else the first face-up one. Cards that cannot move are skipped, so the row above is a
    few presses away, not one per card."""
    cards, down = contents[pile]
    first = fmap.first.get(pile, down) if fmap.first is not None else down
    return min(max(first, down), max(len(cards) - 1, 0))


def move_focus(focus: Focus | None, dx: int, dy: int, contents: PileContents, fmap: FocusMap) -> Focus:
    rows = [row for row in fmap.rows if row]
    current = settle(focus, contents, fmap)
    if current is None:
        return top_of(contents, rows[-1][0])
    pile, index = current
    if pile in fmap.side:
        return _from_side(current, dx, dy, contents, fmap, rows)
    r = next(i for i, row in enumerate(rows) if pile in row)
    c = list(rows[r]).index(pile)
    cards, _ = contents[pile]
    at_edge = not 0 <= c + dx < len(rows[r])
    if dx and at_edge and fmap.side_toward(dx):
        return top_of(contents, fmap.side_beside(pile))  # past the row's end: into the side column, level
    if dx:
        row = rows[r]
        c += dx
        while 0 <= c < len(row):  # no wrapping round: the end of a row is where the player left it
            if shown(row[c], contents, fmap):
                return top_of(contents, row[c])
            c += dx
        return current  # nothing else that way in the row to stop on
    if pile in fmap.fanned and lowest(pile, contents, fmap) <= index + dy < len(cards):
        return (pile, index + dy)
    x = fmap.centres[pile]
    r2 = r + dy
    while 0 <= r2 < len(rows):
        stops = [p for p in rows[r2] if shown(p, contents, fmap)]
        if stops:
            return top_of(contents, min(stops, key=lambda p: abs(fmap.centres[p] - x)))
        r2 += dy  # a row of played or face-down places only: on to the next
    return current  # the edge of the table: stay (no wrapping round to the far side)


def column_end(focus: Focus | None, contents: PileContents, fmap: FocusMap, last: bool) -> Focus | None:
    """Home and End (CM-10): the focused column's first face-up card, or its top card; a pile that
    is not fanned has only its top to go to."""
    current = settle(focus, contents, fmap)
    if current is None:
        return None
    pile, _ = current
    cards, down = contents[pile]
    if not cards:
        return current
    if last or pile not in fmap.fanned:
        return top_of(contents, pile)
    return (pile, min(down, len(cards) - 1))


def _from_side(
    current: Focus, dx: int, dy: int, contents: PileContents, fmap: FocusMap, rows: list[Sequence[Pile]]
) -> Focus:
    """In the side column: up and down walk it (no wrapping); a step away from the rows stays; a
    step towards them goes to the top card of the nearest column of the row level with it."""
    k = fmap.side.index(current[0])
    if dy:
        return top_of(contents, fmap.side[k + dy]) if 0 <= k + dy < len(fmap.side) else current
    if fmap.side_toward(dx):
        return current
    row = fmap.row_beside(current[0], rows)
    return top_of(contents, min(row, key=lambda p: abs(fmap.centres[p] - fmap.centres[current[0]])))
