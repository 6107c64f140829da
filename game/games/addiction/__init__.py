"""Everything that knows Addiction, also Gaps or Montana: its rules, its record, its hints, its solver."""
