"""Every screen's controls by keys (CM-18) and said (CM-19): a screen lists its controls — each
with a role (button, toggle, tab, row, field, figure), a label, a state and the group it belongs
to — and one :class:`FocusKeys` walks them the same way everywhere: Tab / Shift+Tab from group to
group, the arrows inside a group, Enter or Space presses, Esc goes back. Each step returns what
to say, in one form: "NAME · Won, row, 12 May 14:03, 4:07 · 112 moves".

No pygame here: a control's place is a layout :class:`Rect` (the screen draws the ring there).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from game.core.i18n import ptr, tr
from game.input.intents import Action, Activate, Cancel, Command, FocusMove, Intent
from game.view.layout import Rect


class Role(StrEnum):
    BUTTON = "button"
    TOGGLE = "toggle"
    TAB = "tab"
    ROW = "row"
    FIELD = "field"
    FIGURE = "figure"  # a figure shown, read but not pressed (Records' "Played 12")


def role_word(role: Role) -> str:
    words = {
        Role.BUTTON: tr("button"),
        Role.TOGGLE: tr("toggle"),
        Role.TAB: tr("tab"),
        Role.ROW: tr("list item"),
        Role.FIELD: tr("text field"),
        Role.FIGURE: "",  # "Played, 12": a figure is its label and its value
    }
    return words[role]


@dataclass(frozen=True)
class Control:
    role: Role
    label: str  # what it is called ("History", "NAME · Won")
    action: str = ""  # what pressing it does (the screen's own name for it); "" for nothing
    group: str = ""  # Tab goes from group to group, the arrows inside one
    state: tuple[str, ...] = ()  # what is said after the role: "on", "chosen", "unavailable", a row's details
    rect: Rect | None = None  # where the focus ring goes
    enabled: bool = True
    context: str = ""  # said first: the label of its row in a panel ("Animation")
    selected: bool = False  # the chosen one of its group: Tab lands on it

    def words(self) -> str:
        """The control said: its row, its label, its role, then its state ("Animation, Off, button,
        chosen")."""
        parts = [self.context, self.label, role_word(self.role), *self.state]
        if not self.enabled:
            parts.append(tr("unavailable"))
        return ptr("list", ", ").join(p for p in parts if p)


MOVED, PRESSED, BACK = "moved", "pressed", "back"


class FocusKeys:
    """The focus over a screen's controls. ``index`` is None until the keys are used (a pointer
    hides it again); ``start`` is the group the first arrow or Enter lands in."""

    def __init__(self, start: str = "") -> None:
        self.controls: list[Control] = []
        self.index: int | None = None
        self.start = start

    @property
    def current(self) -> Control | None:
        return self.controls[self.index] if self.index is not None and self.controls else None

    @property
    def shown(self) -> bool:
        return self.current is not None

    def set(self, controls: list[Control]) -> None:
        """The screen's controls now (laid out again, or changed): the focus stays on the control
        of the same group and action, else at the same place in its group, else on the first."""
        here = self.current
        self.controls = controls
        if here is None or not controls:
            self.index = None
            return
        key = (here.group, here.action, here.label)
        same = [k for k, c in enumerate(controls) if (c.group, c.action, c.label) == key]
        same = same or [k for k, c in enumerate(controls) if (c.group, c.action) == key[:2]]
        members = self.members(here.group)
        self.index = same[0] if same else (members[0] if members else 0)

    def hide(self) -> None:
        self.index = None

    def groups(self) -> list[str]:
        return list(dict.fromkeys(c.group for c in self.controls))

    def members(self, group: str) -> list[int]:
        """The group's controls Tab lands on: those that can be pressed now (all, if none can)."""
        members = [k for k, c in enumerate(self.controls) if c.group == group]
        usable = [k for k in members if self.controls[k].enabled]
        return usable or members

    def focus_on(self, group: str, nth: int = 0) -> None:
        """The focus to ``group``: its chosen control if it has one (a group of options), else its
        ``nth``."""
        members = self.members(group)
        chosen = [k for k in members if self.controls[k].selected]
        if chosen:
            self.index = chosen[0]
        elif members:
            self.index = members[min(max(0, nth), len(members) - 1)]

    def _land(self) -> None:
        """The focus shown for the first time: on the start group's first control."""
        groups = self.groups()
        self.focus_on(self.start if self.start in groups else groups[0])

    def handle(self, intent: Intent) -> str | None:
        """MOVED (say the new focus), PRESSED (press :attr:`current`), BACK, or None: not a
        key of the focus."""
        if not self.controls:
            return BACK if isinstance(intent, Cancel) else None
        if isinstance(intent, Action) and intent.name in (Command.NEXT_GROUP, Command.PREV_GROUP):
            step = 1 if intent.name == Command.NEXT_GROUP else -1
            groups = self.groups()
            here = self.current
            if here is None:
                self._land()
            elif len(groups) == 1:  # one group (a dialog's one row of buttons): from control to control
                self._step(here.group, step)
            else:
                self.focus_on(groups[(groups.index(here.group) + step) % len(groups)])
            return MOVED
        if isinstance(intent, FocusMove):
            here = self.current
            if here is None:
                self._land()
                return MOVED
            self._step(here.group, intent.dx or intent.dy)
            return MOVED
        if isinstance(intent, Activate):
            if self.current is None:
                self._land()
                return MOVED
            return PRESSED
        if isinstance(intent, Cancel):
            return BACK
        return None

    def _step(self, group: str, step: int) -> None:
        """To the next control of ``group`` that can be pressed (from a greyed one: its neighbour)."""
        members = self.members(group)
        k = members.index(self.index) if self.index in members else (-1 if step > 0 else 0)
        self.index = members[(k + step) % len(members)]

    def words(self) -> str:
        here = self.current
        return here.words() if here is not None else ""


class ButtonLike(Protocol):
    """What a drawn button (``game.view.widgets.Button``) tells of itself."""

    rect: Rect
    label: str
    action: str
    enabled: bool
    on: bool | None


def button_control(b: ButtonLike, group: str, chosen: bool = False, context: str = "", tab: bool = False) -> Control:
    """A button as a control: a toggle says "on" or "off", a chosen option "chosen", a tab is a tab."""
    role = Role.TAB if tab else (Role.TOGGLE if b.on is not None else Role.BUTTON)
    state: tuple[str, ...] = (tr("on") if b.on else tr("off"),) if b.on is not None else ()
    if chosen:
        state += (tr("chosen"),)
    return Control(role, b.label, b.action, group, state, b.rect, b.enabled, context, chosen)
