"""Pure rules of every variant. No pygame here (a test enforces it)."""
