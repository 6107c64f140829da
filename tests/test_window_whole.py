"""UI-10: the window is always whole. After another window passed over it (an expose), a mode or
display change, or the window coming back, the next frame presents the whole picture, even at
rest — a table at rest otherwise presents only what moved, which is nothing."""

from __future__ import annotations

import pygame
import pytest

from tests.scene_helpers import make_app, open_scene, run


@pytest.mark.parametrize(
    "event",
    [
        pygame.WINDOWEXPOSED,
        pygame.VIDEOEXPOSE,
        pygame.WINDOWFOCUSGAINED,
        pygame.WINDOWRESTORED,
        pygame.WINDOWSHOWN,
        pygame.WINDOWDISPLAYCHANGED,
        pygame.RENDER_TARGETS_RESET,
    ],
)
def test_ui10_after_an_expose_or_a_regained_window_the_next_frame_presents_the_whole_window(
    tmp_path, monkeypatch, event
):
    presented: list[object] = []
    monkeypatch.setattr(pygame.display, "update", lambda rects=None: presented.append(list(rects or [])))
    monkeypatch.setattr(pygame.display, "flip", lambda: presented.append("flip"))
    app = make_app(tmp_path, animation="off")
    open_scene(app, "freecell", 5)
    run(app, 30)
    presented.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    run(app, 3)  # an event at rest: drawn, but nothing on the table changed
    assert "flip" not in presented and all(p == [] for p in presented)
    presented.clear()
    pygame.event.post(pygame.event.Event(event))
    run(app, 1)
    assert presented == ["flip"]  # the other window's pixels are painted over, all of them
    run(app, 10)
    assert presented == ["flip"]  # and then the table rests again
    app.close()
