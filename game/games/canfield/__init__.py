"""Everything that knows Canfield: its rules, its record, its hints, its solver."""
