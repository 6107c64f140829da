"""Forty & Eight (SPEC FE, as KPat): two decks, eight columns built down in suit, the waste goes back once."""
