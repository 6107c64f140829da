"""What a move did, said (CM-19): the cards that moved and where, a card turned up, a suit
completed, the stock dealt, the waste turned over, a redeal — read from the move's events, so a
move, an undo, a redo and auto-collect are said the same way.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core.cards import SUIT, Card
from game.core.i18n import ntr, ptr, tr
from game.rules.base import (
    Dealt,
    Event,
    Flipped,
    Gathered,
    Moved,
    PeakCleared,
    PileContents,
    Recycled,
    Redealt,
    SuitCompleted,
)
from game.rules.pile import Role, kind_of, role_of
from game.speech.reading import gap_name
from game.speech.words import card_name, listing, pile_name, suit_word


def run_name(cards: Sequence[Card]) -> str:
    """A card, or a run by its first card: "jack of clubs and 2 cards on it"."""
    head = card_name(cards[0])
    if len(cards) > 1:
        head = ntr("{card} and {n} card on it", "{card} and {n} cards on it", len(cards) - 1, card=head)
    return head


def moved_words(e: Moved) -> str:
    """ "queen of hearts to column 4", "jack of clubs and 2 cards on it to column 5"; a grid's card
    says where it came from too (a grid: the gap it leaves is the next one to fill)."""
    src, dst = role_of(e.src), role_of(e.dst)
    if src is Role.STOCK and dst is Role.WASTE:
        if len(e.cards) == 1:
            return tr("From the stock: {cards}", cards=card_name(e.cards[0]))
        under = tr("From the stock: {cards}", cards=listing([card_name(c) for c in e.cards[:-1]]))
        return listing([under, tr("{card} on top", card=card_name(e.cards[-1]))])  # the one that plays
    if dst is Role.DISCARD and kind_of(e.dst).said is None:  # a pile with a name: cards go "to" it
        return tr("Removed: {cards}", cards=listing([card_name(c) for c in e.cards]))
    if src is Role.GRID:
        return tr(
            "{cards} from {source} to {place}", cards=run_name(e.cards), source=pile_name(e.src), place=pile_name(e.dst)
        )
    return tr("{cards} to {place}", cards=run_name(e.cards), place=pile_name(e.dst))


def event_words(e: Event) -> str | None:
    if isinstance(e, Moved):
        return moved_words(e) if e.cards else None
    if isinstance(e, Flipped):
        if e.face_up:
            return tr("{card} turned up in {place}", card=card_name(e.card), place=pile_name(e.pile))
        return tr("a card turned face down in {place}", place=pile_name(e.pile))
    if isinstance(e, SuitCompleted):
        suit = suit_word(SUIT[e.cards[0]])
        return (
            tr("a run of {suit} back on {place}", suit=suit, place=pile_name(e.pile))
            if e.undone
            else tr("a run of {suit} completed", suit=suit)
        )
    if isinstance(e, Dealt):
        if e.undone:
            return ntr("{n} card back to the stock", "{n} cards back to the stock", len(e.cards))
        if e.some:  # each card and the column it went onto
            pairs = zip(e.cards, e.piles, strict=True)
            where = [tr("{cards} to {place}", cards=card_name(c), place=pile_name(p)) for c, p in pairs]
            return ntr("Dealt {n} card: {cards}", "Dealt {n} cards: {cards}", len(e.cards), cards=listing(where))
        return ntr(
            "Dealt {n} card, one onto each column: {cards}",
            "Dealt {n} cards, one onto each column: {cards}",
            len(e.cards),
            cards=listing([card_name(c) for c in e.cards]),
        )
    if isinstance(e, Recycled):
        if role_of(e.dst) is Role.STOCK:
            return ntr(
                "the waste turned over into the stock: {n} card",
                "the waste turned over into the stock: {n} cards",
                e.size,
            )
        return ntr("{n} card back to the waste", "{n} cards back to the waste", e.size)
    if isinstance(e, Redealt):
        return ptr("shuffle", "Redealt: the cards not in place are dealt again")
    if isinstance(e, Gathered):
        if e.undone:
            return tr("the columns as they were before the redeal")
        return ntr("the columns gathered and redealt: {n} card", "the columns gathered and redealt: {n} cards", e.cards)
    return None  # the score is said with the result


def left_words(events: Sequence[Event], contents: PileContents) -> list[str]:
    """What the table shows where cards left, in the position after the change (``contents``): the
    card now on top of a pile (a column, the waste, the stock: the next to play), or the
    gap a grid's card left; not where a card turned up (that is said already), nor a face-down
    stock."""
    turned = {e.pile for e in events if isinstance(e, Flipped)}
    out: list[str] = []
    for e in events:
        if not isinstance(e, Moved) or not e.cards or e.src in turned or e.src not in contents:
            continue
        cards, down = contents[e.src]
        if role_of(e.src) is Role.GRID:
            out.append(tr("new {gap}", gap=gap_name(e.src, contents)))
        elif len(cards) > down:
            out.append(tr("{card} now on top of {place}", card=card_name(cards[-1]), place=pile_name(e.src)))
        turned.add(e.src)  # said once, however many cards left it
    return out


def news_of(events: Sequence[Event]) -> str | None:
    """What a change tells the player on the table itself (a message, said too), beside the cards
    moving: a peak's bonus (TP-4). Not for an undo: its points go back with the score."""
    for e in events:
        if isinstance(e, PeakCleared) and not e.undone:
            if e.last:
                return tr("Last peak cleared: +{n}", n=e.bonus)
            return tr("Peak cleared: +{n}", n=e.bonus)
    return None


def removed_together(events: Sequence[Event]) -> list[Event]:
    """The cards of a removal said once: a pair taken off together is one "Removed: ten
    of clubs, three of clubs", not a "Removed:" for each card."""
    out: list[Event] = []
    for e in events:
        last = out[-1] if out else None
        if (
            isinstance(e, Moved)
            and isinstance(last, Moved)
            and role_of(e.dst) is Role.DISCARD
            and role_of(last.dst) is Role.DISCARD
        ):
            out[-1] = last._replace(cards=(*last.cards, *e.cards))
        else:
            out.append(e)
    return out


def effects_words(events: Sequence[Event], undone: bool = False, contents: PileContents | None = None) -> str:
    """Everything a change did, in order, then (given the position after it) what it left in sight
    where cards left; "Undone: ..." for an undo."""
    said = listing([w for w in (event_words(e) for e in removed_together(events)) if w])
    if undone and said:
        return tr("Undone: {what}", what=said)
    if contents is not None and said:
        said = listing([said, *left_words(events, contents)])
    return said


FEW_COLLECTED = 3  # up to this many cards, auto-collect says each one and where it went


def collected_words(events: Sequence[Event]) -> str:
    """What auto-collect did, said once when it stops (not card by card, each cutting off the
    last): "3 cards home: ace of spades to foundation 1, …"; more than a few, the card each pile
    now ends with: "12 cards home, up to king of spades, queen of hearts"."""
    moved = [e for e in events if isinstance(e, Moved) and e.cards]
    n = sum(len(e.cards) for e in moved)
    if not n:
        return effects_words(events)
    if n <= FEW_COLLECTED:
        return ntr("{n} card home: {cards}", "{n} cards home: {cards}", n, cards=effects_words(events))
    tops = {e.dst: e.cards[-1] for e in moved}  # in the order the piles were first reached
    return ntr(
        "{n} card home, up to {cards}",
        "{n} cards home, up to {cards}",
        n,
        cards=listing([card_name(c) for c in tops.values()]),
    )
