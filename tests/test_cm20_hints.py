"""CM-20, hints a strong player would give: a card that can go home safely first; a stock turn only
when no move of the table keeps as many of the sampled worlds winnable; ties to progress; the frame
on what the player must touch; "no useful move" only when true. The positions are those a new user
met following the hints before (issue 35): Klondike deal 44 (draw 1) at moves 6, 7, 11 and 40,
Canfield deal 31 with its stock empty, TriPeaks deal 47's run — reached by replaying the line the
old hints played from the deal's start."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pygame
from helpers import c, columns, move
from scene_helpers import center, click, make_app, open_scene, run

from game.core.cards import NO_CARD
from game.core.dealid import DealId
from game.games.canfield.rules import CanfieldState
from game.games.freecell.rules import FreeCellState
from game.games.index import game_for
from game.games.klondike.rules import KlondikeState
from game.hints.base import PROVEN, Hint
from game.hints.beliefs import Step, World
from game.hints.plans import position, stock_plans
from game.hints.spec import no_safe_move
from game.hints.weigh import Weighing
from game.play.follow import quiet_table
from game.rules.base import DRAW, MOVE, PAIR, RECYCLE, REDEAL_MOVE, parse_move
from game.rules.history import History
from game.rules.pile import NO_PILE, STOCK_PILE, WASTE_PILE
from game.rules.registry import start
from game.session import Session
from game.solver.sampling import TURNS
from game.view.marks import move_hint_frames

# The lines the old hints played (issue 35), as text, from each deal's start.
KLONDIKE_44 = (
    "draw draw draw draw draw draw draw draw draw draw draw draw draw draw draw w>f1 draw draw draw draw "
    "draw draw draw draw draw recycle draw draw draw draw draw draw w>t4 draw w>f2 draw draw draw draw w>t3"
)
CANFIELD_31 = "t3>f2 draw draw w>t4 draw t2>t4 draw draw draw w>t1 t4>t1x3 draw draw draw draw draw draw"
TRIPEAKS_47 = (
    "k4.1>w k4.2>w k4.4>w k4.10>w k3.1>w k4.5>w k4.6>w draw draw k4.9>w k4.7>w k4.3>w k3.4>w k4.8>w k3.7>w "
    "k3.5>w k3.8>w draw k3.2>w draw draw k3.3>w k3.9>w k3.6>w k2.5>w draw k2.4>w"
)
NO_USEFUL_MOVE = "No card on the table can move usefully"


def first(line: str, count: int | None = None) -> list[str]:
    """The first ``count`` moves of a line written out (all of them by default)."""
    return line.split()[:count]


def hint_after(variant: str, number: int, line: list[str], options: dict[str, str] | None = None) -> Hint:
    """The hint the window's table gives after ``line``, asked as the player asks it."""
    table = quiet_table(Session(DealId.make(variant, number, options or {})), game_for)
    for text in line:
        assert table.play(parse_move(text)), text
    table.show_hint()
    while table.hint_job is not None:
        table.tick(1 / 120, False, False)
    assert table.hint is not None
    return Hint(table.hint.move, table.hint.text, share=table.hint.share)


def weighed(variant: str, number: int, line: list[str], options: dict[str, str]) -> Weighing:
    """The weighing of every plan the hint offers at the end of ``line`` (as game/hints/advice.py
    sets it up), every plan checked, on the spec's own worlds and budgets."""
    rules, state = start(DealId.make(variant, number, options))
    history = History(rules, state)
    for text in line:
        history.play(parse_move(text))
    spec = game_for(variant).hints
    state = history.state
    visits = Counter(position(rules, s) for s in history.line)
    fresh = [m for m in rules.legal_moves(state) if not visits[position(rules, rules.play(state, m))]]
    plans = [(m,) for m in fresh if m.kind not in TURNS] + stock_plans(rules, state, history.seen, visits)
    worlds = spec.worlds(state, history.seen, spec.most)
    assert worlds is not None
    step = Step(state, [World(w) for w in worlds])
    weighing = Weighing(
        spec.solver,
        rules,
        step,
        plans,
        lambda m: spec.progress(rules, state, m),
        spec.nodes,
        spec.budget,
        len(plans),
        batch=spec.samples,
    )
    while not weighing.advance(1.0):
        pass
    return weighing


