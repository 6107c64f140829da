"""UI-5, the kiosk, with a fake clock: nothing ordinary ends it, idle leads to the prompt and the
attract loop, a new player never sees the last one's game, the operator's way out, a bad config,
and a scene's error."""

from __future__ import annotations

import pygame
import pytest
from scene_helpers import run

from game.app import App
from game.kiosk.config import KioskConfig, load_config, parse_config
from game.kiosk.guard import Guard
from game.scenes.home import HomeScene
from game.scenes.kiosk import AttractScene, PinPanel, StillPlayingPanel
from game.store import Store

CONFIG = 'idle_seconds = 20\nprompt_seconds = 5\npin = "2468"\ngames = ["golf", "pyramid", "klondike:draw=3"]\n'


@pytest.fixture
def kiosk(tmp_path):
    config, problems = parse_config(CONFIG)
    assert not problems
    app = App(size=(800, 600), store=Store(tmp_path), kiosk=config)
    app.settings.animation = "off"
    app.kiosk_attract()
    run(app, 2)
    yield app
    app.close()


def key(app: App, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    run(app, 2)


def tap(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    run(app, 1)


def wait(app: App, seconds: float) -> None:
    for _ in range(int(seconds / 0.25) + 1):
        app.step(0.25)


def test_ui5_the_kiosk_starts_in_the_attract_loop_and_no_quit_event_or_ordinary_key_ends_it(kiosk):
    assert isinstance(kiosk.stack.scenes[0], AttractScene)
    tap(kiosk, (400, 300))  # a touch: a fresh home screen
    home = kiosk.stack.top
    assert isinstance(home, HomeScene)
    pygame.event.post(pygame.event.Event(pygame.QUIT))  # window close, Alt+F4
    run(kiosk, 2)
    for k, mod in [
        (pygame.K_ESCAPE, 0),
        (pygame.K_F11, 0),
        (pygame.K_F4, pygame.KMOD_ALT),
        (pygame.K_q, pygame.KMOD_CTRL),
        (pygame.K_RETURN, pygame.KMOD_ALT),
    ]:
        key(kiosk, k, mod)
        assert kiosk.running, (k, mod)
    assert kiosk.stack.top is home and not kiosk.fullscreen  # no toggling either (it started windowed here)
    assert {g.variant for g in kiosk.kiosk.games} == {t.variant for t in home.tiles}  # the games offered


def test_ui5_idle_leads_to_the_prompt_then_to_the_attract_loop_and_a_touch_keeps_playing(kiosk):
    tap(kiosk, (400, 300))
    home = kiosk.stack.top
    home.act("new:golf")
    run(kiosk, 2)
    table = kiosk.stack.top
    table.play(table.session.legal[0])
    wait(kiosk, 19)
    assert kiosk.stack.top is table
    wait(kiosk, 2)
    assert isinstance(kiosk.stack.top, StillPlayingPanel)
    tap(kiosk, (10, 500))  # any touch: keep playing
    assert kiosk.stack.top is table and table.session.moves == 1
    wait(kiosk, 21)
    assert isinstance(kiosk.stack.top, StillPlayingPanel)
    wait(kiosk, 6)
    assert isinstance(kiosk.stack.scenes[0], AttractScene) and len(kiosk.stack.scenes) == 1
    wait(kiosk, 3)
    assert kiosk.stack.scenes[0].session.moves >= 0  # the loop keeps moving
    tap(kiosk, (400, 300))
    fresh = kiosk.stack.top
    assert isinstance(fresh, HomeScene) and not fresh.saved  # no Continue from a stranger's game
    assert not any(b.action.startswith("continue") for b in fresh.buttons)


def test_ui5_the_corner_gesture_and_the_right_pin_leave_wrong_pins_lock_out(kiosk):
    for _ in range(5):
        tap(kiosk, (5, 5))
    pad = kiosk.stack.top
    assert isinstance(pad, PinPanel)
    for _ in range(3):
        for d in "1111":
            pad.act(f"d{d}")
        pad.act("ok")
    assert kiosk.running and kiosk.guard.locked(kiosk.time)
    for d in "2468":
        pad.act(f"d{d}")
    pad.act("ok")
    assert kiosk.running  # locked out: even the right PIN waits
    wait(kiosk, 61)
    assert isinstance(kiosk.stack.top, PinPanel)
    for d in "2468":
        pad.act(f"d{d}")
    pad.act("ok")
    assert not kiosk.running


def test_ui5_the_key_chord_leaves_and_four_taps_or_a_tap_elsewhere_do_not_open_the_pad(kiosk):
    for _ in range(4):
        tap(kiosk, (5, 5))
    tap(kiosk, (400, 300))
    tap(kiosk, (5, 5))
    assert not isinstance(kiosk.stack.top, PinPanel)
    key(kiosk, pygame.K_q, pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_SHIFT)
    assert not kiosk.running


def test_ui5_without_a_pin_only_the_chord_leaves():
    guard = Guard(KioskConfig())
    assert not guard.try_pin("", 0.0) and not guard.try_pin("0000", 0.0)
    assert guard.is_chord("q", {"ctrl", "alt", "shift"}) and not guard.is_chord("q", {"ctrl"})


def test_ui5_bad_config_values_fall_back_with_a_message_naming_the_key(tmp_path):
    config, problems = parse_config(
        'idle_seconds = "soon"\nprompt_seconds = 2\npin = "12"\ngames = ["chess"]\ndeal_kind = "easy"\n'
        'exit_chord = "q"\nlanguage = "fr"\nsounds = "yes"\nwallpaper = 1\n'
    )
    assert config == KioskConfig()
    named = " ".join(problems)
    for k in ("idle_seconds", "prompt_seconds", "pin", "games", "deal_kind", "exit_chord", "language", "sounds"):
        assert f"kiosk config: {k}:" in named, k
    assert "wallpaper: unknown key" in named
    assert parse_config("not = [toml")[1] and load_config(tmp_path / "missing.toml")[1]
    good, none = parse_config('pin = 2468\ngames = ["spider:suits=1", "gaps"]\nidle_seconds = 45\n')
    assert not none and good.pin == "2468" and good.idle_seconds == 45
    assert [(o.variant, o.options) for o in good.games] == [("spider", {"suits": "1"}), ("addiction", {"redeals": "3"})]


def test_ui5_an_error_inside_a_scene_is_logged_and_the_kiosk_returns_to_attract(kiosk, tmp_path):
    tap(kiosk, (400, 300))
    home = kiosk.stack.top

    def broken(dt: float) -> None:
        raise RuntimeError("a bug in a scene")

    home.update = broken  # type: ignore[method-assign]
    run(kiosk, 2)
    assert isinstance(kiosk.stack.scenes[0], AttractScene) and kiosk.running
    log = (tmp_path / "kiosk-errors.log").read_text()
    assert "a bug in a scene" in log
