"""A fuzzer at every table and screen (a short budget here; tools/fuzz.py runs it long): random
taps, drags, fingers, keys, junk pastes, resizes and focus changes through the real loop never
break a game; every position can be printed and read back; the saved game replays to the
position shown."""

from __future__ import annotations

import json
import random

import pytest
from fuzz_driver import act, check
from scene_helpers import make_app, open_scene

from game.scenes.home import HomeScene
from game.scenes.table import TableScene
from game.session import Session


@pytest.mark.parametrize("variant", ["klondike", "spider", "freecell", "pyramid", "golf", "yukon", "addiction"])
def test_random_input_never_breaks_a_game(tmp_path, variant):
    app = make_app(tmp_path, size=(1024, 768), animation="fast")
    table = open_scene(app, variant, 5)
    rng = random.Random(variant)
    moved = 0
    for n in range(250):
        if not app.running:  # the monkey confirmed Quit: a new start, as a player would
            app.close()
            app = make_app(tmp_path, size=(1024, 768), animation="fast")
            app.go_home()
        top = app.stack.top
        if isinstance(top, HomeScene) and rng.random() < 0.5:  # back to a game more often than not
            table = open_scene(app, variant, 5 + n)
        if isinstance(app.stack.top, TableScene):
            table = app.stack.top
            moved = max(moved, table.session.moves)
        act(app, rng)
        if n % 10 == 0:
            check(app)
    check(app)
    assert moved > 0, "the monkey never moved a card"
    shown = next((s for s in reversed(app.stack.scenes) if isinstance(s, TableScene)), None)
    app.close()
    if shown is not None and shown.session.moves and not shown.__class__.__name__.endswith("DemoScene"):
        saved = json.loads((tmp_path / f"save-{shown.session.deal_id.variant}.json").read_text())
        reloaded = Session.from_dict(saved)
        assert reloaded.state == shown.session.state  # CM-8: what is on disk is what was on screen
