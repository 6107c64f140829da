"""FreeCell, Yukon, Golf, Pyramid and Addiction in the window, and the home screen, driven by real
pygame events (mouse, finger, keys)."""

from __future__ import annotations

import json

import pygame
import pytest
from helpers import cards, columns
from scene_helpers import center, click, drag, finger, key, make_app, open_scene, run

from game.core.cards import NO_CARD, parse_card
from game.games.addiction.rules import GRID_CELLS, AddictionState
from game.games.freecell.rules import FreeCellState
from game.games.golf.rules import GolfState
from game.games.pyramid.rules import PYRAMID_SLOTS, PyramidState
from game.games.yukon.rules import YukonState
from game.input.intents import Action, TextInput
from game.play.status import table_status
from game.rules.pile import CELLS, STOCK_PILE, TABLEAUS
from game.scenes.home import HomeScene
from game.scenes.panels import ConfirmPanel, GameOverPanel
from game.scenes.win_panel import WinPanel
from game.view.acts import Choose, ForGame


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    a.close()


def press(app, button_center) -> None:
    click(app, (int(button_center[0]), int(button_center[1])))


# -- FreeCell --------------------------------------------------------------------------------------


def freecell(*cols: str, cells=("", "", "", "")) -> FreeCellState:
    tableau, _ = columns(*cols, *([""] * (8 - len(cols))))
    return FreeCellState(tableau, tuple(parse_card(x) if x else NO_CARD for x in cells), (NO_CARD,) * 4)


def test_fc2_drag_to_a_free_cell(app):
    scene = open_scene(app, "freecell", 1)
    drag(app, center(scene, TABLEAUS[0], 6), center(scene, CELLS[0]))  # 6♠ to the first cell
    assert scene.session.state.cells[0] == parse_card("6S")


def test_cm3_freecell_double_tap_sends_home_first(app):
    scene = open_scene(app, "freecell", state=freecell("5H AS", "9C", "2D"))
    pos = center(scene, TABLEAUS[0], 1)
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        run(app, 2)
    run(app, 10)
    assert scene.session.state.foundations[0] == parse_card("AS")


def test_fc4_a_too_long_run_is_refused_with_the_limit(app):
    s = freecell("TS 9H 8S 7H 6S", "JH", "KH", "KS", "QD", "QC", "JD", "JC", cells=("KD", "KC", "QH", "QS"))
    scene = open_scene(app, "freecell", state=s)
    drag(app, center(scene, TABLEAUS[0], 0), center(scene, TABLEAUS[1], 0))
    assert scene.session.state == s
    assert "at most 1" in scene.table.toast[0]


def test_cm5_freecell_collects_when_certain(tmp_path):
    app = make_app(tmp_path, animation="fast")
    tops = [
        "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS",
        "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
        "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
    ]
    home = tuple(cards(t)[-1] for t in tops)
    s = FreeCellState(columns("KS")[0] + ((),) * 7, (parse_card("QS"), NO_CARD, NO_CARD, NO_CARD), home)
    scene = open_scene(app, "freecell", state=s)
    drag(app, center(scene, CELLS[0], 0), center(scene, TABLEAUS[2]))  # QS to an empty column: the end is certain
    run(app, 120)
    assert scene.session.won and type(app.stack.top).__name__ == "CelebrationScene"
    run(app, 6 * 60 + 10)  # the celebration ends on its own
    assert isinstance(app.stack.top, WinPanel)
    app.close()


# -- Yukon -----------------------------------------------------------------------------------------


def test_yu2_drag_any_face_up_card_with_everything_on_it(app):
    s = YukonState(*columns("#4C 8S 2H KD 5C", "9H", "", "", "", "", ""), (NO_CARD,) * 4)
    scene = open_scene(app, "yukon", state=s)
    drag(app, center(scene, TABLEAUS[0], 1), center(scene, TABLEAUS[1], 0))
    assert scene.session.state.tableau[1] == cards("9H 8S 2H KD 5C") and scene.session.state.down[0] == 0


