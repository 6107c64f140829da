"""Aces Up (SPEC AU, as KPat): four piles fed from the stock; a card below a higher one of its suit is discarded."""
