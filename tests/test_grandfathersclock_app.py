"""Grandfather's Clock in the window (GC-1 ... GC-3), driven by real pygame events: the clock's
twelve piles and the eight columns laid out without overlap at every size, a top card moved by two
taps, a card with no place refused with the reason, a card sent to the clock by a double tap; its
record; its seeds; its demo."""

from __future__ import annotations

import itertools
import math

import pygame
import pytest
from helpers import cards
from scene_helpers import center, click, make_app, open_scene, run

from game.core.cards import parse_card
from game.core.dealid import DealId
from game.games.grandfathersclock.rules import HOUR_PILES, STARTERS, ClockState
from game.games.index import game_for
from game.rules.pile import TABLEAUS, Role, role_of
from game.rules.table import Slot
from game.solver.api import solve_deal
from game.solver.engine import Status
from game.solver.seeds import seeds_path, winnable_efforts
from game.view.layout import table_layout

GAME = game_for("grandfathersclock")


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    a.close()


def position(*cols: str) -> ClockState:
    tableau = tuple(cards(c) for c in cols) + ((),) * (8 - len(cols))
    return ClockState(tableau, STARTERS)


@pytest.mark.parametrize("size", [(480, 320), (800, 1280), (390, 844), (1920, 1080)])
def test_gc1_the_clock_and_the_columns_fit_every_window_without_overlap(size):
    """GC-1: twelve foundations round a clock face, the hours clockwise from twelve at the top (six
    below it, nine left of three); on a wide window the eight columns inside it, on a tall one below
    it side by side, the clock a square (it used the top half of 800x1280); no two piles overlap."""
    s = GAME.rules.deal(DealId.make("grandfathersclock", 1))
    spec = GAME.table(s).for_window(size)
    lay = table_layout(spec, size)
    rects = {p: lay.piles[p] for p in (*HOUR_PILES, *TABLEAUS[:8])}
    assert len(rects) == 20
    for p, r in rects.items():
        assert r.x >= 0 and r.right <= size[0] and r.y >= lay.top_bar.bottom and r.bottom <= lay.toolbar.y, p
        for q, other in rects.items():
            assert p == q or r.overlap(other) == 0, (p, q)
    twelve, three, six, nine = (rects[HOUR_PILES[h - 1]] for h in (12, 3, 6, 9))
    assert twelve.y < three.y < six.y and nine.x < twelve.x < three.x
    hours = [rects[HOUR_PILES[h - 1]].center for h in (12, *range(1, 12))]
    cx, cy = sum(x for x, _ in hours) / 12, sum(y for _, y in hours) / 12
    turns = [math.atan2(x - cx, cy - y) for x, y in hours]  # from straight up, clockwise
    round_from_twelve = [(t - turns[0]) % math.tau for t in turns]
    assert all(a < b for a, b in itertools.pairwise(round_from_twelve[1:]))
    if size[1] > size[0]:  # the columns below the clock, using the window's height
        assert all(rects[TABLEAUS[i]].y > six.bottom for i in range(8))
        assert rects[TABLEAUS[0]].bottom > lay.top_bar.bottom + (lay.toolbar.y - lay.top_bar.bottom) * 0.4
    else:
        assert nine.y == three.y and twelve.x == six.x
        assert all(rects[TABLEAUS[i]].x > nine.x and rects[TABLEAUS[i]].right < three.x for i in range(8))
    assert isinstance(lay.fans[TABLEAUS[0]], Slot)


def test_gc3_a_top_card_moves_by_two_taps_and_a_card_with_no_place_is_refused(app):
    s = position("8H", "KS 7C", "4D", "QS", "JD", "2H", "6H", "3D")
    scene = open_scene(app, "grandfathersclock", state=s)
    click(app, center(scene, TABLEAUS[1], 1))  # 7♣ onto 8♥: any suit
    click(app, center(scene, TABLEAUS[0]))
    state = scene.session.state
    assert state.tableau[0] == cards("8H 7C") and state.tableau[1] == cards("KS")
    click(app, center(scene, TABLEAUS[2]))  # 4♦: no card one higher, no empty pile, not the clock's
    assert scene.session.state == state and "no legal place" in scene.table.toast[0]


