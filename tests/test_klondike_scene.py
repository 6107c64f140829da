"""Klondike in the window, driven headless by real pygame events: SPEC CM-2 ... CM-12, KL, UI-1 ... UI-4."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from helpers import move
from scene_helpers import (
    center,
    click,
    drag,
    finger,
    key,
    make_app,
    mouse_down,
    mouse_move,
    mouse_up,
    open_klondike,
    run,
)

from game.core.dealid import DealId
from game.core.errors import ParseError
from game.games.klondike.rules import Klondike
from game.launch import opening_session
from game.rules.base import DRAW_MOVE, parse_move
from game.rules.pile import FOUNDATIONS, STOCK_PILE, TABLEAUS
from game.scenes.celebration import CelebrationScene
from game.scenes.new_deal import NewDealDialog
from game.scenes.panels import GameOverPanel
from game.scenes.win_panel import WinPanel
from game.session import Session
from game.settings import Settings
from game.store import Store
from game.view.acts import Choose, ForGame

K = Klondike()
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    a.close()


def test_cm2_drag_a_card_to_a_legal_place(app):
    scene = open_klondike(app, 7)
    start = scene.session.state
    drag(app, center(scene, TABLEAUS[5], 5), center(scene, TABLEAUS[6], 6))  # 9♦ onto 10♣
    assert scene.session.moves == 1
    assert scene.session.state == K.apply(start, parse_move("t6>t7"))[0]
    assert scene.session.state.score == 5  # the 9♦ left a face-down card: it turned up (KL-9)


def test_cm4_illegal_drop_flies_back_changes_nothing_and_says_why(app):
    scene = open_klondike(app, 7)
    start = scene.session.state
    drag(app, center(scene, TABLEAUS[0], 0), center(scene, TABLEAUS[3], 3))  # 2♦ onto 6♣
    assert scene.session.state == start and scene.session.moves == 0
    assert scene.table.toast is not None and "rank higher" in scene.table.toast[0]
    sprite = scene.view.sprites.at(TABLEAUS[0], 0)
    assert sprite is not None and sprite.position(scene.table.now + 5) == (sprite.rect.x, sprite.rect.y)


def test_cm2_tap_selects_outlines_destinations_then_tap_places(app):
    scene = open_klondike(app, 7)
    click(app, center(scene, TABLEAUS[5], 5))  # 9♦
    assert scene.selected == (TABLEAUS[5], 5)
    assert [str(m) for m in scene.targets] == ["t6>t7"]  # every legal destination, outlined
    click(app, center(scene, TABLEAUS[6], 6))
    assert scene.session.moves == 1 and scene.selected is None


def test_cm2_tap_on_a_wrong_destination_says_why(app):
    scene = open_klondike(app, 7)
    click(app, center(scene, TABLEAUS[5], 5))
    click(app, center(scene, TABLEAUS[0], 0))
    toast = scene.table.toast
    assert scene.session.moves == 0 and toast is not None
    assert toast[0] == scene.session.rules.check(scene.session.state, move("t6>t1"))  # the rules' own reason


def _deal_with_ace_on_top() -> tuple[int, int]:
    for n in range(1, 500):
        s = K.deal(DealId.make("klondike", n))
        for i, col in enumerate(s.tableau):
            if col[-1] % 13 == 0:
                return n, i
    raise AssertionError("no deal with an ace on top")


def test_cm3_double_tap_sends_an_ace_to_a_foundation(app):
    number, col = _deal_with_ace_on_top()
    scene = open_klondike(app, number)
    pos = center(scene, TABLEAUS[col], len(scene.session.state.tableau[col]) - 1)
    mouse_down(pos)
    mouse_up(pos)
    run(app, 3)
    mouse_down(pos)
    mouse_up(pos)
    run(app, 10)
    assert scene.session.moves == 1
    assert any(top != -1 for top in scene.session.state.foundations)


def test_kl5_tap_the_stock_turns_a_card_and_tapping_the_empty_stock_redeals(app):
    scene = open_klondike(app, 7, redeals="1")
    click(app, center(scene, STOCK_PILE))
    assert len(scene.session.state.waste) == 1
    for _ in range(23):
        scene.play(DRAW_MOVE)
    run(app, 5)
    click(app, center(scene, STOCK_PILE))
    assert scene.session.state.recycles == 1 and len(scene.session.state.stock) == 24


def test_cm10_keyboard_only_play(app):
    scene = open_klondike(app, 7)
    key(app, pygame.K_DOWN)  # the focus appears on the first column
    assert scene.cards.shown and scene.cards.at == (TABLEAUS[0], 0)
    for _ in range(5):
        key(app, pygame.K_RIGHT)
    assert scene.cards.at == (TABLEAUS[5], 5)
    key(app, pygame.K_RETURN)  # pick up 9♦
    assert scene.selected == (TABLEAUS[5], 5)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_SPACE)  # place it on 10♣
    assert scene.session.moves == 1
    assert scene.cards.at == (TABLEAUS[6], 7)  # the frame followed 9♦ (not left on 10♣)
    key(app, pygame.K_UP)  # up the run to 10♣
    key(app, pygame.K_UP)  # past the face-down cards, to the row above
    for _ in range(7):
        if scene.cards.at[0] == STOCK_PILE:
            break
        key(app, pygame.K_LEFT)
    assert scene.cards.at[0] == STOCK_PILE
    key(app, pygame.K_RETURN)  # turn the stock
    assert scene.session.moves == 2 and len(scene.session.state.waste) == 1
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.session.moves == 1
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert scene.session.moves == 2
    key(app, pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)  # Ctrl+Shift+Z redoes: nothing to redo
    assert scene.session.moves == 2 and scene.table.toast[0] == "There is nothing to redo."
    key(app, pygame.K_ESCAPE)
    assert scene.selected is None


def test_cm10_escape_cancels_a_selection(app):
    scene = open_klondike(app, 7)
    click(app, center(scene, TABLEAUS[5], 5))
    key(app, pygame.K_ESCAPE)
    assert scene.selected is None and scene.targets == []


def test_cm6_undo_and_redo_buttons(app):
    scene = open_klondike(app, 7)
    click(app, center(scene, STOCK_PILE))
    undo = next(b for b in scene.buttons if b.action == "undo")
    redo = next(b for b in scene.buttons if b.action == "redo")
    click(app, (int(undo.rect.center[0]), int(undo.rect.center[1])))
    assert scene.session.moves == 0 and scene.session.state.waste == ()
    click(app, (int(redo.rect.center[0]), int(redo.rect.center[1])))
    assert scene.session.moves == 1


def test_cm7_hint_shows_a_move_with_a_reason(app):
    scene = open_klondike(app, 7)
    key(app, pygame.K_h)
    assert scene.table.hint is not None and scene.table.hint.text == "Computing…"
    for _ in range(2000):
        run(app, 1)
        if scene.table.hint_job is None:
            break
    assert (
        scene.table.hint.move is not None
        and scene.session.rules.check(scene.session.state, scene.table.hint.move) is None
    )
    assert "hidden cards could lie" in scene.table.hint.text or "face-down" in scene.table.hint.text


def test_touch_tap_and_drag_with_fingers(app):
    """UI-2: finger events become the same intents as the mouse; SDL's mouse copies are dropped."""
    scene = open_klondike(app, 7)
    start = center(scene, TABLEAUS[5], 5)
    end = center(scene, TABLEAUS[6], 6)
    finger(app, pygame.FINGERDOWN, start)
    # SDL also sends mouse events made from the touch: they must not count twice
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=True))
    run(app, 1)
    for k in range(1, 6):
        finger(
            app, pygame.FINGERMOTION, (start[0] + (end[0] - start[0]) * k / 5, start[1] + (end[1] - start[1]) * k / 5)
        )
        run(app, 1)
    finger(app, pygame.FINGERUP, end)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1, touch=True))
    run(app, 3)
    assert scene.session.moves == 1
    finger(app, pygame.FINGERDOWN, center(scene, STOCK_PILE))
    finger(app, pygame.FINGERUP, center(scene, STOCK_PILE))
    run(app, 3)
    assert scene.session.moves == 2


