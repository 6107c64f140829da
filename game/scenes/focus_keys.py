"""The one keyboard focus of every screen (CM-18): a screen lists its controls
(:class:`~game.scenes.controls.Control`, each with a role, a group and a place) and one
:class:`FocusKeys` walks them the same way everywhere — Tab / Shift+Tab from group to group (to a
group's chosen option), the arrows by the screen's :data:`Arrows` way, Enter or Space presses,
Esc goes back. The first key after a pointer only shows the focus where it was (said, not moved).
Each key's result is a :class:`Step`, and the screen says :meth:`FocusKeys.words`.

The arrows' ways: :func:`along_group` (inside the group, round: a list, a dialog's buttons),
:func:`along_every` (the same, greyed controls too: a toolbar), :func:`by_rows` (sideways through
every control, up and down to the nearest in the row above or below: a panel's rows of options)
and :func:`by_place` (to the nearest control that way on the screen: the home screen's tiles,
whose rows do not line up). The table's cards are not controls:
their focus walks piles (``game/play/focus.py``), and the table's toolbar is a group of this one.

No pygame here: a control's place is a layout :class:`~game.view.layout.Rect`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import TypeGuard

from game.input.intents import Action, Activate, Cancel, Command, FocusMove, Intent
from game.scenes.controls import ButtonLike, Control


class Step(StrEnum):
    """What a key did to the focus: the screen says the focus (MOVED), presses it (PRESSED) or
    goes back (BACK)."""

    MOVED = "moved"
    PRESSED = "pressed"
    BACK = "back"


# From the controls, the focused one, and an arrow's dx, dy: the control the arrow goes to.
Arrows = Callable[[Sequence[Control], int, int, int], int]


def usable(controls: Sequence[Control], group: str | None = None) -> list[int]:
    """The controls (of ``group``, or all) the keys land on: those that can be pressed now (every
    one, if none can)."""
    members = [k for k, c in enumerate(controls) if group is None or c.group == group]
    pressable = [k for k in members if controls[k].enabled]
    return pressable or members


def along_group(controls: Sequence[Control], focus: int, dx: int, dy: int) -> int:
    """To the next control of the focused one's group that can be pressed, round at the ends (from a
    greyed one: its neighbour)."""
    step = dx or dy
    members = usable(controls, controls[focus].group)
    k = members.index(focus) if focus in members else (-1 if step > 0 else 0)
    return members[(k + step) % len(members)]


def along_every(controls: Sequence[Control], focus: int, dx: int, dy: int) -> int:
    """To the next control of the group, round, greyed ones too (said "unavailable"): a toolbar,
    whose buttons stay where they are and tell what cannot be done now."""
    group = controls[focus].group
    members = [k for k, c in enumerate(controls) if c.group == group]
    k = members.index(focus) if focus in members else 0
    return members[(k + (dx or dy)) % len(members)]


def by_rows(controls: Sequence[Control], focus: int, dx: int, dy: int) -> int:
    """Sideways: the next control that can be pressed, round through every row; up or down: the
    nearest across in the row of them above or below (round)."""
    can = [k for k, c in enumerate(controls) if c.enabled]
    if not can:
        return focus
    if dx:
        n = len(controls)
        return next(k % n for k in range(focus + dx, focus + dx * (n + 1), dx) if k % n in can)
    x, y, w, _ = _box(controls[focus])
    rows = sorted({_box(controls[k])[1] for k in can} | {y})
    row = rows[(rows.index(y) + dy) % len(rows)]
    candidates = [k for k in can if _box(controls[k])[1] == row] or [focus]
    return min(candidates, key=lambda k: abs(_centre_x(controls[k]) - (x + w / 2)))


def by_place(controls: Sequence[Control], focus: int, dx: int, dy: int) -> int:
    """The control an arrow goes to on the screen. Sideways: the nearest that way in the same row,
    else on a row beside it (a tile's rows do not line up with the next tile's: one game has two
    option rows, another one) wholly past this one's edge (not a button under a wide chip), never one
    far above (none: it stays, and a page may turn). Up or down: among the controls that way, those
    above or below this one first (the tile beneath, not one far across), then the nearest row of
    them, then the one in it nearest across — so Down from the last game of a list goes to the first
    line of the bar beneath it, not past it; from a control as wide as several below it, the first
    of them (New game under a tile-wide chip, not Watch in the middle). A window the system
    shrinks to a few pixels lays controls out with no height or a negative one: they count as a
    pixel, so that the nearest row always holds the nearest control."""
    x, y, w, h = _box(controls[focus])
    cx, cy = x + w / 2, y + h / 2
    ahead: list[tuple[bool, float, float, int]] = []  # off to the side, how far along, how far across, which
    for k, control in enumerate(controls):
        if k == focus or not control.enabled:
            continue
        bx, by, bw, bh = _box(control)
        ox, oy = bx + bw / 2 - cx, by + bh / 2 - cy
        along, across = (ox * dx, abs(oy)) if dx else (oy * dy, abs(ox))
        if along <= (0 if dx else h / 2):  # up or down: a row's controls, a pixel apart, are one row
            continue
        if dx and across > h * 1.6:  # sideways: not past the row beside (Right from the bar to a game)
            continue
        aside = across >= (h / 2 if dx else max(w, bw) / 2)
        if dx and aside and (bx - x - w if dx > 0 else x - bx - bw) < -1:
            continue  # on a row beside but not past this control's edge: under a wide chip, not beside it
        ahead.append((aside, along, across, k))
    if not ahead:
        return focus
    if dx:
        return min(ahead, key=lambda a: (a[0], a[1] + 3 * a[2]))[3]
    nearest_side = min(a[0] for a in ahead)
    ahead = [a for a in ahead if a[0] == nearest_side]
    nearest = min(along for _, along, _, _ in ahead)
    line = [(across, k) for _, along, across, k in ahead if along <= nearest + h / 2]
    spanned = [k for _, k in line if _overlaps_across(_box(controls[k]), x, w)]
    if len(spanned) > 1:  # a wide control above several: the first of them, as a row is read
        return min(spanned, key=lambda k: _box(controls[k])[0])
    return min(line)[1]


def _overlaps_across(box: tuple[float, float, float, float], x: float, w: float) -> bool:
    """Whether ``box`` shares some width with the span from ``x``, ``w`` wide."""
    return box[0] < x + w and x < box[0] + box[2]


def _box(control: Control) -> tuple[float, float, float, float]:
    """The control's place, at least a pixel wide and high (nowhere: a pixel at the origin)."""
    r = control.rect
    if r is None:
        return 0.0, 0.0, 1.0, 1.0
    return r.x, r.y, max(r.w, 1.0), max(r.h, 1.0)