def test_yu3_only_a_king_to_an_empty_column_by_keyboard(app):
    s = YukonState(*columns("QH KS 4D", "", "3C", "", "", "", ""), (NO_CARD,) * 4)
    scene = open_scene(app, "yukon", state=s)
    key(app, pygame.K_DOWN)
    while scene.cards.at[0] != TABLEAUS[0]:
        key(app, pygame.K_LEFT)
    scene.cards.at = (TABLEAUS[0], 1)
    key(app, pygame.K_RETURN)  # pick up K♠ with 4♦
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert scene.session.state.tableau[1] == cards("KS 4D")


# -- Golf ------------------------------------------------------------------------------------------


def test_go2_a_tap_plays_a_card_and_go3_a_tap_turns_the_stock(app):
    s = GolfState((cards("9C 4S"), cards("QH")) + ((),) * 5, cards("2H 3H"), cards("5D"))
    scene = open_scene(app, "golf", state=s)
    click(app, center(scene, TABLEAUS[1], 0))  # Q♥ on 5♦: refused with the reason
    assert scene.session.moves == 0 and "not one rank" in scene.table.toast[0]
    click(app, center(scene, TABLEAUS[0], 1))  # 4♠ on 5♦
    assert scene.session.state.waste == cards("5D 4S")
    finger(app, pygame.FINGERDOWN, center(scene, STOCK_PILE))
    finger(app, pygame.FINGERUP, center(scene, STOCK_PILE))
    run(app, 30)
    assert scene.session.state.waste == cards("5D 4S 3H")


def test_go4_stuck_golf_game_ends_with_the_panel(app):
    s = GolfState((cards("9C"),) + ((),) * 6, cards("2H"), cards("5D"))
    scene = open_scene(app, "golf", state=s)
    click(app, center(scene, STOCK_PILE))
    assert isinstance(app.stack.top, GameOverPanel)


# -- Pyramid ---------------------------------------------------------------------------------------


def pyramid_state(bottom: str, stock: str = "", waste: str = "") -> PyramidState:
    flat = [NO_CARD] * 21 + list(cards(bottom))
    return PyramidState(tuple(flat), cards(stock), cards(waste), 0)


def test_py4_tap_a_card_then_its_partner(app):
    scene = open_scene(app, "pyramid", state=pyramid_state("6H 7C QS AD 5H 3C 9D", stock="2S"))
    click(app, center(scene, PYRAMID_SLOTS[21]))  # 6♥
    assert scene.selected is not None and [m.dst for m in scene.targets] == [PYRAMID_SLOTS[22]]
    click(app, center(scene, PYRAMID_SLOTS[22]))  # 7♣
    assert scene.session.state.pyramid[21] == NO_CARD and scene.session.state.pyramid[22] == NO_CARD


def test_py4_a_king_goes_with_one_tap(app):
    scene = open_scene(app, "pyramid", state=pyramid_state("KH 7C QS AD 5H 3C 9D", stock="2S"))
    click(app, center(scene, PYRAMID_SLOTS[21]))
    assert scene.session.state.pyramid[21] == NO_CARD


def test_py4_pairing_through_the_stock(app):
    scene = open_scene(app, "pyramid", state=pyramid_state("6H 7C QS AD 5H 3C 9D", stock="2S 4S"))
    click(app, center(scene, PYRAMID_SLOTS[27]))  # 9♦ selected...
    click(app, center(scene, STOCK_PILE))  # ...then the stock: paired with its top card, 4♠
    assert scene.session.state.pyramid[27] == NO_CARD and scene.session.state.stock == cards("2S")
    click(app, center(scene, STOCK_PILE))  # nothing selected: the stock turns
    assert scene.session.state.waste == cards("2S")


def test_py4_a_wrong_partner_says_why(app):
    s = pyramid_state("6H 7C QS AD 5H 3C 9D", stock="2S")
    scene = open_scene(app, "pyramid", state=s)
    click(app, center(scene, PYRAMID_SLOTS[21]))
    click(app, center(scene, PYRAMID_SLOTS[23]))
    assert scene.session.state == s and "not 13" in scene.table.toast[0]
    click(app, center(scene, PYRAMID_SLOTS[21]))  # 6♥ selected, then the stock (2♠): a wrong pair, said
    click(app, center(scene, STOCK_PILE))  # in Pyramid the stock is a partner's place, not only a turn
    assert scene.session.state == s and "not 13" in scene.table.toast[0]


