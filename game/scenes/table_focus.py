"""The table's keyboard focus on its cards (CM-10, CM-19), a part of the table scene that owns it:
the arrows, Home and End, the key that sends the focused card where a double tap would (CM-3), and
where the focus goes when its card leaves the table's place under it — said, so that a player who
plays by ear always knows where the keys are."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.play.focus import FocusMap, column_end, follow, lowest_movable, move_focus
from game.rules.base import Event, Moved, PileContents
from game.rules.pile import Pile
from game.view.table_view import TableView

if TYPE_CHECKING:
    from game.scenes.table import TableScene


class CardFocus:
    """The table's keyboard focus on its cards (CM-10, CM-18): where it is (``at``: a pile and a
    card's place in it, kept while a pointer is in use) and whether it shows (``shown``), and the
    keys that move it. The toolbar's keys are the table's other group (``table_keys``)."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.at: tuple[Pile, int] | None = None
        self.shown = False

    def map(self) -> FocusMap:
        """The rows of piles the keys walk, as the table is laid out now."""
        scene = self.scene
        return focus_map(scene.view, lowest_movable(scene.session.rules, scene.state))

    def _contents(self) -> PileContents:
        return self.scene.session.rules.piles(self.scene.state)

    def _said(self, contents: PileContents) -> None:
        """The focus where it went, kept readable on the table, and said."""
        self.scene.view.keep_readable(self.at, contents, self.scene.table.now)
        self.scene.voice.focus()

    def arrow(self, dx: int, dy: int) -> None:
        """An arrow key: the focus one step that way (it stays at an edge, and says so again)."""
        self.shown = True
        contents = self._contents()
        self.at = move_focus(self.at, dx, dy, contents, self.map())
        self._said(contents)

    def first(self) -> None:
        """The first card the keys reach (no focus yet), said."""
        self.at = move_focus(None, 0, 0, self._contents(), self.map())
        self.scene.voice.focus()

    def jump(self, last: bool) -> None:
        """Home (the focused column's first face-up card) or End (its top card); from the toolbar too,
        whose focus the keys leave for the cards (one focus at a time)."""
        self.scene.bar.leave()
        self.shown = True
        contents, fmap = self._contents(), self.map()
        self.at = column_end(self.at, contents, fmap, last) or move_focus(None, 0, 0, contents, fmap)
        self._said(contents)

    def send_home(self) -> None:
        """The key for a double tap on the focused card: home if it can go, else its best place; from
        the toolbar too, whose focus the keys leave for the cards (one focus at a time)."""
        scene = self.scene
        scene.bar.leave()
        self.shown = True
        if self.at is None:
            scene.activate()  # no focus yet: the first card the keys reach, said
            return
        scene.table.hint = None
        scene.carry_out(scene.interaction.double_tap(scene.table.position(), *self.at))
        scene.voice.pressed()

    def let_go(self) -> bool:
        """Esc on the table: the selection let go (said) or the hint taken away; False when there was
        neither (Esc then goes back)."""
        scene = self.scene
        if not scene.interaction.selected and not scene.table.hint:
            return False
        if scene.interaction.selected:
            scene.voice.dropped()
        scene.table.clear_marks()
        scene.voice.pressed()
        return True

    def refocus(self, events: list[Event]) -> bool:
        """After a change of position: the focus kept on a card (``play.focus.follow``). True when it
        went to another card by itself — its card left (a peak's card played, a pair removed, a card
        sent home) — so that the card it is on now is said; not when cards came to the focused pile
        (the move's own words name them)."""
        before = self.at
        if before is None:
            return False
        contents = self._contents()
        self.at = follow(before, events, contents, self.map())
        self.scene.view.keep_readable(self.at if self.shown else None, contents, self.scene.table.now)
        landed = any(isinstance(e, Moved) and e.dst == before[0] for e in events)
        return self.shown and not landed and self.at is not None and self.at != before


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
    tops = {p: float(r.y) for p, r in view.layout.piles.items()}
    return FocusMap([r for r in rows if r], centres, fanned, first, placed, side, tops)
