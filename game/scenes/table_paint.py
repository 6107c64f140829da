"""Painting a table scene: the felt and cards, the marks (selection, hint, drop target, keyboard
focus), the bars, the cards in hand over everything, and the message; then which parts of the
window this frame changed (UI-7: a frame where only cards moved presents just their places)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.scenes.toolbar import show_toggles
from game.view import marks
from game.view.damage import moving_bounds
from game.view.layout import Rect, TableLayout
from game.view.widgets import draw_toast, toast_box

if TYPE_CHECKING:
    from game.scenes.table import TableScene

TICK = 1 / 120  # the app's fixed step: ``alpha`` is a fraction of it
FADE = 0.4  # seconds a message takes to fade out
MARGIN = 6  # px between a hint's message moved to the top of the table and the status bar


def paint(scene: TableScene, surface: pygame.Surface, alpha: float) -> None:
    table, view, drag = scene.table, scene.view, scene.drag
    now = table.now + alpha * TICK
    view.draw_table(surface, now, drag.sprites if drag else [])
    selected = scene.interaction.selected
    if selected is not None:
        targets = [scene.interaction.target_of(m) for m in selected.targets]
        marks.draw_selection(surface, view, selected.pile, selected.index, targets)
    framed: list[Rect] = []  # what the hint frames: its message is placed clear of it
    playable: list[Rect] = []  # and clear of every card the player could play, where it can be
    if table.hint is not None:
        contents = scene.session.rules.piles(scene.state)
        playable = [box for move in scene.session.legal for box in marks.move_hint_frames(view, contents, move)]
        if table.hint.move is not None:
            hinted = marks.move_hint_frames(view, contents, table.hint.move)
            framed = [box.grown(marks.hint_width(view)) for box in hinted]
            marks.draw_move_hint(surface, view, contents, table.hint.move)
    if drag is not None and drag.target is not None and drag.target_legal:
        marks.draw_target(surface, view, drag.target)
    if scene.show_focus and scene.focus is not None:
        marks.draw_focus(surface, view, *scene.focus)
    show_toggles(scene.buttons, scene.app)  # CM-17: Sound (on or off) as it is now, whoever changed it
    scene.draw_hud(surface)
    if drag is not None:  # over the bars too: the cards in hand are on top of all
        in_hand = [(sprite.card, sprite.face_up) for sprite in drag.sprites]
        marks.draw_dragged(surface, view, in_hand, drag.pos, drag.fan_step)
    fade = min(1.0, (table.toast[1] - table.now) / FADE) if table.toast else 1.0
    message_bottom, message_size = view.layout.message_bottom, int(view.layout.touch * 0.42)
    if table.hint is not None:
        bottom = clear_of(framed, view.layout, surface.get_width(), table.hint.text, message_size, playable)
        draw_toast(surface, table.hint.text, bottom, message_size)
    elif table.toast is not None:
        draw_toast(surface, table.toast[0], message_bottom, message_size, fade)
    scene.damage = scene.repaint.frame(still(scene, surface, fade), moving_bounds(view, drag, now), surface.get_size())


def clear_of(
    framed: list[Rect], layout: TableLayout, width: int, message: str, size: int, playable: Sequence[Rect] = ()
) -> float:
    """Where a hint's message goes (its bottom): in its usual place when that covers none of the
    cards or places the hint frames nor any card the player could play (``playable``: every legal
    move's cards and places, the stock among them), else the place nearest to it, up the table or
    down to just above the toolbar, that covers none of them — the top of the table, under the
    status bar, at the highest; failing that, the place that covers none of the frames and least of the rest;
    when every place covers a frame (a tall narrow window), the place that covers least of them. A
    clear place, if there is one, is found just above or just below one of those boxes (issue 36
    item 16: at 1280x800 a hint sat over the bottom of a row of open cards)."""
    usual = layout.message_bottom
    box = toast_box(width, message, usual, size)
    highest = min(usual, layout.top_bar.bottom + MARGIN + box.h)
    lowest = max(usual, layout.toolbar.y - MARGIN)
    boxes = [*framed, *playable]
    edges = [r.y - 1 for r in boxes] + [r.bottom + box.h + 1 for r in boxes]
    ups = sorted((e for e in edges if highest < e < usual), reverse=True)
    downs = sorted(e for e in edges if usual < e < lowest)
    places = [usual, *ups, highest, *downs, lowest]

    def covered(bottom: float, among: Sequence[Rect]) -> float:
        pill = Rect(box.x, bottom - box.h, box.w, box.h)
        return sum(pill.overlap(r) for r in among)

    clear = [bottom for bottom in places if covered(bottom, framed) == 0]
    if clear:
        return min(clear, key=lambda bottom: (covered(bottom, playable), abs(bottom - usual)))  # the nearest
    return min(places, key=lambda bottom: covered(bottom, framed))


def still(scene: TableScene, surface: pygame.Surface, fade: float) -> object:
    """Everything a frame shows apart from the cards in motion: when it is the last frame's, only
    the moving cards' places are presented."""
    drag = scene.drag
    drop = (drag.target, drag.target_legal) if drag is not None else None
    enabled = [(button.enabled, button.on) for button in scene.buttons]
    return (scene.still_key(), scene.view.layer_key(), round(fade, 2), drop, enabled, surface.get_size())
