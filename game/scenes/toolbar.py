"""The table's toolbar in the room there is: when its buttons' labels would not fit a narrow
window at a readable size, the least used ones move into *More…*, a panel listing them."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.core.i18n import tr
from game.input.intents import Command
from game.scenes.controls import button_control
from game.scenes.panels import ROOMY, Panel, Row
from game.session import Session
from game.view import fonts
from game.view.acts import Act
from game.view.hud import toolbar_buttons
from game.view.layout import Rect
from game.view.widgets import Button, label_room

if TYPE_CHECKING:
    from game.scenes.host import SceneHost
    from game.scenes.table import TableScene

MORE = "more"
# the first to go into More… on a narrow window
SPARE: tuple[str, ...] = (
    Command.MUTE,
    Command.RECORDS,
    Command.RULES,
    Command.SETTINGS,
    Command.NEW_DEAL,
    Command.RESTART,
    Command.REDO,
)
# the toolbar's toggles: each shows its state on its button, in More… too (CM-17)
TOGGLES: frozenset[str] = frozenset({Command.MUTE, Command.FULLSCREEN})
KEPT = 2  # Menu and Undo never move
COMFORT = fonts.SMALLEST + 1  # labels at this size or larger, or buttons move into More…

Actions = list[tuple[str, str]]


def table_actions(*extra: tuple[str, str]) -> Actions:
    """A table's buttons: Menu, Undo, Redo, Hint, a game's own (``extra``), Restart, New deal,
    Rules, Records, Sound (on and off) and Settings."""
    return [
        (Command.BACK, tr("Menu")),
        (Command.UNDO, tr("Undo")),
        (Command.REDO, tr("Redo")),
        (Command.HINT, tr("Hint")),
        *extra,
        (Command.RESTART, tr("Restart")),
        (Command.NEW_DEAL, tr("New deal")),
        (Command.RULES, tr("Rules")),
        (Command.RECORDS, tr("Records")),
        (Command.MUTE, tr("Sound")),
        (Command.SETTINGS, tr("Settings")),
    ]


def button_enabled(action: Act, session: Session) -> bool:
    """Undo, Redo and Restart are shown dimmed when there is nothing to take back or bring back."""
    h = session.history
    if action == Command.UNDO:
        return h.can_undo and not session.won
    if action == Command.REDO:
        return h.can_redo
    if action == Command.RESTART:
        return h.can_undo
    return True


def toggle_state(action: Act, app: SceneHost) -> bool | None:
    """Whether a toggle's action is on now (sound, full screen); None for an action that is no toggle."""
    if action == Command.MUTE:
        return app.settings.sound
    if action == Command.FULLSCREEN:
        return app.fullscreen
    return None


def show_toggles(buttons: list[Button], app: SceneHost) -> None:
    """Bring the toggles' buttons up to date (a key, a button or Settings may have changed them)."""
    for b in buttons:
        if b.action in TOGGLES:
            b.on = toggle_state(b.action, app)


def fit_toolbar(
    bar: Rect, touch: float, actions: Actions, spare: tuple[str, ...] = SPARE
) -> tuple[list[Button], Actions]:
    """The buttons to show (ending with *More…* when some moved there) and the actions moved."""
    shown, moved = list(actions), []
    rest = [a[0] for a in reversed(actions[KEPT:]) if a[0] not in spare]  # then any, from the end
    for name in (None, *spare, *rest):
        if name is not None:
            moved += [a for a in shown if a[0] == name]
            shown = [a for a in shown if a[0] != name]
        buttons = toolbar_buttons(bar, touch, shown + ([(MORE, tr("More…"))] if moved else []))
        for b in buttons:
            if b.action in TOGGLES:
                b.on = False  # room for its check box; its state is read when the toolbar is drawn
        if all(_fits(b) for b in buttons):
            break
    order = [a[0] for a in actions]
    return buttons, sorted(moved, key=lambda a: order.index(a[0]))


def _fits(b: Button) -> bool:
    return fonts.fits(b.label, label_room(b), COMFORT)


def button_words(b: Button) -> str:
    """A toolbar button said (CM-19) as every control is: its label, its role, a toggle's state,
    whether it can be pressed now ("Sound, toggle, on"; "Undo, button, unavailable")."""
    return button_control(b, "bar").words()


class MorePanel(Panel):
    """The toolbar's actions that did not fit, one per row; each does what its button would."""

    def __init__(self, app: SceneHost, table: TableScene, actions: Actions) -> None:
        super().__init__(app, table)
        self.actions = actions
        self.per_row = 1  # two a row on a window too short for one a row at a readable size

    def title(self) -> str:
        return tr("More")

    def rows(self) -> list[Row]:
        actions = list(self.actions)
        paired: list[Row] = [("", actions[k : k + self.per_row]) for k in range(0, len(actions), self.per_row)]
        return paired + [("", [("close", tr("Cancel"))])]

    def resize(self, size: tuple[int, int]) -> None:
        self.per_row = next((n for n in (1, 2) if self._height(n) <= size[1] - 8), 3)
        super().resize(size)
        for b in self.buttons:
            b.enabled = b.action == "close" or self.table.button_enabled(b.action)
        self.focus_usable()  # Redo, greyed, was focused first and Enter pressed it anyway
        show_toggles(self.buttons, self.app)

    def _height(self, per_row: int) -> float:
        """The panel's height at a finger's size with ``per_row`` actions a row (as Panel.resize lays it)."""
        rows = math.ceil(len(self.actions) / per_row) + 1  # and Cancel's row
        title, row, foot = ROOMY
        return (title + foot + row * rows) * self.touch

    def act(self, action: Act) -> None:
        self.app.pop(self)
        if action != "close":
            self.table.action(action)