def test_py4_drag_a_card_onto_its_partner(app):
    scene = open_scene(app, "pyramid", state=pyramid_state("6H 7C QS AD 5H 3C 9D", stock="2S"))
    drag(app, center(scene, PYRAMID_SLOTS[23]), center(scene, PYRAMID_SLOTS[24]))  # Q♠ onto A♦
    assert scene.session.state.pyramid[23] == NO_CARD and scene.session.state.pyramid[24] == NO_CARD


# -- Addiction -------------------------------------------------------------------------------------


def addiction(*rows: str, limit: int = 3) -> AddictionState:
    flat: list[int] = []
    for r in rows:
        flat += list(cards(r))
    return AddictionState(tuple(flat), limit, 0, 1)


ROWS = (
    "2D 3D 4D -- 9S 5D 6C 7C 8C 9C TC JC QC",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS --",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH --",
    "2C 3C 4C 5C KD JD QD TD 6D 7D 8D 9D --",
)


def test_ad5_tap_a_card_to_send_it_to_its_gap(app):
    scene = open_scene(app, "addiction", state=addiction(*ROWS))
    click(app, center(scene, GRID_CELLS[5]))  # 5♦
    assert scene.session.state.grid[3] == parse_card("5D") and scene.session.score() == 32


def test_ad5_tap_a_gap_to_fill_it(app):
    scene = open_scene(app, "addiction", state=addiction(*ROWS))
    click(app, center(scene, GRID_CELLS[3]))
    assert scene.session.state.grid[3] == parse_card("5D")


def test_ad5_a_two_that_fits_two_gaps_waits_for_the_player(app):
    s = addiction(
        "-- 3D 4D 5D 9S 6D 6C 7C 8C 9C TC JC QC",
        "-- 3S 4S 5S 6S 7S 8S 9S TS JS QS KS 2D",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH 2S",
        "2C 3C 4C 5C KD JD QD TD 8D 7D -- 9D KC",
    )
    scene = open_scene(app, "addiction", state=s)
    click(app, center(scene, GRID_CELLS[25]))  # 2♦: first-column gaps in rows 1 and 2
    assert scene.session.moves == 0 and scene.selected == (GRID_CELLS[25], 0)
    assert {m.dst for m in scene.targets} == {GRID_CELLS[0], GRID_CELLS[13]}
    click(app, center(scene, GRID_CELLS[0]))
    assert scene.session.state.grid[0] == parse_card("2D")


def test_ad6_redeal_button_only_when_stuck_and_ad10_auto_and_give_up(app):
    stuck = addiction(
        "KS -- 3C 4C 6D 5D JH 9H 9C TC 2C 9S JS",
        "5S KD -- 7S 8D 2D 3H 4H 5H 6H QH TH 8S",
        "2S 3S 4S KH 9D 5C 7C 8H 3D TD JD 6S QD",
        "2H 7H JC TS QS 7D QC 4D 8C KC -- -- 6C",
        limit=1,
    )
    scene = open_scene(app, "addiction", state=stuck)
    redeal = next(b for b in scene.buttons if b.action == "redeal")
    assert scene.button_enabled("redeal")
    press(app, redeal.rect.center)
    assert scene.session.state.redeals == 1 and scene.session.state.redeals_left == 0
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # back where no card can move: said, not only a greyed-in button
    assert scene.table.toast is not None and scene.table.toast[0] == "No card can move: press Redeal."
    moving = open_scene(app, "addiction", state=addiction(*ROWS))
    assert not moving.button_enabled("redeal")
    auto = next(b for b in moving.buttons if b.action == "auto")
    press(app, auto.rect.center)
    assert moving.session.moves == 1 and moving.session.score() == 32
    give_up = next(b for b in moving.buttons if b.action == "give_up")
    press(app, give_up.rect.center)
    ask = app.stack.top  # CM-13: giving up ends the game, so it asks first
    assert isinstance(ask, ConfirmPanel) and not moving.session.given_up
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is moving and not moving.session.given_up
    press(app, give_up.rect.center)
    press(app, next(b for b in app.stack.top.buttons if b.action == "yes").rect.center)
    panel = app.stack.top
    assert isinstance(panel, GameOverPanel) and any("32/48" in line for line in panel.lines())


