"""The words for cards and piles, spoken (CM-19): "ten of hearts", "column 3", "free cell 2".

Every word comes from the catalogs (CM-15): ハートの10 and 10 di cuori are the translations of
"{rank} of {suit}" filled with the catalog's rank and suit. A pile is named by its role (a
stock, a column, a foundation ...) and its number as players count, never by a game's name, so a
new game's piles are named with no change here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from game.core.cards import RANK, RANK_LETTERS, SUIT, SUIT_SYMBOLS, Card
from game.core.i18n import join_sentences, ntr, ptr, tr
from game.rules.pile import BY_HOUR, Pile, Role, kind_of

SIGNS = frozenset(SUIT_SYMBOLS + "∞★☆")
STARS = re.compile("[★☆]+")  # a difficulty as drawn (``game.deals.stars_text``): ★★★☆☆
CARD_SIGN = re.compile(f"(?<![0-9A-Za-z])(10|[A2-9JQK])([{SUIT_SYMBOLS}])")  # a card as shown: J♥, 10♦
# a count of suits as a chip shows it (1♠, 2♠♥, 4♠♥♦♣), never a card: one with one sign, or several signs
SUITS_SIGN = re.compile(f"(?<![0-9A-Za-z])(?:(1)([{SUIT_SYMBOLS}])|([2-4])([{SUIT_SYMBOLS}]{{2,4}}))(?![0-9])")
# Scripts written without spaces between words (Japanese): a space beside one of their letters,
# left by a field separator or a sign put in words, is read as a pause where there is none.
UNSPACED = "\u3000-\u30ff\u3400-\u9fff\uff00-\uffef"
STRAY_SPACE = re.compile(f"(?<=[{UNSPACED}]) +| +(?=[{UNSPACED}])|(?<=[{UNSPACED}]·) +")


def rank_word(rank: int) -> str:
    """The rank (1-13) as said in a card's name."""
    words = (
        ptr("rank", "ace"),
        ptr("rank", "two"),
        ptr("rank", "three"),
        ptr("rank", "four"),
        ptr("rank", "five"),
        ptr("rank", "six"),
        ptr("rank", "seven"),
        ptr("rank", "eight"),
        ptr("rank", "nine"),
        ptr("rank", "ten"),
        ptr("rank", "jack"),
        ptr("rank", "queen"),
        ptr("rank", "king"),
    )
    return words[rank - 1]


def suit_word(suit: int) -> str:
    """The suit (0-3: spades, hearts, diamonds, clubs) as said in a card's name."""
    return (ptr("suit", "spades"), ptr("suit", "hearts"), ptr("suit", "diamonds"), ptr("suit", "clubs"))[suit]


def card_name(card: Card) -> str:
    """ "ten of hearts" (ハートの10, 10 di cuori)."""
    return tr("{rank} of {suit}", rank=rank_word(RANK[card]), suit=suit_word(SUIT[card]))


def pile_name(pile: Pile) -> str:
    """ "column 3", "foundation 1", "stock", "row 2, place 5": the pile by its role and number (a
    place of rows by its row and place, whatever its role); a pile of a clock by its hour ("clock,
    3 o'clock"); a pile its game names itself by that name ("aces pile")."""
    kind = kind_of(pile)
    n = pile.idx + 1
    role = kind.role
    if kind.said is not None:
        return kind.said()
    if kind.counted == BY_HOUR:
        return tr("clock, {n} o'clock", n=n)
    if kind.rows:
        row, place = kind.row_place(pile.idx)
        if role is Role.TIER:
            return tr("row {row}, card {place}", row=row + 1, place=place + 1)
        if role is Role.GRID:  # Japanese players count a grid's rows as 列, the seed page's word
            return ptr("grid", "row {row}, place {place}", row=row + 1, place=place + 1)
        return tr("row {row}, place {place}", row=row + 1, place=place + 1)
    if role is Role.TABLEAU:
        return tr("column {n}", n=n)
    if role is Role.FOUNDATION:
        return tr("foundation {n}", n=n)
    if role is Role.CELL:
        return tr("free cell {n}", n=n)
    if role is Role.STOCK:
        return tr("stock")
    if role is Role.WASTE:
        return tr("waste")
    if role is Role.DISCARD:
        return tr("discard pile")
    if role is Role.RESERVE:
        return tr("reserve {n}", n=n) if kind.count > 1 else tr("reserve")
    return tr("place {n}", n=n)


def listing(items: Sequence[str]) -> str:
    """Names one after another: "column 2, foundation 1" (列2、組札1)."""
    return ptr("list", ", ").join(items)


def sentence(text: str) -> str:
    """``text`` begun as a sentence: its first letter capital (no change where a script has none)."""
    return text[:1].upper() + text[1:]


def unsymbolled(text: str) -> str:
    """``text`` with the signs a voice reads badly put in words: a card as shown ("J♥" in a rule's
    reason: "jack of hearts"), a suit's sign ("♠3" in a status bar), the infinity of unlimited
    redeals, a difficulty's stars ("3 stars of 5")."""
    if not any(sign in text for sign in SIGNS):
        return unspaced(text)
    text = SUITS_SIGN.sub(suits_said, text)
    begins = CARD_SIGN.match(text) is not None  # a reason that begins with a card: a sentence still
    text = CARD_SIGN.sub(lambda card: card_name(card_of(card.group(1), card.group(2))), text)
    text = sentence(text) if begins else text
    text = STARS.sub(lambda run: f" {stars_said(run.group())} ", text)
    words = {sign: f" {suit_word(suit)} " for suit, sign in enumerate(SUIT_SYMBOLS)}
    unlimited = ptr("spoken", "unlimited")  # redeals without end
    words["∞"] = f" {unlimited} "
    said = " ".join("".join(words.get(ch, ch) for ch in text).split())
    return unspaced(said.replace("( ", "(").replace(" ,", ",").replace(" .", "."))


def suits_said(found: re.Match[str]) -> str:
    """ "2♠♥" said: "2 suits (spades, hearts)"."""
    count, signs = (found.group(1), found.group(2)) if found.group(1) else (found.group(3), found.group(4))
    names = listing([suit_word(SUIT_SYMBOLS.index(sign)) for sign in signs])
    return ntr("{n} suit ({suits})", "{n} suits ({suits})", int(count), suits=names)


def card_of(rank: str, suit_sign: str) -> Card:
    """The card shown as ``rank`` and ``suit_sign`` ("10", "♦")."""
    return SUIT_SYMBOLS.index(suit_sign) * 13 + RANK_LETTERS.index("T" if rank == "10" else rank)


def unspaced(text: str) -> str:
    """``text`` without the spaces a script written without them does not have (no change to a
    language that spaces its words)."""
    return STRAY_SPACE.sub("", STRAY_SPACE.sub("", text))  # twice: "スパイダー · 2" loses both


def stars_said(stars: str) -> str:
    """A difficulty drawn as stars (★★★☆☆), said: the filled stars out of all drawn."""
    filled = stars.count("★")
    return ntr("{n} star of {total}", "{n} stars of {total}", filled, total=len(stars))


def period(text: str) -> str:
    """``text`` ended as a sentence ("Column 1: seven of hearts." / 「…。」), unless it already is."""
    if not text or text[-1] in ".!?…。！？":
        return text
    return ptr("sentence", "{text}.", text=text)


def said_together(parts: Sequence[str]) -> str:
    """Lines said as one announcement, each a sentence."""
    return join_sentences(*(period(sentence(p)) for p in parts if p))
