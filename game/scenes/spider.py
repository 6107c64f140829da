"""Spider's table (SPEC SP-6 ... SP-20) on top of the generic one: the segment panel for long
columns (SP-11), the honest verdict once every card is known (SP-16), the deal badge, the dense
marks of long columns (SP-12) and the announcement of a completed suit (SP-7). Taps, the stock
and the hint are the game's record's (``game/games/spider.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.cards import SUIT
from game.core.i18n import tr
from game.games.spider import suit_name
from game.hints.spider import Verdict, verdict
from game.input.intents import Command
from game.play.table import SLICE
from game.rules.base import Event, SuitCompleted
from game.rules.pile import STOCK_PILE, TABLEAUS, Pile
from game.rules.spider import SpiderState
from game.scenes.table import TableScene
from game.view import fonts
from game.view.layout import Rect
from game.view.widgets import Button, draw_button

if TYPE_CHECKING:
    from game.scenes.host import SceneHost
    from game.session import Session


FLIGHT_STAGGER = 0.04  # seconds between the cards of a completed suit setting off (SP-7)


class SpiderScene(TableScene):
    def __init__(self, app: SceneHost, session: Session) -> None:
        self.verdict_job: Verdict | None = None
        self.hopeless = False  # a search proved that no win exists from here
        super().__init__(app, session)
        self.start_verdict()

    @property
    def spider(self) -> SpiderState:
        state: SpiderState = self.session.state
        return state

    def open_panel(self, pile: Pile) -> None:
        from game.scenes.segment import SegmentPanel

        self.table.clear_marks()
        self.app.push(SegmentPanel(self.app, self, pile))

    # -- the honest verdict (SP-16) -------------------------------------------------------------

    def start_verdict(self) -> None:
        if self.verdict_job is not None:
            self.verdict_job.cancel()
        self.hopeless = False
        self.verdict_job = verdict(self.spider)

    def changed(self, events: list[Event], stagger: float) -> None:
        if any(isinstance(e, SuitCompleted) and not e.undone for e in events):
            stagger = max(stagger, FLIGHT_STAGGER)  # the ace leaves first, the king last: it lands on top
        super().changed(events, stagger)
        self.start_verdict()
        for e in events:
            if isinstance(e, SuitCompleted) and not e.undone:  # SP-7: the flight, and its announcement
                n = len(self.spider.completed)
                self.say(tr("Completed: {suit} ({n}/8)", suit=suit_name(SUIT[e.cards[0]]), n=n))

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.verdict_job is not None and self.verdict_job.advance(SLICE):
            self.hopeless = self.verdict_job.hopeless
            self.verdict_job = None

    def verdict_buttons(self) -> list[Button]:
        if not self.hopeless:
            return []
        layout = self.view.layout
        touch = layout.touch
        y = layout.toolbar.y - touch * 0.9 - 6  # above the toolbar: never over the stock or the suits
        w = touch * 3.2
        right = layout.size[0] - 10
        return [
            Button(Rect(right - 2 * w - 8, y, w, touch * 0.9), tr("Restart this deal"), Command.RESTART),
            Button(Rect(right - w, y, w, touch * 0.9), tr("New deal"), Command.NEW_DEAL),
        ]

    def tap(self, pos: tuple[float, float]) -> None:
        for b in self.verdict_buttons():
            if b.hit(pos):
                self.action(b.action)
                return
        super().tap(pos)

    def still_key(self) -> object:
        return (super().still_key(), self.hopeless, self.verdict_job is not None)

    # -- drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        self.draw_deal_badge(surface)
        self.draw_column_numbers(surface)
        self.draw_dense_marks(surface)
        self.draw_verdict(surface)

    def draw_verdict(self, surface: pygame.Surface) -> None:
        """SP-16: "Computing…" while the search runs; the bar only once a loss is proved."""
        layout = self.view.layout
        if self.verdict_job is not None:
            text = fonts.text(tr("Computing…"), int(layout.touch * 0.34), (220, 230, 225))
            surface.blit(text, (10, layout.top_bar.bottom + 6))
        buttons = self.verdict_buttons()
        if buttons:
            height = round(layout.touch * 0.9 + 12)
            bar = pygame.Rect(0, round(layout.toolbar.y) - height, layout.size[0], height)
            pygame.draw.rect(surface, (120, 40, 40), bar)
            text = fonts.fit_text(
                tr("This deal cannot be finished from here."),
                int(layout.touch * 0.38),
                (255, 240, 235),
                layout.size[0] * 0.5,
                bold=True,
            )
            surface.blit(text, text.get_rect(midleft=(12, bar.centery)))
            for b in buttons:
                draw_button(surface, b)

    def draw_deal_badge(self, surface: pygame.Surface) -> None:
        """SP-6: the deals left on the stock; when none are left, say so."""
        r = self.view.layout.piles[STOCK_PILE]
        left = self.spider.deals_left
        size = max(18, int(r.w * 0.28))
        if left:
            badge = pygame.Rect(0, 0, size, size)
            badge.center = (round(r.right - size * 0.3), round(r.y + size * 0.3))
            pygame.draw.ellipse(surface, (214, 170, 60), badge)
            text = fonts.text(str(left), int(size * 0.7), (20, 20, 20), True)
            surface.blit(text, text.get_rect(center=badge.center))
        else:
            text = fonts.fit_text(tr("No cards left"), int(r.h * 0.12), (200, 210, 205), r.w * 1.5)
            surface.blit(text, text.get_rect(midtop=(round(r.center[0]), round(r.bottom + 4))))

    def draw_column_numbers(self, surface: pygame.Surface) -> None:
        """The columns' numbers, small, in the gap above them: the segment panel names its
        destinations by them (SP-11). Left out where the gap is too narrow to read them."""
        layout = self.view.layout
        first = layout.piles[TABLEAUS[0]]
        size = int((first.y - layout.piles[STOCK_PILE].bottom) * 0.62)
        if size < fonts.SMALLEST:
            return
        for i in range(10):
            r = layout.piles[TABLEAUS[i]]
            number = fonts.text(str(i + 1), size, (190, 215, 200))
            surface.blit(number, number.get_rect(bottomleft=(round(r.x + 2), round(r.y + size * 0.15))))

    def draw_dense_marks(self, surface: pygame.Surface) -> None:
        """SP-12: a column squeezed to the readable minimum shows a dense mark above it."""
        layout = self.view.layout
        s = self.spider
        for i, col in enumerate(s.tableau):
            down = s.down[i]
            _, _, dense = layout.fan_steps(TABLEAUS[i], down, len(col) - down)
            if dense:
                r = layout.piles[TABLEAUS[i]]
                mark = fonts.fit_text(tr("dense ≡"), int(r.w * 0.16), (255, 214, 64), r.w * 1.1)
                box = mark.get_rect(midbottom=(round(r.center[0]), round(r.y - 2)))
                pygame.draw.rect(surface, (20, 30, 25), box.inflate(6, 2), border_radius=4)
                surface.blit(mark, box)
