"""The browser build (SPEC UI-12): ``tools/build_web.py`` stages ``main.py``, ``game/``, ``assets/``
and ``seeds/``, packs them with pygbag offline (this project's template and icon: nothing fetched),
and the packed game starts from its own folder as the page would start it; the canvas takes the
page's size and the page scales it; the files outlast the page in its storage. pygbag is in the
``test`` extras: without it the build's tests fail, saying so."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import pygame
import pytest

from game import web
from game.platform import browser, display
from tests.scene_helpers import click, make_app, open_scene

ROOT = Path(__file__).resolve().parent.parent


def load_tool(name: str = "build_web") -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The page built once for these tests, from a staged folder to which folders that must stay out
    were added (as if pygbag were pointed at a whole checkout): pygbag.ini has to leave them out."""
    assert importlib.util.find_spec("pygbag") is not None, "pygbag is not installed: pip install -e '.[test]'"
    tool = load_tool()
    work = tmp_path_factory.mktemp("stage")
    app = tool.stage(work)
    for decoy in ("tests/test_x.py", "tools/make_x.py", "docs/x.md", ".ci/run", "game/__pycache__/x.cpython-312.pyc"):
        (app / decoy).parent.mkdir(parents=True, exist_ok=True)
        (app / decoy).write_text("# must not reach the page\n", encoding="utf-8")
    icon = tool.draw_icon(work / "favicon.png")
    out = work / "web"
    tool.publish(tool.pack(app, icon, "http://localhost:8123/cdn/"), out, None)
    return out


def test_ui12_the_build_makes_the_page_and_packs_main_game_assets_and_seeds(built):
    """UI-12: index.html, the icon and solitaire.apk (a zip of the staged folder under assets/):
    main.py, the package, the fonts, the compiled catalogs, the sounds and the seeds lists; nothing
    else (pygbag's tarball is not served: the page never asks for it)."""
    assert {p.name for p in built.iterdir()} == {"index.html", "favicon.png", "solitaire.apk"}
    names = set(zipfile.ZipFile(built / "solitaire.apk").namelist())
    for wanted in (
        "assets/main.py",
        "assets/game/__init__.py",
        "assets/game/web.py",
        "assets/game/platform/browser.py",
        "assets/assets/locale/ja/LC_MESSAGES/solitaire.mo",
        "assets/assets/locale/it/LC_MESSAGES/solitaire.mo",
        "assets/seeds/freecell.txt",
        "assets/budoux/parser.py",  # Japanese phrases for line breaks: the runtime installs nothing
        "assets/budoux/models/ja.json",
    ):
        assert wanted in names, wanted
    assert any(n.startswith("assets/assets/fonts/") and n.endswith(".otf") for n in names)
    assert any(n.startswith("assets/assets/sounds/") and n.endswith(".ogg") for n in names)


def test_ui12_pygbag_ini_leaves_tests_tools_docs_and_ci_out(built):
    """UI-12: nothing of the tests, tools, documents or CI reaches the page, nor caches, nor the
    catalogs' sources, nor the build's own settings file."""
    names = zipfile.ZipFile(built / "solitaire.apk").namelist()
    top = {n.split("/")[1] for n in names}
    assert top == {"main.py", "game", "assets", "seeds", "budoux"}, top
    left_out = [n for n in names if "__pycache__" in n or n.endswith((".pyc", ".po", ".pot", "pygbag.ini"))]
    assert not left_out, left_out


def test_ui12_the_page_is_filled_in_from_the_projects_template(built):
    """UI-12: the page comes from tools/web/index.tmpl, every placeholder filled in: the runtime's
    address, CPython 3.12 (pygbag 0.9's), the packed game's name, no wait for a first tap."""
    page = (built / "index.html").read_text(encoding="utf-8")
    assert "{{cookiecutter." not in page
    assert '<script src="http://localhost:8123/cdn/pythons.js" type="module" id="site"' in page
    assert 'data-python="python3.12"' in page
    assert 'bundle = "solitaire"' in page
    assert "ume_block: 0," in page
    assert "async def custom_site():" in page  # the name pygbag's loader waits for


