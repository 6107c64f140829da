"""The window: opening it, how frames reach the screen (a GPU probe on the desktop; the page's
canvas in a browser), its icon and minimum size, and the system's languages. Kept apart from the
app's loop and scenes."""

from __future__ import annotations

import contextlib
import os
import sys
import time
import warnings
from pathlib import Path

import pygame

from game.core.i18n import environment_locales, tr

SLOW_PRESENT = 0.004  # seconds: a present slower than this is a software OpenGL rasteriser at work
MIN_SIZE = (320, 320)  # the smallest window (UI-10): a 480 x 320 phone in landscape still fits
PAGE_UNKNOWN = (1280, 800)  # a browser's canvas where the page's size cannot be read: a laptop's window
LARGEST_SIDE = 1920  # a larger page gets a canvas of its shape this long, scaled up: fewer pixels to draw


_opened: list[str] = []  # the present path of the window opened by open_window, if any


def open_window(size: tuple[int, int], fullscreen: bool) -> str:
    """The window, opened before the rest of the app is imported (the player sees it at once and the
    home screen arrives in it); returns how frames will be presented. The app reuses it."""
    pygame.display.init()
    pygame.font.init()
    name_window()
    path = choose_present_path(size)
    if path == "framebuffer (measured)":  # the probe reset the display: name the new window too
        name_window()
    set_mode(size, fullscreen)
    _opened[:] = [path]
    return path


def opened_path() -> str | None:
    """The present path of a window :func:`open_window` made (None: no window yet)."""
    return _opened[0] if _opened and pygame.display.get_surface() is not None else None


def name_window() -> None:
    pygame.display.set_caption(tr("Solitaire"), "solitaire")
    pygame.display.set_icon(window_icon())


def set_mode(size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
    """Full screen, or a resizable window of ``size`` that the player cannot drag smaller than
    :data:`MIN_SIZE` (UI-10). In a browser the window is the page's canvas, of a fixed size that the
    page scales to fit (UI-12): a resizable one would let SDL resize it behind pygbag's loader, which
    sizes it on the page by its shape."""
    if fullscreen:
        return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    if sys.platform == "emscripten":
        from game.platform.browser import fit_canvas

        canvas = pygame.display.set_mode(size)
        fit_canvas()  # the loader scales it to the page at once, not at the page's next resize
        return canvas
    screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    set_minimum_size(MIN_SIZE)
    return screen


def canvas_size(page: tuple[int, int] | None) -> tuple[int, int]:
    """A browser's canvas for a page of ``page`` CSS pixels (None: unknown), chosen once at start
    (UI-12): the page's own size, so that text and cards are as large on the glass as in a desktop
    window of that size (a phone upright, 390x844, is laid out as any tall window); no smaller
    than :data:`MIN_SIZE`, and no longer than :data:`LARGEST_SIDE`, keeping the page's shape."""
    if page is None or page[0] <= 0 or page[1] <= 0:
        return PAGE_UNKNOWN
    width, height = page
    longer = max(width, height)
    if longer > LARGEST_SIDE:
        width, height = round(width * LARGEST_SIDE / longer), round(height * LARGEST_SIDE / longer)
    return max(width, MIN_SIZE[0]), max(height, MIN_SIZE[1])


def set_minimum_size(size: tuple[int, int]) -> None:
    """The smallest the window may be dragged to (SDL's window minimum size), set after every
    ``set_mode`` (a window made again forgets it). A window smaller than that grows to it, and the
    app hears of it as of any resize. Where this pygame has no such call, or the video driver
    refuses it (a dummy display), nothing happens: every screen lays itself out at any size
    anyway, since a full-screen mode or a window manager may still give less."""
    with warnings.catch_warnings(), contextlib.suppress(AttributeError, pygame.error, ValueError, TypeError):
        warnings.simplefilter("ignore", DeprecationWarning)  # pygame-ce 2.5 warns of drawing through it: we do not
        pygame.Window.from_display_module().minimum_size = size


def system_locales() -> list[str]:
    """The languages the system prefers, best first ("ja_JP", "it"): SDL's list, then the
    environment's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)."""
    found = []
    with contextlib.suppress(pygame.error, AttributeError, NotImplementedError):
        for locale in pygame.system.get_pref_locales():
            found.append(f"{locale['language']}_{locale['country']}" if locale.get("country") else locale["language"])
    return found + environment_locales()


def choose_present_path(size: tuple[int, int]) -> str:
    """How frames reach the screen, chosen by measurement (UI-7): where SDL would present through
    OpenGL in software (no GPU: Mesa's llvmpipe), a flip of a full window costs 10-25 ms, and SDL's
    framebuffer path (X shared memory) under 2 ms; with a GPU the OpenGL path stays. A hidden probe
    window times a few flips; on Linux with no GPU render node at all, nothing needs measuring (and
    Mesa is never loaded: 44 MiB instead of 134). ``SDL_FRAMEBUFFER_ACCELERATION`` set by the user
    is obeyed as is. In a browser the page's canvas is the only way: nothing to choose."""
    if sys.platform == "emscripten":
        return "canvas"
    if "SDL_FRAMEBUFFER_ACCELERATION" in os.environ or pygame.display.get_driver() in ("dummy", "offscreen"):
        return "as configured"
    if sys.platform.startswith("linux") and not list(Path("/dev/dri").glob("renderD*")):
        os.environ["SDL_FRAMEBUFFER_ACCELERATION"] = "0"  # no GPU device at all: nothing to measure
        return "framebuffer"
    try:
        probe = pygame.display.set_mode(size, pygame.HIDDEN)
        times = []
        for _ in range(4):
            began = time.perf_counter()
            probe.fill((16, 92, 60))
            pygame.display.flip()
            times.append(time.perf_counter() - began)
    except pygame.error:
        return "as configured"
    if sorted(times[1:])[1] <= SLOW_PRESENT:
        return "accelerated"
    os.environ["SDL_FRAMEBUFFER_ACCELERATION"] = "0"
    pygame.display.quit()
    pygame.display.init()
    return "framebuffer (measured)"


def window_icon() -> pygame.Surface:
    """The window's icon: a card with a spade, drawn (no image file to ship or lose)."""
    icon = pygame.Surface((64, 64), pygame.SRCALPHA)
    pygame.draw.rect(icon, (250, 248, 240), pygame.Rect(10, 2, 44, 60), border_radius=7)
    pygame.draw.rect(icon, (40, 40, 40), pygame.Rect(10, 2, 44, 60), width=2, border_radius=7)
    ink = (20, 20, 20)  # a spade drawn, not set in a font: the window opens before any font is loaded
    pygame.draw.circle(icon, ink, (25, 35), 8)
    pygame.draw.circle(icon, ink, (39, 35), 8)
    pygame.draw.polygon(icon, ink, [(32, 13), (46, 32), (32, 40), (18, 32)])
    pygame.draw.polygon(icon, ink, [(32, 36), (37, 50), (27, 50)])  # its stem
    return icon
