"""What every variant shares: pile ids, moves, events and the :class:`Variant` interface.

A variant is a stateless object whose methods are functions of an immutable state:
``legal_moves(state)``, ``apply(state, move) -> (state, events)``, ``is_won``, ``is_over``,
``to_text`` / ``parse``, and what the table and the hints read: ``piles(state)``, ``lift_reason``,
``drop_move``, ``final_score``, ``is_certain`` / ``collect_move``. ``apply`` checks legality
against ``legal_moves`` (one source of truth; a caller that has the position's moves passes them,
so a player's move costs one generation); ``play`` is the trusted, event-free path the solvers use
for moves they took from ``legal_moves``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Generic, NamedTuple, TypeVar

from game.core.cards import Card
from game.core.dealid import DealId
from game.core.errors import IllegalMove, ParseError
from game.core.i18n import tr
from game.core.variants import VariantSpec, variant_spec
from game.rules.pile import NO_PILE, STOCK_PILE, WASTE_PILE, Pile, parse_pile, pile_text

# ---------------------------------------------------------------------------------------------
# Moves

MOVE, DRAW, RECYCLE, DEAL, PAIR, REDEAL = "move", "draw", "recycle", "deal", "pair", "redeal"
MOVE_KINDS = frozenset({MOVE, DRAW, RECYCLE, DEAL, PAIR, REDEAL})


class Move(NamedTuple):
    """One player action. ``MOVE`` takes ``size`` cards from the end of ``src`` to ``dst``;
    ``DRAW`` turns the stock once; ``RECYCLE`` turns the waste back into the stock; ``DEAL`` is
    a deal of a card onto each column; ``PAIR`` removes ``src`` and ``dst`` together (a pairing game; ``dst`` is
    ``NO_PILE`` for a king alone); ``REDEAL`` shuffles the loose cards of a grid again."""

    kind: str
    src: Pile = NO_PILE
    dst: Pile = NO_PILE
    size: int = 1

    def __str__(self) -> str:
        return move_text(self)


DRAW_MOVE = Move(DRAW, STOCK_PILE, WASTE_PILE)
RECYCLE_MOVE = Move(RECYCLE, WASTE_PILE, STOCK_PILE)
DEAL_MOVE = Move(DEAL, STOCK_PILE)
REDEAL_MOVE = Move(REDEAL)
_KEYWORD_MOVES = {"draw": DRAW_MOVE, "recycle": RECYCLE_MOVE, "deal": DEAL_MOVE, "redeal": REDEAL_MOVE}


def move_text(m: Move) -> str:
    """``t3>t5``, ``t3>t5x4``, ``draw``, ``recycle``, ``deal``, ``redeal``, ``p7.1+w``, ``p1.1+``."""
    if m.kind == MOVE:
        suffix = f"x{m.size}" if m.size != 1 else ""
        return f"{pile_text(m.src)}>{pile_text(m.dst)}{suffix}"
    if m.kind == PAIR:
        return f"{pile_text(m.src)}+{'' if m.dst == NO_PILE else pile_text(m.dst)}"
    return m.kind


def parse_move(text: str) -> Move:
    t = text.strip().lower()
    if t in _KEYWORD_MOVES:
        return _KEYWORD_MOVES[t]
    if ">" in t:
        src, _, rest = t.partition(">")
        dst, x, count = rest.partition("x")
        if x and not (count.isascii() and count.isdigit() and int(count) >= 1):
            raise ParseError(f"{text!r}: the count after x must be a whole number of cards")
        return Move(MOVE, parse_pile(src), parse_pile(dst), int(count) if count else 1)
    if "+" in t:
        a, _, b = t.partition("+")
        return Move(PAIR, parse_pile(a), parse_pile(b) if b else NO_PILE)
    raise ParseError(f"{text!r} is not a move (e.g. t3>t5, t3>t5x4, draw, recycle, deal, p7.1+w)")


# ---------------------------------------------------------------------------------------------
# Events: notifications of what a move did. Cards are NOT animated from events: the view compares
# the positions before and after (so undo, redo, resume, resize and the demo animate for free).
# Events say what a comparison cannot: which suit was completed (announced, SP-7), that
# a card was turned up, that the score changed, that the stock was dealt or recycled. Today the
# table reads SuitCompleted; the tests read them all as the record of a move; the sounds (UI-8)
# and the demo's captions (UI-6) are the next readers. Each has an inverse: an undo reports what
# it took back.


class Moved(NamedTuple):
    src: Pile
    dst: Pile
    cards: tuple[Card, ...]

    def inverse(self) -> Moved:
        return Moved(self.dst, self.src, self.cards)


class Flipped(NamedTuple):
    pile: Pile
    position: int
    card: Card
    face_up: bool

    def inverse(self) -> Flipped:
        return Flipped(self.pile, self.position, self.card, not self.face_up)


class SuitCompleted(NamedTuple):
    """13 cards left ``pile`` for completed-suit slot ``slot`` (or came back, if undone)."""

    pile: Pile
    slot: int
    cards: tuple[Card, ...]
    undone: bool = False

    def inverse(self) -> SuitCompleted:
        return SuitCompleted(self.pile, self.slot, self.cards, not self.undone)


class Dealt(NamedTuple):
    """``cards[i]`` went from the stock onto ``piles[i]``, face up (or back, if undone); ``some``:
    onto some of the columns only, which the words then name (a stock of fewer cards than columns)."""

    piles: tuple[Pile, ...]
    cards: tuple[Card, ...]
    undone: bool = False
    some: bool = False

    def inverse(self) -> Dealt:
        return Dealt(self.piles, self.cards, not self.undone, self.some)


class Recycled(NamedTuple):
    """The ``size`` cards of ``src`` went back onto ``dst`` in reverse order, turned over."""

    src: Pile
    dst: Pile
    size: int

    def inverse(self) -> Recycled:
        return Recycled(self.dst, self.src, self.size)


class Redealt(NamedTuple):
    """The grid went from ``before`` to ``after`` (gaps are NO_CARD)."""

    before: tuple[Card, ...]
    after: tuple[Card, ...]

    def inverse(self) -> Redealt:
        return Redealt(self.after, self.before)


class ScoreChanged(NamedTuple):
    old: int
    new: int

    def inverse(self) -> ScoreChanged:
        return ScoreChanged(self.new, self.old)


class PeakCleared(NamedTuple):
    """A game of peaks: the top of a peak was played, for ``bonus`` points beside the run's (the
    last peak's: ``last``), or taken back, if undone (TP-4)."""

    bonus: int
    last: bool
    undone: bool = False

    def inverse(self) -> PeakCleared:
        return PeakCleared(self.bonus, self.last, not self.undone)


