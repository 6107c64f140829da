"""Records (SPEC CM-9): every finished game kept as one row of a SQLite database, the figures
drawn from them (played, won, best time, streaks, the daily streak) and what a player's game
ends as. Pure Python: the scenes draw it, the command line prints it."""
