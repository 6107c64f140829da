"""Everything that knows Yukon: its rules, its record, its hints, its solver."""
