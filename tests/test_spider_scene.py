"""Spider in the window (SPEC SP-6 ... SP-20), driven by real pygame events."""

from __future__ import annotations

import pygame
import pytest
from helpers import cards, columns
from scene_helpers import center, click, key, make_app, open_scene, right_click, run

from game.games.spider.rules import SpiderState
from game.rules.base import DEAL_MOVE
from game.rules.pile import FOUNDATIONS, STOCK_PILE, TABLEAUS
from game.scenes.panels import GameOverPanel
from game.scenes.segment import SegmentPanel
from game.scenes.win_panel import WinPanel
from game.view.acts import Pick

RUN_KS = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"


def spider(*cols: str, stock: str = "", completed=(), suits=2) -> SpiderState:
    tableau, down = columns(*cols, *(["KC"] * (10 - len(cols))))  # kings: nothing goes on them
    return SpiderState(tableau, down, cards(stock), tuple(completed), suits)


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    a.close()


def tap(app, scene, col: int, index: int) -> None:
    click(app, center(scene, TABLEAUS[col], index), wait=0.45)


def test_sp9_priority_1_completing_a_suit_beats_a_lower_column(app):
    s = spider("#5D 7H", "#4C 2S", "#6D 8D", "#7C 9D", f"#3C {RUN_KS}", "#2D AS")
    scene = open_scene(app, "spider", state=s)
    tap(app, scene, 5, 1)  # A♠: fits 2♠ on column 2 and completes K-A on column 5
    assert len(scene.session.state.completed) == 1 and scene.session.state.tableau[1] == cards("4C 2S")


def test_sp9_priority_2_same_suit_before_another_suit(app):
    s = spider("#5D 7H", "#4C 8S", "#6D 8H", "", "#7C 8D")
    scene = open_scene(app, "spider", state=s)
    tap(app, scene, 0, 1)
    assert scene.session.state.tableau[2] == cards("6D 8H 7H")


def test_sp9_priority_3_another_suit_before_an_empty_column(app):
    s = spider("#5D 7H", "", "#6D 8S", "#7C 8C")
    scene = open_scene(app, "spider", state=s)
    tap(app, scene, 0, 1)
    assert scene.session.state.tableau[2] == cards("6D 8S 7H")  # the lowest of two other-suit columns


def test_sp9_priority_4_an_empty_column_last_and_ties_to_the_lowest(app):
    s = spider("#5D 7H", "#4C 2S", "", "#7C 3C", "")
    scene = open_scene(app, "spider", state=s)
    tap(app, scene, 0, 1)
    assert scene.session.state.tableau[2] == cards("7H") and scene.session.state.tableau[4] == ()


def test_sp9_ties_go_to_the_lowest_column_number(app):
    s = spider("#5D 7H", "#4C 3C", "#6D 8H", "#7C 4C", "#7C 8H")
    scene = open_scene(app, "spider", state=s)
    tap(app, scene, 0, 1)
    assert scene.session.state.tableau[2] == cards("6D 8H 7H")


def test_sp9_a_mixed_run_does_not_move_and_says_why(app):
    s = spider("#5D 8S 7H", "#4C 9H", stock="AS " * 10)
    scene = open_scene(app, "spider", state=s)
    tap(app, scene, 0, 1)  # 8♠ with 7♥ on it
    assert scene.session.state == s and "one suit" in scene.table.toast[0]


def test_sp10_drag_onto_another_suit_on_purpose(app):
    from scene_helpers import drag

    s = spider("#5D 7H", "#4C 8S", "#6D 8H")
    scene = open_scene(app, "spider", state=s)
    drag(app, center(scene, TABLEAUS[0], 1), center(scene, TABLEAUS[1], 1))
    assert scene.session.state.tableau[1] == cards("4C 8S 7H")


def test_sp6_deal_by_tap_by_key_and_refused_with_an_empty_column(app):
    scene = open_scene(app, "spider", 5)
    click(app, center(scene, STOCK_PILE))
    assert scene.session.state.deals_left == 4
    key(app, pygame.K_d, frames=30)
    assert scene.session.state.deals_left == 3
    key(app, pygame.K_u)  # SP-19: U undoes
    assert scene.session.state.deals_left == 4
    empty = spider("#5D 7H", "", stock="AS " * 10)
    scene = open_scene(app, "spider", state=empty)
    click(app, center(scene, STOCK_PILE))
    assert scene.session.state == empty and "empty column" in scene.table.toast[0]


