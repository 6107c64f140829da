"""Mod 3: two decks, build 2-5-8-J, 3-6-9-Q, 4-7-10-K in suit on three rows."""
