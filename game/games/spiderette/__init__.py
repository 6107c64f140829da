"""Spiderette (SPEC ST-1 ... ST-4): one deck dealt as seven columns of 1 to 7 cards, built down
regardless of suit, moved in runs of one suit; a complete king-to-ace suit leaves the table."""
