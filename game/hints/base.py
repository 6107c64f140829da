"""The hint's value, the job that computes it, and the shared words for why a move helps."""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any, Protocol

from game.core.cards import RANK
from game.core.i18n import join_sentences, ntr, tr
from game.rules.base import DEAL, DRAW, MOVE, PAIR, RECYCLE, REDEAL, Move, Variant
from game.rules.pile import NO_PILE, Role, role_of
from game.solver.engine import Result, Status
from game.solver.sampling import lead
from game.solver.tasks import SolverTask

PROVEN = 1.0  # the move starts a line the solver proved wins
RULE_OF_THUMB = 0.5  # the move follows the game's rules of thumb; nothing was searched
NONE = 0.0  # no move is recommended (the reason says what to do instead)


@dataclass(frozen=True)
class Hint:
    move: Move | None
    reason: str
    confidence: float = RULE_OF_THUMB
    searched: bool = False  # True when a search found the winning lines this move starts
    share: tuple[int, int] | None = None  # (worlds of the hidden cards the move keeps winnable, worlds weighed)


class HintJob(Protocol):
    def advance(self, seconds: float) -> bool:
        """Work for about ``seconds``; True once the hint is known."""

    def result(self) -> Hint: ...

    def cancel(self) -> None: ...


class Ready:
    """A hint known at once (a rule of thumb)."""

    def __init__(self, hint: Hint) -> None:
        self.hint = hint

    def advance(self, seconds: float) -> bool:
        return True

    def result(self) -> Hint:
        return self.hint

    def cancel(self) -> None:
        pass


class Thinking:
    """A rule of thumb worked out in steps (its look ahead): a few positions a step, as many steps
    as ``seconds`` allow, at least one; then ``held`` turns its hint into the one given."""

    def __init__(self, steps: Generator[None, None, Hint], held: Callable[[Hint], Hint]) -> None:
        self.steps = steps
        self.held = held
        self._hint: Hint | None = None

    def advance(self, seconds: float) -> bool:
        end = time.perf_counter() + seconds
        while self._hint is None:
            try:
                next(self.steps)
            except StopIteration as done:
                self._hint = self.held(done.value)
                break
            if time.perf_counter() >= end:
                break
        return self._hint is not None

    def result(self) -> Hint:
        assert self._hint is not None, "the hint is not known yet"
        return self._hint

    def cancel(self) -> None:
        self.steps.close()


class Searching:
    """A hint from a search run a slice at a time; ``answer`` turns its result into the hint."""

    def __init__(self, task: SolverTask, answer: Callable[[Result[Move]], Hint]) -> None:
        self.task = task
        self.answer = answer
        self._hint: Hint | None = None

    def advance(self, seconds: float) -> bool:
        if self._hint is None and self.task.advance(seconds):
            self._hint = self.answer(self.task.result())
        return self._hint is not None

    def result(self) -> Hint:
        assert self._hint is not None, "the hint is not known yet"
        return self._hint

    def cancel(self) -> None:
        self.task.cancel()


def turn_the_stock(move: Move, table_moves: bool) -> Hint:
    """A rule of thumb's stock turn: it says that no card on the table can move only when none can."""
    if table_moves:
        return Hint(move, tr("Turn the stock."))
    return Hint(move, tr("No card on the table can move usefully: turn the stock."))


def nothing_helps() -> Hint:
    return Hint(None, tr("No move helps now: undo a few moves or start a new deal."), NONE)


def no_more_moves() -> Hint:
    return Hint(None, tr("No moves are left: undo, or start a new deal."), NONE)


def lost_from_here() -> Hint:
    return Hint(None, tr("This deal cannot be won from here: undo some moves, or start a new deal."), NONE)


