"""The demo (SPEC UI-6), without pixels: which games it shows, the winning line it plays (found by
the solver, a slice at a time, on a proved-winnable deal), and the caption that says why each move
is made. The demo scene plays the line through the table, so every move animates as a player's.
"""

from __future__ import annotations

import itertools
import secrets
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field

from game.core.cards import SUIT
from game.core.dealid import DealId
from game.core.i18n import tr
from game.deals import Below, proved_winnable
from game.games import GAMES, Game, game_for
from game.hints.base import describe
from game.rules.base import FOUNDATION, MOVE, Event, Move, SuitCompleted
from game.rules.registry import start
from game.solver.engine import Status
from game.solver.tasks import SolverTask

LINE_NODES = 400_000  # the budget to find a line on one deal; the next deal of the list if it runs out
TRIES = 8  # deals tried before the demo gives up on a game


@dataclass(frozen=True)
class Show:
    """One game to show: a variant and its options (and, optionally, the very deal)."""

    variant: str
    options: Mapping[str, str] = field(default_factory=dict)
    deal: DealId | None = None


@dataclass(frozen=True)
class Line:
    deal: DealId
    moves: tuple[Move, ...]


def every_show() -> list[Show]:
    """Every game and option set that has proved-winnable deals, in the home screen's order (the
    ``--all`` demo and the kiosk's attract loop cycle through these)."""
    shows: list[Show] = []
    for game in GAMES:
        keys = [o.key for o in game.options]
        for values in itertools.product(*(o.values for o in game.options)):
            options = dict(zip(keys, values, strict=True))
            if proved_winnable(game.name, options):
                shows.append(Show(game.name, options))
    return shows


def cycle(shows: list[Show]) -> Iterator[Show]:
    """The shows one after another, for ever (an empty list gives nothing)."""
    return itertools.cycle(shows) if shows else iter(())


class LineSearch:
    """Finds a winning line for a show, a slice at a time: the given deal, or proved-winnable deals
    from the show's seeds list, tried in a random order until the solver finds a line in budget."""

    def __init__(self, show: Show, below: Below = secrets.randbelow, nodes: int = LINE_NODES) -> None:
        self.show = show
        self.game: Game = game_for(show.variant)
        self.nodes = nodes
        if show.deal is not None:
            self.candidates = [show.deal]
        else:
            numbers = list(proved_winnable(show.variant, show.options))
            order: list[int] = []
            while numbers and len(order) < TRIES:
                order.append(numbers.pop(below(len(numbers))))
            self.candidates = [DealId.make(show.variant, n, dict(show.options)) for n in order]
        self.tried = 0
        self.line: Line | None = None
        self.failed = False
        self._task: SolverTask | None = None
        self._deal: DealId | None = None
        self._next()

    def _next(self) -> None:
        if not self.candidates:
            self._task, self.failed = None, True
            return
        self._deal = self.candidates.pop(0)
        self.tried += 1
        _, state = start(self._deal)
        self._task = SolverTask(self.game.solver, state, max_nodes=self.nodes)

    def advance(self, seconds: float) -> bool:
        """Work for about ``seconds``; True once a line is found or every candidate failed."""
        if self.line is not None or self.failed:
            return True
        assert self._task is not None and self._deal is not None
        if self._task.advance(seconds):
            result = self._task.result()
            if result.status is Status.SOLVED:
                self.line = Line(self._deal, tuple(result.moves))
                return True
            self._next()
        return self.line is not None or self.failed

    @property
    def current(self) -> DealId | None:
        """The deal being searched now (None when the show has no proved-winnable deal at all)."""
        return self._deal

    def cancel(self) -> None:
        if self._task is not None:
            self._task.cancel()


class KnownLine:
    """A line already known (a finished game from the records): the same face as
    :class:`LineSearch`, found at once, so the demo's player replays it move by move."""

    def __init__(self, deal: DealId, moves: tuple[Move, ...]) -> None:
        self.show = Show(deal.variant, dict(deal.options), deal)
        self.game: Game = game_for(deal.variant)
        self.line: Line | None = Line(deal, moves)
        self.current: DealId | None = deal
        self.tried, self.failed = 1, False

    def advance(self, seconds: float) -> bool:
        return True

    def cancel(self) -> None:
        pass


SUIT_NAMES: tuple[Callable[[], str], ...] = (
    lambda: tr("the spades"),
    lambda: tr("the hearts"),
    lambda: tr("the diamonds"),
    lambda: tr("the clubs"),
)


def caption(game: Game, state: object, move: Move, events: list[Event]) -> str:
    """Why the demo makes this move, in a player's words ("Builds the spades.", "This turns up a
    face-down card.", "Completes the hearts.")."""
    for e in events:
        if isinstance(e, SuitCompleted) and not e.undone:
            return tr("This completes {suit}.", suit=SUIT_NAMES[SUIT[e.cards[0]]]())
    if move.kind == MOVE and move.dst.kind == FOUNDATION:
        cards, _ = game.rules.piles(state)[move.src]
        if cards:
            return tr("This builds {suit} on their foundation.", suit=SUIT_NAMES[SUIT[cards[-1]]]())
    return describe(game.rules, state, move)