def _centre_x(control: Control) -> float:
    x, _, w, _ = _box(control)
    return x + w / 2


def is_tab(intent: Intent) -> TypeGuard[Action]:
    """Tab or Shift+Tab."""
    return isinstance(intent, Action) and intent.name in (Command.NEXT_GROUP, Command.PREV_GROUP)


class FocusKeys:
    """The focus over a screen's controls. ``index`` is where it is (kept while hidden: a pointer
    hides it, and the next key shows it there again); ``start`` is the group the first key lands in
    when it has no place yet; ``arrows`` is the screen's way for the arrow keys."""

    def __init__(self, start: str = "", arrows: Arrows = along_group) -> None:
        self.controls: list[Control] = []
        self.index: int | None = None
        self.visible = False
        self.start = start
        self.arrows = arrows

    @property
    def current(self) -> Control | None:
        """The control the focus is shown on (None while hidden)."""
        return self.controls[self.index] if self.shown and self.index is not None else None

    @property
    def shown(self) -> bool:
        return self.visible and self.index is not None and bool(self.controls)

    def set(self, controls: list[Control]) -> None:
        """The screen's controls now (laid out again, or changed): the focus stays on the control
        of the same group and action, else at the same place in its group, else on the first. A
        focus placed before the screen was first laid out (a dialog's safe answer) stays there."""
        if not self.controls and self.index is not None:  # placed before the first layout: kept there
            self.controls = controls
            self.index = min(self.index, len(controls) - 1) if controls else None
            return
        here = self.controls[self.index] if self.index is not None and self.index < len(self.controls) else None
        self.controls = controls
        if here is None or not controls:
            self.index = None
            return
        key = (here.group, here.action, here.label)
        same = [k for k, c in enumerate(controls) if (c.group, c.action, c.label) == key]
        same = same or [k for k, c in enumerate(controls) if (c.group, c.action) == key[:2]]
        members = usable(controls, here.group)
        members = [k for k in members if controls[k].group == here.group]
        self.index = same[0] if same else (members[0] if members else 0)

    def hide(self) -> None:
        """A pointer is in use: the focus is not shown, and kept where it was."""
        self.visible = False

    def leave(self) -> None:
        """The keys go elsewhere (the table's cards): the focus is hidden and forgotten."""
        self.visible = False
        self.index = None

    def show(self, index: int) -> None:
        self.index = index
        self.visible = True

    def groups(self) -> list[str]:
        return list(dict.fromkeys(c.group for c in self.controls))

    def focus_on(self, group: str, nth: int = 0) -> None:
        """The focus to ``group``, shown: its chosen control if it has one (a group of options),
        else its ``nth`` (-1: its last)."""
        members = [k for k in usable(self.controls, group) if self.controls[k].group == group]
        chosen = [k for k in members if self.controls[k].selected]
        if chosen:
            self.show(chosen[0])
        elif members:
            self.show(members[nth if nth < 0 else min(nth, len(members) - 1)])

    def _land(self) -> None:
        """The focus shown: where it was, else on the start group's first control."""
        if self.index is not None and self.index < len(self.controls):
            self.visible = True
            return
        groups = self.groups()
        self.focus_on(self.start if self.start in groups else groups[0])

    def handle(self, intent: Intent) -> Step | None:
        """The key's :class:`Step`, or None: not a key of the focus."""
        if not self.controls:
            return Step.BACK if isinstance(intent, Cancel) else None
        if is_tab(intent):
            self._tab(1 if intent.name == Command.NEXT_GROUP else -1)
            return Step.MOVED
        if isinstance(intent, FocusMove | Activate) and not self.shown:
            self._land()
            return Step.MOVED
        if isinstance(intent, FocusMove) and self.index is not None:
            self.index = self.arrows(self.controls, self.index, intent.dx, intent.dy)
            return Step.MOVED
        if isinstance(intent, Activate):
            here = self.current
            return Step.PRESSED if here is not None and here.enabled else Step.MOVED  # greyed: said so
        if isinstance(intent, Cancel):
            return Step.BACK
        return None

    def _tab(self, step: int) -> None:
        """Tab: to the next group (its chosen control); one group (a dialog's one row of buttons):
        from control to control."""
        groups = self.groups()
        if not self.shown or self.index is None:
            self._land()
        elif len(groups) == 1:
            self.index = along_group(self.controls, self.index, step, 0)
        else:
            here = self.controls[self.index]
            self.focus_on(groups[(groups.index(here.group) + step) % len(groups)])

    def words(self) -> str:
        here = self.current
        return here.words() if here is not None else ""


