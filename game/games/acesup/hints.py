"""Aces Up's hint (CM-7, CM-20) and what its verdict (CM-21) may know.

The hint never peeks: the stock's cards the player has not seen are dealt again among their places
(the same worlds for the same visible position) and the moves weighed over them
(game/hints/weigh.py), with the share said. Once the stock is dealt every card is known, and the
position itself is searched (a loss said).

The safe move (CM-20): once the stock is dealt, any discard; before, the discard of a card that
could never discard another, every lower card of its suit being gone already (the solver's
:func:`~game.games.acesup.solver.safe_to_discard` says why).

When no line is found, rules of thumb from what the player sees: a discard, preferring one that
empties a pile or uncovers an ace; a card into an empty pile that then lets another card go, else
the one that uncovers the most; else the deal.
"""

from __future__ import annotations

from typing import Any

from game.core.cards import RANK
from game.core.i18n import tr
from game.games.acesup.rules import AcesUpState, discardable
from game.games.acesup.solver import SOLVER, safe_to_discard
from game.hints.base import Hint, no_more_moves
from game.hints.spec import HintSpec
from game.rules.base import DEAL_MOVE, MOVE, Move, Variant
from game.rules.pile import DISCARD
from game.solver.sampling import Place, unseen_places


def hidden_places(s: AcesUpState, seen: frozenset[object]) -> list[Place]:
    """The stock's cards the player has not seen (a card dealt and taken back by an undo stays
    known: one deck, a card names itself)."""
    return unseen_places(s, "stock", seen)


def safe(rules: Variant[Any], s: AcesUpState, m: Move) -> bool:
    """CM-20: a discard that gives up nothing: once the stock is dealt, any; before, a card's that
    could never discard another (the solver's ``safe_to_discard`` says why)."""
    return m.kind == MOVE and m.dst.kind == DISCARD and safe_to_discard(s, m.src.idx)


def safe_reason() -> str:
    return tr("Discard this card: keeping it could never help.")


def _frees(rules: Variant[Any], s: AcesUpState, m: Move) -> int:
    """How many of the piles' top cards can be discarded once the move is played."""
    after: AcesUpState = rules.play(s, m)
    return sum(1 for i in range(len(after.tableau)) if discardable(after.tableau, i))


def progress(rules: Variant[Any], s: AcesUpState, m: Move) -> int:
    """CM-20's ties: 3 a discard that empties a pile, 2 another discard, 1 a card into an empty
    pile that lets another go; 0 the rest (a deal, a card moved for nothing)."""
    if m.kind != MOVE:
        return 0
    if m.dst.kind == DISCARD:
        return 3 if len(s.tableau[m.src.idx]) == 1 else 2
    return 1 if _frees(rules, s, m) else 0


def rule_of_thumb(rules: Variant[Any], s: AcesUpState, legal: list[Move]) -> Hint:
    moves = [m for m in legal if m.kind == MOVE]
    away = [m for m in moves if m.dst.kind == DISCARD]
    if away:

        def order(m: Move) -> tuple[bool, bool]:
            col = s.tableau[m.src.idx]
            under = col[-2] if len(col) > 1 else None
            return len(col) != 1, not (under is not None and RANK[under] == 1)

        return Hint(min(away, key=order), tr("A higher card of its suit is on another column: discard this one."))
    if moves:

        def gain(m: Move) -> tuple[int, int]:
            col = s.tableau[m.src.idx]
            return _frees(rules, s, m), int(RANK[col[-2]] == 1) if len(col) > 1 else 0

        best = max(moves, key=gain)
        if _frees(rules, s, best):
            return Hint(best, tr("Into the empty column: the card it uncovers can then be discarded."))
        return Hint(best, tr("Fill the empty column with a card that covers another."))
    if DEAL_MOVE in legal:
        return Hint(DEAL_MOVE, tr("No move makes progress: deal the stock."))
    return no_more_moves()


HINTS = HintSpec(
    SOLVER,
    hidden_places,
    rule_of_thumb,
    safe=safe,
    safe_reason=safe_reason,
    progress=progress,
    nodes=3_000,
    checks=3,
    budget=12_000,
)
