"""Spider's table (SPEC SP-6 ... SP-20) on top of the generic one: the segment panel for long
columns (SP-11), the deal badge, the dense marks of long columns (SP-12) and the announcement of a
completed suit (SP-7). The honest verdict (SP-16) is every game's (CM-21: scenes/table_verdict.py).
Taps, the stock and the hint are the game's record's (``game/games/spider/record.py``)."""

from __future__ import annotations

import pygame

from game.core.cards import SUIT
from game.core.i18n import tr
from game.games.spider.record import suit_name
from game.games.spider.rules import SpiderState
from game.rules.base import Event, SuitCompleted
from game.rules.pile import STOCK_PILE, TABLEAUS, Pile
from game.scenes.table import TableScene
from game.view import fonts

FLIGHT_STAGGER = 0.04  # seconds between the cards of a completed suit setting off (SP-7)


class SpiderScene(TableScene):
    @property
    def spider(self) -> SpiderState:
        state: SpiderState = self.session.state
        return state

    def open_panel(self, pile: Pile, index: int = -1) -> None:
        from game.scenes.segment import SegmentPanel

        self.table.clear_marks()
        self.app.push(SegmentPanel(self.app, self, pile, index))

    def changed(self, events: list[Event], stagger: float) -> None:
        if any(isinstance(e, SuitCompleted) and not e.undone for e in events):
            stagger = max(stagger, FLIGHT_STAGGER)  # the ace leaves first, the king last: it lands on top
        super().changed(events, stagger)
        for e in events:
            if isinstance(e, SuitCompleted) and not e.undone:  # SP-7: the flight, and its announcement
                n = len(self.spider.completed)
                self.say(tr("Completed: {suit} ({n}/8)", suit=suit_name(SUIT[e.cards[0]]), n=n))

    # -- drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        self.draw_deal_badge(surface)
        self.draw_column_numbers(surface)
        self.draw_dense_marks(surface)

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