def assert_cm20(weighing: Weighing) -> None:
    """The plan chosen keeps the most worlds; a stock turn only when it keeps more than every move
    of the table."""
    best = weighing.best()
    assert best is not None
    most = len(weighing.kept[best])
    assert all(len(kept) <= most for kept in weighing.kept.values())
    if best[0].kind in TURNS:
        assert all(len(weighing.kept[p]) < most for p in weighing.plans if p[0].kind not in TURNS)


# -- Klondike deal 44 -------------------------------------------------------------------------------


def test_cm20_klondike_44_move_7_the_ace_on_the_waste_goes_home_at_once():
    hint = hint_after("klondike", 44, first(KLONDIKE_44, 7), {"draw": "1"})
    assert hint.move == move("w>f1") and "foundation" in hint.reason


def test_cm20_klondike_44_moves_6_and_11_a_stock_turn_only_when_it_keeps_more_than_the_waste_card_played():
    """9♣→10♥ (move 6) and 8♠→9♥ (move 11) were open while the old hint turned the stock."""
    for moves, waste_move in ((6, "w>t4"), (11, "w>t3")):
        weighing = weighed("klondike", 44, first(KLONDIKE_44, moves), {"draw": "1"})
        assert (move(waste_move),) in weighing.plans
        assert_cm20(weighing)
        hint = hint_after("klondike", 44, first(KLONDIKE_44, moves), {"draw": "1"})
        assert NO_USEFUL_MOVE not in hint.reason and hint.move is not None
        if hint.move.kind == DRAW:
            assert len(weighing.kept[(move(waste_move),)]) < len(weighing.kept[weighing.best() or ()])


def test_cm20_klondike_44_move_40_never_says_no_useful_move_while_7h_can_empty_a_column():
    hint = hint_after("klondike", 44, first(KLONDIKE_44, 40), {"draw": "1"})
    assert hint.move is not None and NO_USEFUL_MOVE not in hint.reason
    assert_cm20(weighed("klondike", 44, first(KLONDIKE_44, 40), {"draw": "1"}))


# -- Canfield deal 31: the stock empty ---------------------------------------------------------------


def test_cm20_canfield_31_turning_the_waste_over_frames_the_stock_and_a_tap_there_does_it(tmp_path: Path):
    app = make_app(tmp_path, size=(1280, 800))
    scene = open_scene(app, "canfield", 31)
    for text in first(CANFIELD_31):
        scene.play(parse_move(text))
        run(app, 1)
    assert not scene.state.stock and scene.state.waste
    scene.table.show_hint()
    while scene.table.hint_job is not None:
        run(app, 1)
    hint = scene.table.hint
    assert hint is not None and hint.move is not None and hint.move.kind == RECYCLE
    contents = scene.session.rules.piles(scene.state)
    frames = move_hint_frames(scene.view, contents, hint.move)
    stock = scene.view.target_rect(STOCK_PILE)
    assert len(frames) == 1 and frames[0] == stock  # the stock, never the waste
    waste = len(scene.state.waste)
    click(app, center(scene, STOCK_PILE))
    assert not scene.state.waste and len(scene.state.stock) == waste  # the waste turned over
    app.close()


# -- TriPeaks deal 47: a run kept going ----------------------------------------------------------------


def test_cm20_tripeaks_47_keeps_the_run_going_9c_on_8d_not_7d():
    """Waste 8♦; 7♦ ends the run, 9♣ keeps it going (10♠ follows) and uncovers a peak card."""
    hint = hint_after("tripeaks", 47, first(TRIPEAKS_47), {})
    assert hint.move == move("k2.2>w")


# -- each game's safe-move rule ------------------------------------------------------------------------


def _klondike(waste: str, foundations: tuple[int, ...], *cols: str, stock: str = "") -> KlondikeState:
    tableau, down = columns(*cols, *([""] * (7 - len(cols))))
    talon = tuple(c(x) for x in stock.split())
    return KlondikeState(tableau, down, talon, tuple(c(x) for x in waste.split()), foundations, 1, None, 0, 0)


def test_cm20_klondike_safe_rule_an_ace_a_two_and_the_rank_rule():
    spec, rules = game_for("klondike").hints, game_for("klondike").rules
    ace = _klondike("AD", (NO_CARD,) * 4, "#KS 9C", "#2H 8H")
    assert spec.safe(rules, ace, move("w>f1"))
    five = _klondike("5H", (c("4H"), c("3S"), c("4C"), c("3D")), "#KS 9C")
    assert not spec.safe(rules, five, move("w>f1"))  # a black 4 is still out: it could need the 5♥
    five = _klondike("5H", (c("4H"), c("4S"), c("4C"), c("3D")), "#KS 9C")
    assert spec.safe(rules, five, move("w>f1"))  # both black 4s home, the 3♦ too (cards come back down)
    hint = hint_after_position("klondike", ace)
    assert hint.move == move("w>f1") and hint.confidence == PROVEN


