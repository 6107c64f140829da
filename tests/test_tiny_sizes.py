"""UI-10: "The window has a minimum size, and no size crashes any screen." Every screen is opened at
an ordinary size, then the window is resized through tiny, thin and odd sizes (a window manager or
a full-screen mode may give less than the minimum): at each, a few frames are stepped and drawn.
The app resizes as it does for a real window: a new display surface, then WINDOWSIZECHANGED."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from scene_helpers import make_app, open_scene, run
from test_sizes import GAMES, record_games

from game.app import App
from game.core.dealid import DealId
from game.kiosk.config import parse_config
from game.platform.display import set_minimum_size
from game.rules.base import move_text
from game.rules.pile import TABLEAUS
from game.scenes.controls import Control, Role
from game.scenes.table import TableScene
from game.store import Store
from game.view.acts import Choose, Digit
from game.view.layout import Rect

SWEEP = [
    (1, 1),
    (10, 10),
    (30, 30),
    (50, 50),
    (80, 40),
    (40, 200),
    (2, 300),
    (300, 2),
    (100, 1000),
    (1000, 100),
    (320, 320),
    (480, 320),
]
LONG_ENTRY = "klondike:draw=3,redeals=unlimited:123456789012345"


def resize(app: App, size: tuple[int, int]) -> None:
    """The window made ``size``, as a full-screen mode or a window manager may, below the minimum
    size (lifted here; the dummy driver then makes a surface of exactly that size)."""
    set_minimum_size((1, 1))
    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))
    run(app, 3)
    app.draw()


def sweep(app: App, screen: type) -> None:
    """Resize through every size of :data:`SWEEP` and back to an ordinary one; the screen stays up."""
    for size in [*SWEEP, (800, 600)]:
        resize(app, size)
        assert app.window_size() == size
        assert any(isinstance(s, screen) for s in app.stack.scenes), (size, app.stack.scenes)


# -- how each screen is opened (on an 800 x 600 window); what it returns is the type to find -------


def table(variant: str) -> Callable[[App], type]:
    def opened(app: App) -> type:
        return type(open_scene(app, variant, 11))

    return opened


def home(app: App) -> type:
    """The home screen: tiles with previews at 1280 x 800 (800 x 600 is too narrow for four tiles
    of option chips: it lists the games), the compact list on the sweep's small sizes."""
    from game.scenes.home import HomeScene

    resize(app, (1280, 800))
    app.go_home()
    assert isinstance(app.stack.top, HomeScene) and not app.stack.top.compact
    return HomeScene


def deal_entry(app: App) -> type:
    from game.scenes.deal_entry import DealEntryPanel

    app.go_home()
    app.stack.top.act("by_id")  # type: ignore[union-attr]
    panel = app.stack.top
    assert isinstance(panel, DealEntryPanel)
    panel.add(LONG_ENTRY)
    return DealEntryPanel


def panel(kind: str) -> Callable[[App], type]:
    def opened(app: App) -> type:
        scene = open_scene(app, "klondike", 11)
        app.push_panel(kind, scene)
        return type(app.stack.top)

    return opened


def settings_tab(section: str) -> Callable[[App], type]:
    def opened(app: App) -> type:
        scene = open_scene(app, "klondike", 11)
        app.push_panel("settings", scene)
        app.stack.top.act(Choose("section", section))  # type: ignore[union-attr]
        return type(app.stack.top)

    return opened


def over_table(make: Callable[[App, TableScene], object], variant: str = "klondike") -> Callable[[App], type]:
    """A scene built by ``make`` pushed over a table of ``variant``."""

    def opened(app: App) -> type:
        scene = open_scene(app, variant, 11)
        pushed = make(app, scene)
        if pushed is not None:
            app.push(pushed)  # type: ignore[arg-type]
        assert app.stack.top is not scene  # the screen to sweep is open over the table
        return type(app.stack.top)

    return opened


