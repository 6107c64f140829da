"""Drive the real app headless: post pygame events (mouse, finger, keys) and step frames."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pygame

from game.app import App
from game.core.dealid import DealId
from game.rules.base import DEAL, Move
from game.rules.history import History
from game.rules.pile import STOCK_PILE, Pile
from game.scenes.table import TableScene
from game.session import Session
from game.store import Store

FRAME = 1 / 60


def make_app(tmp: Path, size: tuple[int, int] = (1280, 800), animation: str = "off") -> App:
    app = App(size=size, store=Store(tmp))
    app.settings.animation = animation
    return app


def open_klondike(app: App, number: int = 7, state: object | None = None, **options: str) -> TableScene:
    return open_scene(app, "klondike", number, state, **options)


def run(app: App, frames: int = 1, dt: float = FRAME) -> None:
    for _ in range(frames):
        app.step(dt)


def center(scene: TableScene, pile: Pile, index: int = -1) -> tuple[int, int]:
    if index < 0:
        sprites = scene.view.pile_sprites(pile)
        r = sprites[-1].rect if sprites else scene.view.layout.piles[pile]
    else:
        sp = scene.view.sprites.at(pile, index)
        assert sp is not None, (pile, index)
        r = sp.rect
    # a point on the visible strip of the card (its top part shows even in a fanned column): within
    # the strip the next card leaves uncovered, which a long column squeezes below 8 pixels
    strip = min(r.h * 0.08, 8)
    above = scene.view.sprites.at(pile, index + 1) if index >= 0 else None
    if above is not None and above.rect.y > r.y:
        strip = min(strip, (above.rect.y - r.y) / 2)
    return int(r.x + r.w * 0.5), int(r.y + strip)


def mouse_down(pos: tuple[int, int], button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))


def mouse_up(pos: tuple[int, int], button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def mouse_move(pos: tuple[int, int], buttons: tuple[int, int, int] = (1, 0, 0)) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons))


def click(app: App, pos: tuple[int, int], wait: float = 0.5) -> None:
    mouse_down(pos)
    mouse_up(pos)
    run(app, 1)
    run(app, max(1, int(wait / FRAME)))


def tap_line(app: App, scene: TableScene, moves: Sequence[Move], wait: float = 0.02, land: float = 0.02) -> None:
    """A line of moves (a solver's) played by taps as a player plays it: the stock for a deal,
    else the card, then its place (``land`` seconds for it to get there); each move must change the
    position."""
    for move in moves:
        state = scene.session.state
        if move.kind == DEAL:
            click(app, center(scene, STOCK_PILE), wait=wait)
        else:
            click(app, center(scene, move.src), wait=wait)
            click(app, center(scene, move.dst), wait=land)
        assert scene.session.state != state, move


def drag(app: App, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
    mouse_down(start)
    run(app, 1)
    for k in range(1, steps + 1):
        mouse_move((start[0] + (end[0] - start[0]) * k // steps, start[1] + (end[1] - start[1]) * k // steps))
        run(app, 1)
    mouse_up(end)
    run(app, 2)


def finger(app: App, kind: int, pos: tuple[float, float], finger_id: int = 0) -> None:
    w, h = app.window_size()
    pygame.event.post(
        pygame.event.Event(kind, x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0, finger_id=finger_id, touch_id=1)
    )


def key(app: App, k: int, mod: int = 0, frames: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    run(app, frames)


def open_scene(app: App, variant: str, number: int = 7, state: object | None = None, **options: str) -> TableScene:
    """Open any variant's table on a deal, or on a hand-made position."""
    session = Session(DealId.make(variant, number, options))
    if state is not None:
        session.history = History(session.rules, state)
    scene = app.open_game(session)
    run(app, 2)
    return scene


def right_click(app: App, pos: tuple[int, int]) -> None:
    mouse_down(pos, button=3)
    mouse_up(pos, button=3)
    run(app, 3)
