"""Panels at every size: each game's New deal panel inside the window (UI-4, CM-11)."""

from __future__ import annotations

import pytest
from scene_helpers import make_app, open_scene
from test_sizes import SIZES, draw, inside

from game.scenes.panels import Panel


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_ui4_every_games_new_deal_panel_fits_the_window(tmp_path, size):
    """CM-11: each game's New deal panel, with its own option rows (Canfield's four, and the deal
    and difficulty), inside the window, every button within the panel: at 480x320 Canfield's ran
    off the bottom until a panel too tall for its smallest buttons packed its rows tighter; in a
    portrait window, most of its width (at 800x1280 it was 396 px wide and shrank its words)."""
    from game.games.index import GAMES

    app = make_app(tmp_path, size=size)
    for game in GAMES:
        scene = open_scene(app, game.name, 1)
        app.push_panel("new_deal", scene)
        draw(app)
        panel = app.stack.top
        assert isinstance(panel, Panel) and inside(panel.box, size), (game.name, panel.box)
        if size[1] > size[0]:  # portrait: most of the width, so the buttons' words keep their size
            assert panel.box.w >= size[0] * 0.75, (game.name, panel.box)
        for b in panel.buttons:
            assert inside(b.rect, size) and b.rect.bottom <= panel.box.bottom + 0.5, (game.name, b.label)
        app.pop(panel)
    app.close()
