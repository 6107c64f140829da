"""What a place on the table says when the focus comes to it, and the whole table read pile by
pile (CM-19): "ten of hearts, column 3, 4 cards, 2 face down"; "column 5, empty, the king of
spades can go here"; "gap after the seven of clubs in row 2, takes the eight of clubs".

Everything is read from the rules' ``piles`` (what the table draws), the game's labels on empty
piles, its blocked piles and the position's legal moves: no game is named here.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence

from game.core.cards import Card
from game.core.i18n import ntr, ptr, tr
from game.rules.base import MOVE, Move, PileContents
from game.rules.pile import BY_HOUR, Pile, Role, kind_of, layer_of
from game.speech.words import card_name, listing, pile_name, sentence

RECYCLE_MARK = "<recycle>"  # the layout's labels on an empty stock (game/view/layout.py)
EMPTY_MARK = "<none>"
NAMED = 3  # an empty pile names up to this many cards that can come to it, else counts them
COUNTED = frozenset({Role.TABLEAU, Role.FOUNDATION, Role.WASTE, Role.STOCK, Role.RESERVE, Role.DISCARD})


def count_words(cards: Sequence[Card], down: int) -> list[str]:
    """ "4 cards", "2 face down"."""
    out = [ntr("{n} card", "{n} cards", len(cards))]
    if down:
        out.append(ntr("{n} face down", "{n} face down", down))
    return out


def arriving(pile: Pile, contents: PileContents, legal: Iterable[Move]) -> list[Card]:
    """The cards a legal move would bring to ``pile`` now (the first card of each moving run)."""
    out: list[Card] = []
    for m in legal:
        if m.kind == MOVE and m.dst == pile and m.src in contents:
            cards, _ = contents[m.src]
            if len(cards) >= m.size and cards[-m.size] not in out:
                out.append(cards[-m.size])
    return out


def takes(label: str | None, coming: Sequence[Card]) -> str:
    """What an empty pile takes: the cards that can come now, else what its label says."""
    if len(coming) > NAMED:
        return ntr("{n} card can go here", "{n} cards can go here", len(coming))
    if coming:
        names = listing([card_name(c) for c in coming])
        return ntr("{cards} can go here", "{cards} can go here", len(coming), cards=names)
    if label == "A":
        return tr("takes an ace")
    if label == "K":
        return tr("takes a king")
    if label == "2":
        return tr("takes a two")
    if label == RECYCLE_MARK:
        return tr("Enter turns the waste over")
    return tr("nothing can go here now")


def gap_name(pile: Pile, contents: PileContents) -> str:
    """An empty place of a grid by the card on its left: "gap after the seven of clubs in row 2"."""
    kind = kind_of(pile)
    row, place = kind.row_place(pile.idx)
    if place > 0:
        left = Pile(pile.kind, pile.idx - 1)
        cards, down = contents.get(left, ((), 0))
        if cards and down < len(cards):
            return tr("gap after {card} in row {row}", card=card_name(cards[-1]), row=row + 1)
        return tr("gap after a gap in row {row}", row=row + 1)
    return tr("gap at the start of row {row}", row=row + 1)


def empty_reading(pile: Pile, contents: PileContents, label: str | None, legal: Iterable[Move]) -> str:
    coming = arriving(pile, contents, legal)
    if kind_of(pile).role is Role.GRID:
        return listing([gap_name(pile, contents), takes(label, coming)])
    return listing([pile_name(pile), tr("empty"), takes(label, coming)])


def place_reading(
    pile: Pile,
    index: int,
    contents: PileContents,
    labels: Mapping[Pile, str],
    blocked: Collection[Pile],
    legal: Iterable[Move],
) -> str:
    """What the focus on card ``index`` of ``pile`` (-1 or an empty pile: the place) says."""
    cards, down = contents.get(pile, ((), 0))
    if not cards:
        return empty_reading(pile, contents, labels.get(pile), legal)
    role = kind_of(pile).role
    if role is Role.STOCK and down == len(cards):  # cards nobody may see: only how many
        return listing([pile_name(pile), ntr("{n} card", "{n} cards", len(cards))])
    index = min(max(index, 0), len(cards) - 1)
    head = [tr("a face-down card") if index < down else card_name(cards[index]), pile_name(pile)]
    if role in COUNTED:
        head += count_words(cards, down)
    above = len(cards) - 1 - index
    if above and index >= down:
        head.append(ntr("{n} card on it", "{n} cards on it", above))
    if pile in blocked:
        head.append(tr("covered"))
    return listing(head)


def pile_summary(pile: Pile, contents: PileContents, blocked: Collection[Pile]) -> str | None:
    """One pile for the whole-table reading: "column 2: 1 face down, queen of hearts"; None for a
    place of a tier that is gone."""
    cards, down = contents.get(pile, ((), 0))
    role = kind_of(pile).role
    if not cards:
        if role is Role.TIER:
            return None
        if role is Role.GRID:
            return tr("{place}: gap", place=pile_name(pile))
        return tr("{place}: empty", place=pile_name(pile))
    parts: list[str] = []
    if role is Role.STOCK and down == len(cards):
        return tr("{place}: {cards}", place=pile_name(pile), cards=ntr("{n} card", "{n} cards", len(cards)))
    if down:
        parts.append(ntr("{n} face down", "{n} face down", down))
    up = [card_name(c) for c in cards[down:]]
    if role in (Role.FOUNDATION, Role.WASTE, Role.DISCARD) and up:
        parts.append(ntr("{n} card", "{n} cards", len(cards)))
        parts.append(tr("{card} on top", card=up[-1]))
    else:
        parts += up
    if pile in blocked:
        parts.append(tr("covered"))
    return tr("{place}: {cards}", place=pile_name(pile), cards=listing(parts))


def reading_order(contents: PileContents, shown: Sequence[Pile] = ()) -> list[Pile]:
    """The piles in the order they are read: the table's own order (``shown``), then any other
    the rules have, by layer."""
    order = [p for p in shown if p in contents]
    rest = sorted((p for p in contents if p not in order), key=lambda p: (layer_of(p), p.kind, p.idx))
    return order + rest


SUMMARY = (Role.STOCK, Role.WASTE, Role.FOUNDATION, Role.CELL, Role.RESERVE, Role.DISCARD)  # read first


def table_reading(contents: PileContents, blocked: Collection[Pile] = (), shown: Sequence[Pile] = ()) -> list[str]:
    """The whole table: first what sums it up (the stock and waste, the foundations and the free
    cells each on one line, a reserve), then the columns or the rows of a tier of overlapping cards in
    the table's order, one line each."""
    order = reading_order(contents, shown)
    lines: list[str | None] = []
    built: dict[tuple[str, int], list[Pile]] = {}  # foundations laid in rows: a line a row
    for p in order:
        if kind_of(p).role is Role.FOUNDATION and kind_of(p).rows:
            built.setdefault((p.kind, kind_of(p).row_place(p.idx)[0]), []).append(p)
    for role in SUMMARY:
        piles = [p for p in order if kind_of(p).role is role and not kind_of(p).rows]
        if role is Role.FOUNDATION:
            lines += [built_row_summary(row, row_piles, contents) for (_, row), row_piles in built.items()]
        if role in (Role.FOUNDATION, Role.CELL) and len(piles) > 1:
            lines.append(group_summary(role, piles, contents))
        else:
            lines += [pile_summary(p, contents, blocked) for p in piles]
    rest = [p for p in order if kind_of(p).role not in SUMMARY]
    rows: dict[tuple[str, int], list[Pile]] = {}
    grid: dict[int, list[Pile]] = {}
    for p in rest:
        if kind_of(p).role is Role.TIER:
            rows.setdefault((p.kind, kind_of(p).row_place(p.idx)[0]), []).append(p)
        elif kind_of(p).role is Role.GRID:
            grid.setdefault(kind_of(p).row_place(p.idx)[0], []).append(p)
        else:
            lines.append(pile_summary(p, contents, blocked))
    lines += [row_summary(row, piles, contents, blocked) for (_, row), piles in rows.items()]
    lines += [grid_row_summary(row, piles, contents) for row, piles in grid.items()]
    return [sentence(line) for line in lines if line]


