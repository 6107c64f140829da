"""Every screen's controls by keys (CM-18) and said (CM-19): a screen lists its controls — each
with a role (button, toggle, tab, row, field, figure), a label, a state and the group it belongs
to — and one :class:`~game.scenes.focus_keys.FocusKeys` walks them the same way everywhere
(``focus_keys.py``). A control says itself in one form: "NAME · Won, row, 12 May 14:03, 4:07 · 112
moves".

No pygame here: a control's place is a layout :class:`Rect` (the screen draws the ring there).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from game.core.i18n import ptr, tr
from game.view.acts import Act
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
    action: Act = ""  # what pressing it does (the screen's own name or value for it); "" for nothing
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


class ButtonLike(Protocol):
    """What a drawn button (``game.view.widgets.Button``) tells of itself."""

    rect: Rect
    label: str
    action: Act
    enabled: bool
    on: bool | None


def button_control(b: ButtonLike, group: str, chosen: bool = False, context: str = "", tab: bool = False) -> Control:
    """A button as a control: a toggle says "on" or "off", a chosen option "chosen", a tab is a tab."""
    role = Role.TAB if tab else (Role.TOGGLE if b.on is not None else Role.BUTTON)
    state: tuple[str, ...] = (tr("on") if b.on else tr("off"),) if b.on is not None else ()
    if chosen:
        state += (tr("chosen"),)
    return Control(role, b.label, b.action, group, state, b.rect, b.enabled, context, chosen)
