"""Foundations of two decks built up by suit, for the searches of the two-deck games: each suit's
two foundations as two heights, the higher first, and CM-20's rules for a card that can go home
at once. (A suit's two foundations are alike: which one a card goes to never matters.)"""

from __future__ import annotations

from game.core.cards import NO_CARD, RANK, RED, SUIT, Card

Home = tuple[int, ...]  # the eight heights: suit u's higher at 2u, its lower at 2u + 1


def heights(foundations: tuple[Card, ...]) -> Home:
    """Each suit's two foundation heights, the higher first (a suit has at most two: two aces)."""
    per_suit: list[list[int]] = [[], [], [], []]
    for top in foundations:
        if top != NO_CARD:
            per_suit[SUIT[top]].append(RANK[top])
    out: list[int] = []
    for hs in per_suit:
        hs = sorted(hs + [0, 0], reverse=True)[:2]
        out += hs
    return tuple(out)


def goes_home(c: Card, home: Home) -> bool:
    r, u = RANK[c], 2 * SUIT[c]
    return home[u] == r - 1 or home[u + 1] == r - 1


def safe_home(c: Card, home: Home) -> bool:
    """CM-20's rule for two decks with columns built in suit: ``c`` goes home and no card left could ever need
    it — an ace or a two (an ace always has a foundation of its own), or a card both of whose
    cards one rank lower (the only cards that go on it) are home already."""
    r, u = RANK[c], 2 * SUIT[c]
    if r <= 2:
        return goes_home(c, home)
    return home[u + 1] == r - 1  # the lower foundation takes it: the higher holds the other r - 1


def sent_home(c: Card, home: Home) -> Home:
    """The heights after ``c`` goes home (onto the lower foundation of its suit when both take it)."""
    r, u = RANK[c], 2 * SUIT[c]
    hi, lo = home[u], home[u + 1]
    if lo == r - 1:
        lo = r
    else:
        hi = r
    if lo > hi:
        hi, lo = lo, hi
    return home[:u] + (hi, lo) + home[u + 2 :]


def safe_home_alternate(c: Card, home: Home) -> bool:
    """CM-20's rule for two decks with columns built in alternating colours: ``c`` goes home and no
    card left could ever need it — an ace or a two, or a card all four of whose cards one rank
    lower of the other colour (both suits, both decks) are home already."""
    if not goes_home(c, home):
        return False
    r = RANK[c]
    if r <= 2:
        return True
    other = (0, 3) if RED[c] else (1, 2)  # the other colour's suits (spades and clubs are black)
    return home[2 * other[0] + 1] >= r - 1 and home[2 * other[1] + 1] >= r - 1