def test_ad9_score_out_of_48_always_shown(app):
    scene = open_scene(app, "addiction", state=addiction(*ROWS))
    assert scene.game.score_text(scene.session.score()) == "Score 31/48"  # 12 + 12 + 3 + 4


# -- Home screen -----------------------------------------------------------------------------------


def test_home_screen_opens_each_game_and_returns_without_losing_it(app):
    home = HomeScene(app)
    app.replace(home)
    run(app, 2)
    new = next(b for b in home.buttons if b.action == ForGame("new", "golf"))
    press(app, new.rect.center)
    golf = app.stack.top
    click(app, center(golf, STOCK_PILE))
    assert golf.session.moves == 1
    key(app, pygame.K_ESCAPE)  # back to the home screen: the game is saved
    home2 = app.stack.top
    assert isinstance(home2, HomeScene) and "golf" in home2.saved
    cont = next(b for b in home2.buttons if b.action == ForGame("continue", "golf"))
    press(app, cont.rect.center)
    assert app.stack.top.session.moves == 1


@pytest.mark.parametrize("size", [(1280, 800), (1440, 900), (1920, 1080)])
def test_cm10_right_on_the_home_screen_stays_on_the_row_of_game_buttons(tmp_path, size):
    """Right from a tile's last button goes to the next tile's first button on the same line, never
    up to an option chip (where Enter would change the game's options)."""
    app = make_app(tmp_path, size=size)
    home = HomeScene(app)
    app.replace(home)
    run(app, 2)
    home.focus = next(k for k, b in enumerate(home.buttons) if b.action == ForGame("new", "klondike"))
    home.show_focus = True
    visited = []
    for _ in range(4):
        key(app, pygame.K_RIGHT)
        visited.append(home.buttons[home.focus].action)
    assert not home.compact and visited == [
        ForGame("demo", "klondike"),
        ForGame("rules", "klondike"),
        ForGame("new", "spider"),
        ForGame("demo", "spider"),
    ]
    app.close()


def test_home_screen_options_and_a_deal_by_id(app):
    home = HomeScene(app)
    app.replace(home)
    run(app, 2)
    press(app, next(b for b in home.buttons if b.action == Choose("suits", "4", "spider")).rect.center)
    assert app.settings.options_for("spider") == {"suits": "4"}
    press(app, next(b for b in home.buttons if b.action == "by_id").rect.center)
    for ch in "nonsense":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    run(app, 2)
    key(app, pygame.K_RETURN)
    panel = app.stack.top
    assert "not a deal ID" in panel.problem and panel.entry == "nonsense"
    panel.act("clear")
    assert panel.entry == ""
    for ch in "freecell:617":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    run(app, 2)
    key(app, pygame.K_RETURN)
    assert str(app.stack.top.session.deal_id) == "freecell:617:v1"


@pytest.mark.parametrize("variant", ["klondike", "spider", "freecell", "pyramid", "golf", "yukon", "addiction"])
@pytest.mark.parametrize("size", [(1920, 1080), (800, 1280), (480, 320)])
def test_every_game_draws_at_every_size_and_plays_its_hint(tmp_path, variant, size):
    """CM-7, UI-4: every game lays out and draws at landscape, portrait and tiny sizes; the hint
    plays (or says why not)."""
    app = make_app(tmp_path, size=size)
    scene = open_scene(app, variant, 11)
    for pile, r in scene.view.layout.piles.items():
        assert r.x >= -1 and r.right <= size[0] + 1, pile
    key(app, pygame.K_h)
    assert scene.table.hint is not None and scene.table.hint.text
    if scene.table.hint.move is not None:
        assert scene.play(scene.table.hint.move)
    run(app, 3)  # the move played drawn (more frames only go on weighing the hints still computing)
    app.close()


