"""Normandy (SPEC NO; KPat's name for the game elsewhere called Gypsy): two decks, eight columns
built down in alternating colours, a stock dealt a row at a time."""
