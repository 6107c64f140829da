"""Klondike's hint (CM-7), which never peeks: the cards the player has never seen are dealt at
random among their places several times, each arrangement is solved within a small budget, and
the move that starts the most winning lines is the hint. With nothing hidden left, the position
itself is solved. Until then (and when no line is found) a fixed order of rules of thumb."""

from __future__ import annotations

from typing import Any

from game.core.i18n import tr
from game.hints.base import NONE, Hint, HintJob, Searching, describe, solved_or, turns_up
from game.rules.base import DRAW, FOUNDATION, MOVE, RECYCLE, TABLEAU, WASTE, Move, Variant
from game.rules.klondike import KlondikeState
from game.solver.engine import Result, Status
from game.solver.klondike import SOLVER
from game.solver.sampling import SampledHint, klondike_arrangements
from game.solver.tasks import SolverTask

SAMPLES = 6  # arrangements of the unseen cards a hint is tried on


def hint_job(rules: Variant[Any], s: KlondikeState, seen: frozenset[object], legal: list[Move]) -> HintJob:
    hidden = any(c not in seen for col, d in zip(s.tableau, s.down, strict=True) for c in col[:d])
    hidden = hidden or any(c not in seen for c in s.stock)
    if not hidden:
        task = SolverTask(SOLVER, s, max_nodes=SOLVER.hint_nodes * 8)
        return Searching(task, lambda r: solved_or(r, rules, s, lambda: rule_of_thumb(rules, s, legal)))
    sampled = SampledHint(SOLVER, klondike_arrangements(s, seen, SAMPLES), nodes_each=SOLVER.hint_nodes)

    def answer(result: Result[Move]) -> Hint:
        if result.status is Status.SOLVED and result.moves:
            move = result.moves[0]
            votes = sampled.votes[move]
            text = (
                describe(rules, s, move)
                + " "
                + tr("It starts a win in {n} of {m} ways the hidden cards could lie.", n=votes, m=sampled.tried)
            )
            return Hint(move, text, votes / max(1, sampled.tried))
        return rule_of_thumb(rules, s, legal)

    return Searching(sampled, answer)


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
