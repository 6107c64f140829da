"""Forty & Eight (SPEC FE-1 ... FE-4, as KPat): two decks, eight columns of four cards all face up,
eight foundations, the stock turned one card at a time onto the waste, which goes back to the stock
once. The family's rules are game/rules/thieves.py; these are its numbers.

From KPat's dealer (src/fortyeight.cpp): four rows of eight cards, the stock's first card turned
onto the waste by the deal, and one redeal. The SPEC's digest says five cards a column, the
traditional game's; KPat deals four, and a KPat player finds here the game KPat deals
(docs/rules.md says so)."""

from __future__ import annotations

from game.rules.thieves import Thieves, thieves_places

COLUMNS = 8
ROWS = 4  # FE-1 as KPat deals it: four cards in each column


class FortyEight(Thieves):
    name = "fortyeight"
    places = thieves_places(COLUMNS)
    columns = COLUMNS
    rows = ROWS
    redeals = 1  # FE-3: the waste goes back to the stock once
    first_to_waste = True
