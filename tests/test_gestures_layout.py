"""The input recogniser (pure, fake timestamps) and the layout (pure geometry)."""

from __future__ import annotations

import pytest

from game.input.gestures import GestureConfig, GestureRecognizer
from game.input.intents import DoubleTap, DragEnd, DragMove, DragStart, LongPress, Tap
from game.rules.base import FOUNDATIONS, STOCK_PILE, TABLEAUS, WASTE_PILE
from game.view.layout import DOWN, MIN_UP_STEP, RIGHT, Slot, TableSpec, table_layout, touch_size


def test_tap_then_double_tap():
    g = GestureRecognizer()
    assert g.down((10, 10), 0.0) == []
    assert g.up((11, 10), 0.05) == [Tap((11, 10))]
    g.down((12, 11), 0.2)
    assert g.up((12, 11), 0.25) == [DoubleTap((12, 11))]
    g.down((12, 11), 0.4)  # a third tap starts over
    assert g.up((12, 11), 0.45) == [Tap((12, 11))]


def test_slow_or_distant_second_tap_is_a_tap():
    g = GestureRecognizer()
    g.down((10, 10), 0.0)
    g.up((10, 10), 0.05)
    g.down((10, 10), 1.0)
    assert g.up((10, 10), 1.05) == [Tap((10, 10))]
    g.down((200, 10), 1.1)
    assert g.up((200, 10), 1.15) == [Tap((200, 10))]


def test_drag_past_threshold():
    g = GestureRecognizer(GestureConfig(drag_distance=10))
    g.down((0, 0), 0.0)
    assert g.move((5, 0), 0.01) == []
    assert g.move((20, 0), 0.02) == [DragStart((0, 0)), DragMove((20, 0))]
    assert g.move((30, 5), 0.03) == [DragMove((30, 5))]
    assert g.up((31, 5), 0.04) == [DragEnd((31, 5))]
    assert not g.pressed


def test_long_press_needs_time_and_stillness_and_swallows_the_tap():
    g = GestureRecognizer(GestureConfig(long_press_time=0.5))
    g.down((5, 5), 0.0)
    assert g.tick(0.3) == []
    assert g.tick(0.51) == [LongPress((5, 5))]
    assert g.tick(0.9) == []
    assert g.up((5, 5), 1.0) == []
    g.down((5, 5), 2.0)
    g.move((50, 5), 2.1)
    assert g.tick(3.0) == []  # dragging is not a long press


def test_second_finger_is_ignored_and_cancel_ends_a_drag():
    g = GestureRecognizer()
    g.down((0, 0), 0.0, pointer=("finger", 1))
    assert g.down((100, 100), 0.01, pointer=("finger", 2)) == []
    assert g.up((100, 100), 0.02, pointer=("finger", 2)) == []
    g.move((50, 0), 0.03, pointer=("finger", 1))
    assert g.cancel() == [DragEnd((0, 0), cancelled=True)]


def test_scale_multiplies_distances():
    g = GestureRecognizer(GestureConfig(drag_distance=10, scale=3))
    g.down((0, 0), 0.0)
    assert g.move((25, 0), 0.01) == []


KLONDIKE = TableSpec(
    (
        (Slot(STOCK_PILE), Slot(WASTE_PILE, RIGHT, 3), Slot(None), *(Slot(f) for f in FOUNDATIONS[:4])),
        tuple(Slot(TABLEAUS[i], DOWN) for i in range(7)),
    ),
    fan_room=2.1,
)


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080), (800, 1280), (360, 640), (3840, 2160), (1024, 300)])
def test_every_pile_is_on_screen_and_piles_do_not_overlap(size):
    """UI-4: the whole table is visible at any size, landscape or portrait."""
    layout = table_layout(KLONDIKE, size)
    w, _ = size
    rects = list(layout.piles.values())
    for r in rects:
        assert r.x >= 0 and r.right <= w and layout.top_bar.bottom <= r.y and r.bottom <= layout.toolbar.y
    for i, a in enumerate(rects):
        for b in rects[i + 1 :]:
            assert a.overlap(b) == 0
    assert abs(layout.card_h / layout.card_w - 1.4) < 1e-6


def test_portrait_uses_the_width_and_landscape_the_height():
    wide = table_layout(KLONDIKE, (1920, 1080))
    tall = table_layout(KLONDIKE, (1080, 1920))
    assert tall.portrait and not wide.portrait
    assert tall.card_w > 1080 / 8.5  # width-bound: seven columns fill the width
    assert wide.card_h * 2 < 1080  # height-bound with room for the fans


def test_touch_targets_are_at_least_44px_or_9mm():
    assert touch_size(96) == 44
    assert touch_size(400) == pytest.approx(9 / 25.4 * 400)
    layout = table_layout(KLONDIKE, (1280, 800), dpi=96)
    assert layout.toolbar.h >= 44


def test_long_columns_compress_but_stay_readable_and_then_are_marked_dense():
    """SP-12: a long column compresses down to readable steps; past that it is dense."""
    layout = table_layout(KLONDIKE, (1280, 800))
    _, u, dense = layout.fan_steps(TABLEAUS[0], 2, 3)
    assert not dense and u > MIN_UP_STEP * layout.card_h
    _, u, dense = layout.fan_steps(TABLEAUS[0], 6, 13)
    rects = layout.card_rects(TABLEAUS[0], 6, 13)
    assert rects[-1].bottom <= layout.table.bottom + 1 or dense
    assert u >= MIN_UP_STEP * layout.card_h - 1e-9
    _, _, dense = layout.fan_steps(TABLEAUS[0], 0, 60)
    assert dense


def test_waste_fans_its_top_three_cards():
    layout = table_layout(KLONDIKE, (1280, 800))
    rects = layout.card_rects(WASTE_PILE, 0, 5)
    assert rects[0] == rects[1] == rects[2] and rects[3].x > rects[2].x and rects[4].x > rects[3].x
