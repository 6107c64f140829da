"""The pure layers under the table, tested without a display: SP-9's tap priority in the rules,
the interaction (selection, targets, drops, taps of each game), keyboard focus, the hints' choice
and the one deal policy."""

from __future__ import annotations

import pytest
from helpers import ask_hint, cards, columns, move

from game.core.cards import NO_CARD
from game.core.dealid import DealId
from game.deals import RANDOM, WINNABLE, WinnableSearch, new_deal, proved_winnable
from game.games.addiction.interaction import AddictionInteraction
from game.games.addiction.rules import AddictionState
from game.games.freecell.rules import FreeCellState
from game.games.index import game_for
from game.games.klondike.rules import KlondikeState
from game.games.pyramid.interaction import PyramidInteraction
from game.games.pyramid.rules import PYRAMID_SLOTS, PyramidState, slot
from game.games.spider.interaction import SpiderInteraction
from game.games.spider.rules import Spider, SpiderState
from game.hints.base import describe
from game.play.focus import FocusMap, follow, move_focus, settle
from game.play.interaction import Interaction
from game.play.position import Position
from game.rules.base import DEAL_MOVE, DRAW_MOVE
from game.rules.pile import CELLS, FOUNDATIONS, STOCK_PILE, TABLEAUS, WASTE_PILE

RUN_KS = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
SP = Spider()


def spider(*cols: str, stock: str = "", completed=(), suits=2) -> SpiderState:
    tableau, down = columns(*cols, *(["KC"] * (10 - len(cols))))
    return SpiderState(tableau, down, cards(stock), tuple(completed), suits)


def klondike(*cols: str, stock: str = "", waste: str = "", draw: int = 1) -> KlondikeState:
    tableau, down = columns(*cols, *([""] * (7 - len(cols))))
    return KlondikeState(tableau, down, cards(stock), cards(waste), (NO_CARD,) * 4, draw, None, 0, 0)


def pos(state) -> Position:
    return Position(game_for(type(state).__name__.removesuffix("State").lower()).rules, state)


# -- SP-9 as a pure function of the rules -----------------------------------------------------------


def test_sp9_tap_priority_is_a_pure_rule():
    """SP-9: (1) completes a suit, (2) same suit, (3) another suit, (4) an empty column; ties to
    the lowest column."""
    completes = spider("#5D 7H", "#4C 2S", "#6D 8D", "#7C 9D", f"#3C {RUN_KS}", "#2D AS")
    assert SP.tap_destination(completes, TABLEAUS[5], 1) == move("t6>t5")
    same = spider("#5D 7H", "#4C 8S", "#6D 8H", "", "#7C 8D")
    assert SP.tap_destination(same, TABLEAUS[0], 1) == move("t1>t3")
    other = spider("#5D 7H", "", "#6D 8S", "#7C 8C")
    assert SP.tap_destination(other, TABLEAUS[0], 1) == move("t1>t3")
    empty = spider("#5D 7H", "#4C 2S", "", "#7C 3C", "")
    assert SP.tap_destination(empty, TABLEAUS[0], 1) == move("t1>t3")
    assert SP.tap_destination(spider("#5D 7H", "#4C 2S"), TABLEAUS[1], 1) is None


def test_sp9_spider_taps_move_at_once_and_mixed_runs_say_why():
    s = spider("#5D 7H", "#4C 8S", "#6D 8H", "", "#7C 8D", "#9C 8H 7S")
    i = SpiderInteraction()
    out = i.tap(pos(s), TABLEAUS[0], 1)
    assert out.move == move("t1>t3") and i.selected is None
    out = i.tap(pos(s), TABLEAUS[5], 1)  # 8♥ 7♠: mixed
    assert out.move is None and "one suit" in out.message
    assert i.tap(pos(s), STOCK_PILE, -1).message  # SP-6: refused with an empty column, and why
    assert i.long_press(pos(s), TABLEAUS[5], 1).panel == TABLEAUS[5]  # SP-11
    full = spider("#5D 7H", "#4C 8S", "#6D 8H", "#6D 9H", "#7C 8D", stock="AS 2S 3S 4S 5S 6S 7S 8S 9S TS")
    assert i.tap(pos(full), STOCK_PILE, 9).move == DEAL_MOVE


