"""Everything that knows Golf: its rules, its record, its hints, its solver."""
