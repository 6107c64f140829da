"""Mod 3's hint (CM-7, CM-20) and what its verdict (CM-21) may know.

The hint never peeks: the stock's places not dealt yet are dealt again among themselves (its
order is fixed, so a place dealt once and put back by an undo is known) and the moves weighed over
those worlds (game/hints/weigh.py), with the share said. Once the stock is used up every card is
known, and the position itself is searched (a loss said: the solver's fast search, then its
complete one with the budget left).

The safe move (CM-20), when it fills no place from the stock (which would change where every later
card of the stock lands): an ace to the aces pile, or a card onto the building pile that takes it
from a place of the fourth row or from a dealt card that starts no sequence. Nothing can ever be
put on a card of the fourth row that has a card under it, and on a building pile the card stays
free to move as before; lifting it off uncovers a card, or frees a building place. What it covers
on the building pile could only move to an empty place, where the card itself can go as well.

When no line is found, rules of thumb from what the player sees: an ace away; a card onto its
building pile, the one that uncovers a card that can follow first; a dealt card that starts no
sequence moved into an empty place of the fourth row; then the deal.
"""

from __future__ import annotations

from typing import Any

from game.core.cards import RANK
from game.core.i18n import tr
from game.games.mod3.rules import ACES, BUILD, WIDTH, Mod3State, proper, row_of, started, takes
from game.games.mod3.solver import SOLVER, refills
from game.hints.base import Hint, no_more_moves
from game.hints.spec import HintSpec
from game.rules.base import DEAL_MOVE, MOVE, Move, Variant
from game.rules.pile import TABLEAU
from game.solver.sampling import FLAT, Place


def hidden_places(s: Mod3State, seen: frozenset[object]) -> list[Place]:
    """The stock's places never dealt (``seen`` holds the places dealt: the rules' ``seen``)."""
    return [("stock", FLAT, k) for k in range(len(s.stock)) if ("s", k) not in seen]


def safe(rules: Variant[Any], s: Mod3State, m: Move) -> bool:
    """CM-20: an ace away, or a card onto the building pile that takes it, when it fills no place
    from the stock and the card comes off a place of the fourth row or off a dealt card that starts
    no sequence (see the module)."""
    if m.kind != MOVE or refills(s, m):
        return False
    if m.dst.kind == ACES:
        return True
    if m.dst.kind != BUILD:
        return False
    return m.src.kind == TABLEAU or not started(s.builds[m.src.idx], m.src.idx // WIDTH)


def safe_reason() -> str:
    return tr("This card goes where it belongs and gives up nothing: it uncovers a card or frees a place.")


def progress(rules: Variant[Any], s: Mod3State, m: Move) -> int:
    """CM-20's ties: 3 a card built, 2 an ace away, 1 a dealt card that starts no sequence
    lifted off its building place; 0 anything else (a deal, a card shifted)."""
    if m.kind != MOVE:
        return 0
    if m.dst.kind == BUILD:
        return 3
    if m.dst.kind == ACES:
        return 2
    return 1 if m.src.kind == BUILD and not proper(s.builds[m.src.idx], m.src.idx // WIDTH) else 0


def _uncovers_next(s: Mod3State, m: Move) -> bool:
    """The move lifts a card off a card that can be built at once after it."""
    if m.src.kind != TABLEAU:
        return False
    col = s.tableau[m.src.idx]
    if len(col) < 2:
        return False
    under = col[-2]
    if RANK[under] == 1:
        return True
    row = row_of(RANK[under])
    return any(takes(s.builds[j], row, under) for j in range(row * WIDTH, (row + 1) * WIDTH)) or (
        m.dst.kind == BUILD and s.tableau[m.src.idx][-1] + 3 == under
    )


def rule_of_thumb(rules: Variant[Any], s: Mod3State, legal: list[Move]) -> Hint:
    moves = [m for m in legal if m.kind == MOVE]
    for m in moves:
        if m.dst.kind == ACES:
            return Hint(m, tr("Aces go to the aces pile."))
    onto = [m for m in moves if m.dst.kind == BUILD and not _same(s, m)]
    for m in onto:
        if _uncovers_next(s, m):
            return Hint(m, tr("This builds a card and uncovers one that can follow."))
    for m in onto:
        return Hint(m, tr("This card goes onto the building pile of its row."))
    empty = [m for m in moves if m.dst.kind == TABLEAU]
    for m in empty:
        if m.src.kind == BUILD and not proper(s.builds[m.src.idx], m.src.idx // WIDTH):
            return Hint(m, tr("This frees a building place for the card that starts its row."))
    if DEAL_MOVE in legal:
        return Hint(DEAL_MOVE, tr("No card can be built: deal from the stock."))
    if empty:
        return Hint(empty[0], tr("A legal move."))
    return no_more_moves()


def _same(s: Mod3State, m: Move) -> bool:
    """A card between two building piles that then hold what they held before."""
    return m.src.kind == BUILD and s.builds[m.src.idx][:-1] == s.builds[m.dst.idx]


HINTS = HintSpec(
    SOLVER,
    hidden_places,
    rule_of_thumb,
    safe=safe,
    safe_reason=safe_reason,
    progress=progress,
    nodes=3_000,
    checks=3,
    budget=40_000,
)
