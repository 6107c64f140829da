"""Everything that knows Scorpion: its rules, its record, its interaction, its hints, its solver."""
