"""Hints that never cheat, one module per game: from what the player can see (the position and
the cards ever shown), a :class:`Hint` — the move, the reason a player reads, and how sure it is.

A hint is asked for as a :class:`HintJob` so that a search can run a slice at a time inside the
game loop; a rule-of-thumb hint is a job that is finished at once. Scenes ask for a job, advance
it and draw its answer; they never see budgets or search internals.
"""