class ButtonsFocus:
    """For a screen whose controls are its buttons (a panel, the home screen; a panel may add a field
    of its own): which button the one focus is on, and whether its ring shows there."""

    keys: FocusKeys
    buttons: Sequence[ButtonLike]

    @property
    def focus(self) -> int:
        """The button the keys are on (shown or not; the first when they are on no button)."""
        index, controls = self.keys.index, self.keys.controls
        if index is None or index >= len(controls):
            return 0
        here = controls[index]
        return next((k for k, b in enumerate(self.buttons) if (b.action, b.rect) == (here.action, here.rect)), 0)

    @focus.setter
    def focus(self, k: int) -> None:
        """The keys onto button ``k`` (before the screen is laid out: onto its ``k``-th control)."""
        if k >= len(self.buttons):
            self.keys.index = k
            return
        b = self.buttons[k]
        self.keys.index = next(
            (i for i, c in enumerate(self.keys.controls) if (c.action, c.rect) == (b.action, b.rect)), k
        )

    @property
    def show_focus(self) -> bool:
        """Whether the keys' ring is shown on a button (not on a field of the screen's own)."""
        here = self.keys.current
        return here is not None and any((b.action, b.rect) == (here.action, here.rect) for b in self.buttons)

    @show_focus.setter
    def show_focus(self, shown: bool) -> None:
        self.keys.visible = shown