def test_ui12_the_packed_game_starts_from_its_own_folder_through_main_py(built, tmp_path):
    """UI-12: unpacked as the page mounts it, main.py starts the game through game.web from that
    folder alone — the package, fonts, catalogs and seeds found beside it — and shows the home
    screen on a phone's canvas. (Only the page's size and a frame count are given here: a page has
    a size to read, and its loop never ends.)"""
    folder = tmp_path / "mounted"
    zipfile.ZipFile(built / "solitaire.apk").extractall(folder)
    assets = folder / "assets"
    probe = """
import asyncio, json, runpy
import game.web
from game.resources import data_dir

real, seen = game.web.play, {}
async def on_a_phone(page=None, max_frames=None):
    seen["app"] = await real((390, 844), max_frames=3)
    return seen["app"]
game.web.play = on_a_phone
runpy.run_path("main.py", run_name="__main__")
app = seen["app"]
print(json.dumps({"game": game.web.__file__, "assets": str(data_dir("assets")), "seeds": str(data_dir("seeds")),
                  "top": type(app.stack.top).__name__, "size": list(app.screen.get_size())}))
"""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(SOLITAIRE_DATA_DIR=str(tmp_path / "data"), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=assets, env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    shown = json.loads(done.stdout.strip().splitlines()[-1])
    for where in ("game", "assets", "seeds"):
        assert Path(shown[where]).resolve().is_relative_to(assets.resolve()), shown
    assert shown["top"] == "HomeScene"
    assert shown["size"] == [390, 844]


def test_ui12_the_canvas_takes_the_pages_size_within_bounds():
    """UI-12: a phone upright gets its own 390x844 (checked like 800x1280 by the size tests); a
    huge page a canvas of its shape 1920 long; a tiny one the window's smallest; none known, 1280x800."""
    assert display.canvas_size((390, 844)) == (390, 844)
    assert display.canvas_size((1280, 720)) == (1280, 720)
    assert display.canvas_size((3840, 2160)) == (1920, 1080)
    assert display.canvas_size((200, 300)) == display.MIN_SIZE
    assert display.canvas_size(None) == display.PAGE_UNKNOWN == (1280, 800)
    assert display.canvas_size((0, 0)) == display.PAGE_UNKNOWN
    assert browser.page_size() is None  # no page here: the standard library's platform has no window


class FakeStorage:
    """The page's localStorage: keys and string values, read back by index."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, k: int) -> str:
        return list(self.items)[k]

    def getItem(self, key: str) -> str:  # the browser's names
        return self.items[key]

    def setItem(self, key: str, value: str) -> None:
        self.items[key] = value


class FakeWindow:
    """pygbag's ``platform.window``: the page's size, its loader's resize, its storage."""

    def __init__(self, width: int, height: int) -> None:
        self.innerWidth, self.innerHeight = width, height
        self.localStorage = FakeStorage()
        self.resized = 0

    def window_resize(self) -> None:
        self.resized += 1


@pytest.fixture
def page(monkeypatch):
    """A page of a phone held upright, as pygbag's ``platform`` module shows it."""
    import platform

    window = FakeWindow(390, 844)
    monkeypatch.setattr(platform, "window", window, raising=False)
    return window


def test_ui12_in_a_browser_the_canvas_keeps_its_size_and_the_page_fits_it(monkeypatch, page):
    """UI-12: in a page the window is opened without RESIZABLE, and the loader is asked at once to
    scale the canvas to the page; on the desktop it stays resizable (UI-10) and no page is asked."""
    flags: list[int] = []
    real = pygame.display.set_mode

    def recording(size=(0, 0), flags_=0, *args, **kwargs):
        flags.append(flags_)
        return real(size, flags_, *args, **kwargs)

    monkeypatch.setattr(pygame.display, "set_mode", recording)
    pygame.display.init()
    display.set_mode((390, 844), False)
    assert page.resized == 0
    monkeypatch.setattr(sys, "platform", "emscripten")
    display.set_mode((390, 844), False)
    assert flags[0] & pygame.RESIZABLE
    assert not flags[1] & pygame.RESIZABLE
    assert page.resized == 1
    assert browser.page_size() == (390, 844)


def test_ui12_files_written_in_a_page_come_back_on_the_next_visit(tmp_path, page):
    """UI-12: every file written in a page is copied into its localStorage, and a later visit (a new
    in-memory folder) gets them back, byte for byte; other sites' keys are left alone."""
    page.localStorage.setItem("another-game:x", "not ours")
    first = browser.data_folder("solitaire")
    assert first == Path.home() / "solitaire"
    folder = tmp_path / "visit-1"
    browser.write_atomically(folder / "settings.json", b'{"look": "classic"}')
    (folder / "records.sqlite3").write_bytes(bytes(range(256)))
    browser.persist(folder / "records.sqlite3")
    later = tmp_path / "visit-2"
    browser.restore_files(later)
    assert sorted(p.name for p in later.iterdir()) == ["records.sqlite3", "settings.json"]
    assert (later / "settings.json").read_bytes() == b'{"look": "classic"}'
    assert (later / "records.sqlite3").read_bytes() == bytes(range(256))


def test_ui12_play_opens_the_home_screen_on_a_canvas_of_the_pages_size(tmp_path, monkeypatch, page):
    """UI-12: game.web.play (what main.py awaits) reads the page's size, opens the canvas at it,
    shows the home screen and runs the loop as a coroutine until it ends, the app then closed."""
    monkeypatch.setenv("SOLITAIRE_DATA_DIR", str(tmp_path))
    app = asyncio.run(web.play(max_frames=3))
    assert type(app.stack.top).__name__ == "HomeScene"
    assert app.screen.get_size() == (390, 844)
    assert app.frames == 3
    assert (tmp_path / "settings.json").is_file()  # closed: the settings saved


def test_ui12_play_continues_the_last_game_played(tmp_path, monkeypatch):
    """UI-12, CM-8: a reload of the page continues the game of the last visit, one move in, as the
    desktop's start does (both open what ``App.open_first`` chooses)."""
    monkeypatch.setenv("SOLITAIRE_DATA_DIR", str(tmp_path))
    earlier = make_app(tmp_path)
    played = open_scene(earlier, "golf", 4)
    assert played.play(played.session.legal[0])
    earlier.close()
    app = asyncio.run(web.play((800, 1280), max_frames=2))
    table = app.stack.top
    assert table.session.deal_id == played.session.deal_id
    assert table.session.moves == 1


def test_ui12_a_runtime_folder_without_cpython_for_webassembly_is_refused(tmp_path):
    """UI-12: ``--runtime DIR`` serves pygbag's runtime beside the page; a folder that lacks what the
    page asks for first (the loader, its start-up, CPython 3.12 for WebAssembly) is named, not built."""
    tool = load_tool()
    runtime = tmp_path / "runtime"
    runtime.mkdir()
    for name in ("pythons.js", "cpythonrc.py", "browserfs.min.js"):
        (runtime / name).write_text("// the loader\n", encoding="utf-8")
    lacking = r"lacks cpython312/main\.js, cpython312/main\.wasm, cpython312/main\.data"
    with pytest.raises(tool.BuildError, match=lacking):
        tool.build(tmp_path / "web", tmp_path / "stage", runtime=runtime)
    assert not (tmp_path / "web").exists()
    for name in ("main.js", "main.wasm", "main.data"):
        (runtime / "cpython312").mkdir(exist_ok=True)
        (runtime / "cpython312" / name).write_bytes(b"\0")
    tool.check_runtime(runtime)  # whole now: nothing to say


def test_ui12_the_browser_checks_tap_lands_on_klondike_on_the_canvas_the_page_scaled(tmp_path):
    """UI-12: tools/web_check.py taps Klondike on the home screen in Chromium: the point the game
    lays its tile out at opens Klondike (tapped here on the real app at a phone's size), and it
    is carried onto the page through the loader's scaling and centring of the canvas."""
    tool = load_tool("web_check")
    point = tool.klondike_tile((390, 844))
    app = make_app(tmp_path, size=(390, 844))
    app.go_home()
    click(app, point)
    assert app.stack.top.session.deal_id.variant == "klondike"
    app.close()
    assert tool.on_page([100, 50, 195, 422, 390, 844], (0, 0)) == (100.25, 50.25)
    assert tool.on_page([0, 0, 780, 1688, 390, 844], (195, 422)) == (391, 845)
