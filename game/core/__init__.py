"""Cards, deal IDs, the seeded RNG and the translation function. No pygame here."""
