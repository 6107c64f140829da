"""Where every piece of text of a screen lands: the sizes tests draw a scene onto a recording
surface and then look for text over text and text spilling out of its button or panel.

How it sees the text: ``fonts.text`` (the one render path, which ``fit_text`` calls) is wrapped to
return a :class:`TextSurface`, a surface that knows its message and the box of its ink. A
:class:`Recorder` is a surface whose ``blit`` writes down each text surface it receives, where its
ink lands (cut by the clip in force) — and, while a screen is recorded, every surface a scene makes
on the fly is a Recorder too, so text drawn into an intermediate surface (a toast's pill, a message
box) is found where that surface is blitted. Cached surfaces made before the recording (card faces,
the felt with its pile labels) are plain surfaces: a card's index is art, not text of the screen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pygame
import pytest

from game.view import fonts
from game.view.widgets import rect

SURFACE = pygame.Surface  # the real class: pygame.Surface is swapped while a screen is recorded


@dataclass(frozen=True)
class Drawn:
    """A piece of text on the screen: its words and the box of its ink, in window pixels."""

    message: str
    box: pygame.Rect
    cut: bool = False  # part of it fell off the surface it was drawn on (not a clip the scene set)


class TextSurface(SURFACE):
    """Rendered text that remembers its words and where its ink is (a copy or a part of it too)."""

    message = ""
    ink = pygame.Rect(0, 0, 0, 0)

    def copy(self) -> TextSurface:
        out = super().copy()
        out.message, out.ink = self.message, self.ink
        return out

    def subsurface(self, *area: Any) -> TextSurface:
        out = super().subsurface(*area)
        out.message, out.ink = self.message, out.get_bounding_rect()
        return out


class Recorder(SURFACE):
    """A surface that writes down the text blitted onto it (and the text of recorders blitted
    onto it, moved to where they land)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.drawn: list[Drawn] = []

    def blit(self, source: SURFACE, dest: Any, area: Any = None, special_flags: int = 0) -> pygame.Rect:
        done = super().blit(source, dest, area, special_flags)
        x, y = (dest[0], dest[1]) if not isinstance(dest, pygame.Rect) else dest.topleft
        clip, whole = self.get_clip(), self.get_rect()
        if area is not None:
            shown = pygame.Rect(area)
            clip = clip.clip(pygame.Rect(round(x), round(y), shown.w, shown.h))
            x, y = x - shown.x, y - shown.y
        texts = [Drawn(source.message, source.ink)] if isinstance(source, TextSurface) else []
        for d in texts + (source.drawn if isinstance(source, Recorder) else []):
            full = d.box.move(round(x), round(y))
            box = full.clip(clip)
            if box.w and box.h and d.message.strip():
                self.drawn.append(Drawn(d.message, box, d.cut or (clip == whole and box != full)))
        return done


def watch_text(monkeypatch: pytest.MonkeyPatch) -> Callable[[Any], list[Drawn]]:
    """``record(scene)``: the text a scene draws, over a window-sized recording surface."""
    render = fonts.text
    made: dict[tuple[str, int, Any, bool], TextSurface] = {}

    def text(message: str, size: int, color: fonts.Color, bold: bool = False) -> TextSurface:
        key = (message, fonts.quantise(size), color, bold)
        if key not in made:
            plain = render(message, size, color, bold)
            surf = TextSurface(plain.get_size(), pygame.SRCALPHA)
            SURFACE.blit(surf, plain, (0, 0))
            surf.message, surf.ink = message, plain.get_bounding_rect()
            made[key] = surf
        return made[key]

    monkeypatch.setattr(fonts, "text", text)

    def record(scene: Any) -> list[Drawn]:
        size = scene.app.window_size()
        scene.draw(SURFACE(size), 0.0)  # caches filled (card faces, the felt) before recording
        screen = Recorder(size)
        with recording():
            scene.draw(screen, 0.0)
        return screen.drawn

    return record


@contextmanager
def recording() -> Iterator[None]:
    """Every surface a scene makes while it draws is a Recorder."""
    pygame.Surface = Recorder  # type: ignore[misc]
    try:
        yield
    finally:
        pygame.Surface = SURFACE  # type: ignore[misc]


def overlaps(drawn: list[Drawn], slack: int = 1) -> list[tuple[str, str]]:
    """Pairs of texts whose ink overlaps by more than ``slack`` px both ways (the same words drawn
    twice in one place — a label redrawn — is no overlap)."""
    out = []
    for k, a in enumerate(drawn):
        for b in drawn[k + 1 :]:
            both = a.box.clip(b.box)
            if both.w > slack and both.h > slack and not (a.message == b.message and a.box == b.box):
                out.append((f"{a.message!r} {tuple(a.box)}", f"{b.message!r} {tuple(b.box)}"))
    return out


def spills(drawn: list[Drawn], boxes: list[tuple[str, pygame.Rect]], slack: int = 1) -> list[str]:
    """Texts that reach into a box (a button, a panel, a tile) without being inside it: a label
    wider or taller than its button, or a text running under a button it is not on."""
    out = []
    for d in drawn:
        for name, box in boxes:
            both = box.clip(d.box)
            if both.w > slack and both.h > slack and not box.inflate(2, 2).contains(d.box):
                out.append(f"{d.message!r} {tuple(d.box)} spills out of or into {name} {tuple(box)}")
                break
    return out


def cut(drawn: list[Drawn]) -> list[str]:
    """Texts cut by the window's edge (or the edge of the box they were drawn in)."""
    return [f"{d.message!r} {tuple(d.box)}" for d in drawn if d.cut]


def boxes_of(scene: Any) -> list[tuple[str, pygame.Rect]]:
    """The boxes a scene's text must stay inside when it starts inside them: its buttons, its
    panel, its home tiles, its figures' cells and charts, a table's bars."""
    out = [(f"button {b.label!r}", rect(b.rect)) for b in getattr(scene, "buttons", [])]
    close = getattr(scene, "close", None)  # the Rules screen's one button
    out += [(f"button {close.label!r}", rect(close.rect))] if close is not None and close.label else []
    out += [("panel", rect(scene.box))] if hasattr(scene, "box") else []
    out += [(f"tile {t.variant}", rect(t.box)) for t in getattr(scene, "tiles", [])]
    out += [("cell", rect(c)) for c in getattr(scene, "cells", [])]
    out += [("chart", rect(c)) for c in getattr(scene, "plots", [])]
    view = getattr(scene, "view", None)
    if view is not None:
        out += [("status bar", rect(view.layout.top_bar)), ("toolbar", rect(view.layout.toolbar))]
    return out


def check_boxes(record: Callable[[Any], list[Drawn]], scene: Any, where: str) -> None:
    """No text over another, spilling out of its box or cut by the window's edge."""
    drawn = record(scene)
    assert drawn, f"{where}: no text seen"
    assert not overlaps(drawn), f"{where}: text over text: {overlaps(drawn)[:3]}"
    assert not spills(drawn, boxes_of(scene)), f"{where}: {spills(drawn, boxes_of(scene))[:3]}"
    assert not cut(drawn), f"{where}: text cut by the window: {cut(drawn)[:3]}"
