"""The game in a browser page (SPEC UI-12): what the browser build's ``main.py`` awaits
(``tools/web/main.py``, packed with the game by ``tools/build_web.py``; README, "In a browser").

It is to the page what ``game/cli.py`` is to the command line, and starts the game as
``solitaire`` with no arguments does: the window, then the app, then the last variant's saved game
or the home screen. Then it awaits the loop's coroutine, which yields to the page after every
frame. What differs in a page is the platform layer's business (``game/platform/``): the canvas's
size, chosen here once from the page's (``display.canvas_size``) and scaled by the page after;
where the files live and how they outlast the page; no threads, signals or second process.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.platform.browser import page_size
from game.platform.display import canvas_size, open_window

if TYPE_CHECKING:
    from game.app import App


async def play(page: tuple[int, int] | None = None, max_frames: int | None = None) -> App:
    """Start the game on a canvas for ``page`` CSS pixels (by default the page's own size) and
    play until the loop ends: in a page never, the tab closing is the end. Returns the app, closed
    (a test asks it what was shown)."""
    size = canvas_size(page if page is not None else page_size())
    open_window(size, False)  # the canvas first; the app loads behind it (UI-7)
    from game.app import App

    app = App(size=size)
    app.open_first()
    await app.run_async(max_frames=max_frames)
    return app
