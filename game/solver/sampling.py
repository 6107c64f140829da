"""Hints that never peek, from search: the cards the player has never seen are dealt at random —
several times, each arrangement agreeing with everything the player knows — and each arrangement
is solved within a small budget. Every winning line votes for the move it starts with, and the
hint is the most common *non-trivial* move (see :func:`lead` and :meth:`SampledHint.best`) — or,
where a game asks for checks and the lines disagree, the move that keeps the most arrangements
winnable.

The arrangements are drawn from a generator seeded by what the player can see (and by the set of
unseen cards, which follows from it), never by where the hidden cards really are; each search is
bounded by positions, never by time. So the same visible position always gets the same hint,
however the hidden cards really lie and however the work is sliced.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable
from typing import Any

from game.core.rng import Rng, stable_hash
from game.rules.base import DEAL, DRAW, RECYCLE, REDEAL, Move
from game.solver.engine import Result, Stats, Status
from game.solver.spec import SolverSpec
from game.solver.tasks import SolverTask

Place = tuple[str, int, int]  # (a field of the state, a column of it or FLAT, the card's index there)
FLAT = -1  # a field that is one sequence of cards (a stock, a reserve), not columns
TURNS = frozenset({DRAW, RECYCLE})  # moves that only turn the stock: they change nothing else
TRIVIAL = TURNS | {DEAL, REDEAL}  # moves that are not a hint worth taking while another is common
COMMON = 1 / 3  # a non-trivial move is common when it leads this share of the winning lines


def arrangements(state: Any, hidden: list[Place], count: int) -> list[Any]:
    """``count`` states that look exactly like ``state`` to the player: the cards at the ``hidden``
    places shuffled among those places. ``state`` is a frozen dataclass; a place names one of its
    fields — columns of cards (``tableau``) or one sequence (``stock``, a ``reserve``) — so any
    game's hidden cards, wherever its rules keep them, are dealt again the same way."""
    unknown = sorted(card_at(state, place) for place in hidden)
    seen_state = _placed(state, hidden, [-1] * len(hidden))  # what the player sees: hidden cards masked
    rng = Rng(stable_hash(repr((seen_state, unknown))))
    out = []
    for _ in range(count):
        cards = list(unknown)
        rng.shuffle(cards)
        out.append(_placed(state, hidden, cards))
    return out


def card_at(state: Any, place: Place) -> int:
    field, column, index = place
    value = getattr(state, field)
    return int(value[index] if column == FLAT else value[column][index])


def _placed(state: Any, hidden: list[Place], cards: list[int]) -> Any:
    """``state`` with ``cards`` put at the ``hidden`` places, in order."""
    changed: dict[str, list[Any]] = {}
    for (field, column, index), card in zip(hidden, cards, strict=True):
        if field not in changed:
            value = getattr(state, field)
            changed[field] = list(value) if column == FLAT else [list(col) for col in value]
        if column == FLAT:
            changed[field][index] = card
        else:
            changed[field][column][index] = card
    fields = {
        name: tuple(value) if not value or not isinstance(value[0], list) else tuple(tuple(col) for col in value)
        for name, value in changed.items()
    }
    return dataclasses.replace(state, **fields)


def face_down_places(state: Any, seen: frozenset[object] = frozenset()) -> list[Place]:
    """Every face-down card in the columns (``tableau`` and its ``down`` counts) not seen."""
    return [
        ("tableau", i, k)
        for i, (col, down) in enumerate(zip(state.tableau, state.down, strict=True))
        for k in range(down)
        if col[k] not in seen
    ]


def unseen_places(state: Any, field: str, seen: frozenset[object] = frozenset()) -> list[Place]:
    """Every card of a sequence field (a stock, a reserve) not seen."""
    return [(field, FLAT, k) for k, card in enumerate(getattr(state, field)) if card not in seen]


def lead(line: list[Move], legal: list[Move], within: int = 40) -> Move:
    """The move a winning line votes for: the first non-trivial move of the line (within its first
    ``within``) that is legal now and touches no pile the moves before it touch. Those earlier
    moves and it then commute: it can be played first and the line still wins (a deal or a redeal
    touches every column, so the search stops there). So a line that
    begins by turning the stock, or by building elsewhere, still votes for the useful move it makes
    soon after. When there is none, the line's first move."""
    touched: set[object] = set()
    for m in line[:within]:
        if m.kind in (DEAL, REDEAL):
            break  # it changes every column: nothing after it can come before it
        if m.kind not in TRIVIAL and m in legal and m.src not in touched and m.dst not in touched:
            return m
        touched.update((m.src, m.dst))
    return line[0]


