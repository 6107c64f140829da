"""The home screen holds any number of games (issue 27): as many tiles as keep a readable preview,
the rest on more pages reached by their arrow buttons, the arrow keys past the last tile, Page Down
or the wheel; a window that would need more than three pages lists every game instead (over pages
of its own where the list is longer than the window)."""

from __future__ import annotations

import pygame
import pytest
from scene_helpers import click, make_app, run

from game.games.index import game_for
from game.scenes.controls import Control, Role
from game.scenes.home import HomeScene
from game.scenes.home_grid import tile_grid, tile_height
from game.scenes.home_tile import tile_game
from game.view.acts import ForGame, Turn
from game.view.layout import Rect


def test_tile_grid_spreads_games_evenly_over_the_fewest_pages():
    # room for two rows of 90 px in 230 px (gaps of 10): 4 columns x 2 rows = 8 a page
    assert tile_height(230, 2, 10) == 100
    grid = tile_grid(9, 4, 230, 10, 90)
    assert (grid.pages, grid.per_page, grid.rows) == (2, 5, 2)  # five and four, not eight and one
    assert list(grid.on_page(0, 9)) == [0, 1, 2, 3, 4]
    assert list(grid.on_page(1, 9)) == [5, 6, 7, 8]
    assert grid.page_of(7) == 1
    one = tile_grid(7, 4, 230, 10, 90)
    assert (one.pages, one.rows, one.per_page) == (1, 2, 7)


def test_tile_grid_uses_no_more_columns_than_its_rows_need_and_centres_a_short_last_row():
    """Five games on two rows of four columns were four and one (1280x800: Golf alone under four
    tiles); now three and two, the two centred; nine on three rows of four are three of three."""
    five = tile_grid(9, 4, 230, 10, 90)
    assert (five.cols, five.rows, five.per_page) == (3, 2, 5)
    assert [five.spot(k, 5) for k in range(5)] == [(0, 0), (0, 1), (0, 2), (1, 0.5), (1, 1.5)]
    assert [five.spot(k, 4) for k in range(4)] == [(0, 0), (0, 1), (0, 2), (1, 1)]  # page two: 3 and 1
    nine = tile_grid(9, 4, 340, 10, 90)
    assert (nine.cols, nine.rows, nine.pages) == (3, 3, 1)
    assert nine.spot(8, 9) == (2, 2)


def test_tile_grid_with_no_row_tall_enough_is_one_page_for_a_list():
    grid = tile_grid(9, 2, 100, 10, 200)
    assert grid.pages == 1 and list(grid.on_page(0, 9)) == list(range(9))


@pytest.fixture
def nine(monkeypatch):
    """Nine games on the home screen, whatever the registry holds today (a kiosk may offer more)."""
    names = ["klondike", "spider", "freecell", "pyramid", "golf", "yukon", "addiction", "klondike", "golf"]
    monkeypatch.setattr(HomeScene, "games", lambda self: [game_for(n) for n in names])


def home(tmp_path, size):
    app = make_app(tmp_path, size=size)
    app.go_home()
    run(app)
    scene = app.stack.top
    assert isinstance(scene, HomeScene)
    return app, scene


def shown(scene: HomeScene) -> list[str]:
    return [tile.variant for tile in scene.tiles]


def test_nine_games_at_800x1280_go_over_two_pages_turned_by_the_arrow_button(tmp_path, nine):
    app, scene = home(tmp_path, (800, 1280))
    assert not scene.compact and scene.grid.pages == 2
    first = shown(scene)
    assert len(first) == 5
    back, ahead = (b for b in scene.buttons if isinstance(b.action, Turn))
    assert not back.enabled and ahead.enabled  # the first page: nothing before it
    click(app, tuple(map(int, ahead.rect.center)))
    assert shown(scene) == ["yukon", "addiction", "klondike", "golf"]
    assert all(tile.box.bottom <= scene.bar_top for tile in scene.tiles)
    app.close()


def test_keys_and_the_wheel_turn_the_page(tmp_path, nine):
    app, scene = home(tmp_path, (1280, 800))
    assert scene.grid.pages == 2
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode=""))
    run(app)
    assert scene.page == 1
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0, unicode=""))
    run(app)
    assert scene.page == 0
    for _ in range(16):  # the arrow keys walk right along the tiles (from the first game's) and on past the last one
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
        run(app)
    assert scene.page == 1
    focused = scene.buttons[scene.focus]
    assert tile_game(focused.action)
    app.close()


