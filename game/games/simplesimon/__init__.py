"""Simple Simon (SPEC SS): one deck face up in ten columns; suits built from king to ace go home."""
