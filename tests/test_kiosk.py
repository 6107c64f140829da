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
from game.view.acts import Act, Choose, Digit, ForGame

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
    home.act(ForGame("new", "golf"))
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
    assert not any(
        b.action == ForGame("continue", b.action.variant) if isinstance(b.action, ForGame) else False
        for b in fresh.buttons
    )


def open_pad(app: App) -> PinPanel:
    for _ in range(5):
        tap(app, (5, 5))
    pad = app.stack.top
    assert isinstance(pad, PinPanel)
    return pad


def test_ui5_the_corner_gesture_and_the_right_pin_leave_wrong_pins_lock_out(kiosk):
    pad = open_pad(kiosk)
    for _ in range(3):
        for d in "1111":
            pad.act(Digit(d))
        pad.act("ok")
    assert kiosk.running and kiosk.guard.locked(kiosk.time)
    for d in "2468":
        pad.act(Digit(d))
    pad.act("ok")
    assert kiosk.running  # locked out: even the right PIN waits
    wait(kiosk, 61)  # the pad, left alone past idle_seconds, went back to the attract loop
    assert isinstance(kiosk.stack.top, AttractScene)
    pad = open_pad(kiosk)  # the lock-out has run out meanwhile
    for d in "2468":
        pad.act(Digit(d))
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


# -- the PIN pad against brisk hands (UI-5) -------------------------------------------------------


def key_center(pad: PinPanel, action: Act) -> tuple[int, int]:
    button = next(b for b in pad.buttons if b.action == action)
    x, y = button.rect.center
    return int(x), int(y)


