"""Grandfather's Clock (SPEC GC, as KPat): twelve foundations round a clock, eight piles of five face up."""
