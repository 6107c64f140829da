"""Grandfather (SPEC GF, as KPat): seven piles in a peak of face-down cards, built down by suit; two redeals."""