class SampledHint:
    """Solves the arrangements one after the other, a slice at a time (the SolverTask interface).

    With ``play`` (the rules' move on a state) and ``withheld`` (some legal moves were left out of
    ``legal``: they return to a position already had, game/hints/fresh.py): when winning lines
    were found but every one of them voted for nothing offered, the next best is searched: each
    offered move played on a few of the same arrangements, and solved from there; the move is
    voted for by the wins it starts.

    With ``play`` and ``checks``: when the winning lines disagree, the ``checks`` moves they vote
    for most are each played on every arrangement a line won but voted for another move, and
    solved from there. A vote says one line wins after the move; a check asks whether the move
    keeps the other won arrangements winnable too. The hint is then the move that keeps the most
    (a stock turn only when it keeps more than any other): a move two lines of six start, which
    loses the other three, is no longer preferred to the stock turn that keeps all five."""

    def __init__(
        self,
        spec: SolverSpec,
        arrangements: list[Any],
        legal: list[Move],
        nodes_each: int = 4000,
        play: Callable[[Any, Move], Any] | None = None,
        withheld: bool = False,
        checks: int = 0,
    ) -> None:
        self.spec = spec.for_sampling()
        self.arrangements = list(arrangements)
        self.pending = list(enumerate(arrangements))
        self.total = len(arrangements)
        self.nodes_each = nodes_each
        self.legal = list(legal)
        self.order = {move: k for k, move in enumerate(self.legal)}  # the rules' order, for ties
        self.play = play
        self.withheld = withheld and play is not None
        self.checks = checks if play is not None else 0
        self.votes: Counter[Move] = Counter()
        self.voted: dict[int, Move | None] = {}  # each arrangement a line won: the move it voted for
        self.kept: Counter[Move] = Counter()  # arrangements a checked move keeps winnable, its votes too
        self.checked: list[tuple[Move, int]] = []  # the checks still to make: (a move, an arrangement)
        self.tried = 0
        self.won = 0
        self.after: list[tuple[Move, Any]] = []  # the next best: (an offered move, an arrangement)
        self.tried_after: Counter[Move] = Counter()  # arrangements each offered move was tried on
        self.current: SolverTask | None = None
        self._move: Move | None = None  # the offered move the current search starts after
        self._cancelled = False
        self._index = -1  # the arrangement the current search is of (phase one)
        self._next()

    def _next(self) -> None:
        if not self.pending and self.withheld and self.won and not self.votes and not self.tried_after:
            assert self.play is not None
            play, self.won = self.play, 0  # those wins all went through a position already had
            few = self.arrangements[: max(1, self.total // 2)]
            self.after = [(m, play(a, m)) for m in self.legal for a in few]
            self.tried_after.update({m: 0 for m in self.legal})
        if not self.pending and self.checks and len(self.votes) > 1 and not self.kept and not self.tried_after:
            self._plan_checks()
        self._index = -1
        if self.pending:
            self._index, arrangement = self.pending.pop(0)
            self.current, self._move = SolverTask(self.spec, arrangement, max_nodes=self.nodes_each), None
        elif self.after:
            self._move, state = self.after.pop(0)
            self.current = SolverTask(self.spec, state, max_nodes=self.nodes_each)
        elif self.checked:
            self._move, index = self.checked.pop(0)
            assert self.play is not None
            state = self.play(self.arrangements[index], self._move)
            self.current = SolverTask(self.spec, state, max_nodes=self.nodes_each)
        else:
            self.current, self._move = None, None

    def _plan_checks(self) -> None:
        """The lines disagree: the moves voted for most, each to be tried on the won arrangements
        that voted for something else (those that voted for it are kept already). A check runs
        within the same budget as the first search, and running out counts as not kept: that
        leans a little towards the move most lines started with, never towards an untried one."""
        candidates = sorted(self.votes, key=self._rank)[: self.checks]
        self.kept.update({m: self.votes[m] for m in candidates})
        won = sorted(self.voted)
        self.checked = [(m, k) for m in candidates for k in won if self.voted[k] != m]

    def tried_for(self, move: Move) -> int:
        """How many arrangements ``move``'s votes come from."""
        return self.tried_after.get(move, self.tried)

    @property
    def done(self) -> bool:
        return self._cancelled or self.current is None

    def advance(self, seconds: float) -> bool:
        if self.current is not None and self.current.advance(seconds):
            result = self.current.result()
            if self._move is not None and self.kept:  # a check: does the move keep this one winnable?
                if result.status is Status.SOLVED:
                    self.kept[self._move] += 1
            elif self._move is not None:
                self.tried_after[self._move] += 1
                if result.status is Status.SOLVED:
                    self.won += 1
                    self.votes[self._move] += 1
            else:
                self.tried += 1
                if result.status is Status.SOLVED and result.moves:
                    self.voted[self._index] = self.vote(result.moves)
                if not self.won and 2 * self.tried >= self.total:
                    self.pending = []  # no win in half of them: the rest would rarely find one
            self._next()
        return self.done

    def vote(self, line: list[Move]) -> Move | None:
        """A winning line's vote: its :func:`lead` when that is one of the moves offered; none when
        it is not (its first move returns to a position already had: see game/hints/fresh.py)."""
        self.won += 1
        move = lead(line, self.legal)
        if move not in self.legal:
            return None
        self.votes[move] += 1
        return move

    def cancel(self) -> None:
        self._cancelled = True
        if self.current is not None:
            self.current.cancel()

    def _rank(self, m: Move) -> tuple[int, int]:
        """More votes first; ties go to the move listed first by the rules, so the answer never
        depends on the order of votes."""
        return (-self.votes[m], self.order.get(m, len(self.order)))

    def best(self) -> Move | None:
        """After checks, the move that keeps the most won arrangements winnable (a move other than a
        stock turn or a deal on a tie). Else the most common non-trivial move when it leads at
        least a third of the winning lines; else the most common move (a stock turn or a deal);
        None when no line was found."""
        if not self.votes:
            return None
        if self.kept:
            return min(self.kept, key=lambda m: (-self.kept[m], m.kind in TRIVIAL, self._rank(m)))
        useful = sorted((m for m in self.votes if m.kind not in TRIVIAL), key=self._rank)
        if useful and self.votes[useful[0]] >= COMMON * self.won:
            return useful[0]
        return sorted(self.votes, key=self._rank)[0]

    def wins(self, move: Move) -> int:
        """The arrangements ``move`` was found to win: those it keeps winnable once checked, else its votes."""
        return self.kept[move] if self.kept else self.votes[move]

    def result(self) -> Result[Move]:
        move = self.best()
        if move is None:
            return Result(Status.UNKNOWN, [], Stats())
        return Result(Status.SOLVED, [move], Stats())