def test_cm10_pyramid_and_addiction_by_keyboard(app):
    scene = open_scene(app, "pyramid", state=pyramid_state("6H 7C QS AD 5H 3C KD", stock="2S"))
    key(app, pygame.K_DOWN)
    for _ in range(12):
        if scene.cards.at[0] == PYRAMID_SLOTS[27]:
            break
        key(app, pygame.K_RIGHT if scene.cards.at[0].kind == "pyramid" else pygame.K_UP)
    assert scene.cards.at[0] == PYRAMID_SLOTS[27]
    key(app, pygame.K_RETURN)  # K♦ goes alone
    assert scene.session.state.pyramid[27] == NO_CARD
    grid = open_scene(app, "addiction", state=addiction(*ROWS))
    key(app, pygame.K_DOWN)
    grid.cards.at = (GRID_CELLS[0], 0)
    for _ in range(5):
        key(app, pygame.K_RIGHT)
    assert grid.cards.at[0] == GRID_CELLS[5]
    key(app, pygame.K_RETURN)  # 5♦ into its gap
    assert grid.session.state.grid[3] == parse_card("5D")


def test_kl12_todays_deal_from_the_home_screen(app, monkeypatch):
    import datetime

    from game.solver.seeds import daily_deal

    monkeypatch.setattr(app, "today", lambda: datetime.date(2026, 12, 24))
    home = HomeScene(app)
    app.replace(home)
    run(app, 2)
    press(app, next(b for b in home.buttons if b.action == "daily").rect.center)
    table = app.stack.top
    assert table.session.deal_id == daily_deal(datetime.date(2026, 12, 24))
    assert table_status(table.table)[0] == "Today's deal · 2026-12-24"  # labelled as the day's deal
    table.play(table.session.legal[0])
    app.close()
    from game.session import Session

    saved = Session.from_dict(json.loads((app.store.path("save-klondike")).read_text()))
    assert saved.daily == "2026-12-24"  # and it stays so when continued


def test_cm1_a_deal_by_id_takes_a_bare_number_or_a_game_and_a_number_and_caps_a_huge_paste(app):
    """CM-1: "617" is the last game's deal 617; "freecell 1" is FreeCell's deal 1; a pasted
    novel is cut to a deal ID's length and refused with the reason."""
    from game.deals import read_deal
    from game.scenes.deal_entry import DealEntryPanel

    assert str(read_deal("617", "spider", {"suits": "1"})) == "spider:suits=1:617:v1"
    assert str(read_deal("#9", "golf", {})) == "golf:9:v1"
    assert str(read_deal("freecell 1", "golf", {})) == "freecell:1:v1"
    assert str(read_deal(" klondike:draw=3:12 ", "golf", {})) == "klondike:draw=3,redeals=unlimited:12:v1"
    chosen = []
    panel = DealEntryPanel(app, "golf", {}, chosen.append)
    app.push(panel)
    app.copy_text("9" * 300_000)
    panel.handle(Action("paste"))
    assert len(panel.entry) == 200
    panel.act("ok")
    assert "not a deal ID" in panel.problem and not chosen
    panel.act("clear")
    for ch in "freecell 1":
        panel.handle(TextInput(ch))
    panel.act("ok")
    assert [str(d) for d in chosen] == ["freecell:1:v1"] and app.stack.top is not panel


def test_go3_golfs_stock_sits_at_the_upper_left_and_py4_a_stock_king_goes_with_one_tap(app):
    """GO-3: the stock above the columns, at the left. PY-4: a king on the stock goes with one tap."""
    from game.rules.pile import STOCK_PILE, TABLEAUS

    golf = open_scene(app, "golf", 3)
    stock, column = golf.view.layout.piles[STOCK_PILE], golf.view.layout.piles[TABLEAUS[0]]
    assert stock.bottom <= column.y and stock.x <= column.x + 1
    s = PyramidState((parse_card("9C"),) + (NO_CARD,) * 27, cards_of("5D KH"), (), 0)
    scene = open_scene(app, "pyramid", state=s)
    click(app, center(scene, STOCK_PILE, 1))
    assert scene.session.state.stock == cards_of("5D") and str(scene.session.history.moves[-1]) == "s+"


def cards_of(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.split())
