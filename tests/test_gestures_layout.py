"""The input recogniser (pure, fake timestamps) and the layout (pure geometry)."""

from __future__ import annotations

import itertools

import pytest

from game.input.gestures import GestureConfig, GestureRecognizer
from game.input.intents import DoubleTap, DragEnd, DragMove, DragStart, LongPress, Tap
from game.rules.pile import FOUNDATIONS, STOCK_PILE, TABLEAUS, WASTE_PILE
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


GAMES = ("klondike", "spider", "freecell", "yukon", "pyramid", "golf", "addiction")
LOOK_SIZES = [(480, 320), (800, 1280), (1280, 800), (1920, 1080)]


@pytest.fixture
def looks():
    """Set a look for a layout and put the default back afterwards."""
    from game.core.look import Look, set_look

    yield lambda **kw: set_look(Look(**kw))
    set_look(Look())


def spec_of(variant: str, **options: str) -> TableSpec:
    from game.core.dealid import DealId
    from game.games.index import game_for
    from game.session import Session

    return game_for(variant).table(Session(DealId.make(variant, 11, options)).state)


def band_of(rects: list) -> tuple[float, float]:
    return min(r.x for r in rects), max(r.right for r in rects)


def column_rows(spec: TableSpec) -> list[list]:
    """The rows of columns (every pile fans down): they keep their left-to-right order."""
    return [[s.pile for s in row if s.pile] for row in spec.rows if all(s.fan == DOWN for s in row if s.pile)]