def test_ui4_resize_and_fullscreen_in_the_middle_of_a_drag(app):
    scene = open_klondike(app, 7)
    start = center(scene, TABLEAUS[5], 5)
    mouse_down(start)
    run(app, 1)
    mouse_move((start[0] + 40, start[1] + 40))
    run(app, 1)
    assert scene.dragging.current is not None
    app.screen = pygame.display.set_mode((900, 1200), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=900, y=1200))
    run(app, 2)
    assert scene.dragging.current is not None and scene.view.layout.size == (900, 1200)
    app.toggle_fullscreen()
    app.toggle_fullscreen()
    run(app, 2)
    assert scene.dragging.current is not None
    end = center(scene, TABLEAUS[6], 6)
    mouse_move(end)
    run(app, 1)
    mouse_up(end)
    run(app, 3)
    assert scene.session.moves == 1 and str(scene.session.history.moves[0]) == "t6>t7"


def test_cm11_clock_pauses_while_the_window_is_unfocused(app):
    scene = open_klondike(app, 7)
    run(app, 60)
    assert scene.session.elapsed == 0  # the clock starts with the first move
    click(app, center(scene, STOCK_PILE), wait=0)
    run(app, 60)
    running = scene.session.elapsed
    assert running == pytest.approx(1.0, abs=0.1)
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    run(app, 120)
    assert scene.session.elapsed == pytest.approx(running, abs=0.02)
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    run(app, 60)
    assert scene.session.elapsed == pytest.approx(running + 1.0, abs=0.1)
    pygame.event.post(pygame.event.Event(pygame.WINDOWMINIMIZED))
    run(app, 60)
    assert scene.session.elapsed == pytest.approx(running + 1.0, abs=0.1)


