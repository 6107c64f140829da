"""Klondike's hint (CM-7), which never peeks: the cards the player has never seen are dealt at
random among their places several times, each arrangement is solved within a small budget, and
the move that keeps the most of them winnable is the hint: where the winning lines disagree, the
moves they start most are checked on every arrangement won (a stock turn only when it keeps more
than any other: see game/solver/sampling.py). With nothing hidden left, the position itself is solved.
When no line is found, a fixed order of rules of thumb."""

from __future__ import annotations

from typing import Any

from game.core.i18n import tr
from game.hints.base import NONE, Hint, HintJob, sampled_or_solved, turns_up
from game.rules.base import DRAW, MOVE, RECYCLE, Move, Variant
from game.rules.klondike import KlondikeState
from game.rules.pile import FOUNDATION, TABLEAU, WASTE
from game.solver.klondike import SOLVER
from game.solver.sampling import arrangements, face_down_places, unseen_places

SAMPLES = 6  # arrangements of the unseen cards a hint is tried on


def klondike_arrangements(s: KlondikeState, seen: frozenset[object], count: int) -> list[KlondikeState]:
    """The face-down cards and the stock cards never turned (a card once seen in the waste is known
    where it lies), dealt again among their places."""
    return arrangements(s, face_down_places(s, seen) + unseen_places(s, "stock", seen), count)


def hidden_cards(s: KlondikeState, seen: frozenset[object]) -> bool:
    """True while some card is face down or in the stock unseen."""
    return bool(face_down_places(s, seen) or unseen_places(s, "stock", seen))


def hint_job(rules: Variant[Any], s: KlondikeState, seen: frozenset[object], legal: list[Move]) -> HintJob:
    arranged = klondike_arrangements(s, seen, SAMPLES) if hidden_cards(s, seen) else None
    return sampled_or_solved(rules, s, SOLVER, arranged, legal, lambda: rule_of_thumb(rules, s, legal))


def rule_of_thumb(rules: Variant[Any], s: KlondikeState, legal: list[Move]) -> Hint:
    """From what the player can see: turn up a card, play to a foundation, bring the waste card
    into play, empty a column for a waiting king, then the stock. Moves that only shuffle cards
    between columns are never suggested."""
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
    for m in legal:
        if m.kind == DRAW:
            return Hint(m, tr("No card on the table can move usefully: turn the stock."))
        if m.kind == RECYCLE:
            return Hint(m, tr("Turn the waste over to go through the stock again."))
    return Hint(None, tr("No move helps now: undo a few moves or start a new deal."), NONE)


def _king_waiting(s: KlondikeState) -> bool:
    """A king that an empty column would help: on the waste, or heading a run on face-down cards."""
    if s.waste and s.waste[-1] % 13 == 12:
        return True
    return any(any(c % 13 == 12 for c in col[d:]) and d > 0 for col, d in zip(s.tableau, s.down, strict=True))
