"""Everything that knows Klondike: its rules, its record, its hints, its solver."""
