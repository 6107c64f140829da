"""Everything that knows FreeCell: its rules, its record, its hints, its solver."""