class Gathered(NamedTuple):
    """The columns' ``cards`` cards were gathered up and dealt again in the starting pattern (a
    redeal that shuffles nothing); ``undone``: taken back, the columns as they were before it."""

    cards: int
    undone: bool = False

    def inverse(self) -> Gathered:
        return Gathered(self.cards, not self.undone)


Event = Moved | Flipped | SuitCompleted | Dealt | Recycled | Redealt | ScoreChanged | PeakCleared | Gathered


def invert_events(events: list[Event]) -> list[Event]:
    """The events that take a position back: each event inverted, in reverse order."""
    return [e.inverse() for e in reversed(events)]


# ---------------------------------------------------------------------------------------------
# The interface of a variant

S = TypeVar("S")

PileContents = dict[Pile, tuple[tuple[Card, ...], int]]
"""Every pile of a position: its cards bottom first, and how many of them (from the bottom) lie
face down. What a table draws, what hit-testing and focus walk over, what the hints read."""


@dataclass(frozen=True)
class DealForm(Generic[S]):
    """A written form of a position another program reads: what it is, and its writer."""

    what: str  # "another program's board", in a help line
    write: Callable[[S], str]


class Variant(ABC, Generic[S]):
    """The rules of one game. Stateless: every method is a function of its arguments."""

    name: ClassVar[str]
    places: ClassVar[frozenset[Pile]]  # every place a move may name (NO_PILE for "none")

    @property
    def spec(self) -> VariantSpec:
        return variant_spec(self.name)

    @abstractmethod
    def deal(self, deal_id: DealId) -> S:
        """The starting position of this deal."""

    @abstractmethod
    def legal_moves(self, state: S) -> list[Move]:
        """Every legal move, in a stable order."""

    @abstractmethod
    def _perform(self, state: S, move: Move, events: list[Event] | None) -> S:
        """Apply a move known to be legal; append the events to ``events`` unless it is None."""

    @abstractmethod
    def explain(self, state: S, move: Move) -> str:
        """A short reason, for a player, why ``move`` is not legal in ``state``. Called only for
        illegal moves whose piles exist in this variant and whose size is at least 1."""

    @abstractmethod
    def is_won(self, state: S) -> bool: ...

    def formats(self) -> dict[str, DealForm[S]]:
        """The game's own written forms of a position besides its text (``deal --format KEY``):
        another program's board, say. None by default."""
        return {}

    @abstractmethod
    def to_text(self, state: S) -> str: ...

    @abstractmethod
    def parse(self, text: str) -> S: ...

    @abstractmethod
    def piles(self, state: S) -> PileContents:
        """Every pile of the position with its cards (bottom first) and its face-down count."""

    def cards(self, state: S) -> list[Card]:
        """Every card of the position, wherever it lies (each exactly once)."""
        return [c for cards, _ in self.piles(state).values() for c in cards]

    def purpose(self, state: S, move: Move) -> str | None:
        """Why ``move`` helps, in this game's words, where the words every game shares
        (``game.hints.base.describe``, by the piles' roles) would misname its piles; None: those."""
        return None

    def lift_reason(self, state: S, pile: Pile, index: int) -> str | None:
        """Why the cards of ``pile`` from ``index`` up cannot be picked up (None if they can). By
        default only a face-up top card can."""
        cards, down = self.piles(state)[pile]
        if index < down:
            return tr("Face-down cards cannot move.")
        return None if index == len(cards) - 1 else tr("Only the top card can move.")

    def can_lift(self, state: S, pile: Pile, index: int) -> bool:
        return self.lift_reason(state, pile, index) is None

    def drop_move(self, state: S, pile: Pile, index: int, target: Pile) -> Move:
        """The move meant by putting the cards of ``pile`` from ``index`` up on ``target`` (a drop,
        or a tap on an outlined destination)."""
        cards, _ = self.piles(state)[pile]
        return Move(MOVE, pile, target, len(cards) - index)

    def final_score(self, state: S, seconds: float) -> int | None:
        """The score shown to the player, with any bonus for a win in ``seconds`` (KL-10)."""
        return self.score(state)

    @abstractmethod
    def seen(self, state: S) -> frozenset[object]:
        """Tokens for the hidden-at-start cards this position shows. A session keeps the union
        over everything played, so undoing a flip or a deal never makes a seen card unknown."""

    def is_over(self, state: S) -> bool:
        """No legal move is left (won or lost)."""
        return not self.legal_moves(state)

    def is_legal(self, state: S, move: Move, legal: list[Move] | None = None) -> bool:
        """Whether ``move`` may be played here; ``legal`` is this position's :meth:`legal_moves` when
        the caller already has them (a session keeps them), so no second generation is made. A turn
        of the stock is checked against :meth:`stock_moves` alone (replaying a long game, most
        moves are turns: no need to list every card move for each)."""
        if legal is None and move.kind in (DRAW, RECYCLE, DEAL):
            stock = self.stock_moves(state)
            if stock is not None:
                return move in stock
        if legal is None:
            legal = self.legal_moves(state)
        return self.normalise(move) in legal

    def stock_moves(self, state: S) -> list[Move] | None:
        """The legal turns of the stock (draw, recycle, deal): the part of :meth:`legal_moves` it
        appends last, which a game with a stock makes its own method. None: not separated."""
        return None

    def is_certain(self, state: S) -> bool:
        """The rest of the game is sure to end in a win with no choice left (CM-5: auto-collect
        may take over). Never, by default."""
        return False

    def collect_move(self, state: S) -> Move | None:
        """The next card auto-collect sends home once :meth:`is_certain`, or None."""
        return None

    def normalise(self, move: Move) -> Move:
        """The form ``legal_moves`` lists for a move that can be written several ways (a pairing game's
        pairs, tapped in either order). Identity by default."""
        return move

    def check(self, state: S, move: Move, legal: list[Move] | None = None) -> str | None:
        """None if the move is legal, else the reason it is not."""
        if isinstance(move, Move) and self.is_legal(state, move, legal):
            return None
        if not isinstance(move, Move) or move.kind not in MOVE_KINDS:
            return tr("That is not a move.")
        for pile in (move.src, move.dst) if move.kind in (MOVE, PAIR) else ():
            if pile not in self.places and pile != NO_PILE:
                return tr("No card can be put there or taken from there.")
        if move.size < 1:
            return tr("A move takes at least one card.")
        return self.explain(state, move)

    def apply(self, state: S, move: Move, legal: list[Move] | None = None) -> tuple[S, list[Event]]:
        """The position after ``move`` and the events that lead to it. An illegal move raises
        :class:`IllegalMove` with a reason and changes nothing."""
        reason = self.check(state, move, legal)
        if reason is not None:
            raise IllegalMove(reason)
        events: list[Event] = []
        return self._perform(state, self.normalise(move), events), events

    def play(self, state: S, move: Move) -> S:
        """Trusted fast path for moves taken from :meth:`legal_moves`: no check, no events."""
        return self._perform(state, move, None)

    def score(self, state: S) -> int | None:
        """The score shown to the player, or None where the variant keeps none."""
        return None
