"""A game's table said through its record (CM-19): the whole table with its heading, the focused
place, a selection and where it can go, a hint with its reason. The record gives what the rules
alone do not: the piles in the order the table lays them, the labels on empty piles, the piles
still blocked, the heading.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core.i18n import ntr, tr
from game.games.record import Game
from game.rules.base import DRAW, MOVE, PAIR, RECYCLE, Move
from game.rules.pile import NO_PILE, Pile
from game.speech.reading import place_reading, table_reading
from game.speech.words import card_name, listing, pile_name, sentence, unsymbolled


def laid_out(game: Game, state: Any) -> list[Pile]:
    """The piles in the order the table shows them: its tier, then row by row, then the side."""
    spec = game.table(state)
    order = [p.pile for p in spec.placed]
    order += [slot.pile for row in spec.rows for slot in row if slot.pile is not None]
    return order + list(spec.side)


def whole_table(game: Game, state: Any) -> list[str]:
    """The reading key's answer: the game's heading, then every pile, one line each."""
    contents = game.rules.piles(state)
    lines = [unsymbolled(line) for line in (game.heading_for(state), *game.status(state))]
    return lines + table_reading(contents, game.blocked(state), laid_out(game, state))


def focus_words(game: Game, state: Any, legal: Sequence[Move], pile: Pile, index: int) -> str:
    contents = game.rules.piles(state)
    return sentence(place_reading(pile, index, contents, game.labels(state), game.blocked(state), legal))


def selection_words(game: Game, state: Any, pile: Pile, index: int, targets: Sequence[Move]) -> str:
    """ "Picked up the ten of hearts: 2 places to go, column 4, foundation 1"."""
    cards, _ = game.rules.piles(state).get(pile, ((), 0))
    what = card_name(cards[index]) if 0 <= index < len(cards) else pile_name(pile)
    places = [pile_name(m.dst) for m in targets if m.dst != NO_PILE]
    head = tr("Picked up {card}", card=what)
    if not places:
        return sentence(head)
    count = ntr("{n} place to go", "{n} places to go", len(places))
    return sentence(listing([head, count, *places]))


def move_words(game: Game, state: Any, move: Move) -> str:
    """A move named before it is played (a hint): "ten of hearts to column 4", "turn the stock"."""
    contents = game.rules.piles(state)
    if move.kind == MOVE:
        cards, _ = contents.get(move.src, ((), 0))
        if len(cards) >= move.size:
            return tr("{cards} to {place}", cards=card_name(cards[-move.size]), place=pile_name(move.dst))
    if move.kind == PAIR:
        tops = [contents.get(p, ((), 0))[0] for p in (move.src, move.dst) if p != NO_PILE]
        named = [card_name(cards[-1]) for cards in tops if cards]
        return tr("Remove {cards}", cards=listing(named))
    if move.kind in (DRAW, RECYCLE):
        return ""  # the reason says it ("Turn the stock.")
    return ""


def hint_words(game: Game, state: Any, move: Move | None, reason: str) -> str:
    said = move_words(game, state, move) if move is not None else ""
    return tr("Hint: {move}. {reason}", move=said, reason=reason) if said else tr("Hint: {reason}", reason=reason)