def test_cm3_a_double_tap_sends_a_card_to_its_hour(app):
    scene = open_scene(app, "grandfathersclock", state=position("8H", "KS JS", "5C"))
    pos = center(scene, TABLEAUS[1], 1)
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        run(app, 2)
    run(app, 30)
    state = scene.session.state
    assert state.tableau[1] == cards("KS") and state.clock[0] == parse_card("JS")  # one o'clock, not the empty column


def test_cm14_the_record_says_the_rules():
    text = " ".join(body for _, body in GAME.guide())
    assert "twelve o'clock" in text and "its hour" in text and "whatever its suit" in text
    assert GAME.controls().stock_key is None and "top card" in GAME.controls().tap
    assert GAME.words() and 1 <= GAME.stars({}) <= 5
    assert GAME.status(GAME.rules.deal(DealId.make("grandfathersclock", 1))) == ["Cards left 40"]


def test_seeds_hold_200_proved_and_rated_deals():
    rated = winnable_efforts("grandfathersclock", {})
    assert len(rated) >= 200 and all(e is not None for e in rated.values())
    assert seeds_path("grandfathersclock", {}).name == "grandfathersclock.txt"
    for number in sorted(rated, key=lambda n: rated[n].nodes)[:3]:
        result = solve_deal(GAME.solver, DealId.make("grandfathersclock", number), max_nodes=200_000)
        assert result.status is Status.SOLVED


def test_ui6_the_demo_wins_grandfathersclock(tmp_path):
    from test_demo import test_ui6_the_demo_wins_every_game_with_legal_moves as demo_wins

    demo_wins(tmp_path, "grandfathersclock", {})


def test_cm19_a_clock_pile_is_said_by_its_hour_and_the_clock_read_round_from_twelve():
    """CM-19 and the issue's words: "clock, 3 o'clock, queen of clubs on top" — the hour, not a
    foundation's number; the whole table reads the clock round from twelve o'clock."""
    from game.games.grandfathersclock.rules import HOUR_PILES
    from game.speech.reading import group_summary
    from game.speech.words import pile_name

    assert pile_name(HOUR_PILES[2]) == "clock, 3 o'clock"
    s = GAME.rules.deal(DealId.make("grandfathersclock", 1))
    line = group_summary(Role.FOUNDATION, list(HOUR_PILES), GAME.rules.piles(s))
    assert line.startswith("Clock: 12 o'clock, nine of diamonds, 1 o'clock, ten of spades")
    assert "3 o'clock, queen of clubs" in line


def test_a_card_to_the_clock_sounds_and_is_captioned_as_a_card_home():
    """Its foundations are a pile kind of its own: the sound and the demo's caption know them by
    their role (a foundation), not by the kind's name."""
    from game.play.demo import caption
    from game.view.sound import sound_for

    s = GAME.rules.deal(DealId.make("grandfathersclock", 1))
    home = next(m for m in GAME.rules.legal_moves(s) if role_of(m.dst) is Role.FOUNDATION)
    _, events = GAME.rules.apply(s, home)
    assert sound_for(events, collecting=False, won=False) == "foundation"
    assert "foundation" in caption(GAME.rules, s, home, events)


def test_ui9_the_left_handed_table_leaves_the_clock_as_it_is(tmp_path):
    """A clock has no hand: the left-handed table keeps its hours clockwise."""
    from game.core.look import Look, set_look
    from game.view.layout import table_layout

    s = GAME.rules.deal(DealId.make("grandfathersclock", 1))
    right = table_layout(GAME.table(s), (1280, 800))
    set_look(Look(left_handed=True))
    try:
        left = table_layout(GAME.table(s), (1280, 800))
    finally:
        set_look(Look())
    assert left.piles == right.piles