# -- CM-2, CM-3, CM-4 without a display -------------------------------------------------------------


def test_cm2_tap_selects_outlines_every_target_and_a_second_tap_places():
    s = klondike("#AS 8D", "#2C 9S", "#3H 9C", stock="5H")
    i = Interaction()
    assert i.tap(pos(s), TABLEAUS[0], 1).move is None
    assert i.selected is not None and {m.dst for m in i.targets} == {TABLEAUS[1], TABLEAUS[2]}
    out = i.tap(pos(s), TABLEAUS[2], 0)
    assert out.move == move("t1>t3") and i.selected is None


def test_cm4_a_tap_on_a_wrong_place_says_the_rules_reason_and_keeps_nothing_selected():
    s = klondike("#AS 8D", "#2C 9S", "#3H TC", stock="5H")
    i = Interaction()
    i.tap(pos(s), TABLEAUS[0], 1)  # 8♦ may go on 9♠, not on 10♣
    assert {m.dst for m in i.targets} == {TABLEAUS[1]}
    out = i.tap(pos(s), TABLEAUS[2], 1)
    assert out.move is None and "rank higher" in out.message and i.selected is None
    assert out.message.startswith("8♦ cannot go on 10♣.")  # the two cards named, as Golf's and TriPeaks' are


def test_cm3_double_tap_prefers_a_foundation_then_a_filled_column():
    s = klondike("#2C AS", "#3H 2S", "#4H 3D", stock="5H")
    i = Interaction()
    assert i.double_tap(pos(s), TABLEAUS[0], 1).move == move("t1>f1")
    later = klondike("#2C 8D", "", "#4H 9C", stock="5H")
    assert i.double_tap(pos(later), TABLEAUS[0], 1).move == move("t1>t3")


def test_kl5_kl6_a_tap_on_the_stock_turns_it_or_turns_the_waste_over_or_says_why():
    i = Interaction()
    assert i.tap(pos(klondike("KS", stock="5H")), STOCK_PILE, 0).move == DRAW_MOVE
    assert str(i.tap(pos(klondike("KS", waste="5H")), STOCK_PILE, -1).move) == "recycle"
    nothing = i.tap(pos(klondike("KS")), STOCK_PILE, -1)
    assert nothing.move is None and nothing.message


def test_kl5_a_tap_on_the_stock_turns_it_even_with_a_card_selected():
    """KL-5, CF-5: the stock is never a selected card's place, so a tap on it lets the selection go
    and turns the stock (it used to only let the selection go: the tap seemed lost). A card with no
    place to go is not held at all, so the tap after it means what it says."""
    s = klondike("#AS 8D", "#2C 9S", "#3H 9C", stock="5H")
    i = Interaction()
    i.tap(pos(s), TABLEAUS[0], 1)
    assert i.selected is not None
    out = i.tap(pos(s), STOCK_PILE, 0)
    assert out.move == DRAW_MOVE and i.selected is None
    stuck = klondike("#AS 8D", "#2C 4S", stock="5H")
    said = i.tap(pos(stuck), TABLEAUS[0], 1)
    assert "no legal place" in said.message and i.selected is None
    assert i.tap(pos(stuck), STOCK_PILE, 0).move == DRAW_MOVE


def test_a_drop_means_the_rules_move_and_pyramid_drops_pair():
    s = klondike("#AS 8D", "#2C 9S", stock="5H")
    assert Interaction().drop(pos(s), TABLEAUS[0], 1, TABLEAUS[1]) == move("t1>t2")
    rows = ["9C"], ["2S", "3S"], ["4S", "5S", "6S"], ["7S", "8S", "TS", "JS"]
    grid = [NO_CARD] * 28
    for r, row in enumerate(rows):
        for k, c in enumerate(row):
            grid[slot(r, k)] = cards(c)[0]
    grid[slot(6, 0)], grid[slot(6, 1)] = cards("4H")[0], cards("9H")[0]
    p = PyramidState(tuple(grid), (), (), 0)
    i = PyramidInteraction()
    assert str(i.drop(pos(p), PYRAMID_SLOTS[slot(6, 0)], 0, PYRAMID_SLOTS[slot(6, 1)])).startswith("p7.")
    assert "covered" in i.tap(pos(p), PYRAMID_SLOTS[0], 0).message