def group_summary(role: Role, piles: Sequence[Pile], contents: PileContents) -> str:
    """The foundations (or the free cells) on one line: the card on top of each that has one, then
    how many are empty."""
    if piles and kind_of(piles[0]).counted == BY_HOUR:
        return clock_summary(piles, contents)
    tops = [card_name(contents[p][0][-1]) for p in piles if contents[p][0]]
    empty = len(piles) - len(tops)
    if empty:
        tops.append(ntr("{n} empty", "{n} empty", empty))
    if role is Role.FOUNDATION:
        return tr("Foundations: {cards}", cards=listing(tops))
    return tr("Free cells: {cards}", cards=listing(tops))


def clock_summary(piles: Sequence[Pile], contents: PileContents) -> str:
    """The piles of a clock on one line, round from twelve o'clock, each by its hour and its top
    card: "Clock: 12 o'clock, nine of diamonds, 1 o'clock, ten of spades, …"."""
    said = []
    for p in sorted(piles, key=lambda pile: (pile.idx + 1) % 12):  # twelve o'clock first
        cards = contents[p][0]
        top = card_name(cards[-1]) if cards else ntr("{n} empty", "{n} empty", 1)
        said.append(tr("{n} o'clock, {card}", n=p.idx + 1, card=top))
    return tr("Clock: {cards}", cards=listing(said))


