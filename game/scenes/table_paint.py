"""Painting a table scene: the felt and cards, the marks (selection, hint, drop target, keyboard
focus), the bars, the cards in hand over everything, and the message; then which parts of the
window this frame changed (UI-7: a frame where only cards moved presents just their places)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.view import marks
from game.view.damage import moving_bounds
from game.view.widgets import draw_toast

if TYPE_CHECKING:
    from game.scenes.table import TableScene

TICK = 1 / 120  # the app's fixed step: ``alpha`` is a fraction of it
FADE = 0.4  # seconds a message takes to fade out


def paint(scene: TableScene, surface: pygame.Surface, alpha: float) -> None:
    table, view, drag = scene.table, scene.view, scene.drag
    now = table.now + alpha * TICK
    view.draw_table(surface, now, drag.sprites if drag else [])
    selected = scene.interaction.selected
    if selected is not None:
        targets = [scene.interaction.target_of(m) for m in selected.targets]
        marks.draw_selection(surface, view, selected.pile, selected.index, targets)
    if table.hint is not None and table.hint.move is not None:
        marks.draw_move_hint(surface, view, scene.session.rules.piles(scene.state), table.hint.move)
    if drag is not None and drag.target is not None and drag.target_legal:
        marks.draw_target(surface, view, drag.target)
    if scene.show_focus and scene.focus is not None:
        marks.draw_focus(surface, view, *scene.focus)
    scene.draw_hud(surface)
    if drag is not None:  # over the bars too: the cards in hand are on top of all
        in_hand = [(sprite.card, sprite.face_up) for sprite in drag.sprites]
        marks.draw_dragged(surface, view, in_hand, drag.pos, drag.fan_step)
    fade = min(1.0, (table.toast[1] - table.now) / FADE) if table.toast else 1.0
    message_bottom, message_size = view.layout.message_bottom, int(view.layout.touch * 0.42)
    if table.hint is not None:
        draw_toast(surface, table.hint.text, message_bottom, message_size)
    elif table.toast is not None:
        draw_toast(surface, table.toast[0], message_bottom, message_size, fade)
    scene.damage = scene.repaint.frame(still(scene, surface, fade), moving_bounds(view, drag, now), surface.get_size())


def still(scene: TableScene, surface: pygame.Surface, fade: float) -> object:
    """Everything a frame shows apart from the cards in motion: when it is the last frame's, only
    the moving cards' places are presented."""
    drag = scene.drag
    drop = (drag.target, drag.target_legal) if drag is not None else None
    enabled = [button.enabled for button in scene.buttons]
    return (scene.still_key(), scene.view.layer_key(), round(fade, 2), drop, enabled, surface.get_size())
