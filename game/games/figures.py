"""Figures several games show on the status bar, each with its shorter form for a narrow bar
(``Figure``): a window too narrow for the whole words shows shorter ones before fewer figures."""

from __future__ import annotations

from game.core.i18n import Figure, ptr, tr


def redeals_left(n: int | None) -> Figure:
    """ "Redeals 2", "Redeals ∞" (None: without limit); short, the home tile's chip ("Ridistr. 2")."""
    if n is None:
        return Figure(tr("Redeals ∞"), ptr("option", "Redeals {n}", n="∞"))
    return Figure(tr("Redeals {n}", n=n), ptr("option", "Redeals {n}", n=n))


def redeals_to_come(n: int) -> Figure:
    """ "Redeals left 1": the redeals a game still allows."""
    # TRANSLATORS: the status bar's "Redeals left {n}" where the bar is narrow: as short as can still be read
    return Figure(tr("Redeals left {n}", n=n), ptr("narrow", "Redeals left {n}", n=n))


def cards_left(n: int) -> Figure:
    """ "Cards left 28": the cards still to clear (the columns, the peaks)."""
    # TRANSLATORS: the status bar's "Cards left {n}" where the bar is narrow: as short as can still be read
    return Figure(tr("Cards left {n}", n=n), ptr("narrow", "Cards left {n}", n=n))
