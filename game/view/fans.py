"""How the cards of a fanned column spread: the corner index they must leave showing, and the
steps between cards — compressed, face-down cards first, down to that index and never past it.

The corner index is shared with the card art (``game/view/cards.py``): its ink lies between
:data:`INDEX_TOP` and :func:`index_fraction` of the card's height, and the art fits the rank and its
suit into that band, so a step of :func:`min_up_step` always shows them whole. A column too long for
its room even at that step keeps its top cards and its first face-up card readable and folds the ones
between to a thin edge — a card hidden on purpose, never a half index that reads as another rank (a J
cut at the middle reads I, a Q reads ∩). Such a column is dense (SPEC SP-12). Pure geometry: no pygame.
"""

from __future__ import annotations

from typing import NamedTuple

from game.core.look import LARGEST_INDEX, look

INDEX_TOP = 0.04  # where the corner index's ink begins, in card heights: a margin of paper above it
INDEX = 0.185  # where it ends, in card heights, on cards of ordinary size ...
SMALL_INDEX = 0.30  # ... and on the smallest, where the same share would be a blur
SMALL_CARD, LARGE_CARD = 30.0, 90.0  # card widths (px) between which the index share shrinks
INDEX_CLEAR = 0.015  # paper between the index and the edge of the card over it, in card heights ...
CLEAR_PX = 1.0  # ... and never less than a pixel

DOWN_STEP = 0.10  # face-down cards in a fanned column, in card heights
UP_STEP = 0.27  # face-up cards in a fanned column
PORTRAIT_UP_STEP = 0.32  # portrait windows have the height to spare
MIN_DOWN_STEP = 0.035
MIN_UP_STEP = 0.15  # no step between face-up cards is smaller, whatever the index
FOLDED_STEP = 0.035  # a face-up card folded under a dense column's readable ones: an edge, no index


def index_fraction(card_w: float, scale: float | None = None) -> float:
    """Where the corner index's ink ends, in card heights: lower on small cards, so that rank and
    suit stay readable at 480x320, and lower again in the large-print deck (``scale``: its index
    against the classic one's; by default the current look's)."""
    t = min(1.0, max(0.0, (card_w - SMALL_CARD) / (LARGE_CARD - SMALL_CARD)))
    share = SMALL_INDEX + (INDEX - SMALL_INDEX) * t
    scale = look().index_scale if scale is None else scale
    return share if scale == 1.0 else max(share, min(LARGEST_INDEX, share * scale))


READABLE_INDEX_PX = 13.0  # the smallest corner index a player reads at arm's length (UI-4)


def readable_card_width(scale: float | None = None) -> float:
    """The narrowest card whose corner index is :data:`READABLE_INDEX_PX` tall (in pixels; about
    31 px wide with the classic deck): a short window's table gives its fans less room before it
    makes cards narrower than this."""
    width = SMALL_CARD / 2
    while index_fraction(width, scale) * 1.4 * width < READABLE_INDEX_PX and width < LARGE_CARD:
        width += 0.5
    return width


def min_up_step(card_w: float, scale: float | None = None) -> float:
    """The closest two face-up cards of a column may be (in card heights): the upper card's whole
    index, rank and suit, and a line of paper below it."""
    clear = max(INDEX_CLEAR, CLEAR_PX / (card_w * 1.4))
    return max(MIN_UP_STEP, index_fraction(card_w, scale) + clear)


class Fan(NamedTuple):
    """A fanned column's steps, in pixels: between face-down cards, between face-up cards that
    show their index, and between folded ones; ``folded`` face-up cards are folded (from the second
    face-up card on), and ``dense`` says the column is squeezed to its readable minimum (SP-12)."""

    down: float
    up: float
    folded: int = 0
    fold: float = 0.0
    dense: bool = False

    def offsets(self, down: int, up: int, keep: int | None = None) -> list[float]:
        """Each card's distance from the column's first card, bottom card first; the card at index
        ``keep`` (the focused one) is never folded: the readable card nearest it folds instead."""
        folded = self.folded_cards(up - 1, None if keep is None else keep - down)
        out, y = [], 0.0
        for i in range(down + up):
            out.append(y)
            if i < down:
                y += self.down
            else:
                y += self.fold if i - down in folded else self.up
        return out

    def folded_cards(self, steps: int, keep: int | None = None) -> set[int]:
        """Which face-up cards (0 the first, ``steps`` the last) are folded, ``keep`` not among
        them: a card the player has focused shows its index, and the same number stay folded."""
        folded = {j for j in range(steps + 1) if self.is_folded(j, steps)}
        if keep is None or keep not in folded:
            return folded
        folded.discard(keep)
        readable = [j for j in range(1, steps) if j not in folded and j != keep]
        if readable:
            folded.add(min(readable, key=lambda j: abs(j - keep)))
        return folded

    def is_folded(self, j: int, steps: int) -> bool:
        """Whether the ``j``-th face-up card (of ``steps`` + 1) is folded. The cards kept readable
        are those nearest the column's end — the run being built, and the cards a move would take —
        and, when two or more are kept, the first face-up card too: where the column's run begins."""
        if not self.folded:
            return False
        if steps - self.folded >= 2:
            return 1 <= j <= self.folded
        return j < self.folded


def column_fan(card_w: float, card_h: float, available: float, down: int, up: int, portrait: bool) -> Fan:
    """The steps of a column of ``down`` face-down and ``up`` face-up cards whose first card may
    start at most ``available`` px above where its last card would end."""
    floor = min_up_step(card_w) * card_h
    d, u = DOWN_STEP * card_h, max(floor, (PORTRAIT_UP_STEP if portrait else UP_STEP) * card_h)
    steps = max(0, up - 1)
    if down * d + steps * u <= available:
        return Fan(d, u)
    if down:  # face-down cards give way first: nothing on them can be read anyway
        d = max(MIN_DOWN_STEP * card_h, min(d, (available - steps * u) / down))
    if not steps:
        return Fan(d, u)
    rest = available - down * d
    if rest / steps > floor + 0.5:
        return Fan(d, min(u, rest / steps))
    if rest / steps >= floor:
        return Fan(d, rest / steps, dense=True)
    fold = FOLDED_STEP * card_h
    if rest < steps * fold:  # not even every card folded fits (a column of 60): all of them edges
        edge = max(0.0, available / (down + steps))
        return Fan(min(d, edge), floor, steps, edge, dense=True)
    readable = min(steps, int((rest - steps * fold) / (floor - fold)))
    return Fan(d, floor, steps - readable, fold, dense=True)
