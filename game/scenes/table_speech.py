"""The table's voice (CM-19): what the table scene announces — the focus, a selection and where
it can go, what a move did, every message and hint, the whole table on a key — handed to the
app's announcer. The words are ``game/speech``'s; this is only when to say them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.i18n import tr
from game.input.devices import BINDINGS
from game.input.intents import Action, Command
from game.play.status import table_status
from game.play.table import SPOKEN_WAIT, WAITING
from game.rules.base import Event
from game.speech.effects import collected_words, effects_words
from game.speech.game_words import focus_words, hint_words, selection_words, whole_table
from game.speech.words import listing, said_together, sentence

if TYPE_CHECKING:
    from game.scenes.table import TableScene


READ, REPEAT = Action(Command.READ_TABLE), Action(Command.REPEAT)


def key_of(intent: Action) -> str:
    """The key that sends ``intent`` (the one table of keys says which)."""
    return next((pygame.key.name(b.key).upper() for b in BINDINGS if b.intent == intent), "")


class TableVoice:
    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.undoing = False  # the change under way is an undo ("Undone: ...")
        self._toast: object = None  # the message and hint last said (each said once, when it comes)
        self._hint: object = None
        self._collected: list[Event] = []  # auto-collect's moves so far: said together when it stops
        self._dropped = False  # the press under way let a selection go without a move
        self._moved = False  # the press under way made a move, already said: what follows waits for it

    def say(self, text: str, interrupt: bool = True) -> None:
        self.scene.app.speech.say(text, interrupt)

    def focus_text(self) -> str:
        """The focused place, and whether the selection can go there."""
        s = self.scene
        if s.cards.at is None:
            return ""
        pile, index = s.cards.at
        said = focus_words(s.game.seen(s.state), s.session.legal, pile, index)
        selected = s.interaction.selected
        if (
            selected is not None
            and pile != selected.pile
            and any(s.interaction.target_of(m) == pile for m in s.targets)
        ):
            cards, _ = s.session.rules.piles(s.state).get(selected.pile, ((), 0))
            if 0 <= selected.index < len(cards):
                said = listing([said, tr("the selection can go here")])
            else:  # an empty place chosen first (a gap): this card would come to it
                said = listing([said, tr("this card can go to the place chosen")])
        return said

    def focus(self) -> None:
        self.say(self.focus_text())

    def pressed(self) -> None:
        """After a tap or Enter: a new selection with where it can go, the message the press
        brought (why not, what to do next), and a selection let go without a move."""
        s = self.scene
        sel = s.interaction.selected
        parts = []
        if sel is not None:
            places = [s.interaction.target_of(m) for m in sel.targets]
            parts.append(selection_words(s.game.seen(s.state), sel.pile, sel.index, places))
        toast = s.table.toast
        if toast is not None and toast != self._toast:  # said here, after the selection, not over it
            parts.append(toast[0])
            self._toast = toast
        if self._dropped:
            parts.append(tr("Selection cleared"))
        self._dropped = False
        if parts:
            self.say(said_together(parts), interrupt=not self._moved)
        self._moved = False

    def let_go(self) -> None:
        """A command let the selection go (the stock turned, a hint asked, a move undone): said
        after what the command itself said."""
        self.say(tr("Selection cleared"), interrupt=False)

    def dropped(self) -> None:
        """A selection was let go without a move (a refused place, its own pile again, Esc)."""
        self._dropped = True

    def changed(self, events: list[Event], refocused: bool = False) -> None:
        """Say what a change did; with ``refocused`` (the focused card left), the card the focus
        went to after it."""
        if self.scene.table.collecting and not self.undoing:
            self._collected += events  # one announcement when it stops (tick), not one per card
            return
        self._moved = True
        said = effects_words(events, self.undoing, self.scene.session.rules.piles(self.scene.state))
        parts = [collected_words(self._collected)] if self._collected else []  # stopped by this change (an undo)
        self._collected = []
        parts += [said, self.focus_text() if refocused else ""]
        if any(parts):
            self.say(said_together(parts))

    def new_game(self) -> None:
        """A new deal on this table, said by its game's name as its options make it ("Baker's
        Game", not the game it replaced) and its number, then the message that came with it (Undo
        brings back the game replaced); it cuts off what the table said before."""
        s = self.scene
        parts = [s.game.heading_for(s.state), tr("Deal {n}", n=s.session.deal_id.number)]
        if s.table.toast is not None:
            parts.append(s.table.toast[0])
            self._toast = s.table.toast  # said here, not again by tick
        self.say(said_together(parts))

    def news(self, text: str) -> None:
        """A message a move brings (a peak's bonus, a dead end): shown, and said after the move's own
        words, not over them (a message said when it comes, by :meth:`tick`, cuts off what is said)."""
        table = self.scene.table
        table.say(text)
        self._toast = table.toast
        self.say(text, interrupt=False)

    def tick(self) -> None:
        """Say a message or a hint once, when it comes; auto-collect's cards once it stops."""
        t = self.scene.table
        if self._collected and not t.collecting:
            self.say(sentence(collected_words(self._collected)), interrupt=False)
            self._collected = []
        if t.toast is not None and t.toast != self._toast:
            self.say(t.toast[0])
        self._toast = t.toast
        hint = t.hint
        if hint is not None and t.hint_job is not None and t.now < hint.until - WAITING + SPOKEN_WAIT:
            return  # still thinking, briefly: the answer is said alone if it comes soon
        if hint is not None and hint is not self._hint:
            self.say(hint_words(self.scene.game.seen(self.scene.state), hint.move, hint.text))
        self._hint = hint

    def read_table(self) -> None:
        s = self.scene
        lines = whole_table(s.game.seen(s.state), table_status(s.table)[1])
        self.say(said_together(lines))

    def opening(self) -> str:
        """What the table says when it opens or comes back on top."""
        if self.scene.bar.shown:
            return self.scene.bar.bar_words()
        focus = self.focus_text()
        if focus:
            return focus
        heading = self.scene.game.heading_for(self.scene.state)
        keys = tr(
            "{read} reads the whole table, {repeat} says the last announcement again.",
            read=key_of(READ),
            repeat=key_of(REPEAT),
        )
        return said_together([heading, keys])
