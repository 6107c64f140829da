"""The demo (SPEC UI-6): a game plays itself to a win on the table, through the same sprites and
tweens as a player's moves, at a human pace, with a DEMO badge and a caption saying why each move
is made, and a celebration at the end. Any touch, click or key stops it at once and offers *Play
from here*, *Watch on* and *Back* (the kiosk's attract loop goes to a fresh home screen instead).

A demo never touches the player's saved games or settings: it writes nothing.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pygame

from game.core.errors import ParseError
from game.core.i18n import join_sentences, ntr, tr
from game.core.look import look
from game.games.index import game_for
from game.input.intents import Action as ActionIntent
from game.input.intents import Activate, Cancel, DoubleTap, DragStart, FocusMove, Intent, LongPress, SecondaryTap, Tap
from game.platform import give_back_memory
from game.play.demo import KnownLine, LineSearch, Show, caption
from game.play.table import SLICE, Beat
from game.rules.base import DEAL, REDEAL, Event
from game.scenes.panels import Panel, Row
from game.scenes.table import TableScene
from game.session import Session
from game.view import fonts
from game.view.acts import Act
from game.view.widgets import draw_toast

if TYPE_CHECKING:
    from game.scenes.host import SceneHost

CELEBRATION = 3.0  # seconds the win is celebrated before the next game (or the end panel)
BADGE = (196, 40, 48)
STOP = (Tap, DoubleTap, LongPress, SecondaryTap, DragStart, FocusMove, Activate, Cancel, ActionIntent)


def line_search(show: Show) -> LineSearch:
    """The search for a winning line of ``show``, with its game's solver."""
    return LineSearch(show, game_for(show.variant).solver)


