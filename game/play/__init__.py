"""Pure interaction: what a tap, a double tap, a drop, a key or a long press means on a table —
selection, legal targets, drop resolution, keyboard focus and each game's tap rules — answered
as an :class:`~game.play.interaction.Outcome` for the scene to carry out. No pygame here: every
rule of interaction is testable without a display."""