def test_ui1_fixed_steps_are_capped_and_huge_gaps_clamped(app):
    scene = open_klondike(app, 7)
    before = scene.table.now
    app.step(10.0)  # a stall of 10 s advances the game at most a quarter of a second
    assert scene.table.now - before <= 0.26


def test_cm8_quit_and_restart_resumes_the_same_position(tmp_path):
    first = make_app(tmp_path)
    scene = open_klondike(first, 7)
    click(first, center(scene, STOCK_PILE), wait=0)
    drag(first, center(scene, TABLEAUS[5], 5), center(scene, TABLEAUS[6], 6))
    scene.undo()
    run(first, 30)
    state, moves, redo, elapsed = (
        scene.session.state,
        scene.session.moves,
        scene.session.history.redo_moves,
        scene.session.elapsed,
    )
    first.close()
    second = make_app(tmp_path)
    session = opening_session(second.store, Settings.load(second.store), None, None)
    assert session.state == state and session.moves == moves and session.history.redo_moves == redo
    assert session.elapsed == pytest.approx(elapsed, abs=0.01)
    second.close()


def test_cm8_a_corrupt_save_is_set_aside_reported_and_a_new_game_starts(tmp_path):
    store = Store(tmp_path)
    store.path("save-klondike").write_text("{not json", encoding="utf-8")
    session = opening_session(store, Settings(), "klondike", None)
    assert session.moves == 0 and store.problems
    assert not store.path("save-klondike").exists()
    assert list(tmp_path.glob("save-klondike.corrupt-*.json"))


def test_cm8_a_save_that_does_not_replay_is_refused(tmp_path):
    store = Store(tmp_path)
    data = Session(DealId.make("klondike", 7)).to_dict()
    data["moves"] = ["t1>t2"]  # 2♦ onto K♥: illegal
    data["cursor"] = 1
    store.write("save-klondike", data)
    with pytest.raises(ParseError, match="cannot be replayed"):
        Session.from_dict(data)
    session = opening_session(store, Settings(), "klondike", None)
    assert session.moves == 0 and store.problems


def test_settings_survive_and_bad_settings_are_ignored(tmp_path):
    store = Store(tmp_path)
    store.write("settings", {"version": 1, "animation": "warp", "options": {"klondike": {"draw": "7", "redeals": "3"}}})
    s = Settings.load(store)
    assert s.animation == "normal" and s.options_for("klondike") == {"draw": "1", "redeals": "3"}
    (tmp_path / "settings.json").write_text("garbage", encoding="utf-8")
    assert Settings.load(store).animation == "normal" and store.problems


def test_kl10_win_panel_with_bonus_and_copyable_deal_id(app):
    tops = (
        "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
        "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
        "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC",
    )
    state = K.parse(
        "variant: klondike\noptions: draw=1 redeals=unlimited\nscore: 500\nrecycles: 0\nstock:\nwaste:\n"
        + "".join(f"foundation{i + 1}: {t}\n" for i, t in enumerate(tops))
        + "tableau1: KC\n"
        + "".join(f"tableau{i}:\n" for i in range(2, 8))
    )
    scene = open_klondike(app, 7, state=state)
    scene.session.elapsed = 300
    drag(app, center(scene, TABLEAUS[0], 0), center(scene, FOUNDATIONS[3]))
    run(app, 10)
    panel = app.stack.top
    assert isinstance(panel, WinPanel)
    assert scene.session.score() == 510 + 200  # KL-10: 300 s -> 100 + 100
    assert any("710" in line for line in panel.lines())
    copy = next(b for b in panel.buttons if b.action == "copy")
    click(app, (int(copy.rect.center[0]), int(copy.rect.center[1])))
    assert app.clipboard == str(scene.session.deal_id)