class DemoScene(TableScene):
    def __init__(
        self,
        app: SceneHost,
        shows: Iterator[Show],
        speed: float = 1.0,
        cycling: bool = False,
        on_interrupt: Callable[[DemoScene], None] | None = None,
        search: LineSearch | KnownLine | None = None,
    ) -> None:
        self.shows, self.speed, self.cycling = shows, max(0.1, speed), cycling
        self.on_interrupt = on_interrupt
        self.search: LineSearch | KnownLine = search or line_search(next(shows))
        self.step_i = 0
        self.next_at = 0.0
        self.caption = ""
        self.won_at: float | None = None
        self.games_won = 0
        self._ended = False
        self.frames_to_win: int | None = None
        first = self.search.current
        if first is None:
            raise ParseError(
                tr("{game} has no proved-winnable deals to show.", game=game_for(self.search.show.variant).title())
            )
        super().__init__(app, Session(first))
        self._first_frame = app.frames
        self.view.sprites.speed = app.settings.speed * max(1.0, self.speed) if app.settings.speed else 0.0

    # -- what a demo never does -------------------------------------------------------------------

    def write_save(self, session: Session) -> None:
        """A demo never touches the player's saved games."""

    def sound_on(self) -> bool:
        """A demo is silent unless a kiosk's configuration asks for its sounds (UI-8)."""
        kiosk = self.app.kiosk
        return kiosk is not None and kiosk.demo_sounds

    def keep_game(self, session: Session, result: str, then: Beat) -> None:
        """Nor the records: a demo never counts."""

    def toolbar_actions(self) -> list[tuple[str, str]]:
        return []  # the toolbar carries the caption instead of buttons

    def announce_end(self) -> None:
        """No result panel: the win is celebrated on the table (see update)."""

    def frame_key(self) -> object:
        return self.app.frames  # a demo is always moving

    # -- playing the line ----------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        """Won and celebrated (or no line could be found), and not cycling on to another game."""
        over = self.search.failed or (self.won_at is not None and self.table.now - self.won_at >= CELEBRATION)
        return over and not self.cycling

    def start_show(self, show: Show) -> None:
        self.search.cancel()
        self.search = line_search(show)
        self.step_i, self.won_at, self.caption, self._ended = 0, None, "", False
        self._first_frame = self.app.frames
        if self.search.current is not None:
            self.new_deal(Session(self.search.current))

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.app.stack.top is not self:
            return  # paused under the interruption panel
        if self.search.failed:
            if self.cycling:  # no line for this game: on to the next
                self.start_show(next(self.shows))
        elif self.search.line is None:
            self._find_line()
        elif self.session.won:
            self._celebrate()
        elif self.settled() and self.table.now >= self.next_at:
            self._play_next()

    def _find_line(self) -> None:
        shown = self.session.deal_id
        if not self.search.advance(SLICE * 2):
            return
        # The search's positions are garbage now; a full collection (it empties the free lists that
        # pin the heap's arenas) hands them back to the system: a kiosk cycles the demo for days.
        give_back_memory()
        line = self.search.line
        if line is None:
            return  # every deal tried failed: update moves on (or says so)
        if line.deal != shown:
            self.new_deal(Session(line.deal))
        self.table.memory.lines.add(self.session.history.start, line.moves)  # the hint and the verdict know it
        self.next_at = self.table.now + 0.6 / self.speed

    def _play_next(self) -> None:
        line = self.search.line
        assert line is not None
        if self.step_i >= len(line.moves):
            return  # auto-collect finishes what the line left
        move = line.moves[self.step_i]
        before = self.session.state
        stagger = 0.05 if move.kind in (DEAL, REDEAL) else 0.0
        if not self.table.play(move, stagger):  # cannot happen with a replayed line; never loop on it
            self.search.failed = True
            return
        self.step_i += 1
        self.caption = caption(self.game.rules, before, move, self.last_events())
        self.next_at = self.table.now + 1.0 / self.speed

    def last_events(self) -> list[Event]:
        return self.table.last_events

    def _celebrate(self) -> None:
        if self.finished and not self._ended:
            self._ended = True
            self.app.push(DemoEndPanel(self.app, self))
        if self.won_at is None:
            self.won_at = self.table.now
            self.games_won += 1
            self.frames_to_win = self.app.frames - self._first_frame
            self.caption = ntr("Won in 1 move!", "Won in {n} moves!", self.session.moves)
        elif self.cycling and self.table.now - self.won_at >= CELEBRATION:
            self.start_show(next(self.shows))

    # -- interruption ------------------------------------------------------------------------------

    def handle(self, intent: Intent) -> None:
        """Any touch, click or key stops the demo at once (UI-6)."""
        if isinstance(intent, STOP):
            if self.on_interrupt is not None:
                self.on_interrupt(self)
            else:
                self.app.push(DemoPausedPanel(self.app, self))

    def play_from_here(self) -> None:
        """The position becomes the player's own game, the demo's moves in its undo history and its
        clock the demo's time so far (the moves took that long: a taken-over scoring game earns
        no time bonus for seconds it never had, KL-10). A game in progress of the same variant is
        replaced only after a question naming the moves lost (CM-16); answering no leaves the demo
        paused under its panel."""
        session = self.session

        def take() -> None:
            session.log.counts = False  # the demo played part of it: it never counts (CM-9)
            table = self.app.open_game(session)
            table.table.share_memory(self.table)  # the demo's line: the hint and the verdict follow it
            table.table.changed = True
            table.table.save()

        saved = self.app.saved_game(session.deal_id.variant)
        self.app.replacing(saved, tr("Play this game from here?"), tr("Play from here"), take)

    # -- drawing ---------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        self.damage = None  # captions and the celebration change as they please: present it all
        layout = self.view.layout
        touch = layout.touch
        badge = fonts.text(tr("DEMO"), int(touch * 0.36), (255, 255, 255), True)
        bar = layout.toolbar  # the demo's toolbar has no buttons: the badge sits at its left, clear of the cards
        box = badge.get_rect(midleft=(round(touch * 0.4), round(bar.y + bar.h / 2)))
        pygame.draw.rect(surface, BADGE, box.inflate(touch * 0.4, touch * 0.16), border_radius=8)
        surface.blit(badge, box)
        text = self.status_line()
        if text:
            y = layout.toolbar.y + layout.toolbar.h / 2 + touch * 0.25
            draw_toast(surface, text, y, int(touch * 0.42))
        if self.won_at is not None:
            self._draw_celebration(surface, self.table.now - self.won_at)

    def status_line(self) -> str:
        """The line under the badge: the search under way, or why the last move was made. Not the
        win: the celebration's banner says it, and once is enough."""
        if self.search.line is None and not self.search.failed:
            tried = self.search.tried
            looking = ntr(
                "Looking for a winning line: 1 deal tried.", "Looking for a winning line: {n} deals tried.", tried
            )
            return join_sentences(tr("Computing…"), looking)
        if self.search.failed:
            return tr("No winning line was found in time.")
        return "" if self.won_at is not None else self.caption

    def _draw_celebration(self, surface: pygame.Surface, t: float) -> None:
        w, h = surface.get_size()
        touch = self.view.layout.touch
        for k in range(0 if look().reduced_motion else 24):  # suit marks rising and swaying, gold
            x = (k * 97) % w + math.sin(t * 2 + k) * touch * 0.4
            y = h - ((t * (120 + k * 9) + k * 53) % (h + 40))
            mark = fonts.text("♠♥♦♣"[k % 4], int(touch * (0.4 + (k % 3) * 0.15)), (255, 214, 64), True)
            surface.blit(mark, mark.get_rect(center=(round(x), round(y))))
        banner = fonts.fit_text(self.caption, int(touch * 0.9), (255, 255, 255), w * 0.8, bold=True)
        r = banner.get_rect(center=(w // 2, h // 2))
        pygame.draw.rect(surface, (20, 60, 40), r.inflate(touch, touch * 0.5), border_radius=16)
        surface.blit(banner, r)


class DemoPausedPanel(Panel):
    """The demo stopped at a touch: take the position over, watch on, or go back (UI-6)."""

    opened_by_the_game = True

    cancel_action = "watch"

    def __init__(self, app: SceneHost, demo: DemoScene) -> None:
        super().__init__(app, demo)
        self.demo = demo

    def title(self) -> str:
        return tr("Demo paused")

    def lines(self) -> list[str]:
        s = self.demo.session
        return [
            ntr(
                "{game}, deal {number}: 1 move so far.",
                "{game}, deal {number}: {n} moves so far.",
                s.moves,
                game=self.demo.game.title(),
                number=s.deal_id.number,
            )
        ]

    def rows(self) -> list[Row]:
        s = self.demo.session
        if s.won or s.over:  # nothing left to play: the demo's game has ended
            return [("", [("watch", tr("Watch on")), ("back", tr("Back"))])]
        return [("", [("play", tr("Play from here")), ("watch", tr("Watch on")), ("back", tr("Back"))])]

    def act(self, action: Act) -> None:
        if action == "watch":
            self.app.pop(self)
        elif action == "play":  # the panel stays under a question: "Cancel" comes back to it
            self.demo.play_from_here()
        elif action == "back":
            self.app.go_home(self.demo.session.deal_id.variant)
        else:
            super().act(action)


class DemoEndPanel(Panel):
    """The demo has won: watch another deal of this game, or go back."""

    opened_by_the_game = True

    cancel_action = "back"

    def __init__(self, app: SceneHost, demo: DemoScene) -> None:
        super().__init__(app, demo)
        self.demo = demo

    def title(self) -> str:
        return self.demo.caption

    def lines(self) -> list[str]:
        return [self.demo.game.deal_text(self.demo.session.deal_id)]

    def rows(self) -> list[Row]:
        return [("", [("again", tr("Watch another deal")), ("back", tr("Back"))])]

    def act(self, action: Act) -> None:
        if action == "again":
            self.app.pop(self)
            self.demo.start_show(Show(self.demo.search.show.variant, self.demo.search.show.options))
        elif action == "back":
            self.app.go_home(self.demo.session.deal_id.variant)
        else:
            super().act(action)


def run_headless(app: SceneHost, demo: DemoScene, max_frames: int = 200_000, dt: float = 1 / 60) -> bool:
    """Run the demo on simulated time as fast as the CPU allows (the same fixed steps and the same
    animations, no sleeping) until it has won and celebrated; True if it won."""
    for _ in range(max_frames):
        app.step(dt)
        if demo.finished:
            break
    return demo.won_at is not None