def brisk(app: App, pos: tuple[int, int], gap: float = 0.15) -> None:
    """A tap, then ``gap`` seconds of the app's time before the next one."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(gap)


def test_ui5_digits_tapped_briskly_on_the_pin_pad_are_separate_digits(kiosk):
    """Two taps 0.15 s apart are a DoubleTap to the gesture layer: on the pad, a second press."""
    pad = open_pad(kiosk)
    kiosk.step(0.5)
    for _ in range(4):
        brisk(kiosk, key_center(pad, Digit("1")))
    assert pad.entry == "1111"
    for _ in range(3):
        brisk(kiosk, key_center(pad, "back"))
    assert pad.entry == "1"
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=key_center(pad, Digit("5")), button=1))
    wait(kiosk, 0.75)  # a slow, held press (a LongPress to the gesture layer) is a press as well
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=key_center(pad, Digit("5")), button=1))
    run(kiosk, 2)
    assert pad.entry == "15"


def test_ui5_a_keyboard_types_the_pin_erases_with_backspace_and_enter_is_ok(kiosk):
    pad = open_pad(kiosk)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="24x69"))
    key(kiosk, pygame.K_BACKSPACE)
    assert pad.entry == "246"
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="8"))
    key(kiosk, pygame.K_RETURN)
    assert not kiosk.running


def test_ui5_the_lockout_counts_down_live_ignores_digits_and_ends_on_the_prompt(kiosk):
    pad = open_pad(kiosk)
    for _ in range(3):
        for d in "1111":
            pad.act(Digit(d))
        pad.act("ok")
    assert pad.lines()[1] == "Locked: try again in 60 s."
    drawn, before = kiosk.draws, pad.frame_key()
    for _ in range(4):
        kiosk.step(0.26)  # no input: only the countdown changes
    assert pad.lines()[1] == "Locked: try again in 59 s."
    assert pad.frame_key() != before and kiosk.draws > drawn  # the countdown is drawn as it goes
    brisk(kiosk, key_center(pad, Digit("2")))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="2468"))
    run(kiosk, 2)
    pad.act("ok")
    assert pad.entry == "" and kiosk.running  # no digit, no OK while locked
    assert pad.lines()[1].startswith("Locked")  # an OK while locked changes nothing
    for _ in range(20):  # a touch now and then (on the pad, off its keys) keeps it from going idle
        wait(kiosk, 2.75)
        tap(kiosk, (kiosk.window_size()[0] // 2, int(pad.box.y) + 5))
    assert isinstance(kiosk.stack.top, PinPanel) and not kiosk.guard.locked(kiosk.time)
    assert pad.lines()[1] == "Enter the PIN to leave the kiosk."
    for d in "2468":
        brisk(kiosk, key_center(pad, Digit(d)))
    brisk(kiosk, key_center(pad, "ok"))
    assert not kiosk.running


def test_ui5_the_pin_pad_left_alone_goes_back_to_the_attract_loop(kiosk):
    tap(kiosk, (400, 300))
    kiosk.stack.top.act(ForGame("new", "golf"))
    run(kiosk, 2)
    pad = open_pad(kiosk)
    pad.act(Digit("1"))
    wait(kiosk, 19)
    assert kiosk.stack.top is pad  # the operator has idle_seconds, as a player does
    wait(kiosk, 2)
    assert isinstance(kiosk.stack.top, AttractScene) and len(kiosk.stack.scenes) == 1
    assert not kiosk.input.text_mode


@pytest.mark.parametrize("language", ["en", "ja", "it"])
def test_ui5_every_label_of_the_pin_pad_has_a_glyph_in_the_shipped_font(kiosk, language):
    import pygame.freetype

    from game.core.i18n import set_language
    from game.view import fonts

    set_language(language)
    try:
        pad = PinPanel(kiosk)
        texts = [pad.title(), *pad.lines(), *(text for _, row in pad.rows() for _, text in row)]
        pad.entry = "12"
        pad.act("ok")
        texts += pad.lines()
        for _ in range(2):
            pad.act("ok")
        texts += pad.lines()  # locked
    finally:
        set_language("en")
    pygame.freetype.init()
    chars = sorted({c for t in texts for c in t if not c.isspace()})
    for path in (fonts.REGULAR, fonts.BOLD):
        face = pygame.freetype.Font(str(path), 20)
        missing = [c for c, metrics in zip(chars, face.get_metrics("".join(chars)), strict=True) if metrics is None]
        assert not missing, f"{path.name} lacks {''.join(missing)!r}"


# -- a kiosk's pinned options (UI-5) --------------------------------------------------------------


def kiosk_home(tmp_path, games: str) -> tuple[App, HomeScene]:
    config, problems = parse_config(f"games = {games}\n")
    assert not problems
    app = App(size=(1280, 800), store=Store(tmp_path), kiosk=config)
    app.settings.animation = "off"
    app.kiosk_attract()
    run(app, 2)
    tap(app, (640, 400))
    home = app.stack.top
    assert isinstance(home, HomeScene) and not home.compact
    return app, home


def chips(buttons, variant: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for b in buttons:
        if isinstance(b.action, Choose) and b.action.variant == variant:
            key, value = b.action.name, b.action.value
            out.setdefault(key, []).append(value)
    return out


REDEALS = ["unlimited", "3", "1"]


@pytest.mark.parametrize(
    "games, spider, klondike",
    [
        ('["spider:suits=1", "klondike:draw=3"]', ["1"], {"draw": ["3"], "redeals": REDEALS}),
        ('["spider:suits=1", "spider:suits=2", "klondike"]', ["1", "2"], {"draw": ["1", "3"], "redeals": REDEALS}),
        (  # a plain "spider" beside a pinned one frees the suits
            '["spider", "spider:suits=4", "klondike:draw=1,redeals=1"]',
            ["1", "2", "4"],
            {"draw": ["1"], "redeals": ["1"]},
        ),
    ],
)
def test_ui5_a_kiosk_pinning_an_option_offers_only_its_values_on_the_tile_and_in_the_new_deal_dialog(
    tmp_path, games, spider, klondike
):
    app, home = kiosk_home(tmp_path, games)
    try:
        assert chips(home.buttons, "spider") == {"suits": spider}
        assert chips(home.buttons, "klondike") == klondike
        home.act(ForGame("new", "spider"))
        run(app, 2)
        table = app.stack.top
        app.push_panel("new_deal", table)
        dialog = app.stack.top
        offered = [a.value for _, row in dialog.rows() for a, _ in row if isinstance(a, Choose) and a.name == "suits"]
        assert offered == spider
    finally:
        app.close()


def test_cm19_ui5_the_pin_pad_says_how_many_digits_never_which(tmp_path):
    """CM-19 on the operator's pad: each digit and each erase is said as a count ("2 digits
    entered"), never the digit (a listener nearby would hear the PIN) nor the dots ("bullet
    bullet"); a wrong PIN is said."""
    config, _ = parse_config(CONFIG)
    log = tmp_path / "said.txt"
    app = App(size=(800, 600), store=Store(tmp_path / "data"), kiosk=config, speech=f"log:{log}")
    app.settings.animation = "off"
    app.kiosk_attract()
    run(app, 2)
    pad = open_pad(app)
    assert "No digit entered" in log.read_text(encoding="utf-8").splitlines()[-1]
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="13"))
    run(app, 2)
    key(app, pygame.K_BACKSPACE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="57"))
    run(app, 2)
    key(app, pygame.K_RETURN)
    said = log.read_text(encoding="utf-8").splitlines()
    at = said.index("1 digit entered")
    assert said[at:] == ["1 digit entered", "2 digits entered", "1 digit entered"] + [
        "2 digits entered",
        "3 digits entered",
        "Wrong PIN.",
    ]
    assert pad.entry == "" and app.running
    assert not any("•" in line or "bullet" in line for line in said)
    app.close()