def test_sp6_the_deal_control_says_when_no_cards_are_left(app):
    scene = open_scene(app, "spider", state=spider("#5D 7H", "#4C 8S"))
    click(app, center(scene, STOCK_PILE))
    assert "No cards are left" in scene.table.toast[0]


def test_sp7_a_completed_suit_after_a_deal_flies_to_a_slot_and_is_announced(app):
    s = spider(RUN_KS, *(["#9C 9D"] * 9), stock="AS 2D 2D 2D 2D 2D 2D 2D 2D 2D")
    scene = open_scene(app, "spider", state=s)
    click(app, center(scene, STOCK_PILE))
    assert scene.session.state.completed == (0,)
    assert scene.view.sprites.at(FOUNDATIONS[0], 12) is not None  # the king shows on slot 1
    assert "Spades" in scene.table.toast[0] and "1/8" in scene.table.toast[0]


def test_sp11_segment_panel_stops_only_at_runs_that_can_move(app):
    s = spider("#5D 9H 8H 7H 6H", "#4C 9S", "#6D 7S", "")
    scene = open_scene(app, "spider", state=s)
    right_click(app, center(scene, TABLEAUS[0], 1))  # on the 9♥: the panel starts with its run
    panel = app.stack.top
    assert isinstance(panel, SegmentPanel)
    assert panel.sizes == [1, 2, 3, 4]  # 6♥ (on 7♠ or the empty column), 7-6, 8-7-6 (on 9♠), 9-8-7-6 (empty)
    assert panel.size == 4
    more, fewer = panel.buttons[:2]
    assert not more.enabled and fewer.enabled  # the longest run that can move: ▲ More is greyed, not dead
    key(app, pygame.K_DOWN)
    assert panel.buttons[0].enabled
    assert panel.size == 3 and [m.dst.idx for m in panel.destinations()] == [1, 3]
    key(app, pygame.K_RETURN)
    assert app.stack.top is scene and scene.session.state.tableau[1] == cards("4C 9S 8H 7H 6H")


def test_sp11_segment_panel_cancel_esc_and_outside_change_nothing(app):
    s = spider("#5D 9H 8H", "#4C 9S")
    scene = open_scene(app, "spider", state=s)
    for close in ("esc", "outside", "cancel"):
        right_click(app, center(scene, TABLEAUS[0], 2))
        panel = app.stack.top
        assert isinstance(panel, SegmentPanel)
        if close == "esc":
            key(app, pygame.K_ESCAPE)
        elif close == "outside":
            click(app, (2, 2))
        else:
            b = next(b for b in panel.buttons if b.action == "cancel")
            click(app, (int(b.rect.center[0]), int(b.rect.center[1])))
        assert app.stack.top is scene and scene.session.state == s


def test_sp11_many_destinations_are_paged_never_dropped(tmp_path):
    app = make_app(tmp_path, size=(800, 600))
    s = spider("#5D 5H", "6S", "6C", "6D", "6H", "6S", "6C", "", "", "#2C 6D")
    scene = open_scene(app, "spider", state=s, suits="4")
    key(app, pygame.K_RIGHT)  # focus the columns, then Enter opens the panel (SP-19)
    while scene.cards.at[0] != TABLEAUS[0]:
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    panel = app.stack.top
    assert isinstance(panel, SegmentPanel)
    everything = panel.destinations()
    assert len(everything) == 9 and panel.per_page < 9
    shown = set()
    for _ in range(3):
        shown |= {b.action for b in panel.buttons if isinstance(b.action, Pick)}
        nxt = next((b for b in panel.buttons if b.action == "next"), None)
        if nxt is None:
            break
        click(app, (int(nxt.rect.center[0]), int(nxt.rect.center[1])), wait=0.05)
    assert shown == {Pick("destinations", i) for i in range(9)}
    assert [panel.mark(m) for m in everything].count("empty column") == 2
    app.close()


