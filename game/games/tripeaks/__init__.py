"""Everything that knows TriPeaks: its rules, its record, its hints, its solver."""
