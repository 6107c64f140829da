"""A fuzzer of the whole app through its real loop: random taps, drags, long presses and right
clicks by mouse and by finger, keys (commands, arrows, text, paste of junk), wheel, resizes,
focus lost and regained — over every scene it reaches (tables, panels, the home screen, the
deal-ID field, the demo). Used by tests/test_monkey.py in a short budget and by tools/fuzz.py
for long runs. It asserts only what must always hold: nothing raises, every position on a table
is one the rules can print and read back, and the saved game replays to the position shown."""

from __future__ import annotations

import random

import pygame

from game.app import App
from game.scenes.table import TableScene

KEYS = [
    pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_SPACE,
    pygame.K_ESCAPE, pygame.K_h, pygame.K_u, pygame.K_d, pygame.K_n, pygame.K_r, pygame.K_z,
    pygame.K_y, pygame.K_v, pygame.K_BACKSPACE, pygame.K_F11, pygame.K_a, pygame.K_1,
]  # fmt: skip
JUNK = ["", "7", "freecell 617", "klondike:²", "x" * 5000, "spider:suits=9:1", "#42", "\x00\n\t", "9" * 400]
SIZES = [(1024, 768), (480, 320), (800, 1280), (1920, 1080), (640, 480)]


def post(kind: int, **attrs: object) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def run(app: App, frames: int) -> None:
    for _ in range(frames):
        app.step(1 / 60)


def target(app: App, rng: random.Random) -> tuple[int, int]:
    """A point on a card, a pile or a button most of the time; anywhere otherwise."""
    w, h = app.window_size()
    top = app.stack.top
    rects = []
    if isinstance(top, TableScene):
        rects = [s.rect for s in top.view.sprites.items] + list(top.view.layout.piles.values())
    rects += [b.rect for b in getattr(top, "buttons", [])]
    if rects and rng.random() < 0.75:
        r = rng.choice(rects)
        return int(r.x + r.w / 2), int(r.y + min(8, r.h / 4))
    return rng.randrange(w), rng.randrange(h)


def legal_drag(table: TableScene, rng: random.Random) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """From the first card of a legal move's run to its destination, when both are on the table."""
    moves = [m for m in table.session.legal if m.kind == "move"]
    if not moves:
        return None
    move = rng.choice(moves)
    run = table.view.pile_sprites(move.src)[-move.size :] if move.size else []
    if not run or move.dst not in table.view.layout.piles:
        return None
    r, d = run[0].rect, table.view.target_rect(move.dst)
    return (int(r.x + r.w / 2), int(r.y + min(8, r.h / 4))), (int(d.x + d.w / 2), int(d.y + d.h / 2))


def act(app: App, rng: random.Random) -> None:
    """One random thing a person (or a cat) could do."""
    kind = rng.random()
    pos = target(app, rng)
    w, h = app.window_size()
    if kind < 0.3:
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        run(app, rng.choice((1, 2, 25)))
        if rng.random() < 0.3:  # a double tap: the card goes home or to its best place (CM-3)
            post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
            post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
            run(app, 3)
    elif kind < 0.45:
        end = target(app, rng)
        top = app.stack.top
        if isinstance(top, TableScene) and top.session.legal and rng.random() < 0.3:
            pos, end = legal_drag(top, rng) or (pos, end)  # a player who knows the rules, now and then
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        run(app, 1)
        for k in (1, 2, 3):
            mid = (pos[0] + (end[0] - pos[0]) * k // 3, pos[1] + (end[1] - pos[1]) * k // 3)
            post(pygame.MOUSEMOTION, pos=mid, rel=(0, 0), buttons=(1, 0, 0))
            run(app, 1)
        post(pygame.MOUSEBUTTONUP, pos=end, button=1)
        run(app, 3)
    elif kind < 0.55:  # a finger: tap, drag or a long press
        fid = rng.randrange(3)
        post(pygame.FINGERDOWN, x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0, finger_id=fid, touch_id=1)
        run(app, rng.choice((1, 40)))
        end = target(app, rng) if rng.random() < 0.4 else pos
        post(pygame.FINGERMOTION, x=end[0] / w, y=end[1] / h, dx=0.0, dy=0.0, finger_id=fid, touch_id=1)
        post(pygame.FINGERUP, x=end[0] / w, y=end[1] / h, dx=0.0, dy=0.0, finger_id=fid, touch_id=1)
        run(app, 3)
    elif kind < 0.6:
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=3)
        post(pygame.MOUSEBUTTONUP, pos=pos, button=3)
        run(app, 3)
    elif kind < 0.85:
        k = rng.choice(KEYS)
        mod = rng.choice((0, 0, 0, pygame.KMOD_CTRL, pygame.KMOD_SHIFT | pygame.KMOD_CTRL, pygame.KMOD_ALT))
        if k == pygame.K_v:
            app.copy_text(rng.choice(JUNK))
        post(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
        if rng.random() < 0.3:
            post(pygame.TEXTINPUT, text=rng.choice(JUNK)[:30])
        run(app, 2)
    elif kind < 0.9:
        post(pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, 1)), flipped=False, precise_x=0.0, precise_y=0.0)
        run(app, 1)
    elif kind < 0.95:
        app.windowed_size = rng.choice(SIZES)
        app.screen = pygame.display.set_mode(app.windowed_size, pygame.RESIZABLE)
        app._resized()
        run(app, 2)
    else:
        post(pygame.WINDOWFOCUSLOST)
        run(app, 5)
        post(pygame.WINDOWFOCUSGAINED)
        run(app, 1)


def check(app: App) -> None:
    top = next((s for s in reversed(app.stack.scenes) if isinstance(s, TableScene)), None)
    if top is not None:
        rules, state = top.session.rules, top.session.state
        assert rules.parse(rules.to_text(state)) == state