def test_cm5_auto_collect_finishes_a_certain_game_card_by_card(tmp_path):
    app = make_app(tmp_path, animation="normal")
    state = K.parse(
        "variant: klondike\noptions: draw=1 redeals=unlimited\nscore: 0\nrecycles: 0\nstock:\nwaste:\n"
        "foundation1: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS\nfoundation2: AH 2H 3H 4H 5H 6H 7H 8H 9H TH\n"
        "foundation3: AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD\nfoundation4: AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC\n"
        "tableau1: KS QH JH\ntableau2: KH QS\ntableau3: KC\n" + "".join(f"tableau{i}:\n" for i in range(4, 8))
    )
    scene = open_klondike(app, 7, state=state)
    click(app, center(scene, TABLEAUS[0], 2), wait=0)
    click(app, center(scene, FOUNDATIONS[1]), wait=0)  # J♥ home: now the end is certain
    assert scene.table.collecting
    run(app, 24)
    assert 1 < scene.session.moves < 6  # one card at a time, not all at once
    run(app, 240)
    assert scene.session.won and scene.session.moves == 6
    assert isinstance(app.stack.top, CelebrationScene)  # the cards bounce away (UI-9) ...
    click(app, (5, 5))  # ... until a tap
    assert isinstance(app.stack.top, WinPanel)
    app.close()


def stuck_after_one_draw() -> str:
    """A position whose only legal move is turning the last stock card (5♣), after which nothing
    can move: black kings, queens and jacks on top, every red card and every ace face down."""
    from game.core.cards import card_text, parse_card

    tops = ["KS", "KC", "QS", "QC", "JS", "JC", "TS"]
    rest = [card_text(c) for c in range(52) if card_text(c) not in tops and card_text(c) != "5C"]
    lines = ["variant: klondike", "options: draw=1 redeals=1", "score: 0", "recycles: 1", "stock: #5C", "waste:"]
    lines += [f"foundation{i}:" for i in range(1, 5)]
    for i, top in enumerate(tops):
        n = 7 if i < 2 else 6
        down, rest = rest[:n], rest[n:]
        lines.append(f"tableau{i + 1}: " + " ".join("#" + x for x in down) + " " + top)
    assert not rest and parse_card("5C") >= 0
    return "\n".join(lines) + "\n"


def test_cm12_game_over_panel_offers_undo_restart_and_new_deal(app):
    state = K.parse(stuck_after_one_draw())
    assert K.legal_moves(state) == [DRAW_MOVE]
    scene = open_klondike(app, 7, state=state)
    click(app, center(scene, STOCK_PILE))
    assert K.legal_moves(scene.session.state) == [] and scene.session.over
    panel = app.stack.top
    assert isinstance(panel, GameOverPanel)
    assert [b.action for b in panel.buttons] == ["undo", "restart", "new"]
    undo = panel.buttons[0]
    click(app, (int(undo.rect.center[0]), int(undo.rect.center[1])))
    assert app.stack.top is scene and scene.session.moves == 0 and K.legal_moves(scene.session.state)


def test_cm12_no_panel_while_a_move_exists(app):
    scene = open_klondike(app, 7, state=K.parse(stuck_after_one_draw()))
    run(app, 30)
    assert app.stack.top is scene


def test_kl11_new_deal_dialog_sets_draw_and_redeals(app):
    scene = open_klondike(app, 7)
    key(app, pygame.K_n)
    dialog = app.stack.top
    assert isinstance(dialog, NewDealDialog)
    for action in (Choose("draw", "3"), Choose("redeals", "3"), Choose("kind", "random"), "deal"):
        b = next(b for b in dialog.buttons if b.action == action)
        click(app, (int(b.rect.center[0]), int(b.rect.center[1])), wait=0.05)
    assert app.stack.top is scene
    assert scene.session.deal_id.option("draw") == "3" and scene.session.deal_id.option("redeals") == "3"
    assert app.settings.options["klondike"] == {"draw": "3", "redeals": "3"}
    assert scene.session.moves == 0


def test_new_deal_dialog_escape_changes_nothing(app):
    scene = open_klondike(app, 7)
    before = scene.session.deal_id
    key(app, pygame.K_n)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene and scene.session.deal_id == before


def test_every_frame_draws_without_error_through_animations(tmp_path):
    """UI-3: cards are animated sprites (draws, flips); the animation finishes and the table rests."""
    app = make_app(tmp_path, size=(800, 1280), animation="slow")
    scene = open_klondike(app, 7, draw="3")
    for _ in range(4):
        click(app, center(scene, STOCK_PILE), wait=0.05)
    assert len(scene.session.state.waste) == 12
    run(app, 60)
    assert not scene.view.sprites.busy(scene.table.now)
    app.close()


