"""Scorpion's hint (CM-7, CM-20) and what its verdict (CM-21) may know.

The hint never peeks: the face-down cards and the stock, while the player has not seen them, are
dealt again among their places (the same worlds for the same visible position) and the moves
weighed over them (game/hints/weigh.py), with the share said. Once the stock is dealt, a card
moved onto its suit one rank higher is never wrong (the solver's note says why): that is the safe
move, hinted first. When no line is found, rules of thumb from what the player sees: turn up a
face-down card, complete a suit, empty a column, join a card to its suit; else deal. Every card is
known once no card is face down and the stock is dealt (or seen and taken back): only then is the
position itself searched, and a loss said.
"""

from __future__ import annotations

from typing import Any

from game.core.i18n import tr
from game.games.scorpion.rules import ScorpionState
from game.games.scorpion.solver import SOLVER
from game.hints.base import Hint, empties, no_more_moves, turns_up
from game.hints.spec import HintSpec
from game.rules.base import DEAL, DEAL_MOVE, MOVE, Move, Variant
from game.solver.sampling import Place, face_down_places, unseen_places


def hidden_places(s: ScorpionState, seen: frozenset[object]) -> list[Place]:
    """The face-down cards and the stock's cards the player has not seen (a card seen and turned
    down again by an undo stays known)."""
    return face_down_places(s, seen) + unseen_places(s, "stock", seen)


def joins(s: ScorpionState, m: Move) -> bool:
    """The move puts a card (with everything on it) onto its suit one rank higher."""
    return m.kind == MOVE and bool(s.tableau[m.dst.idx])


def safe(rules: Variant[Any], s: ScorpionState, m: Move) -> bool:
    """CM-20's safe move in Scorpion: once the stock is dealt, any card onto its suit one rank
    higher (every move but a king's into an empty column)."""
    return not s.stock and joins(s, m)


def safe_reason() -> str:
    return tr("The stock is dealt: a card on its own suit one rank higher can never be a wrong move.")


def completes(rules: Variant[Any], s: ScorpionState, m: Move) -> bool:
    return m.kind == MOVE and len(rules.play(s, m).completed) > len(s.completed)


def progress(rules: Variant[Any], s: ScorpionState, m: Move) -> int:
    """CM-20's ties: a card turned up, a suit completed, a column emptied, a card joined to its
    suit; a king moved into an empty column and the deal make none."""
    if m.kind != MOVE:
        return 0
    if turns_up(rules, s, m):
        return 4
    if completes(rules, s, m):
        return 3
    if empties(rules, s, m):
        return 2
    return 1 if joins(s, m) else 0


def rule_of_thumb(rules: Variant[Any], s: ScorpionState, legal: list[Move]) -> Hint:
    moves = [m for m in legal if m.kind == MOVE]
    for m in moves:
        if turns_up(rules, s, m):
            return Hint(m, tr("This turns up a face-down card."))
    for m in moves:
        if completes(rules, s, m):
            return Hint(m, tr("This completes a suit."))
    for m in moves:
        if empties(rules, s, m):
            return Hint(m, tr("This empties a column."))
    for m in moves:
        if joins(s, m):
            return Hint(m, tr("This puts a card on its own suit, one rank higher."))
    if any(m.kind == DEAL for m in legal):
        return Hint(DEAL_MOVE, tr("No move makes progress: deal the stock."))
    if moves:
        return Hint(moves[0], tr("A legal move."))
    return no_more_moves()


# budgets: a world's search proves most losses within a few thousand positions and finds most wins
# sooner; a first hint of a deal took 0.6 to 1.8 s on this machine under load (python -m game hint)
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
