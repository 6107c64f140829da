"""Spider's table (SPEC SP-6 ... SP-20): tap to move with a fixed priority, drag to place on
purpose, the segment panel for long columns, the deal control, completed suits and the status bar."""

from __future__ import annotations

import pygame

from game.core.cards import SUIT, SUIT_SYMBOLS
from game.core.i18n import tr
from game.input.intents import DEAL, DoubleTap, Intent
from game.rules.base import (
    DEAL_MOVE,
    FOUNDATIONS,
    MOVE,
    STOCK_PILE,
    TABLEAU,
    TABLEAUS,
    Event,
    Move,
    Pile,
    SuitCompleted,
)
from game.rules.piles import same_suit_run_start
from game.rules.spider import SpiderState
from game.scenes.table import SLICE, TableScene
from game.solver.engine import Status
from game.solver.tasks import SolverTask
from game.view import fonts
from game.view.layout import DOWN, Rect, Slot, TableSpec
from game.view.table_view import EMPTY_MARK, PileContents
from game.view.widgets import Button, draw_button

RUN_RULE = "Only a run of one suit moves together: these cards are mixed."


def suit_name(suit: int) -> str:
    return tr({0: "Spades", 1: "Hearts", 2: "Diamonds", 3: "Clubs"}[suit])


class SpiderScene(TableScene):
    def heading(self) -> str:
        return tr("Spider · {n} suits", n=self.state.suits) if self.state.suits > 1 else tr("Spider · 1 suit")

    def table_spec(self) -> TableSpec:
        top = (Slot(STOCK_PILE), Slot(None), *(Slot(FOUNDATIONS[i]) for i in range(8)))
        return TableSpec((top, tuple(Slot(TABLEAUS[i], DOWN) for i in range(10))), fan_room=3.2)

    def pile_contents(self) -> PileContents:
        s: SpiderState = self.state
        out: PileContents = {STOCK_PILE: (s.stock, len(s.stock))}
        for i in range(8):
            if i < len(s.completed):
                suit = s.completed[i]
                out[FOUNDATIONS[i]] = (tuple(range(suit * 13, suit * 13 + 13)), 0)  # the king on top
            else:
                out[FOUNDATIONS[i]] = ((), 0)
        for i, col in enumerate(s.tableau):
            out[TABLEAUS[i]] = (col, s.down[i])
        return out

    def pile_labels(self) -> dict[Pile, str]:
        labels: dict[Pile, str] = {f: "K" for f in FOUNDATIONS[:8]}
        if not self.state.stock:
            labels[STOCK_PILE] = EMPTY_MARK
        return labels

    def status(self) -> list[str]:
        """SP-20: deals left, completed N/8 with the count per suit, face-down cards."""
        s: SpiderState = self.state
        per_suit = " ".join(f"{SUIT_SYMBOLS[x]}{s.completed.count(x)}" for x in sorted(set(self.suits_in_play())))
        return [
            tr("Deals {n}", n=s.deals_left),
            tr("Completed {n}/8", n=len(s.completed)) + f" ({per_suit})",
            tr("Face down {n}", n=sum(s.down)),
        ]

    def suits_in_play(self) -> tuple[int, ...]:
        return {1: (0,), 2: (0, 1), 4: (0, 1, 2, 3)}[self.state.suits]

    # -- lifting and the tap rule ----------------------------------------------------------------

    def lift_problem(self, pile: Pile, index: int) -> str | None:
        if pile == STOCK_PILE:
            return tr("Tap the stock to deal a card onto every column.")
        if pile.kind != TABLEAU:
            return tr("Completed suits stay where they are.")
        cards, down = self.pile_contents()[pile]
        if index < down:
            return tr("Face-down cards cannot move.")
        if index < same_suit_run_start(cards, down):
            return tr(RUN_RULE)
        return None

    def tap_pile(self, pile: Pile, index: int) -> bool:
        """SP-9: a tap moves at once, no selection; the stock deals (SP-6)."""
        self.clear_marks()
        if pile == STOCK_PILE:
            self.deal()
            return True
        if pile.kind != TABLEAU or index < 0:
            return pile.kind != TABLEAU
        problem = self.lift_problem(pile, index)
        if problem:
            self.say(problem)
            return True
        move = self.tap_destination(pile, index)
        if move is None:
            self.say(tr("These cards have no place to go right now."))
        else:
            self.play(move)
        return True

    def tap_destination(self, pile: Pile, index: int) -> Move | None:
        """SP-9's fixed order: (1) where the run completes a suit at once, (2) on the same suit one
        rank higher, (3) on another non-empty column, (4) an empty column; ties to the lowest
        column number."""
        moves = self.moves_from(pile, index)
        if not moves:
            return None
        return min(moves, key=lambda m: (self.tap_rank(m), m.dst.idx))

    def tap_rank(self, m: Move) -> int:
        s: SpiderState = self.state
        target = s.tableau[m.dst.idx]
        if not target:
            return 4
        if len(self.session.rules.play(s, m).completed) > len(s.completed):
            return 1
        head = s.tableau[m.src.idx][-m.size]
        return 2 if SUIT[target[-1]] == SUIT[head] else 3

    def deal(self) -> None:
        self.play(DEAL_MOVE, stagger=0.05)

    # -- the segment panel (SP-11) -------------------------------------------------------------

    def long_press(self, pos: tuple[float, float]) -> None:
        hit = self.view.hit(pos)
        if hit is not None and hit[0].kind == TABLEAU:
            self.open_segment_panel(hit[0])
        else:
            self.tap(pos)

    def open_segment_panel(self, column: Pile) -> None:
        from game.scenes.segment import SegmentPanel

        self.clear_marks()
        self.app.push(SegmentPanel(self.app, self, column))

    def activate(self) -> None:
        """SP-19: Enter or Space on a focused column opens its segment panel."""
        if self.focus is not None and self.focus[0].kind == TABLEAU:
            self.open_segment_panel(self.focus[0])
        else:
            super().activate()

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, DoubleTap):  # a quick second tap is a second move, not a double-click
            self.show_focus = False
            self.tap(intent.pos)
            return
        super().handle(intent)

    def action(self, name: str) -> None:
        if name == DEAL:
            self.deal()
        else:
            super().action(name)

    # -- hints (SP-15) --------------------------------------------------------------------------

    def find_hint(self) -> tuple[Move | None, str]:
        """SP-15, from what the player can see: turn up a card, empty a column, complete a suit,
        join a loose run onto a longer run of its suit. Stacking on another suit is not progress."""
        s: SpiderState = self.state
        rules = self.session.rules
        moves = [m for m in rules.legal_moves(s) if m.kind == MOVE]

        def whole_run(m: Move) -> bool:
            col = s.tableau[m.src.idx]
            return len(col) - m.size == same_suit_run_start(col, s.down[m.src.idx])

        def same_suit(m: Move) -> bool:
            target = s.tableau[m.dst.idx]
            return bool(target) and SUIT[target[-1]] == SUIT[s.tableau[m.src.idx][-m.size]]

        turns_up = [m for m in moves if s.down[m.src.idx] and len(s.tableau[m.src.idx]) - m.size == s.down[m.src.idx]]
        if turns_up:
            return min(turns_up, key=lambda m: (not same_suit(m), not s.tableau[m.dst.idx])), tr(
                "This turns up a face-down card."
            )
        empties = [
            m for m in moves if s.down[m.src.idx] == 0 and m.size == len(s.tableau[m.src.idx]) and s.tableau[m.dst.idx]
        ]
        if empties:
            return min(empties, key=lambda m: not same_suit(m)), tr("This empties a column.")
        for m in moves:
            if len(rules.play(s, m).completed) > len(s.completed):
                return m, tr("This completes a suit.")
        for m in moves:
            if whole_run(m) and same_suit(m):
                target = s.tableau[m.dst.idx]
                if len(target) - same_suit_run_start(target, s.down[m.dst.idx]) > m.size:
                    return m, tr("This joins a run onto a longer run of its suit.")
        if s.stock:
            if all(s.tableau):
                return DEAL_MOVE, tr("No move makes progress: deal from the stock.")
            return None, tr("No move makes progress: fill the empty column, then deal.")
        return None, tr("No move makes progress: undo a few moves and try another way.")

    # -- after a move ---------------------------------------------------------------------------

    # -- the honest verdict (SP-16) ----------------------------------------------------------

    verdict_job: SolverTask | None = None
    hopeless = False  # a search proved that no win exists from here

    def all_known(self) -> bool:
        """No face-down card and no stock: the only time a verdict may be given (it never peeks)."""
        s: SpiderState = self.state
        return not s.stock and not any(s.down)

    def start_verdict(self) -> None:
        if self.verdict_job is not None:
            self.verdict_job.cancel()
        self.verdict_job = None
        self.hopeless = False
        if self.all_known() and not self.session.won:
            self.verdict_job = SolverTask("spider", self.state, max_nodes=150_000, complete=True)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.verdict_job is not None and self.verdict_job.advance(SLICE):
            self.hopeless = self.verdict_job.result().status is Status.UNSOLVABLE  # a budget spent says nothing
            self.verdict_job = None

    def verdict_buttons(self) -> list[Button]:
        if not self.hopeless:
            return []
        layout = self.view.layout
        touch = layout.touch
        y = layout.top_bar.bottom + 6
        w = touch * 3.2
        right = layout.size[0] - 10
        return [
            Button(Rect(right - 2 * w - 8, y, w, touch * 0.9), tr("Restart this deal"), "restart"),
            Button(Rect(right - w, y, w, touch * 0.9), tr("New deal"), "new_deal"),
        ]

    def tap(self, pos: tuple[float, float]) -> None:
        for b in self.verdict_buttons():
            if b.hit(pos):
                self.action(b.action)
                return
        super().tap(pos)

    def position_changed(self) -> None:
        super().position_changed()
        self.start_verdict()

    def after_change(self, events: list[Event], stagger: float = 0.0) -> None:
        super().after_change(events, stagger)
        for e in events:
            if isinstance(e, SuitCompleted) and not e.undone:  # SP-7: the flight, and its announcement
                self.say(tr("Completed: {suit} ({n}/8)", suit=suit_name(SUIT[e.cards[0]]), n=len(self.state.completed)))

    def result_lines(self) -> list[str]:
        """SP-18: the completed suits, by suit."""
        s: SpiderState = self.state
        parts = [f"{suit_name(x)} {s.completed.count(x)}" for x in self.suits_in_play()]
        return [tr("Completed suits: {list}", list=", ".join(parts))]

    # -- drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        self.draw_deal_badge(surface)
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
            bar = pygame.Rect(0, round(layout.top_bar.bottom), layout.size[0], round(layout.touch * 0.9 + 12))
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
        left = self.state.deals_left
        size = int(r.w * 0.28)
        if left:
            badge = pygame.Rect(0, 0, size, size)
            badge.center = (round(r.right - size * 0.3), round(r.y + size * 0.3))
            pygame.draw.ellipse(surface, (214, 170, 60), badge)
            text = fonts.text(str(left), int(size * 0.7), (20, 20, 20), True)
            surface.blit(text, text.get_rect(center=badge.center))
        else:
            text = fonts.fit_text(tr("No cards left"), int(r.h * 0.12), (200, 210, 205), r.w * 0.95)
            surface.blit(text, text.get_rect(midtop=(round(r.center[0]), round(r.bottom + 4))))

    def draw_dense_marks(self, surface: pygame.Surface) -> None:
        """SP-12: a column squeezed to the readable minimum shows a dense mark above it."""
        layout = self.view.layout
        for i, col in enumerate(self.state.tableau):
            down = self.state.down[i]
            _, _, dense = layout.fan_steps(TABLEAUS[i], down, len(col) - down)
            if dense:
                r = layout.piles[TABLEAUS[i]]
                mark = fonts.fit_text(tr("dense ≡"), int(r.w * 0.16), (255, 214, 64), r.w)
                box = mark.get_rect(midbottom=(round(r.center[0]), round(r.y - 2)))
                pygame.draw.rect(surface, (20, 30, 25), box.inflate(6, 2), border_radius=4)
                surface.blit(mark, box)
