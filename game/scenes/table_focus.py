"""The table's keyboard focus (CM-10, CM-19): the arrows, Home and End, the key that sends the
focused card where a double tap would (CM-3), and where the focus goes when its card leaves the
table's place under it — said, so that a player who plays by ear always knows where the keys are."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.play.focus import FocusMap, column_end, follow, move_focus
from game.rules.base import Event, Moved
from game.rules.pile import Pile
from game.view.table_view import TableView

if TYPE_CHECKING:
    from game.scenes.table import TableScene


def arrow(scene: TableScene, dx: int, dy: int) -> None:
    """An arrow key: the focus one step that way (it stays at an edge, and says so again)."""
    scene.show_focus = True
    contents = scene.session.rules.piles(scene.state)
    scene.focus = move_focus(scene.focus, dx, dy, contents, scene.focus_map())
    scene.view.keep_readable(scene.focus, contents, scene.table.now)
    scene.voice.focus()


def jump(scene: TableScene, last: bool) -> None:
    """Home (the focused column's first face-up card) or End (its top card); from the toolbar too,
    whose focus the keys leave for the cards (one focus at a time)."""
    scene.bar.leave()
    scene.show_focus = True
    contents = scene.session.rules.piles(scene.state)
    fmap = scene.focus_map()
    scene.focus = column_end(scene.focus, contents, fmap, last) or move_focus(None, 0, 0, contents, fmap)
    scene.view.keep_readable(scene.focus, contents, scene.table.now)
    scene.voice.focus()


def send_home(scene: TableScene) -> None:
    """The key for a double tap on the focused card: home if it can go, else its best place; from
    the toolbar too, whose focus the keys leave for the cards (one focus at a time)."""
    scene.bar.leave()
    scene.show_focus = True
    if scene.focus is None:
        scene.activate()  # no focus yet: the first card the keys reach, said
        return
    scene.table.hint = None
    scene.carry_out(scene.interaction.double_tap(scene.table.position(), *scene.focus))
    scene.voice.pressed()


def let_go(scene: TableScene) -> bool:
    """Esc on the table: the selection let go (said) or the hint taken away; False when there was
    neither (Esc then goes back)."""
    if not scene.interaction.selected and not scene.table.hint:
        return False
    if scene.interaction.selected:
        scene.voice.dropped()
    scene.table.clear_marks()
    scene.voice.pressed()
    return True


def refocus(scene: TableScene, events: list[Event]) -> bool:
    """After a change of position: the focus kept on a card (``play.focus.follow``). True when it
    went to another card by itself — its card left (a peak's card played, a pair removed, a card
    sent home) — so that the card it is on now is said; not when cards came to the focused pile
    (the move's own words name them)."""
    before = scene.focus
    if before is None:
        return False
    contents = scene.session.rules.piles(scene.state)
    scene.focus = follow(before, events, contents, scene.focus_map())
    scene.view.keep_readable(scene.focus if scene.show_focus else None, contents, scene.table.now)
    landed = any(isinstance(e, Moved) and e.dst == before[0] for e in events)
    return scene.show_focus and not landed and scene.focus is not None and scene.focus != before


def focus_map(view: TableView, first: dict[Pile, int] | None = None) -> FocusMap:
    """The rows of piles the keyboard walks over (CM-10), as ``view`` lays the table out; ``first``
    is each column's lowest card that can be picked up. Each row is walked in the order it is
    drawn, left to right: the left-handed table's mirrored rows too."""
    centres = {p: r.center[0] for p, r in view.layout.piles.items()}
    tiers: dict[float, list[Pile]] = {}  # a tier of overlapping cards (a triangle): a row per height
    for place in view.spec.placed:
        tiers.setdefault(place.y, []).append(place.pile)
    piles = [tiers[y] for y in sorted(tiers)]
    piles += [[slot.pile for slot in row if slot.pile is not None] for row in view.spec.rows]
    rows = [sorted((p for p in row if p in centres), key=centres.__getitem__) for row in piles]
    fanned = frozenset(p for p, f in view.layout.fans.items() if f.fan == "down")
    placed = frozenset(place.pile for place in view.spec.placed)
    side = tuple(p for p in view.spec.side if p in centres)
    return FocusMap([r for r in rows if r], centres, fanned, first, placed, side)