def test_sp12_a_long_column_is_dense_and_its_last_card_readable(tmp_path):
    app = make_app(tmp_path, size=(1000, 700))
    long_col = (
        "#"
        + " #".join(["9C"] * 5)
        + " "
        + " ".join(["KS", "QH", "JS", "TH", "9S", "8H", "7S", "6H", "5S", "4H", "3S", "2H"] * 2)
    )
    scene = open_scene(app, "spider", state=spider(long_col))
    down, up = 5, 24
    _, _, dense = scene.view.layout.fan_steps(TABLEAUS[0], down, up)
    assert dense
    last = scene.view.sprites.at(TABLEAUS[0], down + up - 1)
    assert last is not None and last.rect.bottom <= app.window_size()[1]
    app.close()


def test_sp15_hint_order_and_no_progress_advice(app):
    scene = open_scene(app, "spider", state=spider("#5D 7H", "#4C 8S", "8H 7S", "#3C 8H"))
    key(app, pygame.K_h)
    assert str(scene.table.hint.move) in ("t1>t2", "t1>t4") and "turns up" in scene.table.hint.text
    assert str(scene.table.hint.move) == "t1>t4"  # same suit preferred
    stuck = open_scene(
        app, "spider", state=spider("9H", "9S", "9D", "9C", "9H", "9S", "9D", "9C", "9H", "9S", stock="AS " * 10)
    )
    key(app, pygame.K_h)
    assert stuck.table.hint.move == DEAL_MOVE and "deal" in stuck.table.hint.text
    gap = open_scene(app, "spider", state=spider("9H", "", stock="AS " * 10))
    key(app, pygame.K_h)
    assert gap.table.hint.move is None and "fill the empty column" in gap.table.hint.text


def test_sp18_win_panel_lists_the_suits(app):
    s = SpiderState(((*cards(RUN_KS),), cards("AS")) + ((),) * 8, (0,) * 10, (), (0, 0, 0, 1, 1, 1, 1), 2)
    scene = open_scene(app, "spider", state=s)
    click(app, center(scene, TABLEAUS[1], 0), wait=1.0)
    assert scene.session.won
    panel = app.stack.top
    assert isinstance(panel, WinPanel)
    assert any("Spades 4" in line and "Hearts 4" in line for line in panel.lines())


def test_sp20_status_bar(app):
    scene = open_scene(app, "spider", 5)
    status = scene.game.status(scene.session.state)
    assert status[0] == "Deals 5" and status[1].startswith("Completed 0/8") and status[2] == "Face down 44"
    run(app, 1)


def test_sp17_the_real_end_only_with_an_empty_stock_and_no_move(app):
    """SP-17: with cards in the stock the deal is not over; with none and no move, the panel offers
    undo, restart and a new deal."""
    s = spider("#5D 7H", "#4C 9H", stock="2S 2S 2S 2S 2S 2S 2S 2S 2S 2S")
    scene = open_scene(app, "spider", state=s)
    run(app, 30)
    assert app.stack.top is scene
    click(app, center(scene, STOCK_PILE), wait=1.0)
    assert not scene.session.rules.legal_moves(scene.session.state)
    run(app, 30)
    panel = app.stack.top
    assert isinstance(panel, GameOverPanel)
    assert [b.action for b in panel.buttons] == ["undo", "restart", "new"]


def test_sp11_the_clock_runs_while_the_segment_panel_is_open(app):
    """Choosing a run in the segment panel is playing: the clock goes on (a settings dialog stops it).
    (SP-16's ways on sit in the toolbar since CM-21: tests/test_cm21_verdict.py.)"""
    s = spider("#5D 7H", "#4C 8S 7S 6S", "#6D 8H")
    scene = open_scene(app, "spider", state=s)
    scene.play(scene.session.legal[0])
    right_click(app, center(scene, TABLEAUS[1], 2))
    assert isinstance(app.stack.top, SegmentPanel)
    t0 = scene.session.elapsed
    run(app, 60)
    assert scene.session.elapsed - t0 > 0.9
    key(app, pygame.K_ESCAPE)