@pytest.mark.parametrize("size", LOOK_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("variant", GAMES)
def test_ui9_the_left_handed_table_is_the_mirror_image_of_the_right_handed_one(looks, variant, size):
    """UI-9: every pile's place mirrored (x' = W - x - w, within a pixel), rows of columns as a block
    that keeps column 1 on the left (the numbers the rules, hints and speech use), and a waste fanned
    to the right fanned to the left, so its cards cover the mirrored band."""
    options = {"draw": "3"} if variant == "klondike" else {}
    spec = spec_of(variant, **options)
    looks()
    right = table_layout(spec, size)
    looks(left_handed=True)
    left = table_layout(spec, size)
    w = size[0]
    assert left.card_w == right.card_w and set(left.piles) == set(right.piles)
    in_order = {p for row in column_rows(spec) for p in row} if spec.shape == "rows" else set()
    for pile, r in right.piles.items():
        m = left.piles[pile]
        assert m.y == r.y, pile
        if pile not in in_order and pile.kind not in ("pyramid", "grid"):
            assert abs(m.x - (w - r.x - r.w)) <= 1, (pile, m.x, w - r.x - r.w)
    for row in column_rows(spec) if spec.shape == "rows" else []:
        xs = [left.piles[p].x for p in row]
        assert xs == sorted(xs)  # column 1 stays the leftmost
        r_band, l_band = band_of([right.piles[p] for p in row]), band_of([left.piles[p] for p in row])
        assert abs(l_band[0] - (w - r_band[1])) <= 1 and abs(l_band[1] - (w - r_band[0])) <= 1
    if WASTE_PILE in right.piles:  # three cards on the waste: the same band of table, mirrored
        r_band, l_band = band_of(right.card_rects(WASTE_PILE, 0, 5)), band_of(left.card_rects(WASTE_PILE, 0, 5))
        assert abs(l_band[0] - (w - r_band[1])) <= 1 and abs(l_band[1] - (w - r_band[0])) <= 1
        top = left.card_rects(WASTE_PILE, 0, 5)[-1]
        assert top == left.piles[WASTE_PILE]  # the playable card rests on the waste's place, by the stock
    if STOCK_PILE in left.piles and variant != "pyramid":
        assert left.piles[STOCK_PILE].right >= max(r.right for r in left.piles.values()) - 1  # at the right edge


@pytest.mark.parametrize("size", LOOK_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("variant", GAMES)
def test_ui9_large_print_cards_are_as_large_as_the_classic_decks(looks, variant, size):
    """UI-9: the large-print deck has larger indices on cards at least as large as the classic
    deck's, at every window size: its fans step further instead of its cards shrinking."""
    from game.view.layout import index_fraction, min_up_step

    spec = spec_of(variant)
    looks()
    classic = table_layout(spec, size)
    looks(deck="large-print")
    large = table_layout(spec, size)
    assert large.card_w >= classic.card_w and large.piles == classic.piles
    assert index_fraction(large.card_w) >= index_fraction(classic.card_w, 1.0) * 1.2
    assert min_up_step(large.card_w) > min_up_step(classic.card_w, 1.0)


@pytest.mark.parametrize("deck", ["classic", "large-print"])
@pytest.mark.parametrize("size", LOOK_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("variant", ["klondike", "spider", "freecell", "yukon"])
def test_sp12_a_long_column_never_shows_part_of_an_index(looks, variant, size, deck):
    """SP-12: face-down cards give way first; a face-up card shows its whole index or, in a column
    too long for its room, is folded to a thin edge — never half an index (a J cut at its middle
    reads I). Whatever its length, the column's last card ends on the table and is whole."""
    from game.view.fans import FOLDED_STEP
    from game.view.layout import min_up_step

    looks(deck=deck)
    layout = table_layout(spec_of(variant), size)
    pile = TABLEAUS[0]
    floor = min_up_step(layout.card_w) * layout.card_h
    limit = layout.limits.get(pile, layout.table.bottom)
    for down in (0, 3, 6):
        for up in (1, 5, 9, 13, 19, 30, 60):
            rects = layout.card_rects(pile, down, up)
            assert rects[-1].bottom <= limit + 0.5, (down, up)
            strips = [b.y - a.y for a, b in itertools.pairwise(rects[down:])]
            folded = [s for s in strips if s < floor - 1e-6]
            assert all(s <= FOLDED_STEP * layout.card_h + 1e-6 for s in folded), (down, up, strips)
            if folded:
                assert layout.fan_steps(pile, down, up)[2]  # dense: the mark shows (Spider)
                if len(strips) - len(folded) >= 1:
                    assert strips[-1] >= floor - 1e-6  # the card under the last one reads too


def test_sp12_a_thirteen_card_yukon_column_at_480x320_shows_every_index(looks):
    """SP-12 in Yukon: a 13-card run on its column, at 480x320, shows all thirteen indices whole (it
    showed the top half of each: a J read I, a Q read ∩)."""
    from game.view.layout import min_up_step

    looks()
    layout = table_layout(spec_of("yukon"), (480, 320))
    for down in (0, 2):
        rects = layout.card_rects(TABLEAUS[0], down, 13)
        steps = [b.y - a.y for a, b in itertools.pairwise(rects[down:])]
        assert min(steps) >= min_up_step(layout.card_w) * layout.card_h - 1e-6, (down, steps)


@pytest.mark.parametrize("variant", ["klondike", "freecell", "yukon", "spider"])
def test_ui4_a_home_preview_gives_its_columns_the_room_its_deal_needs_and_no_more(looks, variant):
    """A still preview never grows: its columns get the least room in which the opening deal shows
    every index (no folded card), so its cards are as large as the tile allows."""
    from game.core.dealid import DealId
    from game.games.index import game_for
    from game.session import Session
    from game.view.table_view import preview_room

    looks()
    state = Session(DealId.make(variant, 11, {})).state
    game = game_for(variant)
    spec, contents, size = game.table(state), game.rules.piles(state), (190, 130)
    room = preview_room(spec, contents, size)
    preview, usual = table_layout(spec, size, chrome=False, room=room), table_layout(spec, size, chrome=False)
    assert preview.card_w >= usual.card_w
    for pile, (cards, down) in contents.items():
        if preview.fans.get(pile) and preview.fans[pile].fan == DOWN:
            assert preview.fan(pile, down, len(cards) - down).folded == 0, pile


@pytest.mark.parametrize("keep", range(3, 15))
def test_sp12_cm10_the_focused_card_of_a_folded_column_shows_its_index(looks, keep):
    """SP-12 with CM-10: in a column folded to fit (Yukon's 15 cards at 480x320 in the large-print
    deck), the card the focus is on is never folded — it showed nothing, and a keyboard player lost
    it — and as many cards stay folded, so the column still ends on the table."""
    from game.view.layout import min_up_step

    looks(deck="large-print")
    layout = table_layout(spec_of("yukon"), (480, 320))
    pile, down, up = TABLEAUS[3], 3, 12
    plain = layout.card_rects(pile, down, up)
    kept = layout.card_rects(pile, down, up, keep)
    floor = min_up_step(layout.card_w) * layout.card_h
    assert any(b.y - a.y < floor - 1e-6 for a, b in itertools.pairwise(plain[down:]))  # it is folded
    if keep < len(kept) - 1:
        assert kept[keep + 1].y - kept[keep].y >= floor - 1e-6, keep  # the focused card reads
    assert kept[-1].bottom <= plain[-1].bottom + 1e-6  # no longer than unfocused: the fold moved
