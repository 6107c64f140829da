"""Solvers: one search engine, a problem per game, hints and winnability. No pygame here."""