def test_sp7_the_completed_suit_lands_ace_first_and_the_king_on_top_throughout_the_flight(tmp_path):
    """UI-3, SP-7: at every frame of the flight the card seen on top of the slot is the highest
    that has arrived — never a jack over a settled king."""
    from helpers import move

    app = make_app(tmp_path, animation="slow")
    s = spider("#5D 7H", "#4C 2S", "#6D 8D", "#7C 9D", f"#3C {RUN_KS}", "#2D AS")
    scene = open_scene(app, "spider", state=s)
    scene.play(move("t6>t5"))
    slot, tops = scene.view.layout.piles[FOUNDATIONS[0]], []
    for _ in range(120):
        run(app, 1)
        now = scene.table.now
        here = [x for x in scene.view.sprites.items if x.pile == FOUNDATIONS[0]]
        landed = [x for x in here if abs(x.position(now)[0] - slot.x) < 2 and abs(x.position(now)[1] - slot.y) < 2]
        moving = sorted((x for x in landed if x.moving(now)), key=lambda x: (x.tween.t0 + x.tween.delay, x.index))
        resting = [x for x in landed if not x.moving(now)]
        if moving or resting:
            tops.append((moving or sorted(resting, key=lambda x: x.index))[-1].index)
    assert tops[-1] == 12 and tops == sorted(tops)
    app.close()


def test_sp6_a_deal_lands_left_to_right_whatever_the_columns_lengths(tmp_path):
    """SP-6, UI-3: the ten cards of a deal leave the stock for columns 1 to 10 in that order,
    not shortest column first."""
    app = make_app(tmp_path, animation="slow")
    s = spider("#5D #6D #7D 7H", "9S", "#4C #5C 8S", "KH", "#2D 3D", stock=" ".join(["2C"] * 10))
    scene = open_scene(app, "spider", state=s)
    click(app, center(scene, STOCK_PILE, 0), wait=0.0)  # the tap staggers the deal as a player sees it
    starts = []
    for col in range(10):
        top = max((x for x in scene.view.sprites.items if x.pile == TABLEAUS[col]), key=lambda x: x.index)
        starts.append(top.tween.t0 + top.tween.delay)
    assert starts == sorted(starts) and starts[0] < starts[-1]
    app.close()


def test_sp12_a_nineteen_card_column_on_a_short_window_is_marked_dense(tmp_path):
    """SP-12: squeezed to the readable minimum is already dense (the mark shows), and the last card
    stays on the table however long the column."""
    app = make_app(tmp_path, size=(800, 450))
    run14 = " ".join(["KS", "QH", "JS", "TH", "9S", "8H", "7S", "6H", "5S", "4H", "3S", "2H", "AS", "KH"])
    scene = open_scene(app, "spider", state=spider("#9C #9C #9C #9C #9C " + run14))
    assert scene.view.layout.fan_steps(TABLEAUS[0], 5, 14)[2]
    assert not scene.view.layout.fan_steps(TABLEAUS[0], 5, 4)[2]
    last = scene.view.sprites.at(TABLEAUS[0], 18)
    assert last is not None and last.rect.bottom <= scene.view.layout.toolbar.y + 1
    app.close()


def test_sp11_the_columns_are_numbered_on_the_table(tmp_path, monkeypatch):
    """SP-11: the segment panel names destinations "Column 3: …", so the table shows the numbers."""
    from game.view import fonts

    drawn: list[str] = []
    text = fonts.text

    def recording(message, size, color, bold=False):
        drawn.append(message)
        return text(message, size, color, bold)

    app = make_app(tmp_path, size=(1280, 800))
    scene = open_scene(app, "spider", 5)
    monkeypatch.setattr(fonts, "text", recording)
    scene.draw(app.screen, 0.0)
    assert {str(n) for n in range(1, 11)} <= set(drawn)
    app.close()


def test_cm18_tab_reaches_the_run_panels_buttons_and_esc_gives_the_arrows_their_choice_back(app):
    """SP-11 by keys (CM-18): the arrows choose the run and its place; Tab reaches the panel's buttons
    (More / Fewer, the places, Confirm / Cancel), group by group, each said; Enter presses the one
    focused; Esc leaves the buttons, and the arrows choose again."""
    scene = open_scene(app, "spider", number=3)
    panel = SegmentPanel(app, scene, TABLEAUS[0])
    app.push(panel)
    run(app, 2)
    assert not panel.keys.shown
    key(app, pygame.K_TAB)
    assert panel.keys.shown and panel.keys.current is not None
    first_group = panel.keys.current.group
    key(app, pygame.K_TAB)
    assert panel.keys.current is not None and panel.keys.current.group != first_group
    key(app, pygame.K_ESCAPE)
    assert not panel.keys.shown and app.stack.top is panel  # the buttons left, the panel still open
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is not panel  # now Esc closes it, as before