def hint_after_position(variant: str, state: object) -> Hint:
    from game.hints.advice import position_hint

    game = game_for(variant)
    job = position_hint(game.hints, game.rules, state)
    while not job.advance(0.05):
        pass
    return job.result()


def test_cm20_freecell_and_yukon_safe_rule_home_when_nothing_left_could_need_the_card():
    spec, rules = game_for("freecell").hints, game_for("freecell").rules
    tableau, _ = columns("KS 2D", "QH 6C", *([""] * 6))
    state = FreeCellState(tableau, (NO_CARD,) * 4, (c("AD"), NO_CARD, NO_CARD, NO_CARD))
    assert spec.safe(rules, state, move("t1>f1"))  # a two
    tableau, _ = columns("KS 5H", "QH 6C", *([""] * 6))
    state = FreeCellState(tableau, (NO_CARD,) * 4, (c("4H"), c("3S"), c("4C"), NO_CARD))
    assert not spec.safe(rules, state, move("t1>f1"))  # the 4♠ is out
    yukon = game_for("yukon")
    _, deal = start(DealId.make("yukon", 1))
    assert yukon.hints.safe is not no_safe_move and yukon.hints.safe.__module__ == "game.games.yukon.hints"
    assert not any(yukon.hints.safe(yukon.rules, deal, m) for m in yukon.rules.legal_moves(deal) if m.kind != MOVE)


def test_cm20_canfield_safe_rule_counts_from_the_base_rank():
    spec, rules = game_for("canfield").hints, game_for("canfield").rules
    tableau, _ = columns("9H", "8D", "TS", "JC")
    base = CanfieldState((), tableau, (), (), (c("8S"), c("8H"), NO_CARD, NO_CARD), 8, 3, False)
    assert rules.is_legal(base, parse_move("t2>f3")) and spec.safe(rules, base, parse_move("t2>f3"))  # the base
    assert spec.safe(rules, base, parse_move("t1>f2"))  # the rank after it (a "two")
    tableau, _ = columns("TS", "8D", "KH", "JC")
    state = CanfieldState((), tableau, (), (), (c("9S"), c("8H"), NO_CARD, NO_CARD), 8, 3, False)
    assert rules.is_legal(state, parse_move("t1>f1")) and not spec.safe(rules, state, parse_move("t1>f1"))


def test_cm20_pyramid_safe_rule_a_king_alone():
    spec, rules = game_for("pyramid").hints, game_for("pyramid").rules
    _, s = start(DealId.make("pyramid", 1))
    for m in rules.legal_moves(s):
        assert spec.safe(rules, s, m) == (m.kind == PAIR and m.dst == NO_PILE)


def test_cm20_addiction_safe_rule_a_card_continuing_its_rows_sequence():
    spec, rules = game_for("addiction").hints, game_for("addiction").rules
    _, s = start(DealId.make("addiction", 1))
    for m in rules.legal_moves(s):
        if m.kind != MOVE:
            continue
        place = m.dst.idx % 13
        if spec.safe(rules, s, m):
            assert place > 0 or s.grid[m.dst.idx + 1] == s.grid[m.src.idx] + 1
    assert not spec.safe(rules, s, REDEAL_MOVE)


def test_cm20_spider_golf_and_tripeaks_have_no_move_that_is_always_right():
    for variant in ("spider", "golf", "tripeaks"):
        spec = game_for(variant).hints
        assert spec.safe is no_safe_move, variant


# -- the frame, "no useful move", and the stock weighed by what it brings up -----------------------------


def test_cm20_a_turn_of_the_stock_frames_the_stock_itself(tmp_path: Path):
    app = make_app(tmp_path)
    scene = open_scene(app, "klondike", 44, draw="1")
    contents = scene.session.rules.piles(scene.state)
    from game.rules.base import DRAW_MOVE, RECYCLE_MOVE

    stock, waste = scene.view.layout.piles[STOCK_PILE], scene.view.layout.piles[WASTE_PILE]
    for turn in (DRAW_MOVE, RECYCLE_MOVE):
        frames = move_hint_frames(scene.view, contents, turn)
        assert len(frames) == 1 and frames[0].overlap(stock) > 0 and frames[0].overlap(waste) == 0, turn
    app.close()