def solved_or(
    result: Result[Move], rules: Variant[Any], state: Any, fallback: Callable[[], Hint], legal: list[Move]
) -> Hint:
    """The first move of a proved winning line, with its reason; a proved loss said plainly; the
    rule of thumb when the search ran out of budget. Only a move of ``legal`` is named: when the
    line's first move is not one (it returns to a position already had), the first of the line's
    moves that is and can be played first (:func:`lead`: the line still wins), else the rule of thumb."""
    if result.status is Status.SOLVED and result.moves:
        move = result.moves[0] if result.moves[0] in legal else lead(result.moves, legal)
        if move not in legal:
            return fallback()
        return Hint(move, join_sentences(describe(rules, state, move), tr("It leads to a win.")), PROVEN, searched=True)
    if result.status is Status.UNSOLVABLE:
        return lost_from_here()
    return fallback()


def turns_up(rules: Variant[Any], state: Any, move: Move) -> bool:
    """The move takes the last face-up cards off a column that has face-down cards under them."""
    if move.kind != MOVE:
        return False
    cards, down = rules.piles(state)[move.src]
    return down > 0 and len(cards) - move.size == down


def empties(rules: Variant[Any], state: Any, move: Move) -> bool:
    """The move takes a whole column (no face-down card left) onto a card or home: one more column
    is empty (moved into another empty column, it only changes place)."""
    if move.kind != MOVE or role_of(move.src) is not Role.TABLEAU:
        return False
    cards, down = rules.piles(state)[move.src]
    if down or len(cards) != move.size:
        return False
    return role_of(move.dst) is not Role.TABLEAU or bool(rules.piles(state)[move.dst][0])


def deal_words(rules: Variant[Any], state: Any) -> str:
    """What a deal does: a card onto every column, or, where the stock holds fewer cards than
    there are columns, onto the first few."""
    piles = rules.piles(state)
    stock = next((cards for pile, (cards, _) in piles.items() if role_of(pile) is Role.STOCK), ())
    columns = sum(1 for pile in piles if role_of(pile) is Role.TABLEAU)
    if 0 < len(stock) < columns:
        return ntr("Deal a card onto the first column.", "Deal a card onto each of the first {n} columns.", len(stock))
    return tr("Deal a card onto every column.")


def describe(rules: Variant[Any], state: Any, move: Move) -> str:
    """Why a move helps, in a player's words: the one sentence every game's hints and the demo's
    captions share."""
    own = rules.purpose(state, move)
    if own is not None:
        return own
    if move.kind == DRAW:
        return tr("Turn the stock.")
    if move.kind == RECYCLE:
        return tr("Turn the waste over to go through the stock again.")
    if move.kind == DEAL:
        return deal_words(rules, state)
    if move.kind == REDEAL:
        return tr("Redeal the cards that are not in place yet.")
    if move.kind == PAIR:
        if move.dst == NO_PILE:
            return tr("Remove this king.")
        return tr("These two add up to 13.")
    src, dst = role_of(move.src), role_of(move.dst)  # what the piles do, whatever a game calls them
    if turns_up(rules, state, move):
        return tr("This turns up a face-down card.")
    if dst is Role.FOUNDATION:
        return tr("This card can go to its foundation.")
    if dst is Role.DISCARD:
        return tr("This card can be discarded.")
    if src is Role.WASTE and dst is Role.TABLEAU:
        return tr("This brings the waste card into play.")
    if src is Role.RESERVE:
        return tr("This plays a card from the reserve and turns up the next.")
    if src is Role.CELL:
        return tr("This frees a cell.")
    if empties(rules, state, move):
        return tr("This empties a column.")
    if dst is Role.GRID:
        return tr("This card goes into its gap.")
    if dst is Role.WASTE:
        return tr("This card is one rank from the waste card.")
    if src is Role.TABLEAU and dst is Role.TABLEAU:
        piles = rules.piles(state)
        if not piles[move.dst][0]:
            if RANK[piles[move.src][0][-move.size]] == 13:
                return tr("This moves a king to an empty column.")
            return tr("This moves cards to an empty column.")
        return tr("This builds a run and frees the card under it.")
    return tr("A legal move.")
