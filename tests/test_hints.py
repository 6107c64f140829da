"""Hints worth taking (CM-7, SP-15, CM-20): the move that keeps the most sampled worlds of the
unseen cards winnable; Spider and Yukon searched the same way; the same answer however the work is
sliced and however the hidden cards really lie; Pyramid's frames on both cards of a pair and on a
king at the top of the stock."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from helpers import move
from scene_helpers import key, make_app, open_scene, run

from game.core.cards import RANK
from game.core.dealid import DealId
from game.games.index import game_for
from game.games.spider.hints import spider_arrangements
from game.games.yukon.hints import yukon_arrangements
from game.hints.advice import position_hint
from game.rules.base import DEAL_MOVE, DRAW_MOVE, MOVE, PAIR
from game.rules.pile import NO_PILE, STOCK_PILE, WASTE_PILE
from game.rules.registry import start
from game.solver.sampling import lead
from game.view.marks import HINT

T1_T2, T3_T4, W_T1 = move("t1>t2"), move("t3>t4"), move("w>t1")


def test_a_line_votes_for_its_first_useful_move_that_can_be_played_first():
    legal = [T1_T2, T3_T4, DRAW_MOVE]
    assert lead([DRAW_MOVE, DRAW_MOVE, T1_T2], legal) == T1_T2  # stock turns commute with it
    assert lead([DRAW_MOVE, W_T1, T3_T4], legal) == T3_T4  # the waste move touches neither t3 nor t4
    assert lead([DRAW_MOVE, W_T1, T1_T2], legal) == DRAW_MOVE  # t1 changed first: it cannot come first
    assert lead([move("t5>t3"), T3_T4], legal) == move("t5>t3")  # its first move, when legal
    assert lead([DEAL_MOVE, T1_T2], [T1_T2, DEAL_MOVE]) == DEAL_MOVE  # a deal changes every column


def _hint(variant: str, state: object, slice_seconds: float):
    game = game_for(variant)
    job = position_hint(game.hints, game.rules, state)
    while not job.advance(slice_seconds):
        pass
    return job.result()


@pytest.mark.parametrize(
    "variant, number, options", [("spider", 2, {"suits": "1"}), ("yukon", 1, {}), ("klondike", 2, {})]
)
def test_the_sampled_hint_is_searched_legal_and_the_same_however_it_is_sliced(variant, number, options):
    rules, state = start(DealId.make(variant, number, options))  # no card safe home: a weighed hint
    fine, coarse = _hint(variant, state, 0.0005), _hint(variant, state, 5.0)
    assert fine == coarse and fine.searched and fine.move is not None
    assert rules.check(state, fine.move) is None
    assert "guesses at the hidden cards" in fine.reason and 0 < fine.confidence <= 1


def test_spider_and_yukon_arrangements_keep_what_the_player_sees():
    for variant, arrange in (("spider", spider_arrangements), ("yukon", yukon_arrangements)):
        _, s = start(DealId.make(variant, 3))
        got = arrange(s, 4)
        assert got == arrange(s, 4) and len({a.tableau for a in got}) == 4
        for a in got:
            every = sorted([c for col in a.tableau for c in col] + list(getattr(a, "stock", ())))
            assert every == sorted([c for col in s.tableau for c in col] + list(getattr(s, "stock", ())))
            for col, real, d in zip(a.tableau, s.tableau, s.down, strict=True):
                assert col[d:] == real[d:]


def test_spider_with_four_suits_falls_back_to_sp15_when_no_line_is_found_quickly():
    _, s = start(DealId.make("spider", 1, {"suits": "4"}))
    hint = _hint("spider", s, 5.0)
    assert hint.move is not None and hint.move.kind == MOVE
    if not hint.searched:
        assert "ways" not in hint.reason


def _hint_pixels(app, rect: pygame.Rect) -> int:
    """The hint's colour on and just round a card (nothing else on a table has it)."""
    frame = rect.inflate(12, 12).clip(app.screen.get_rect())
    return sum(
        tuple(app.screen.get_at((x, y)))[:3] == HINT
        for x in range(frame.left, frame.right, 2)
        for y in range(frame.top, frame.bottom, 2)
    )


def test_pyramid_frames_a_king_on_the_stock_and_both_cards_of_a_pair(tmp_path: Path):
    app = make_app(tmp_path, size=(800, 600))
    number = next(n for n in range(1, 200) if RANK[start(DealId.make("pyramid", n))[1].stock[-1]] == 13)
    scene = open_scene(app, "pyramid", number)
    kings = [m for m in scene.session.legal if m.kind == PAIR and m.dst == NO_PILE and m.src != STOCK_PILE]
    for m in kings:  # the pyramid's own kings first, so that the stock's king is the hint
        scene.table.play(m)
        run(app, 40)
    key(app, pygame.K_h)
    run(app, 20)
    assert scene.table.hint.move.kind == PAIR and scene.table.hint.move.src == STOCK_PILE
    top = scene.view.pile_sprites(STOCK_PILE)[-1].rect
    assert _hint_pixels(app, pygame.Rect(top.x, top.y, top.w, top.h)) > 20
    app.close()


def test_pyramid_frames_a_pair_with_the_waste(tmp_path: Path):
    app = make_app(tmp_path, size=(800, 600))
    scene = open_scene(app, "pyramid", 5)
    pairs: list = []
    for _ in range(24):  # turn the stock until a waste card pairs with a pyramid card
        pairs = [m for m in scene.session.legal if m.kind == PAIR and WASTE_PILE in (m.src, m.dst)]
        if pairs:
            break
        scene.table.play(DRAW_MOVE)
        run(app, 30)
    assert pairs
    key(app, pygame.K_h)
    for _ in range(100):  # the hint's search done, however long this machine takes for it
        if scene.table.hint_job is None:
            break
        run(app, 5)
    shown = scene.table.hint
    assert shown is not None
    # this pair, whatever is hinted, shown long enough to be drawn
    scene.table.hint = type(shown)(pairs[0], shown.text, scene.table.now + 60)
    run(app, 2)
    for pile in (pairs[0].src, pairs[0].dst):
        r = scene.view.pile_sprites(pile)[-1].rect
        assert _hint_pixels(app, pygame.Rect(r.x, r.y, r.w, r.h)) > 20, pile
    app.close()


def test_the_loop_does_not_rest_while_a_hint_is_being_computed(tmp_path: Path):
    """UI-7 rests the loop when nothing is drawn; a hint computed a slice per step must not wait
    for the rest's wake-ups (it would take several times longer), so the table says it is working.
    Four suits: the hint that searches longest (two suits' compiled search answers in one slice)."""
    app = make_app(tmp_path)
    scene = open_scene(app, "spider", 3, suits="4")
    run(app, 30)
    assert app.resting  # a still table rests
    key(app, pygame.K_h)
    assert scene.table.hint_job is not None and scene.working()
    run(app, 2)
    assert not app.resting
    while scene.table.hint_job is not None:
        run(app, 1)
    run(app, 3)
    assert app.resting and scene.table.hint.move is not None
    app.close()