@pytest.mark.parametrize(
    "args, saved",
    [
        (["--frames", "5"], None),  # nothing to continue: the home screen
        (["--frames", "3", "--variant", "golf"], "golf"),
        (["--frames", "3", "--size", "800x1280", "--deal", "klondike:draw=3:42"], "klondike"),
    ],
)
def test_frames_smoke_run(tmp_path, args, saved):
    env = {
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "SOLITAIRE_DATA_DIR": str(tmp_path),
        "PATH": "/usr/bin:/bin",
    }
    out = subprocess.run(
        [sys.executable, "-m", "game", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "settings.json").exists()
    # CM-13: a deal only opened, never played, is not saved over anything
    assert not list(tmp_path.glob("save-*.json"))


def test_cm13_a_deal_opened_by_id_keeps_the_saved_game_until_a_move_is_made(tmp_path):
    """CM-13: `--deal` (like New game or Today's deal) does not wipe the saved game by merely opening."""
    store = Store(tmp_path)
    saved = Session(DealId.make("klondike", 5))
    saved.play(saved.legal[0])
    store.write("save-klondike", saved.to_dict())
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "SOLITAIRE_DATA_DIR": str(tmp_path)}
    out = subprocess.run(
        [sys.executable, "-m", "game", "--frames", "3", "--deal", "klondike:42"],
        cwd=ROOT,
        env={**env, "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    data = json.loads((tmp_path / "save-klondike.json").read_text())
    assert data["deal"] == str(saved.deal_id) and data["moves"] == [str(saved.history.moves[0])]


def test_play_command_refuses_bad_input_clearly(tmp_path):
    env = {"SDL_VIDEODRIVER": "dummy", "SOLITAIRE_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"}
    for args, words in (
        (["--deal", "klondike:zz"], "neither"),
        (["--variant", "chess", "--frames", "1"], "unknown variant"),
        (["--size", "12"], "window size"),
    ):
        out = subprocess.run(
            [sys.executable, "-m", "game", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
        )
        assert out.returncode == 2 and words in out.stderr and "Traceback" not in out.stderr


def test_shot_writes_a_png(tmp_path):
    target = tmp_path / "table.png"
    out = subprocess.run(
        [sys.executable, "-m", "game", "shot", "klondike", "--deal", "7", "--size", "640x480", "--out", str(target)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    image = pygame.image.load(str(target))
    assert image.get_size() == (640, 480)


def test_kl11_first_time_players_get_winnable_deals_from_the_list(app, monkeypatch):
    import game.deals as deals

    monkeypatch.setattr(deals, "proved_winnable", lambda variant, options: (7, 8, 9))
    scene = open_klondike(app, 3)
    key(app, pygame.K_n)
    dialog = app.stack.top
    assert dialog.kind == "winnable" and dialog.chosen(Choose("kind", "winnable"))
    b = next(b for b in dialog.buttons if b.action == "deal")
    click(app, (int(b.rect.center[0]), int(b.rect.center[1])), wait=0.05)
    assert app.stack.top is scene and scene.session.deal_id.number in (7, 8, 9)


def test_kl11_winnable_without_a_list_is_computed_live_and_can_be_skipped(app, monkeypatch):
    import game.deals as deals
    import game.scenes.new_deal as panels

    monkeypatch.setattr(deals, "proved_winnable", lambda variant, options: ())
    from scene_helpers import open_scene

    scene = open_scene(app, "pyramid", 3)
    panels.deal_into(app, scene, "pyramid", {}, "winnable")
    computing = app.stack.top
    assert isinstance(computing, panels.ComputingPanel)
    for _ in range(600):
        run(app, 1)
        if app.stack.top is scene:
            break
    assert app.stack.top is scene
    from helpers import solve_deal

    assert solve_deal(scene.session.deal_id).status.value == "solved"
    panels.deal_into(app, scene, "pyramid", {}, "winnable")
    key(app, pygame.K_ESCAPE)  # skip: a random deal at once
    assert app.stack.top is scene


def test_kl11_the_home_screens_new_game_gives_a_first_time_player_a_winnable_deal(app):
    """KL-11: every entry point follows the one deal policy: New game on the home screen deals from
    the proved-winnable list (draw 1, unlimited redeals) for a player with no settings."""
    from game.scenes.home import HomeScene
    from game.solver.seeds import winnable_numbers

    home = HomeScene(app)
    app.replace(home)
    run(app, 2)
    home.act(ForGame("new", "klondike"))
    run(app, 2)
    deal = app.stack.top.session.deal_id
    assert deal.options == (("draw", "1"), ("redeals", "unlimited"))
    assert deal.number in winnable_numbers("klondike", dict(deal.options))