def test_ad5_a_gap_with_two_twos_waits_for_the_players_choice():
    grid = list(range(52))
    for k in (0, 13, 26, 39):  # aces out: a gap at the start of each row
        grid[k] = NO_CARD
    s = AddictionState(tuple(grid), 3, 0, 1)
    i = AddictionInteraction()
    out = i.tap(pos(s), game_for("addiction").rules.piles(s).__iter__().__next__(), -1)
    assert out.move is None and i.selected is not None and len(i.targets) == 4  # four 2s fit the gap


# -- keyboard focus (CM-10) --------------------------------------------------------------------------


def test_cm10_focus_walks_rows_and_face_up_cards_and_never_lands_on_a_face_down_card():
    s = klondike("#AS #2C 8D 7C", "9S", stock="5H")
    contents = game_for("klondike").rules.piles(s)
    rows = [[STOCK_PILE, WASTE_PILE, *FOUNDATIONS[:4]], list(TABLEAUS[:7])]
    centres = {p: float(k) for row in rows for k, p in enumerate(row)}
    fmap = FocusMap(rows, centres, frozenset(TABLEAUS[:7]))
    f = move_focus(None, 0, 0, contents, fmap)
    assert f == (TABLEAUS[0], 3)
    f = move_focus(f, 0, -1, contents, fmap)
    assert f == (TABLEAUS[0], 2)  # up the face-up run
    f = move_focus(f, 0, -1, contents, fmap)
    assert f == (STOCK_PILE, 0)  # past the face-down cards, to the row above
    assert move_focus(f, 0, -1, contents, fmap) == f  # the top edge: no wrapping round
    assert settle((TABLEAUS[0], 1), contents, fmap) == (TABLEAUS[0], 3)  # a face-down card is never focused
    assert settle((CELLS[0], 0), contents, fmap) is None  # a pile the keys cannot reach


# -- hints are pure ------------------------------------------------------------------------------------


def test_cm7_hints_choose_from_the_rules_of_thumb_and_say_why():
    game = game_for("freecell")
    tableau = columns("KS", "", "", "", "", "", "", "")[0]
    s = FreeCellState(tableau, (NO_CARD,) * 4, cards("QS KH KD KC"))
    hint = ask_hint("freecell", s, frozenset())
    assert hint.move == move("t1>f1") and hint.confidence == 1.0 and "foundation" in hint.reason
    assert describe(game.rules, s, move("t3>c1")) == "A legal move."


# -- one deal policy ----------------------------------------------------------------------------------


def test_kl11_the_deal_policy_deals_winnable_from_the_list_random_anywhere_and_searches_when_no_list():
    numbers = proved_winnable("klondike", {"draw": "1", "redeals": "unlimited"})
    deal = new_deal("klondike", {"draw": "1", "redeals": "unlimited"}, WINNABLE, below=lambda n: 0)
    assert deal is not None and deal.number == numbers[0]
    assert new_deal("golf", {}, RANDOM, below=lambda n: 41).number == 42
    assert new_deal("spider", {"suits": "4"}, WINNABLE) is not None  # from the 4-suit list: instant
    numbers = iter(range(999))
    search = WinnableSearch(game_for("golf").solver, "golf", {}, below=lambda n: next(numbers))
    while not search.advance(0.05):
        pass
    assert search.found is not None and search.tried >= 1


def test_cm10_up_walks_only_the_cards_that_can_be_picked_up_then_the_row_above():
    """A six-card FreeCell column whose last two cards form a run: two presses of Up reach the
    run's head, the third the free cells — not one press per card."""
    rules = game_for("freecell").rules
    tableau = columns("KS 2D 9C 4H 8S 7H", "", "", "", "", "", "", "")[0]
    s = FreeCellState(tableau, (NO_CARD,) * 4, (NO_CARD,) * 4)
    contents = rules.piles(s)
    first = {p: next((i for i in range(len(c)) if rules.can_lift(s, p, i)), 0) for p, (c, _) in contents.items()}
    rows = [[*CELLS, *FOUNDATIONS[:4]], list(TABLEAUS[:8])]
    fmap = FocusMap(rows, {p: float(k) for row in rows for k, p in enumerate(row)}, frozenset(TABLEAUS[:8]), first)
    f = (TABLEAUS[0], 5)
    f = move_focus(f, 0, -1, contents, fmap)
    assert f == (TABLEAUS[0], 4)  # 8♠ heads the run 8♠ 7♥
    assert move_focus(f, 0, -1, contents, fmap) == (CELLS[0], -1)


