"""Everything that knows Pyramid: its rules, its record, its hints, its solver."""
