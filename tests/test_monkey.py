"""A monkey at every table: random taps, drags, long presses and keys for a while, through the real
app loop. Nothing may crash, every position stays one the rules can print and read back, and the
game can always be undone to its start."""

from __future__ import annotations

import json
import random

import pygame
import pytest
from scene_helpers import make_app, mouse_down, mouse_move, mouse_up, open_scene, run

from game.rules.history import History
from game.scenes.home import HomeScene
from game.session import Session

KEYS = [
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_ESCAPE,
    pygame.K_h,
    pygame.K_u,
    pygame.K_d,
    pygame.K_z,
]


@pytest.mark.parametrize("variant", ["klondike", "spider", "freecell", "pyramid", "golf", "yukon", "addiction"])
def test_random_input_never_breaks_a_game(tmp_path, variant):
    app = make_app(tmp_path, size=(1024, 768), animation="fast")
    scene = open_scene(app, variant, 5)
    rng = random.Random(variant)
    w, h = app.window_size()
    moved = 0
    for _ in range(200):
        moved = max(moved, len(scene.session.history.moves))
        if isinstance(app.stack.top, HomeScene):  # the monkey went back to the menu: back to the game
            app.replace(scene)
        elif app.stack.top is not scene:  # a panel or dialog: close it and go on
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
            run(app, 2)
            if app.stack.top is not scene and not isinstance(app.stack.top, HomeScene):
                app.pop(app.stack.top)
        kind = rng.random()
        pos = (rng.randrange(w), rng.randrange(int(h * 0.05), int(h * 0.9)))
        if rng.random() < 0.6:  # mostly on a card or a pile, as a player would
            targets = [s.rect for s in scene.view.sprites.items] + list(scene.view.layout.piles.values())
            r = rng.choice(targets)
            pos = (int(r.x + r.w / 2), int(r.y + min(8, r.h / 4)))
        if kind < 0.45:
            mouse_down(pos)
            mouse_up(pos)
            run(app, rng.choice((1, 3, 25)))
        elif kind < 0.65:
            r = rng.choice(list(scene.view.layout.piles.values()))
            end = (int(r.x + r.w / 2), int(r.y + r.h / 2))
            mouse_down(pos)
            run(app, 1)
            mouse_move(((pos[0] + end[0]) // 2, (pos[1] + end[1]) // 2))
            run(app, 1)
            mouse_move(end)
            run(app, 1)
            mouse_up(end)
            run(app, 3)
        elif kind < 0.7:
            mouse_down(pos, button=3)
            mouse_up(pos, button=3)
            run(app, 3)
        else:
            k = rng.choice(KEYS)
            mod = pygame.KMOD_CTRL if k == pygame.K_z else 0
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
            run(app, 2)
    rules, state = scene.session.rules, scene.session.state
    assert moved > 0, "the monkey never moved a card"
    assert rules.parse(rules.to_text(state)) == state
    # the game as saved replays, from a fresh deal, to the position on the table (CM-8)
    app.close()
    reloaded = Session.from_dict(json.loads((tmp_path / f"save-{variant}.json").read_text()))
    assert reloaded.state == state and reloaded.moves == scene.session.moves
    assert History.replay(rules, rules.deal(scene.session.deal_id), scene.session.history.moves).state == state