def test_py3_pyramid_shades_the_cards_still_covered_and_only_those():
    game = game_for("pyramid")
    s = game.rules.deal(DealId.make("pyramid", 5))
    blocked = game.blocked(s)
    assert len(blocked) == 21 and not blocked & {PYRAMID_SLOTS[slot(6, i)] for i in range(7)}
    assert game_for("klondike").blocked(game_for("klondike").rules.deal(DealId.make("klondike", 5))) == frozenset()


def test_cm10_the_focus_follows_the_cards_placed_on_it_not_the_card_beneath():
    """Q♦ placed on K♠ with the focus on K♠: the focus goes to Q♦ (a run: to the run's head). A move
    away from the focused pile (Golf's play onto the waste) leaves the focus on that pile's new top."""
    rules = game_for("freecell").rules
    tableau = columns("KS", "QD", "5C QH JS", "", "", "", "", "")[0]
    s = FreeCellState(tableau, (NO_CARD,) * 4, (NO_CARD,) * 4)
    rows = [[*CELLS, *FOUNDATIONS[:4]], list(TABLEAUS[:8])]
    fmap = FocusMap(rows, {p: float(k) for row in rows for k, p in enumerate(row)}, frozenset(TABLEAUS[:8]))
    after, events = rules.apply(s, move("t2>t1"))
    assert follow((TABLEAUS[0], 0), events, rules.piles(after), fmap) == (TABLEAUS[0], 1)
    assert settle((TABLEAUS[0], 0), rules.piles(after), fmap) == (TABLEAUS[0], 0)  # what settle alone kept
    assert follow((TABLEAUS[1], 0), events, rules.piles(after), fmap) == (TABLEAUS[1], -1)  # the emptied column
    s2 = FreeCellState(columns("KS", "", "5C QH JS", "", "", "", "", "")[0], (NO_CARD,) * 4, (NO_CARD,) * 4)
    after, events = rules.apply(s2, move("t3>t1x2"))
    assert follow((TABLEAUS[0], 0), events, rules.piles(after), fmap) == (TABLEAUS[0], 1)  # Q♥, the run's head
    assert follow((TABLEAUS[2], 2), events, rules.piles(after), fmap) == (TABLEAUS[2], 0)  # left behind: 5♣


@pytest.mark.parametrize("left_handed", [False, True], ids=["right-handed", "left-handed"])
def test_cm10_yukon_foundations_are_a_side_column_the_arrows_enter_walk_and_leave(tmp_path, left_handed):
    """CM-10 with a side column (Yukon's foundations, right of the columns, or left of them on the
    left-handed table): a step past the last column towards it goes in, at its top; up and down walk
    it; a step back goes to the column beside it. (Right from the last column wrapped round to the
    first, so the foundations were reached only by Up, and left-handed Left never reached them.)"""
    import pygame
    from scene_helpers import key, make_app, open_scene

    from game.core.look import Look

    app = make_app(tmp_path)
    app.settings.look = Look(left_handed=left_handed)
    app.apply_look()
    scene = open_scene(app, "yukon", 3)
    toward, away = (pygame.K_LEFT, pygame.K_RIGHT) if left_handed else (pygame.K_RIGHT, pygame.K_LEFT)
    edge = TABLEAUS[0] if left_handed else TABLEAUS[6]  # the column beside the foundations (columns keep their order)
    key(app, pygame.K_DOWN)  # the focus appears
    for _ in range(7):
        if scene.cards.at[0] == edge:
            break
        key(app, toward)
    assert scene.cards.at[0] == edge
    key(app, toward)
    assert scene.cards.at == (FOUNDATIONS[0], -1)  # the top foundation, empty
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    assert scene.cards.at[0] == FOUNDATIONS[2]
    key(app, toward)  # nothing further out: it stays
    assert scene.cards.at[0] == FOUNDATIONS[2]
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)  # the bottom: no wrapping round
    assert scene.cards.at[0] == FOUNDATIONS[3]
    key(app, away)
    assert scene.cards.at[0] == edge
    app.close()
