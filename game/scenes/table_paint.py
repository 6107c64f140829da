"""Painting a table scene: the felt and cards, the marks (selection, hint, drop target, keyboard
focus), the bars, the cards in hand over everything, and the message; then which parts of the
window this frame changed (UI-7: a frame where only cards moved presents just their places)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.play.status import table_status
from game.rules.base import PileContents
from game.scenes.table_verdict import ACTIONS as VERDICT_ACTIONS
from game.scenes.table_verdict import draw_computing
from game.scenes.toolbar import show_toggles
from game.view import marks
from game.view.damage import Damage, moving_bounds
from game.view.hud import draw_status_bar, draw_toolbar
from game.view.layout import Rect, TableLayout
from game.view.widgets import draw_toast, toast_box

if TYPE_CHECKING:
    from game.scenes.table import TableScene

TICK = 1 / 120  # the app's fixed step: ``alpha`` is a fraction of it
FADE = 0.4  # seconds a message takes to fade out
MARGIN = 6  # px between a hint's message moved to the top of the table and the status bar


class TablePaint:
    """The table scene's drawing, a part that owns what a frame leaves for the next: which parts of
    the window changed (``repaint``, UI-7) and where the deal ID was drawn (``deal_rect``: a tap
    there copies it)."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.repaint = Damage()
        self.deal_rect = Rect(0, 0, 0, 0)

    def hud(self, surface: pygame.Surface) -> None:
        """The status bar, the toolbar (its buttons as they are now) and "Computing…"."""
        scene = self.scene
        layout = scene.view.layout
        self.deal_rect = draw_status_bar(surface, layout.top_bar, *table_status(scene.table))
        for b in scene.buttons:
            b.enabled = scene.button_enabled(b.action)
            b.alert = b.action in VERDICT_ACTIONS
        draw_toolbar(surface, layout.toolbar, scene.buttons, scene.bar.focused())
        draw_computing(scene, surface)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        scene = self.scene
        table, view, drag = scene.table, scene.view, scene.dragging.current
        now = table.now + alpha * TICK
        view.draw_table(surface, now, drag.sprites if drag else [])
        selected = scene.interaction.selected
        if selected is not None:
            targets = [scene.interaction.target_of(m) for m in selected.targets]
            marks.draw_selection(surface, view, selected.pile, selected.index, targets)
        framed: list[Rect] = []  # what the hint frames: its message is placed clear of it
        playable: list[Rect] = []  # and clear of every card the player could play, where it can be
        exposed: list[Rect] = []  # and of the open cards
        if table.hint is not None:
            contents = scene.session.rules.piles(scene.state)
            playable, exposed = in_reach(scene, contents)
            if table.hint.move is not None:
                hinted = marks.move_hint_frames(view, contents, table.hint.move)
                framed = [box.grown(marks.hint_width(view)) for box in hinted]
                marks.draw_move_hint(surface, view, contents, table.hint.move)
        if drag is not None and drag.target is not None and drag.target_legal:
            marks.draw_target(surface, view, drag.target)
        if scene.cards.shown and scene.cards.at is not None:
            marks.draw_focus(surface, view, *scene.cards.at)
        show_toggles(scene.buttons, scene.app)  # CM-17: Sound (on or off) as it is now, whoever changed it
        self.hud(surface)
        if drag is not None:  # over the bars too: the cards in hand are on top of all
            in_hand = [(sprite.card, sprite.face_up) for sprite in drag.sprites]
            marks.draw_dragged(surface, view, in_hand, drag.pos, drag.fan_step)
        fade = min(1.0, (table.toast[1] - table.now) / FADE) if table.toast else 1.0
        message_bottom, message_size = view.layout.message_bottom, int(view.layout.touch * 0.42)
        if table.hint is not None:
            bottom = clear_of(
                framed, view.layout, surface.get_width(), table.hint.text, message_size, playable, exposed
            )
            draw_toast(surface, table.hint.text, bottom, message_size)
        elif table.toast is not None:
            draw_toast(surface, table.toast[0], message_bottom, message_size, fade)
        scene.damage = self.repaint.frame(
            still(scene, surface, fade), moving_bounds(view, drag, now), surface.get_size()
        )


def in_reach(scene: TableScene, contents: PileContents) -> tuple[list[Rect], list[Rect]]:
    """What a message should leave in sight, first to last: every legal move's cards and places
    (the stock among them); then the face-up card on top of every pile not blocked, which the
    next moves may play (issue 36's second review: a "turn the stock" hint sat over a row of open
    cards)."""
    view = scene.view
    playable = [box for move in scene.session.legal for box in marks.move_hint_frames(view, contents, move)]
    exposed: list[Rect] = []
    for pile, (cards, down) in contents.items():
        if len(cards) > down and pile not in view.dimmed:
            exposed += marks.hint_frames(view, pile, len(cards) - 1, None)
    return playable, exposed


def clear_of(
    framed: list[Rect],
    layout: TableLayout,
    width: int,
    message: str,
    size: int,
    playable: Sequence[Rect] = (),
    exposed: Sequence[Rect] = (),
) -> float:
    """Where a hint's message goes (its bottom): the place that covers least of what the hint
    frames, then of what the player could play now (``playable``: every legal move's cards and
    places, the stock among them), then of the open cards (``exposed``), and of those the nearest
    to its usual place (above the toolbar, or above a row that must stay in sight) — up the table to
    under the status bar or down to just above the toolbar. A place clear of a box, if there is
    one, is found just above or just below it (issue 36 item 16: at 1280x800 a hint sat over the
    bottom of a row of open cards)."""
    usual = layout.message_bottom
    box = toast_box(width, message, usual, size)
    highest = min(usual, layout.top_bar.bottom + MARGIN + box.h)
    lowest = max(usual, layout.toolbar.y - MARGIN)
    boxes = [*framed, *playable, *exposed]
    edges = [r.y - 1 for r in boxes] + [r.bottom + box.h + 1 for r in boxes]
    ups = sorted((e for e in edges if highest < e < usual), reverse=True)
    downs = sorted(e for e in edges if usual < e < lowest)
    places = [usual, *ups, highest, *downs, lowest]

    def covered(bottom: float, among: Sequence[Rect]) -> float:
        pill = Rect(box.x, bottom - box.h, box.w, box.h)
        return sum(pill.overlap(r) for r in among)

    return min(
        places,
        key=lambda b: (covered(b, framed), covered(b, playable), covered(b, exposed), abs(b - usual)),
    )


def still(scene: TableScene, surface: pygame.Surface, fade: float) -> object:
    """Everything a frame shows apart from the cards in motion: when it is the last frame's, only
    the moving cards' places are presented."""
    drag = scene.dragging.current
    drop = (drag.target, drag.target_legal) if drag is not None else None
    enabled = [(button.enabled, button.on) for button in scene.buttons]
    return (scene.still_key(), scene.view.layer_key(), round(fade, 2), drop, enabled, surface.get_size())