def test_cm20_the_rule_of_thumb_says_no_card_can_move_only_when_none_can():
    from game.games.klondike.hints import rule_of_thumb

    rules = game_for("klondike").rules
    state = _klondike("3D", (NO_CARD,) * 4, "7H", "#3S 8S", "#2C KD", stock="4H 5C")
    legal = rules.legal_moves(state)
    table_moves = [m for m in legal if m.kind == MOVE]
    hint = rule_of_thumb(rules, state, legal)
    if table_moves:
        assert NO_USEFUL_MOVE not in hint.reason
    draw_only = [m for m in legal if m.kind == DRAW]
    assert NO_USEFUL_MOVE in rule_of_thumb(rules, state, draw_only).reason


def test_cm20_a_stock_turn_over_known_cards_is_weighed_by_the_card_it_brings_up():
    """After a round of the stock every card in it is known: a turn is offered only as the first
    of the turns that bring a known card up, with that card's move; never as a turn alone."""
    rules, state = start(DealId.make("klondike", 44, {"draw": "1"}))
    history = History(rules, state)
    for text in first(KLONDIKE_44, 27):  # the stock gone round once (the recycle is move 26)
        history.play(parse_move(text))
    visits = Counter(position(rules, s) for s in history.line)
    plans = stock_plans(rules, history.state, history.seen, visits)
    assert plans and all(len(p) >= 2 and p[-1].kind not in TURNS for p in plans)
    assert all(m.kind in TURNS for p in plans for m in p[:-1])


def test_cm20_hints_never_turn_the_stock_round_for_ever():
    """A position passed by turning the stock is passed at most twice: taking hint after hint ends."""
    rules, state = start(DealId.make("klondike", 44, {"draw": "1"}))
    history = History(rules, state)
    for text in first(KLONDIKE_44):
        history.play(parse_move(text))
    visits = Counter(position(rules, s) for s in history.line)
    for plan in stock_plans(rules, history.state, history.seen, visits):
        s = history.state
        for m in plan[:-1]:
            s = rules.play(s, m)
            assert visits[position(rules, s)] <= 1
        assert not visits[position(rules, rules.play(s, plan[-1]))]


def test_cm20_the_hint_is_the_same_with_the_compiled_search_or_without_it_both_legal(monkeypatch):
    """The compiled search (game/games/klondike/fast.py) and the pure-Python one each give a legal,
    searched hint (the tests run both paths; their worlds are searched differently, so the moves may
    differ)."""
    from game.games.klondike import fast as klondike_fast

    rules, state = start(DealId.make("klondike", 2, {"draw": "1"}))  # no card safe home: a weighed hint
    compiled = hint_after_position("klondike", state)
    monkeypatch.setattr(klondike_fast, "LIB", None)
    pure = hint_after_position("klondike", state)
    for hint in (compiled, pure):
        assert hint.move is not None and rules.check(state, hint.move) is None
        assert hint.searched and "guesses at the hidden cards" in hint.reason


def test_cm20_tripeaks_47_by_the_h_key_in_the_window(tmp_path: Path):
    app = make_app(tmp_path)
    scene = open_scene(app, "tripeaks", 47)
    for text in first(TRIPEAKS_47):
        scene.play(parse_move(text))
        run(app, 1)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0))
    for _ in range(200):
        run(app, 1)
        if scene.table.hint_job is None:
            break
    assert scene.table.hint is not None and scene.table.hint.move == move("k2.2>w")
    assert app.stack.top is scene
    app.close()


def test_cm20_sp15_a_look_ahead_over_the_cards_in_sight_shows_nothing_hidden():
    """Spider's rule of thumb, with no progress in one move: the first move of a short line over the
    face-up cards that makes room to turn up a card; the line never turns up a card on its way."""
    from game.games.spider.hints import _shows_nothing, progress
    from game.games.spider.rules import SpiderState
    from game.hints.lookahead import path_to

    rules = game_for("spider").rules
    # 5♠ can go on 6♥ only once 7♣ moves off it; under 5♠, a face-down card.
    tableau, down = columns("#KD 5S", "6H 7C", "8D", *(["KC"] * 7))
    s = SpiderState(tableau, down, (), (), 2)
    assert not any(progress(rules, s, m) >= 3 for m in rules.legal_moves(s))
    first = path_to(
        rules, s, lambda state, m: progress(rules, state, m) >= 3, lambda st, m: _shows_nothing(rules, st, m)
    )
    assert first == move("t2>t3")  # 7♣ onto 8♦: then 5♠ onto 6♥ turns the king of diamonds up
    after = rules.play(s, first)
    assert after.down == s.down  # nothing hidden was shown on the way