@pytest.mark.parametrize("size", [(1920, 1080), (480, 320), (320, 320), (390, 844)], ids=str)
def test_nine_games_on_one_screen_where_they_fit_or_as_a_list(tmp_path, nine, size):
    app, scene = home(tmp_path, size)
    assert scene.grid.pages == 1 or scene.compact  # tiles on one page, or every game in the list
    names = [
        b.action.variant
        for b in scene.buttons
        if isinstance(b.action, ForGame) and b.action.what in ("new", "continue")
    ]
    assert len(names) == 9
    assert not any(isinstance(b.action, Turn) for b in scene.buttons)
    app.close()


@pytest.mark.parametrize("size", [(480, 320), (320, 320)], ids=str)
def test_cm17_the_list_of_games_shows_each_games_stars_as_its_tile_does(tmp_path, size):
    """A small screen lists the games as buttons: each still shows the game's difficulty out of 5
    for the chosen options (they showed the name and New game only), said as a count."""
    from game.deals import stars_text
    from game.scenes.home_tile import home_control

    app, scene = home(tmp_path, size)
    assert scene.compact
    listed = [b for b in scene.buttons if isinstance(b.action, ForGame) and b.action.what in ("new", "continue")]
    for b in listed:
        variant = tile_game(b.action)
        assert stars_text(game_for(variant).stars(scene.options(variant))) in b.note, variant
    klondike = next(b for b in listed if b.action == ForGame("new", "klondike"))
    app.speech.say(home_control(klondike, False, app.settings.options_for).words())
    assert "★" not in app.speech.last and " of 5, New game" in app.speech.last  # "2 stars of 5", then the note's word
    app.close()


