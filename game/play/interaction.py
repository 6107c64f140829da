"""What the player's gestures mean on a table, for any game: the selection and its outlined
targets (CM-2), double tap (CM-3), drops (CM-4), keyboard activation (CM-10). A game whose taps
mean something else refines a few methods (``policies.py``, or the game's folder).

Every method reads a :class:`Position` and answers an :class:`Outcome`; the scene carries it out
(plays the move, shows the message, opens a panel) and draws the selection.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.i18n import tr
from game.play.position import Position
from game.rules.base import DRAW_MOVE, RECYCLE_MOVE, Move
from game.rules.pile import STOCK_PILE, Pile, Role, role_of


@dataclass(frozen=True)
class Outcome:
    """What the scene should do: play ``move`` (its cards dealt out with ``stagger``), say
    ``message``, open the game's panel on ``panel`` (at the card ``panel_at``, -1 for none). The
    selection is the interaction's own."""

    move: Move | None = None
    message: str | None = None
    panel: Pile | None = None
    panel_at: int = -1
    stagger: float = 0.0
    dropped: bool = False  # a selection was let go without a move (said: CM-19)


NOTHING = Outcome()
DROPPED = Outcome(dropped=True)


def play(move: Move, stagger: float = 0.0) -> Outcome:
    return Outcome(move=move, stagger=stagger)


def say(message: str) -> Outcome:
    return Outcome(message=message)


@dataclass
class Selection:
    pile: Pile
    index: int  # the first card picked up (-1: an empty place of a grid)
    targets: list[Move] = field(default_factory=list)


class Interaction:
    """The build games' way: tap a card to select it and see every
    legal destination, then tap one; tap the stock to turn it; double tap sends a card home."""

    double_tap_is_tap = False  # a tap-to-move game: a quick second tap is a second move, not a double click

    def __init__(self) -> None:
        self.selected: Selection | None = None

    # -- the selection ----------------------------------------------------------------------------

    def clear(self) -> None:
        self.selected = None

    @property
    def targets(self) -> list[Move]:
        return self.selected.targets if self.selected is not None else []

    def target_of(self, move: Move) -> Pile:
        """The pile a selection's move is outlined on (its destination)."""
        return move.dst

    def moves_from(self, pos: Position, pile: Pile, index: int) -> list[Move]:
        return pos.moves_from(pile, index)

    def select(self, pos: Position, pile: Pile, index: int) -> Outcome:
        self.clear()
        problem = pos.rules.lift_reason(pos.state, pile, index)
        if problem:
            return say(problem)
        self.selected = Selection(pile, index, self.moves_from(pos, pile, index))
        if not self.selected.targets:  # nowhere to go: not held, so the next tap means what it says
            self.clear()
            return say(tr("This card has no legal place to go right now."))
        return NOTHING

    def place(self, pos: Position, pile: Pile) -> Outcome:
        """A tap on ``pile`` while cards are selected: the move there, or why not."""
        assert self.selected is not None
        src, index = self.selected.pile, self.selected.index
        targets = self.selected.targets
        self.clear()
        if pile == src:
            return DROPPED
        for m in targets:
            if self.target_of(m) == pile:
                return play(m)
        attempt = pos.rules.drop_move(pos.state, src, index, pile)
        return Outcome(message=pos.check(attempt) or tr("That move is not allowed here."), dropped=True)

    # -- gestures ---------------------------------------------------------------------------------

    def tap(self, pos: Position, pile: Pile, index: int) -> Outcome:
        """A tap on a card (``index`` >= 0) or an empty place (-1; nothing selected: nothing)."""
        return self._press(pos, pile, index, NOTHING)

    def _press(self, pos: Position, pile: Pile, index: int, on_empty: Outcome) -> Outcome:
        """A tap or Enter: place the selection there, turn the stock, the game's own meaning, or
        pick the cards up."""
        if pile == STOCK_PILE and not (self.selected is not None and self.stock_is_a_place):
            return self.tap_stock(pos)  # not a selection's place: it lets the selection go and turns
        if self.selected is not None:
            return self.place(pos, pile)
        special = self.tap_card(pos, pile, index)
        if special is not None:
            return special
        if index < 0:
            return on_empty
        return self.select(pos, pile, index)

    def tap_card(self, pos: Position, pile: Pile, index: int) -> Outcome | None:
        """A game's own meaning for a tap (None: select, the usual way)."""
        return None

    stock_moves: tuple[Move, ...] = (DRAW_MOVE, RECYCLE_MOVE)  # what a tap on the stock may do
    stock_is_a_place = False  # a selected card may go there (a pairing game pairs with the stock's top card)

    def tap_stock(self, pos: Position) -> Outcome:
        """Turn the stock, or turn the waste over, whichever the rules allow (or deal); else
        say why not (KL-5, KL-6, SP-6)."""
        self.clear()
        for m in self.stock_moves:
            if pos.rules.is_legal(pos.state, m, pos.legal):
                return play(m, stagger=0.04)
        tried = self.stock_moves[0] if pos.cards(STOCK_PILE) else self.stock_moves[-1]
        return say(pos.check(tried) or tr("The stock is empty."))

    def double_tap(self, pos: Position, pile: Pile, index: int) -> Outcome:
        """CM-3: the card goes to a foundation first, else to another legal place."""
        if self.double_tap_is_tap or index < 0 or pile == STOCK_PILE:
            self.clear()
            return self.tap(pos, pile, index)
        self.clear()
        special = self.tap_card(pos, pile, index)
        if special is not None:
            return special
        problem = pos.rules.lift_reason(pos.state, pile, index)
        if problem:
            return say(problem)
        move = self.auto_destination(pos, pile, index)
        if move is None:
            return say(tr("This card has no legal place to go right now."))
        return play(move)

    def auto_destination(self, pos: Position, pile: Pile, index: int) -> Move | None:
        moves = self.moves_from(pos, pile, index)
        home = [m for m in moves if role_of(m.dst) is Role.FOUNDATION]
        if home:
            return home[0]
        filled = [m for m in moves if pos.cards(m.dst)]
        best = filled or moves
        return best[0] if best else None

    def long_press(self, pos: Position, pile: Pile, index: int) -> Outcome:
        """A long press or a right click: like a tap, unless the game has a panel for it."""
        return self.tap(pos, pile, index)

    def activate(self, pos: Position, pile: Pile, index: int) -> Outcome:
        """Enter or Space on the focused card: place the selection there, or pick it up."""
        return self._press(pos, pile, index, say(tr("There is no card here.")))

    # -- dragging ---------------------------------------------------------------------------------

    def lift(self, pos: Position, pile: Pile, index: int) -> str | None:
        """Why these cards cannot be dragged (None: they can)."""
        self.clear()
        return pos.rules.lift_reason(pos.state, pile, index)

    def drop(self, pos: Position, pile: Pile, index: int, target: Pile) -> Move:
        """The move a drop means (its legality is :meth:`Position.check`'s to say)."""
        return pos.rules.drop_move(pos.state, pile, index, target)
