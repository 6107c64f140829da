"""A game's table said (CM-19): the whole table with its heading, the focused place, a selection
and where it can go, a hint with its reason — from what the player sees, as plain data (:class:`Seen`,
which a game's record makes: ``Game.seen``): the piles' contents and what the rules alone do not
give, the piles in the order the table lays them, the labels on empty piles, the piles still
blocked, the heading and the figures.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.core.i18n import ntr, tr
from game.rules.base import DRAW, MOVE, PAIR, RECYCLE, Move, PileContents
from game.rules.pile import NO_PILE, Pile, Role, kind_of
from game.speech.effects import run_name
from game.speech.reading import gap_name, place_reading, table_reading
from game.speech.words import card_name, listing, pile_name, sentence, unsymbolled


@dataclass(frozen=True)
class Seen:
    """What the player sees of a game at a moment, as the words need it."""

    contents: PileContents  # every pile's cards and how many lie face down
    labels: Mapping[Pile, str]  # the marks on empty piles
    blocked: frozenset[Pile]  # piles whose cards cannot be played yet
    order: Sequence[Pile]  # the piles in the order the table shows them: its tier, row by row, the side
    heading: str  # the game and its options ("NAME · draw 3")
    figures: Sequence[str]  # the score, where the game keeps one, and the game's own figures


def whole_table(seen: Seen, figures: Sequence[str] | None = None) -> list[str]:
    """The reading key's answer: the game's heading, its figures on one line (the status bar's:
    the score, moves and time, the game's own; without a table, the score and the game's own),
    then the table from its summary to its columns (``reading.table_reading``)."""
    lines = [unsymbolled(seen.heading), unsymbolled(listing(seen.figures if figures is None else figures))]
    return lines + table_reading(seen.contents, seen.blocked, list(seen.order))


def focus_words(seen: Seen, legal: Sequence[Move], pile: Pile, index: int) -> str:
    return sentence(place_reading(pile, index, seen.contents, seen.labels, seen.blocked, legal))


def selection_words(seen: Seen, pile: Pile, index: int, places: Sequence[Pile]) -> str:
    """ "Picked up the ten of hearts: 2 places to go, column 4, foundation 1"; for an empty place
    chosen first (a gap), the cards that can come to it and where each lies: "gap at the
    start of row 4, 2 cards can go here, two of hearts, row 2, place 5, two of clubs, ...".
    ``places`` are the piles the selection outlines (``Interaction.target_of``)."""
    contents = seen.contents
    cards, _ = contents.get(pile, ((), 0))
    if not 0 <= index < len(cards):
        coming = [(contents.get(p, ((), 0))[0], p) for p in places if p != NO_PILE]
        named = [listing([card_name(c[-1]), pile_name(p)]) if c else pile_name(p) for c, p in coming]
        head = gap_name(pile, contents) if kind_of(pile).role is Role.GRID else pile_name(pile)
        count = ntr("{n} card can go here", "{n} cards can go here", len(named))
        return sentence(listing([head, count, *named]))
    head = tr("Picked up {card}", card=card_name(cards[index]))
    named = [pile_name(p) for p in places if p != NO_PILE]
    if not named:
        return sentence(head)
    count = ntr("{n} place to go", "{n} places to go", len(named))
    return sentence(listing([head, count, *named]))


def move_words(seen: Seen, move: Move) -> str:
    """A move named before it is played (a hint): "ten of hearts to column 4", "turn the stock"."""
    contents = seen.contents
    if move.kind == MOVE:
        cards, _ = contents.get(move.src, ((), 0))
        if len(cards) >= move.size:  # where it lies too: two decks have two of a card, a pile may hide one
            run = run_name(cards[len(cards) - move.size :])
            return tr(
                "{cards} from {source} to {place}", cards=run, source=pile_name(move.src), place=pile_name(move.dst)
            )
    if move.kind == PAIR:
        tops = [contents.get(p, ((), 0))[0] for p in (move.src, move.dst) if p != NO_PILE]
        named = [card_name(cards[-1]) for cards in tops if cards]
        return tr("Remove {cards}", cards=listing(named))
    if move.kind in (DRAW, RECYCLE):
        return ""  # the reason says it ("Turn the stock.")
    return ""


def hint_words(seen: Seen, move: Move | None, reason: str) -> str:
    said = move_words(seen, move) if move is not None else ""
    return tr("Hint: {move}. {reason}", move=said, reason=reason) if said else tr("Hint: {reason}", reason=reason)
