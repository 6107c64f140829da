"""Klondike's hint (CM-7, CM-20), which never peeks: the face-down cards and the stock cards the
player has never seen are dealt again among their places (a card once seen in the waste is known
where it lies), and the moves weighed over those worlds (game/hints/weigh.py). A card goes home
first when no card left could need it (the rank rule, stricter than the all-open games' since a card may
come back down from the foundations). When no line is found, a fixed order of rules of thumb."""

from __future__ import annotations

from typing import Any

from game.core.i18n import tr
from game.games.klondike.rules import KlondikeState
from game.games.klondike.solver import SOLVER
from game.hints.base import Hint, empties, no_more_moves, turn_the_stock, turns_up
from game.hints.spec import HintSpec, goes_home_safely
from game.rules.base import DRAW, MOVE, RECYCLE, Move, Variant
from game.rules.pile import FOUNDATION, TABLEAU, WASTE
from game.solver.sampling import Place, face_down_places, unseen_places


def hidden_places(s: KlondikeState, seen: frozenset[object]) -> list[Place]:
    """The face-down cards and the stock cards never turned."""
    return face_down_places(s, seen) + unseen_places(s, "stock", seen)


def safe(rules: Variant[Any], s: KlondikeState, m: Move) -> bool:
    """CM-20: a card home that no card left could need (an ace or a two always; cards come back down)."""
    return goes_home_safely(rules, s, m, returns=True)


def progress(rules: Variant[Any], s: KlondikeState, m: Move) -> int:
    """CM-20's ties, as Klondike's own search weighs moves (game/games/klondike/problem.py): a card
    turned up, a card home, a column emptied only while a king waits for the room, a waste card
    into play; shifting cards, a stock turn: no progress."""
    if m.kind != MOVE:
        return 0
    if m.src.kind == TABLEAU and turns_up(rules, s, m):
        return 4
    if m.dst.kind == FOUNDATION:
        return 2
    if empties(rules, s, m):
        return 3 if _king_waiting(s) else 0
    return 1 if m.src.kind == WASTE else 0


def rule_of_thumb(rules: Variant[Any], s: KlondikeState, legal: list[Move]) -> Hint:
    """From what the player can see: turn up a card, play to a foundation, bring the waste card
    into play, empty a column for a waiting king, then the stock; else any move left. It says
    that no card can move only when none can."""
    for m in legal:
        if m.kind == MOVE and m.src.kind == TABLEAU and turns_up(rules, s, m):
            return Hint(m, tr("This turns up a face-down card."))
    for m in legal:
        if m.kind == MOVE and m.dst.kind == FOUNDATION:
            return Hint(m, tr("This card can go to its foundation."))
    for m in legal:
        if m.kind == MOVE and m.src.kind == WASTE:
            return Hint(m, tr("This brings the waste card into play."))
    if _king_waiting(s):
        for m in legal:
            if (
                m.kind == MOVE
                and m.src.kind == TABLEAU
                and m.dst.kind == TABLEAU
                and m.size == len(s.tableau[m.src.idx])
            ):
                return Hint(m, tr("This empties a column for a king."))
    table = any(m.kind == MOVE for m in legal)
    for m in legal:
        if m.kind == DRAW:
            return turn_the_stock(m, table)
        if m.kind == RECYCLE:
            return Hint(m, tr("Turn the waste over to go through the stock again."))
    return Hint(legal[0], tr("A legal move.")) if legal else no_more_moves()


def _king_waiting(s: KlondikeState) -> bool:
    """A king that an empty column would help: on the waste, or heading a run on face-down cards."""
    if s.waste and s.waste[-1] % 13 == 12:
        return True
    return any(any(c % 13 == 12 for c in col[d:]) and d > 0 for col, d in zip(s.tableau, s.down, strict=True))


HINTS = HintSpec(
    SOLVER,
    hidden_places,
    rule_of_thumb,
    safe=safe,
    progress=progress,
    samples=6,
    most=24,
    nodes=1_000,
    checks=3,
    budget=12_000,
)
