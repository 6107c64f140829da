"""The demo (SPEC UI-6), without pixels: which games it shows, the winning line it plays (found by
the solver, a slice at a time, on a proved-winnable deal), and the caption that says why each move
is made. The demo scene plays the line through the table, so every move animates as a player's.
"""

from __future__ import annotations

import itertools
import secrets
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.core.cards import SUIT
from game.core.dealid import DealId
from game.core.errors import ParseError
from game.core.i18n import tr
from game.core.variants import VARIANTS
from game.deals import Below, proved_winnable
from game.hints.base import describe
from game.rules.base import MOVE, Event, Move, SuitCompleted, Variant
from game.rules.pile import Role, role_of
from game.rules.registry import start
from game.solver.engine import Status
from game.solver.seeds import ready_deals
from game.solver.tasks import SolverTask

if TYPE_CHECKING:
    from game.solver.spec import SolverSpec  # the search code loads when a line is first looked for

# The demo plays only deals of its seeds list whose rated effort (the positions the solver expanded
# to win it, tools/rate_seeds.py) is at most READY_NODES, within a budget of LINE_NODES: the line
# is found in a few seconds and the search's table of positions stays small. The two-deck games' hold 2.3 to
# 2.8 KB a position: a ready deal costs at most some 150 MB, a failed search 250, on top of the
# app's 100, so `demo --all --headless` stays under 400 MiB (tools/bench_demo.py --hardest: 264).
# With 400,000 positions and any proved deal, a hard two-deck deal took 1.2 GB and 40 s.
LINE_NODES = 100_000
READY_NODES = LINE_NODES // 2  # half the budget: room for a rating a solver change made stale
GIVEN_NODES = 400_000  # a deal asked for by name (--deal, Watch this deal) may be any deal: more room
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


def every_option_set() -> list[Show]:
    """Every game and option set there is, in the home screen's order."""
    shows: list[Show] = []
    for spec in VARIANTS:
        keys = [o.key for o in spec.options]
        for values in itertools.product(*(o.values for o in spec.options)):
            shows.append(Show(spec.name, dict(zip(keys, values, strict=True))))
    return shows


def ready(show: Show) -> tuple[int, ...]:
    """The deals of the show's seeds list that the demo can win at once (see READY_NODES)."""
    try:
        return ready_deals(show.variant, dict(show.options), READY_NODES)
    except (OSError, ParseError):
        return ()


def every_show() -> list[Show]:
    """Every game and option set that has deals ready for the demo, in the home screen's order
    (the ``--all`` demo and the kiosk's attract loop cycle through these). A test checks that this
    is every option set: one without ready deals would be left out of the cycle."""
    return [show for show in every_option_set() if ready(show)]


def cycle(shows: list[Show]) -> Iterator[Show]:
    """The shows one after another, for ever (an empty list gives nothing)."""
    return itertools.cycle(shows) if shows else iter(())


class LineSearch:
    """Finds a winning line for a show, a slice at a time: the given deal, or deals of the show's
    seeds list that are ready for the demo (else, for a list not rated yet, any of its proved
    deals), tried in a random order until the solver finds a line in budget. Once the search is
    over its table of positions is let go: the line is all the demo keeps."""

    def __init__(
        self, show: Show, solver: SolverSpec, below: Below = secrets.randbelow, nodes: int | None = None
    ) -> None:
        self.show = show
        self.solver = solver  # the game's search, as its record holds it
        self.nodes = nodes if nodes is not None else GIVEN_NODES if show.deal is not None else LINE_NODES
        if show.deal is not None:
            self.candidates = [show.deal]
        else:
            numbers = list(ready(show) or proved_winnable(show.variant, show.options))
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
        self._task = SolverTask(self.solver, state, max_nodes=self.nodes)

    def advance(self, seconds: float) -> bool:
        """Work for about ``seconds``; True once a line is found or every candidate failed."""
        if self.line is not None or self.failed:
            return True
        assert self._task is not None and self._deal is not None
        if self._task.advance(seconds):
            result = self._task.result()
            self._task = None  # the search's positions are garbage now, not kept for the whole show
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


def caption(rules: Variant[Any], state: object, move: Move, events: list[Event]) -> str:
    """Why the demo makes this move, in a player's words ("Builds the spades.", "This turns up a
    face-down card.", "Completes the hearts.")."""
    for e in events:
        if isinstance(e, SuitCompleted) and not e.undone:
            return tr("This completes {suit}.", suit=SUIT_NAMES[SUIT[e.cards[0]]]())
    if move.kind == MOVE and role_of(move.dst) is Role.FOUNDATION:
        cards, _ = rules.piles(state)[move.src]
        if cards:
            return tr("This builds {suit} on their foundation.", suit=SUIT_NAMES[SUIT[cards[-1]]]())
    return describe(rules, state, move)
