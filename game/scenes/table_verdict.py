"""CM-21 on a table's screen: once the position is proved lost (game/play/verdict.py), the toolbar
begins with the ways on, in the alert colour — *Undo N moves* to the last position that could
still be won (once found), *Restart* and *New deal* — the status bar says that the deal can no
longer be won, and the whole sentence is said and shown once, like any message (CM-19). Nothing
covers the cards: the buttons take the toolbar's place (the toolbar's own Restart and New deal
give way to them, and what no longer fits goes into More…, as on any narrow window). It never ends
the game: the cards stay playable. While a search runs a noticeable time, a small "Computing…"
shows at the top of the table."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.i18n import join_sentences, ntr, tr
from game.input.intents import Command
from game.view import fonts
from game.view.acts import Act
from game.view.layout import Rect, TableLayout

if TYPE_CHECKING:
    from game.scenes.table import TableScene

UNDO_TO_WINNABLE, RESTART_LOST, NEW_DEAL_LOST = "verdict_undo", "verdict_restart", "verdict_new_deal"
ACTIONS = (UNDO_TO_WINNABLE, RESTART_LOST, NEW_DEAL_LOST)
REPLACED = (Command.RESTART, Command.NEW_DEAL)  # the toolbar's own, while the verdict's stand in for them


def verdict_text(back: int | None) -> str:
    """What is said and shown when the loss is proved: lost, and how far back it could still be won."""
    lost = tr("This deal cannot be finished from here.")
    if not back:
        return lost
    again = ntr("It could still be won 1 move back.", "It could still be won {n} moves back.", back)
    return join_sentences(lost, again)


def verdict_actions(scene: TableScene) -> list[tuple[str, str]]:
    """The ways on while the position is proved lost; none otherwise."""
    verdict = scene.table.verdict
    if not verdict.lost:
        return []
    actions = [(RESTART_LOST, tr("Restart")), (NEW_DEAL_LOST, tr("New deal"))]
    if verdict.back:
        actions.insert(0, (UNDO_TO_WINNABLE, ntr("Undo 1 move", "Undo {n} moves", verdict.back)))
    return actions


def with_verdict(scene: TableScene, actions: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The toolbar's actions, the verdict's first after Menu (the toolbar's own Restart and New deal
    left out while they stand in for them)."""
    ways = verdict_actions(scene)
    if not ways:
        return actions
    rest = [a for a in actions if a[0] not in REPLACED]
    return [*rest[:1], *ways, *rest[1:]]


def verdict_news(scene: TableScene) -> None:
    """What the verdict shows changed (every fixed step asks): the toolbar laid out again, and the
    verdict said and shown, like any message (CM-19)."""
    shown = scene.table.verdict.shown()
    if shown == scene.verdict_shown:
        return
    scene.verdict_shown = shown
    scene.layout_hud()
    if scene.table.verdict.lost:
        scene.voice.news(verdict_text(scene.table.verdict.back))


def act(scene: TableScene, action: Act) -> None:
    if action == UNDO_TO_WINNABLE:
        scene.table.undo_to_winnable()
    elif action == RESTART_LOST:
        scene.confirm_restart()
    elif action == NEW_DEAL_LOST:
        scene.app.push_panel("new_deal", scene)


def draw_computing(scene: TableScene, surface: pygame.Surface) -> None:
    """ "Computing…" while the verdict's search has run a noticeable time (SP-16)."""
    if scene.table.verdict.computing:
        layout = scene.view.layout
        label = fonts.text(tr("Computing…"), int(layout.touch * 0.34), (220, 230, 225))
        surface.blit(label, computing_spot(layout, label.get_width(), label.get_height()))


def computing_spot(layout: TableLayout, w: float, h: float) -> tuple[int, int]:
    """Where "Computing…" goes: under the top bar at the left, else at the right, whichever no pile
    lies under (a game's foundations or stock may sit in either corner); else just above the
    toolbar at the left, clear of the cards' rows."""
    y = layout.top_bar.bottom + 6
    for x in (10, layout.size[0] - w - 10):
        spot = Rect(x, y, w, h)
        if not any(spot.overlap(r) for r in layout.piles.values()):
            return round(x), round(y)
    return 10, round(layout.toolbar.y - h - 6)
