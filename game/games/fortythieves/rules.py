"""Forty Thieves (SPEC FT-1 ... FT-4): two decks, ten columns of four cards all face up, eight
foundations, 64 cards in the stock turned one at a time onto the waste, with no redeal. The
family's rules are game/rules/thieves.py; these are its numbers."""

from __future__ import annotations

from game.rules.thieves import Thieves, thieves_places

COLUMNS = 10
ROWS = 4  # FT-1: four cards in each column


class FortyThieves(Thieves):
    name = "fortythieves"
    places = thieves_places(COLUMNS)
    columns = COLUMNS
    rows = ROWS
    redeals = 0  # FT-3: no redeal
    first_to_waste = False
