"""Forty Thieves (SPEC FT-1 ... FT-4): two decks, ten columns of four face-up cards, eight
foundations, a stock turned one card at a time onto the waste, once. Its rules, record, hints and
solver live in this folder."""
