"""A column's run panel, the segment panel of SPEC SP-11, for any game whose rules list the moves
of a run and rank them as a tap would (:class:`RunRules`): the column enlarged so every face-up card reads; ▲/▼ pick
how many cards to take, stopping only at runs that can really move; every legal destination is
listed — marked when it completes a suit or is an empty column — and paged, never dropped.
Confirm moves; Cancel, Esc or a tap outside change nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import pygame

from game.core.cards import SUIT, card_symbol_text
from game.core.i18n import ntr, ptr, tr
from game.input.intents import Activate, Cancel, FocusMove, Intent, LongPress, SecondaryTap, Tap
from game.rules.base import Move
from game.rules.pile import Pile
from game.rules.piles import same_suit_run_start
from game.scenes.base import Scene
from game.scenes.controls import Control, button_control
from game.scenes.focus_keys import FocusKeys, Step, is_tab
from game.speech.words import card_name, listing, pile_name, said_together
from game.view import fonts
from game.view.acts import Act, Pick
from game.view.cards import CardArt
from game.view.layout import Rect, min_up_step
from game.view.widgets import PANEL_TEXT, Button, draw_button, draw_panel

if TYPE_CHECKING:
    from game.scenes.host import SceneHost
    from game.scenes.table import TableScene

HIGHLIGHT = (255, 214, 64)


@runtime_checkable
class RunRules(Protocol):
    """What the panel asks of a game's rules: the legal moves of the cards of a column from
    ``index`` to its end, and a move's rank as a tap chooses (1 best)."""

    def moves_of_run(self, s: Any, pile: Pile, index: int, legal: list[Move] | None = None) -> list[Move]: ...

    def tap_rank(self, s: Any, m: Move) -> int: ...