@pytest.mark.parametrize("language", ["en", "ja", "it"])
@pytest.mark.parametrize("size", [(800, 1280), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_cm14_every_tile_shows_its_description_whole(tmp_path, size, language):
    """CM-14: each tile has its one-line description, on two lines where one is too narrow (at
    800x1280 Yukon's and Canfield's, in Italian Klondike's and Spider's, were left out), or on one
    line a little smaller where two would take too much of the preview, and every line of it in the
    room the tile keeps under the name."""
    from game.scenes.home_tile import BLURB_LINE, BLURB_SIZE
    from game.view import fonts
    from game.view.layout import touch_size

    app, scene = home(tmp_path, size)
    app.settings.language = language
    app.apply_language()
    for page in range(scene.grid.pages):
        if page:
            assert scene.turn_page(1)
        run(app)
        touch = touch_size(96)  # as the home screen lays its tiles
        for tile in scene.tiles:
            blurb = game_for(tile.variant).blurb()
            room = (tile.preview.y - tile.box.y - touch * 0.7) / (touch * BLURB_LINE)
            width = tile.box.w - 2 * touch * 0.3
            lines = len(fonts.wrap(blurb, BLURB_SIZE, width))
            if room < lines - 0.01 and fonts.fits(blurb, width):  # drawn on its one line a little smaller
                lines = 1
            assert room >= lines - 0.01, (tile.variant, blurb, room)
    app.close()


def test_cm18_the_arrows_walk_the_small_home_screen_row_by_row_to_every_button(tmp_path):
    """CM-18 at 480x320 by keys: the first arrow shows the focus where it is (it jumped a row);
    Down from the last row of games goes to the bar's first line (it went past it, to the nearest
    button straight below), and every button of the bar, Settings too, is reached by the arrows."""
    from game.scenes.focus_keys import by_place

    def arrow_target(boxes, usable, focus, dx, dy):  # the boxes as controls, walked by the one focus's way
        pairs = enumerate(zip(boxes, usable, strict=True))
        controls = [Control(Role.BUTTON, str(k), rect=Rect(*b), enabled=u) for k, (b, u) in pairs]
        return by_place(controls, focus, dx, dy)

    app, scene = home(tmp_path, (480, 320))
    assert scene.compact and not scene.show_focus
    start = scene.focus
    press(app, pygame.K_DOWN)
    assert scene.show_focus and scene.focus == start
    actions = [b.action for b in scene.buttons]
    last_game = max(k for k, a in enumerate(actions) if isinstance(a, ForGame) and a.what in ("new", "continue"))
    scene.focus = last_game
    reached = set()
    for arrow in (pygame.K_LEFT, pygame.K_LEFT, pygame.K_DOWN):
        press(app, arrow)
    reached.add(actions[scene.focus])
    assert actions[scene.focus] == "daily"  # the bar's first line, its first button
    press(app, pygame.K_RIGHT)
    assert actions[scene.focus] == "by_id"
    press(app, pygame.K_DOWN)
    reached.add(actions[scene.focus])
    assert actions[scene.focus] == "settings"
    press(app, pygame.K_RIGHT)
    assert actions[scene.focus] == "settings"  # the bar's end: not up to a game (Enter would open it)
    for _ in range(2):
        press(app, pygame.K_LEFT)
        reached.add(actions[scene.focus])
    assert {"daily", "watch", "records", "settings"} <= reached
    boxes = [(0.0, 0.0, 10.0, 10.0), (0.0, 20.0, 10.0, 10.0), (40.0, 20.0, 10.0, 10.0), (0.0, 60.0, 10.0, 10.0)]
    assert arrow_target(boxes, [True] * 4, 2, 0, 1) == 3
    assert arrow_target(boxes, [True] * 4, 0, 1, 0) == 0  # sideways, two rows down is too far: it stays
    beside = [(0.0, 0.0, 10.0, 10.0), (40.0, 12.0, 10.0, 10.0)]
    assert arrow_target(beside, [True] * 2, 0, 1, 0) == 1  # the next tile's row, a little lower
    level = [(0.0, 100.0, 10.0, 10.0), (20.0, 100.0000001, 10.0, 10.0), (0.0, 130.0, 10.0, 10.0)]
    assert arrow_target(level, [True] * 3, 0, 0, 1) == 2  # a row a hair lower is the same row, not "below"
    app.close()


@pytest.mark.parametrize("size", [(800, 1280), (1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_cm18_the_arrows_walk_the_tiles_without_turning_the_page_midway(tmp_path, size):
    """CM-18 with tiles: Right from a tile's last chip goes on to the next tile, not to the next
    page (tiles' rows do not line up when their option rows differ); Down from any tile's button
    goes down, never sideways along its own row; a page turns only from the last column, or from
    the page's last game where its row is short."""
    app, scene = home(tmp_path, size)
    assert not scene.compact
    press(app, pygame.K_DOWN)  # shows the focus
    page = scene.page
    tiles_right = max(t.box.x for t in scene.tiles)
    last = scene.tiles[-1].variant  # the page's last game: Right from it goes to the next page's first
    for k, b in enumerate(list(scene.buttons)):
        if not b.enabled or not tile_game(b.action):
            continue
        scene.focus, before = k, b.rect
        press(app, pygame.K_RIGHT, frames=1)  # a key is handled in the frame that reads it
        if before.x < tiles_right and tile_game(b.action) != last:  # not in the last column: the page stays
            assert scene.page == page, (b.action, size)
        if scene.page != page:
            scene.turn_page(-1)
            run(app)
            continue
        scene.focus = k
        press(app, pygame.K_DOWN, frames=1)
        after = scene.buttons[scene.focus].rect
        assert scene.focus == k or after.y > before.y + before.h / 2, (b.action, size)
    app.close()


def press(app, k: int, frames: int = 2) -> None:
    from scene_helpers import key

    key(app, k, frames=frames)


def test_cm18_right_on_the_next_page_arrow_of_the_small_list_turns_the_page(tmp_path):
    """CM-18 at 480x320, where thirteen games make the list two pages: the arrow keys reach the
    ▶ button, and Right on it turns the page (it stayed, and only Enter or Page Down went on);
    Right on the bar's last button never does."""
    app, scene = home(tmp_path, (480, 320))
    assert scene.compact and scene.grid.pages > 1 and scene.page == 0
    press(app, pygame.K_DOWN)  # the first arrow shows the focus
    scene.focus = next(k for k, b in enumerate(scene.buttons) if b.action == Turn("page", 1))
    press(app, pygame.K_RIGHT)
    assert scene.page == 1
    scene.focus = next(k for k, b in enumerate(scene.buttons) if b.action == "settings")
    press(app, pygame.K_RIGHT)
    assert scene.page == 1 and scene.buttons[scene.focus].action == "settings"
    app.close()