def won_table(app: App) -> TableScene:
    """Klondike won by its last move (the king of clubs home), played on the table."""
    from game.games.klondike.rules import Klondike

    tops = ("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
            "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD", "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC")  # fmt: skip
    text = "variant: klondike\noptions: draw=1 redeals=unlimited\nscore: 0\nrecycles: 0\nstock:\nwaste:\n"
    text += "".join(f"foundation{i + 1}: {t}\n" for i, t in enumerate(tops)) + "tableau1: KC\n"
    text += "".join(f"tableau{i}:\n" for i in range(2, 8))
    scene = open_scene(app, "klondike", 7, state=Klondike().parse(text))
    scene.play(next(m for m in scene.session.legal if m.dst.kind == "foundation"))
    run(app, 30)
    assert scene.session.won
    return scene


def win(app: App) -> type:
    from game.scenes.win_panel import WinPanel

    won_table(app)  # animation off: the win panel at once
    assert isinstance(app.stack.top, WinPanel)
    return WinPanel


def celebration(app: App) -> type:
    from game.scenes.celebration import CelebrationScene

    scene = won_table(app)
    app.pop()
    app.push(CelebrationScene(app, scene, seed=1))
    return CelebrationScene


def game_over(app: App, scene: TableScene) -> object:
    from game.scenes.panels import GameOverPanel

    return GameOverPanel(app, scene)


def confirm(app: App, scene: TableScene) -> None:
    app.confirm("Start a new deal?", "The game in progress (12 moves) will be lost.", "New deal", lambda: None)


def rules(app: App, scene: TableScene) -> None:
    app.show_rules("klondike", {"draw": "3"})


def computing(app: App, scene: TableScene) -> object:
    from game.scenes.new_deal import ComputingPanel

    panel = ComputingPanel(app, scene, "klondike", {"draw": "3"})
    panel.search.advance = lambda seconds: False  # type: ignore[method-assign]  # still looking
    return panel


def segment(app: App, scene: TableScene) -> None:
    scene.open_panel(TABLEAUS[9])  # type: ignore[attr-defined]


def more(app: App, scene: TableScene) -> object:
    from game.scenes.toolbar import MorePanel

    return MorePanel(app, scene, scene.toolbar_actions()[2:])


def give_up(app: App, scene: TableScene) -> None:
    scene.action("give_up")


def demo_panel(name: str) -> Callable[[App], type]:
    def opened(app: App) -> type:
        from game.play.demo import Show
        from game.scenes import demo

        app.open_demo([Show("golf")])
        scene = app.stack.top
        assert isinstance(scene, demo.DemoScene)
        if name:
            app.push(getattr(demo, name)(app, scene))
        return type(app.stack.top)

    return opened


def records(what: str) -> Callable[[App], type]:
    def opened(app: App) -> type:
        from game.records.stats import DAILY, WINNABLE, Group

        record_games(app)
        app.go_home()
        group = Group("klondike", "draw=1,redeals=unlimited", DAILY if what == "daily" else WINNABLE)
        if what == "history":
            app.show_history()
        else:
            app.show_records("klondike", group, 270.0)
        if what == "help":
            app.stack.top.act("help")  # type: ignore[union-attr]
        elif what == "game":
            from game.scenes.history import GamePanel

            app.push(GamePanel(app, app.records.db.history(1)[0]))
        return type(app.stack.top)

    return opened


def replay(app: App) -> type:
    from game.records.stats import WINNABLE, WON, GameRow
    from game.scenes.replay import ReplayScene
    from game.session import Session

    session = Session(DealId.make("golf", 11))
    for _ in range(4):
        session.play(session.legal[0])
    line = " ".join(move_text(m) for m in session.history.moves)
    row = GameRow("r1", "golf", "", WINNABLE, str(session.deal_id), None, 1.7e9, 1.7e9 + 60, "2026-11-30", WON,
                  60.0, 4, 10, 0, 0, line)  # fmt: skip
    app.go_home()
    app.open_replay(row)
    assert isinstance(app.stack.top, ReplayScene)
    return ReplayScene


SCREENS: dict[str, Callable[[App], type]] = {
    "home": home,
    "deal entry (long)": deal_entry,
    **{f"table {g}": table(g) for g in GAMES},
    "new deal": panel("new_deal"),
    **{f"settings {s}": settings_tab(s) for s in ("game", "look", "sound", "access", "language")},
    "win panel": win,
    "game over": over_table(game_over),
    "confirm": over_table(confirm),
    "rules": over_table(rules),
    "celebration": celebration,
    "computing": over_table(computing),
    "spider segment": over_table(segment, "spider"),
    "addiction more": over_table(more, "addiction"),
    "addiction give up": over_table(give_up, "addiction"),
    "demo": demo_panel(""),
    "demo paused": demo_panel("DemoPausedPanel"),
    "demo end": demo_panel("DemoEndPanel"),
    "replay": replay,
    "records": records("records"),
    "daily records": records("daily"),
    "what counts": records("help"),
    "history": records("history"),
    "history game": records("game"),
}