def grid_row_summary(row: int, piles: Sequence[Pile], contents: PileContents) -> str:
    """A row of a grid on one line, left to right, its gaps in their places: "Row 2:
    two of hearts, three of hearts, gap, …" — four lines for the table, not one a place."""
    places = [contents.get(p, ((), 0))[0] for p in piles]
    words = [card_name(cards[-1]) if cards else ptr("a grid's empty place", "gap") for cards in places]
    return ptr("grid", "Row {row}: {cards}", row=row + 1, cards=listing(words))


def built_row_summary(row: int, piles: Sequence[Pile], contents: PileContents) -> str:
    """A row of foundations on one line, left to right, each by its top card and how many cards
    it holds: "Row 1: eight of hearts (3 cards), seven of clubs, empty, …"."""
    words = []
    for p in piles:
        cards = contents.get(p, ((), 0))[0]
        if not cards:
            words.append(tr("empty"))
        elif len(cards) == 1:
            words.append(card_name(cards[-1]))
        else:
            count = ntr("{n} card", "{n} cards", len(cards))
            words.append(tr("{card} ({count})", card=card_name(cards[-1]), count=count))
    return tr("Row {row}: {cards}", row=row + 1, cards=listing(words))


def row_summary(row: int, piles: Sequence[Pile], contents: PileContents, blocked: Collection[Pile]) -> str | None:
    """A row of a tier of overlapping cards on one line, its face-down cards counted together: "row 2:
    3 face down, nine of hearts"; a card still covered says so; None for a row all played."""
    up = [p for p in piles if len(contents.get(p, ((), 0))[0]) > contents.get(p, ((), 0))[1]]
    all_covered = bool(up) and all(p in blocked for p in up)
    parts: list[str] = []
    down_run = 0
    for p in piles:
        cards, down = contents.get(p, ((), 0))
        if not cards:
            continue
        if down >= len(cards):
            down_run += 1
            continue
        if down_run:
            parts.append(ntr("{n} face down", "{n} face down", down_run))
            down_run = 0
        name = card_name(cards[-1])
        parts.append(tr("{card} (covered)", card=name) if p in blocked and not all_covered else name)
    if down_run:
        parts.append(ntr("{n} face down", "{n} face down", down_run))
    if not parts:
        return None
    if all_covered:
        return tr("Row {row}, covered: {cards}", row=row + 1, cards=listing(parts))
    return tr("Row {row}: {cards}", row=row + 1, cards=listing(parts))