class SegmentPanel(Scene):
    overlay = True
    pauses_play = False  # choosing a run is playing: the clock goes on

    def __init__(self, app: SceneHost, table: TableScene, column: Pile, at: int = -1) -> None:
        super().__init__(app)
        self.table = table
        self.column = column
        rules = table.session.rules
        if not isinstance(rules, RunRules):
            raise TypeError(f"{rules.name}'s rules list no runs' moves: a run panel cannot open")
        self.rules: RunRules = rules
        self.state = table.session.state  # a state with columns (``tableau``) and face-down counts (``down``)
        cards, down = self.state.tableau[column.idx], self.state.down[column.idx]
        self.cards, self.down = cards, down
        self.legal = table.session.legal
        run_start = same_suit_run_start(cards, down) if cards else 0
        # SP-11: stop only at runs that can really move (at least one legal destination)
        self.sizes = [k for k in range(1, len(cards) - run_start + 1) if self._moves(len(cards) - k)]
        # start with the run from the card the player is on (the focus, a long press), where it can
        # move; else the longest run that can
        from_card = len(cards) - at if 0 <= at < len(cards) else 0
        self.size_i = self.sizes.index(from_card) if from_card in self.sizes else len(self.sizes) - 1
        self.dest_i = 0
        self.page = 0
        self.per_page = 4
        self.box = Rect(0, 0, 0, 0)
        self.column_box = Rect(0, 0, 0, 0)
        self.buttons: list[Button] = []
        self.art: CardArt | None = None
        # CM-18: the arrows choose (up and down the run, sideways the place); Tab reaches the buttons,
        # walked by the one focus of every screen, and Esc leaves them for the arrows' choice again
        self.keys = FocusKeys()

    # -- state ----------------------------------------------------------------------------------

    @property
    def size(self) -> int:
        return self.sizes[self.size_i] if self.sizes else 0

    def _moves(self, index: int) -> list[Move]:
        return self.rules.moves_of_run(self.state, self.column, index, self.legal)

    def destinations(self) -> list[Move]:
        """Every legal destination of the chosen run, in SP-9's order (the one a tap would take first)."""
        if not self.sizes:
            return []
        moves = self._moves(len(self.cards) - self.size)
        return sorted(moves, key=lambda m: (self.rules.tap_rank(self.state, m), m.dst.idx))

    def mark(self, m: Move) -> str:
        s = self.state
        target = s.tableau[m.dst.idx]
        if not target:
            return tr("empty column")
        if self.rules.tap_rank(s, m) == 1:
            return tr("completes {suit}", suit="♠♥♦♣"[SUIT[s.tableau[m.src.idx][-1]]])
        head = s.tableau[m.src.idx][-m.size]
        same = SUIT[target[-1]] == SUIT[head]
        return tr("same suit") if same else tr("another suit")

    # -- layout ---------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        touch = self.table.view.layout.touch
        self.box = Rect(w * 0.04, h * 0.04, w * 0.92, h * 0.92)
        portrait = h > w
        col_w = self.box.w * (0.42 if portrait else 0.3)
        self.column_box = Rect(self.box.x + touch * 0.3, self.box.y + touch * 1.2, col_w, self.box.h - touch * 1.5)
        right = self.column_box.right + touch * 0.4
        width = self.box.right - touch * 0.3 - right
        y = self.box.y + touch * 1.2
        self.buttons = [
            Button(
                Rect(right, y, width / 2 - 4, touch),
                # TRANSLATORS: take one more card from the column's end (its pair is "Fewer"); not the toolbar's More…
                "▲ " + ptr("segment", "More"),
                "more",
                enabled=self.size_i < len(self.sizes) - 1,  # greyed at the longest run that can move
            ),
            Button(
                Rect(right + width / 2 + 4, y, width / 2 - 4, touch),
                "▼ " + tr("Fewer"),
                "fewer",
                enabled=self.size_i > 0,
            ),
        ]
        y += touch * 1.9
        room = self.box.bottom - touch * 2.6 - y
        self.per_page = max(1, int(room // (touch * 1.15)))
        dests = self.destinations()
        self.page = min(self.page, max(0, (len(dests) - 1) // self.per_page))
        for k, m in enumerate(dests[self.page * self.per_page : (self.page + 1) * self.per_page]):
            i = self.page * self.per_page + k
            target = self.state.tableau[m.dst.idx]
            if target:
                label = tr(
                    "Column {n}: on {card} · {mark}",
                    n=m.dst.idx + 1,
                    card=card_symbol_text(target[-1]),
                    mark=self.mark(m),
                )
            else:
                label = tr("Column {n}: {mark}", n=m.dst.idx + 1, mark=self.mark(m))
            b = Button(Rect(right, y + k * touch * 1.15, width, touch), label, Pick("destinations", i))
            b.selected = i == self.dest_i
            self.buttons.append(b)
        pages = (len(dests) + self.per_page - 1) // self.per_page
        y_nav = self.box.bottom - touch * 2.5
        if pages > 1:
            self.buttons.append(Button(Rect(right, y_nav, width / 2 - 4, touch * 0.9), "◀ " + tr("Page"), "prev"))
            self.buttons.append(
                Button(Rect(right + width / 2 + 4, y_nav, width / 2 - 4, touch * 0.9), tr("Page") + " ▶", "next")
            )
        y_end = self.box.bottom - touch * 1.3
        self.buttons.append(
            Button(Rect(right, y_end, width / 2 - 4, touch), tr("Confirm"), "confirm", enabled=bool(dests))
        )
        self.buttons.append(Button(Rect(right + width / 2 + 4, y_end, width / 2 - 4, touch), tr("Cancel"), "cancel"))
        self.keys.set(self.controls())

    def controls(self) -> list[Control]:
        """The buttons by keys, in three groups: the run's size, its places (with the pages), the end."""
        groups: dict[Act, str] = {"more": "size", "fewer": "size", "confirm": "end", "cancel": "end"}
        return [button_control(b, groups.get(b.action, "places"), b.selected) for b in self.buttons]

    def enter(self) -> None:
        self.resize(self.app.window_size())

    # -- speech (CM-19) ---------------------------------------------------------------------------

    def choice_words(self) -> str:
        """The run chosen and the place it would go: "jack of spades, 2 cards, to column 5, same suit,
        place 1 of 3"."""
        if not self.sizes:
            return tr("no run here can move")
        head = card_name(self.cards[len(self.cards) - self.size])
        run = ntr("{card}, {n} card", "{card}, {n} cards", self.size, card=head)
        dests = self.destinations()
        m = dests[min(self.dest_i, len(dests) - 1)]
        where = tr("to {place}, {mark}", place=pile_name(m.dst), mark=self.mark(m))
        return listing([run, where, tr("place {i} of {n}", i=min(self.dest_i, len(dests) - 1) + 1, n=len(dests))])

    def spoken(self) -> str:
        how = tr("Up and down choose how many cards, left and right the place; Enter moves them, Esc closes.")
        return said_together([listing([pile_name(self.column), self.choice_words()]), how])

    # -- acting ---------------------------------------------------------------------------------

    def act(self, action: Act) -> None:
        dests = self.destinations()
        if action == "more" and self.size_i < len(self.sizes) - 1:
            self.size_i += 1
            self.dest_i = self.page = 0
        elif action == "fewer" and self.size_i > 0:
            self.size_i -= 1
            self.dest_i = self.page = 0
        elif isinstance(action, Pick):
            self.dest_i = action.index
        elif action == "prev":
            self.page = max(0, self.page - 1)
            self.dest_i = self.page * self.per_page
        elif action == "next":
            self.page = min((len(dests) - 1) // self.per_page, self.page + 1)
            self.dest_i = self.page * self.per_page
        elif action == "confirm" and dests:
            move = dests[min(self.dest_i, len(dests) - 1)]
            self.app.pop(self, quiet=True)  # the move says what it did: the focus line before it is stale
            self.table.play(move)
            return
        elif action == "confirm":  # a column only looked at (SP-11 enlarges it): Enter closes it, saying why
            self.app.pop(self, quiet=True)
            self.table.say(tr("These cards have no place to go right now."))
            return
        elif action == "cancel":
            self.app.pop(self)
            return
        self.resize(self.app.window_size())

    def handle(self, intent: Intent) -> None:
        if is_tab(intent) or (self.keys.shown and isinstance(intent, FocusMove | Activate | Cancel)):
            self.key(intent)
        elif isinstance(intent, Tap):
            self.keys.leave()
            for b in self.buttons:
                if b.hit(intent.pos):
                    self.act(b.action)
                    return
            if not self.box.contains(intent.pos):
                self.act("cancel")
        elif isinstance(intent, FocusMove):
            if intent.dy:
                self.act("more" if intent.dy < 0 else "fewer")
            else:
                n = len(self.destinations())
                if n:
                    self.dest_i = (self.dest_i + intent.dx) % n
                    self.page = self.dest_i // self.per_page
                    self.resize(self.app.window_size())
            self.app.speech.say(self.choice_words())
        elif isinstance(intent, Activate):
            self.act("confirm")
        elif isinstance(intent, (Cancel, LongPress, SecondaryTap)):
            self.act("cancel")

    def key(self, intent: Intent) -> None:
        """The buttons by keys (CM-18): Tab from group to group, the arrows inside one, Enter presses,
        Esc back to choosing by the arrows."""
        self.keys.set(self.controls())  # each button's state now
        step = self.keys.handle(intent)
        here = self.keys.current
        if step is Step.BACK:
            self.keys.leave()
            self.app.speech.say(self.choice_words())
        elif step is Step.PRESSED and here is not None:
            self.act(here.action)
            if self.app.stack.top is self:  # still open: the button's new state
                self.keys.set(self.controls())
                self.app.speech.say(self.keys.words())
        elif step is not None:
            self.app.speech.say(self.keys.words())

    # -- drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        draw_panel(surface, self.box)
        touch = self.table.view.layout.touch
        title = tr("Column {n}", n=self.column.idx + 1)
        if self.sizes:
            title += " · " + ntr("take 1 card", "take {n} cards", self.size)
        text = fonts.fit_text(title, int(touch * 0.5), PANEL_TEXT, self.box.w - touch, bold=True)
        surface.blit(text, (self.box.x + touch * 0.3, self.box.y + touch * 0.3))
        self.draw_column(surface)
        right = self.column_box.right + touch * 0.4
        if not self.sizes:
            note = fonts.fit_text(
                tr("No run of this column can move now."), int(touch * 0.36), PANEL_TEXT, self.box.right - right
            )
            surface.blit(note, (right, self.box.y + touch * 3.1))
        else:
            n = len(self.destinations())
            note = fonts.fit_text(
                ntr("1 place to go", "{n} places to go", n),
                int(touch * 0.34),
                PANEL_TEXT,
                self.box.right - right,
            )
            surface.blit(note, (right, self.box.y + touch * 2.45))
        here = self.keys.current
        for b in self.buttons:
            focused = here is not None and (here.action, here.rect) == (b.action, b.rect)
            draw_button(surface, b, focused=focused, light=True)

    def draw_column(self, surface: pygame.Surface) -> None:
        """The column enlarged: every face-up card's corner readable, the chosen run framed."""
        box = self.column_box
        up = self.cards[self.down :]
        touch = self.table.view.layout.touch
        top = box.y
        if self.down:
            above = ntr("1 face-down card above", "{n} face-down cards above", self.down)
            note = fonts.fit_text(above, int(touch * 0.32), PANEL_TEXT, box.w)
            surface.blit(note, (box.x, top))
            top += touch * 0.55
        if not up:
            return
        readable = 0.24  # each card's step shows its whole corner index, the large print's too (UI-9)
        for _ in range(2):  # the index's share depends on the card's size
            card_w = max(24.0, min(box.w, (box.bottom - top) / (1.4 + readable * 1.4 * max(0, len(up) - 1))))
            readable = max(0.24, min_up_step(card_w))
        card_h = card_w * 1.4
        step = min(card_h * max(0.3, readable), (box.bottom - top - card_h) / max(1, len(up) - 1))
        if self.art is None or self.art.w != round(card_w):
            self.art = CardArt(round(card_w), round(card_h))
        first_taken = len(up) - self.size if self.sizes else len(up)
        for k, c in enumerate(up):
            y = top + k * step
            surface.blit(self.art.face(c), (round(box.x), round(y)))
            if k >= first_taken:
                pygame.draw.rect(
                    surface,
                    HIGHLIGHT,
                    pygame.Rect(
                        round(box.x) - 3,
                        round(y) - 3,
                        round(card_w) + 6,
                        round(step if k < len(up) - 1 else card_h) + 6,
                    ),
                    width=3,
                    border_radius=6,
                )