def test_cm20_spiders_look_ahead_gives_the_frame_back_and_hints_the_same(monkeypatch):
    """CM-20: a hint's CPU "in slices that never hold up a frame". Spider's rule of thumb looks up to
    400 positions ahead (about 130 ms of a 2-suit deal in one go: the longest step of the hint
    table's Spider row); worked out in steps of a few positions, each advance gives way, and the
    hint is the one the look ahead gives at once. Spider 2 suits, deal 1, after the hints' first
    twelve moves, where the look ahead gives the hint."""
    from game.games.spider.hints import HINTS, rule_of_thumb
    from game.hints import lookahead
    from game.hints.advice import thumb_job

    game = game_for("spider")
    line = "t2>t7 t2>t9 t7>t1x2 t5>t7 t8>t2 t7>t8x2 t2>t7x2 t2>t9 t8>t10x3 t10>t3x4 t10>t9 deal"
    history = History.replay(
        game.rules, start(DealId.make("spider", 1, {"suits": "2"}))[1], [move(t) for t in line.split()]
    )
    state, legal = history.state, game.rules.legal_moves(history.state)
    at_once = rule_of_thumb(game.rules, state, legal)
    assert "a few moves on" in at_once.reason
    monkeypatch.setattr(lookahead, "CHUNK", 1)  # a step a position: the steps are counted
    job = thumb_job(HINTS, game.rules, state, legal)
    steps = 1
    while not job.advance(0.0):  # no time at all: one step each
        steps += 1
    assert steps > 3 and job.result() == at_once


# Klondike deal 202 (draw 1) played by its own hints up to hint 86, where a line known from an
# earlier hint turned the stock while the waste's card could go home safely.
DEAL_202_BY_HINTS = (
    "t4>t7 t3>t4 t6>t3 draw draw draw draw w>f1 draw draw draw draw draw t7>t3x2 t7>t5 w>t4 w>t4 draw w>t3 draw "
    "w>f2 t4>f2 draw draw w>t5 draw w>t7 draw draw draw draw draw draw draw w>t1 w>t1 t4>t1x3 t4>t1 t3>t4x5 "
    "t3>f3 t7>t3x2 draw w>f2 draw w>t3 draw t4>t5x6 t7>t4 t2>t7 recycle draw draw w>t4 t5>t4x9 t5>f4 t1>f4 "
    "t4>f4 draw draw draw draw draw w>f4 draw draw w>t2 w>t2 draw draw w>t3 t7>t3x2 t7>f1 t5>f1 t5>f3 t1>f3 "
    "t1>f2 t4>f1 t1>f1 t6>f3 t4>f4 t2>t7x3 t6>t2 t6>t3 t6>t7 draw"
)


def test_cm20_a_known_line_that_turns_the_stock_gives_way_to_a_safe_move_that_still_wins():
    """CM-20 (found following Klondike deal 202's hints): every card known, the line a hint found
    before turned the stock while a card could go home safely; a player expects the card home
    first. The position after the safe move is searched, and the safe move is the hint when it
    still wins — its line remembered, so the next hints follow it."""
    from game.hints.advice import hint_job
    from game.hints.memory import Memory

    game = game_for("klondike")
    rules, state = start(DealId.make("klondike", 202))
    seen = set(rules.seen(state))
    for text in DEAL_202_BY_HINTS.split():
        state = rules.play(state, parse_move(text))
        seen |= rules.seen(state)  # every card shown on the way: by now, all of them
    legal = rules.legal_moves(state)
    safe = [m for m in legal if game.hints.safe(rules, state, m)]
    memory = Memory(game.hints, rules)
    turn = next(m for m in legal if m.kind == DRAW)
    search = memory.lines.search_for(game.hints, rules.play(state, turn))
    while not search.advance(1.0):
        pass
    assert safe and search.moves, "the position the bug was found in: a safe move, and a win by a turn"
    memory.lines.add(state, (turn, *search.moves))  # the known line turns the stock first
    assert not memory.lines.bring_forward(state, safe[0])  # and cannot play the safe move first
    job = hint_job(game.hints, rules, [state], [], frozenset(seen), legal, Counter([position(rules, state)]), memory)
    while not job.advance(1.0):
        pass
    hint = job.result()
    assert hint.move in safe and hint.confidence == PROVEN
    assert memory.lines.rest(state)[0] == hint.move  # the line it wins by, remembered
