"""Everything that knows Spider, 1, 2 or 4 suits: its rules, its record, its hints, its solver."""