@pytest.mark.parametrize("name", list(SCREENS))
def test_ui10_no_window_size_crashes_any_screen(tmp_path, name):
    """UI-10: each screen survives a resize to every size of the sweep, down to 1 x 1."""
    app = make_app(tmp_path, size=(800, 600))
    try:
        screen = SCREENS[name](app)
        run(app, 2)
        sweep(app, screen)
    finally:
        app.close()


KIOSK = 'idle_seconds = 600\nprompt_seconds = 300\npin = "2468"\ngames = ["golf", "klondike:draw=3"]\n'


@pytest.mark.parametrize("name", ["attract", "home", "still playing", "pin pad"])
def test_ui10_no_window_size_crashes_the_kiosks_screens(tmp_path: Path, name: str):
    """UI-10 in a kiosk: the attract loop, its home screen, "Still playing?" and the PIN pad."""
    from game.scenes.home import HomeScene
    from game.scenes.kiosk import AttractScene, PinPanel, StillPlayingPanel

    config, problems = parse_config(KIOSK)
    assert not problems
    app = App(size=(800, 600), store=Store(tmp_path), kiosk=config)
    app.settings.animation = "off"
    try:
        app.kiosk_attract()
        run(app, 2)
        screen: type = AttractScene
        if name != "attract":
            app.kiosk_new_player()
            screen = HomeScene
        if name == "still playing":
            open_scene(app, "golf", 11)
            app.push(StillPlayingPanel(app, 200.0))
            screen = StillPlayingPanel
        elif name == "pin pad":
            app.push(PinPanel(app))
            app.stack.top.act(Digit("2"))  # type: ignore[union-attr]
            screen = PinPanel
        run(app, 2)
        sweep(app, screen)
    finally:
        app.close()


TINY_HOME = [(w, h) for w in (1, 2, 10, 50, 120, 200) for h in (1, 2, 10, 50, 100)]


def test_ui10_cm18_arrows_on_a_home_screen_shrunk_to_almost_nothing_move_or_stay_never_crash(tmp_path):
    """Issue 36, item 17: the system shrank the window to 1 x 1 ... 200 x 100, then an arrow: the
    buttons' heights came out negative and the arrows' way (now ``focus_keys.by_place``) raised
    ValueError (min of nothing)."""
    from scene_helpers import key

    from game.scenes.home import HomeScene

    app = make_app(tmp_path, size=(800, 600))
    try:
        app.go_home()
        for size in TINY_HOME:
            resize(app, size)
            for arrow in (pygame.K_DOWN, pygame.K_UP, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_TAB):
                key(app, arrow)
            assert isinstance(app.stack.top, HomeScene), size
        resize(app, (800, 600))
        key(app, pygame.K_DOWN)
    finally:
        app.close()


def test_cm18_an_arrow_among_buttons_of_no_height_or_a_negative_one_has_an_answer():
    """``focus_keys.by_place`` itself, on boxes a tiny window gives: every answer is one of the buttons."""
    from game.scenes.focus_keys import by_place

    def arrow_target(boxes, usable, focus, dx, dy):  # the boxes as controls, walked by the one focus's way
        pairs = enumerate(zip(boxes, usable, strict=True))
        controls = [Control(Role.BUTTON, str(k), rect=Rect(*b), enabled=u) for k, (b, u) in pairs]
        return by_place(controls, focus, dx, dy)

    for h in (0.0, -1.0, -40.0):
        boxes = [(0.0, 0.0, 10.0, h), (0.0, 5.0, 10.0, h), (20.0, 5.0, -3.0, h), (0.0, 9.0, 0.0, 0.0)]
        for focus in range(4):
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                assert 0 <= arrow_target(boxes, [True] * 4, focus, dx, dy) < 4
