"""UI-10 at and above the smallest window: the window's minimum size, set on the real window (and
harmless where pygame cannot set it), and the Play-a-deal-by-ID panel legible at that size."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import pygame
import pytest
from scene_helpers import make_app, open_scene, run
from test_sizes import LANGUAGES, SIZES
from test_tiny_sizes import deal_entry, resize

# -- the deal-entry panel at the smallest window ----------------------------------------------------


@pytest.fixture
def english_after() -> Iterator[None]:
    """The test may start the app in another language: English again afterwards."""
    from game.core.i18n import set_language

    yield
    set_language("en")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", [(320, 320), *SIZES], ids=lambda s: f"{s[0]}x{s[1]}")
def test_ui10_the_deal_entry_shows_the_end_of_a_long_entry_and_nothing_spills(
    tmp_path, monkeypatch, english_after, size, language
):
    """UI-10 (and UI-4) from the minimum window up: every line of the Play-a-deal-by-ID panel — the
    example, the reason a long entry is not a deal — fits the box at a readable size, and the field,
    inside the box above the buttons, shows the end of a long entry (where the typing is)."""
    from game.scenes import deal_entry as module
    from game.view import fonts

    monkeypatch.setenv("SOLITAIRE_LANG", language)
    app = make_app(tmp_path, size=(800, 600))
    resize(app, size)
    deal_entry(app)
    panel = app.stack.top
    assert isinstance(panel, module.DealEntryPanel)
    panel.entry = "klondike:draw=9,what=ever:12345678901234567890"
    panel.act("ok")  # not a deal: the reason, quoting it, below the field
    assert panel.problem
    panel.add("0" * 40)
    overflows, ends = [], []
    fit, end = fonts.fit_text, module.text_end

    def recording_fit(message: str, size: int, color: fonts.Color, max_width: float, bold: bool = False):
        surf = fit(message, size, color, max_width, bold)
        if surf.get_width() > max_width + 1:
            overflows.append((message, surf.get_width(), max_width))
        return surf

    def recording_end(label: pygame.Surface, width: float) -> pygame.Surface | None:
        shown = end(label, width)
        ends.append((label, width, shown))
        return shown

    run(app, 2)
    monkeypatch.setattr(fonts, "fit_text", recording_fit)
    monkeypatch.setattr(module, "text_end", recording_end)
    panel.draw(app.screen, 0.0)  # the panel alone (the home screen below has its own test)
    assert not overflows, overflows[:3]
    field, box = panel.field(), panel.box
    assert box.x <= field.x and field.right <= box.right and field.bottom <= min(b.rect.y for b in panel.buttons)
    assert box.x >= 0 and box.right <= size[0]
    label, width, shown = ends[-1]
    assert width == field.w - 16 and shown is not None
    if label.get_width() > width:  # too long for the field: it is full, with the end of the entry
        assert shown.get_parent() is label and width - 1 <= shown.get_width() <= width
        assert shown.get_abs_offset()[0] + shown.get_width() == label.get_width()
    else:
        assert shown is label
    app.close()


# -- the minimum size --------------------------------------------------------------------------------


def display_window() -> pygame.Window:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


def test_ui10_the_window_has_a_minimum_size_that_a_landscape_phone_meets(tmp_path):
    """UI-10: the real window's minimum size is set at every mode change (so the player cannot drag
    it smaller); a window asked for smaller grows to it; 480 x 320, a phone held sideways, is allowed."""
    from game.platform import display as machine

    assert machine.MIN_SIZE[0] <= 320 and machine.MIN_SIZE[1] <= 320
    app = make_app(tmp_path, size=(800, 600))
    assert display_window().minimum_size == machine.MIN_SIZE
    assert machine.set_mode((100, 100), False).get_size() == machine.MIN_SIZE
    assert machine.set_mode((480, 320), False).get_size() == (480, 320)
    scene = open_scene(app, "klondike", 11)
    app.toggle_fullscreen()
    app.windowed_size = (100, 100)  # as if the window had been smaller before going full screen
    app.toggle_fullscreen()  # back to a window: the mode set again, and the minimum with it
    assert display_window().minimum_size == machine.MIN_SIZE and app.window_size() == machine.MIN_SIZE
    run(app, 2)
    assert scene.view.layout.size == machine.MIN_SIZE  # the table laid out again for it
    app.close()
    small = make_app(tmp_path / "small", size=(200, 100))
    assert small.window_size() == machine.MIN_SIZE
    small.close()


class NoWindow:
    @staticmethod
    def from_display_module() -> None:
        raise pygame.error("no window")


@pytest.mark.parametrize("window", [NoWindow, object()], ids=["refused", "missing"])
def test_ui10_a_pygame_without_the_minimum_size_still_opens_the_window(monkeypatch, window):
    """UI-10: where the call is missing (an older pygame) or refused (a display without windows),
    the window opens all the same."""
    from game.platform import display as machine

    monkeypatch.setattr(pygame, "Window", window)
    assert machine.set_mode((400, 300), False).get_size() == (400, 300)
