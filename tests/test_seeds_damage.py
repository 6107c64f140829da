"""A damaged seeds list (issue 36 item 17): the winnable deals a first-time player gets, Today's
deal, the demo, the kiosk and ``deal --daily`` read ``seeds/*.txt``. A bad line (a byte that is not
UTF-8, a number of 5,000 digits, ``0``, ``99999999999``) is left out and said once; a list that
cannot be read at all (a FIFO, a link to /dev/zero, a directory, a file too large or refused) means
deals chosen without it, said once; the game always starts, and a command says what is wrong in a
line, never a traceback, a hang or a MemoryError."""

from __future__ import annotations

import datetime
import os
import signal
from pathlib import Path

import pytest
from scene_helpers import make_app, run

import game.solver.seeds as seeds
from game.cli import main
from game.core.errors import ParseError
from game.deals import WINNABLE, daily, new_deal, proved_winnable, seeds_news
from game.scenes.home import HomeScene
from game.scenes.table import TableScene

NAME = "klondike-draw1-redealsunlimited.txt"
KLONDIKE = {"draw": "1", "redeals": "unlimited"}
SHIPPED = (seeds.SEEDS_DIR / NAME).read_bytes()
DAY = datetime.date(2026, 11, 29)


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A seeds folder of the test's own (a copy of the checkout's list, to damage), nothing told yet."""
    monkeypatch.setattr(seeds, "SEEDS_DIR", tmp_path / "seeds")
    (tmp_path / "seeds").mkdir()
    for cache in (seeds._listed, seeds._stars):
        cache.cache_clear()
    seeds.take_news()
    seeds._told.clear()
    signal.signal(signal.SIGALRM, lambda signum, frame: pytest.fail("reading the list hung"))
    signal.alarm(30)  # a FIFO opened for reading blocks until a writer comes: never here
    yield tmp_path / "seeds" / NAME
    signal.alarm(0)
    for cache in (seeds._listed, seeds._stars):
        cache.cache_clear()
    seeds.take_news()
    seeds._told.clear()


BAD_LINES = {
    "not UTF-8": b"\xff\xfe 12\n",
    "5,000 digits": b"9" * 5000 + b"\n",
    "zero": b"0\n",
    "too large a number": b"99999999999\n",
    "wrong figures": b"3 100 50\n",
}


@pytest.mark.parametrize("bad", BAD_LINES.values(), ids=BAD_LINES.keys())
def test_issue_36_item_17_a_bad_line_is_left_out_and_said_once(folder, bad):
    """Issue 36 item 17: the line is left out, every good deal kept, and the player told once, with
    the line's number, however often the list is read."""
    folder.write_bytes(SHIPPED + bad + b"5 1 1 1\n")
    shipped = seeds.read_list(seeds_dir_copy(folder))
    got = seeds.read_list(folder)
    line = SHIPPED.count(b"\n") + 1
    assert got.numbers == shipped.numbers + (5,) and [n for n, _ in got.damaged] == [line]
    for _ in range(3):
        assert proved_winnable("klondike", KLONDIKE) == got.numbers
        assert new_deal("klondike", KLONDIKE, WINNABLE) is not None
    assert daily(DAY).number in got.numbers
    told = seeds_news()
    assert len(told) == 1 and NAME in told[0] and f"line {line}" in told[0], told
    assert seeds_news() == []
    with pytest.raises(ParseError, match="line"):
        seeds._read(folder)  # the tools that rewrite a list refuse it, with the line's number


def seeds_dir_copy(path: Path) -> Path:
    copy = path.with_name("shipped.txt")
    copy.write_bytes(SHIPPED)
    return copy


def make_unreadable(path: Path, how: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if how == "fifo":
        os.mkfifo(path)
    elif how == "/dev/zero":
        path.symlink_to("/dev/zero")
    elif how == "directory":
        path.mkdir()
    elif how == "too large":
        path.write_bytes(SHIPPED + b"5\n" * seeds.MAX_BYTES)
    elif how == "refused":  # chmod 000 does not stop root: the system's refusal, as it comes
        path.write_bytes(SHIPPED)
        real_open = os.open

        def refused(file: object, flags: int, *args: object, **kwargs: object) -> int:
            if str(file) == str(path):
                raise PermissionError(13, "Permission denied")
            return real_open(file, flags, *args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(os, "open", refused)


UNREADABLE = ("fifo", "/dev/zero", "directory", "too large", "refused")


@pytest.mark.parametrize("how", UNREADABLE)
def test_issue_36_item_17_a_list_that_cannot_be_read_means_deals_without_it(folder, how, monkeypatch):
    """Issue 36 item 17: no wait on a FIFO, no MemoryError from /dev/zero; a new winnable deal is
    searched for live (the start deals a random one), there is no daily deal, the demo's cycle
    leaves the set out, and the player is told once why."""
    from game.play.demo import every_show

    make_unreadable(folder, how, monkeypatch)
    assert every_show() == []  # the kiosk's attract loop and demo --all leave the set out
    for _ in range(3):
        assert proved_winnable("klondike", KLONDIKE) == ()
        assert new_deal("klondike", KLONDIKE, WINNABLE) is None
        with pytest.raises(ParseError, match="no daily deal"):
            daily(DAY)
    told = seeds_news()
    assert len(told) == 1 and NAME in told[0] and "cannot be read" in told[0], told
    assert seeds_news() == []


@pytest.mark.parametrize("how", ["5,000 digits", "zero", "fifo", "/dev/zero", "directory", "refused"])
def test_issue_36_item_17_deal_daily_says_what_is_wrong_in_a_line(folder, how, monkeypatch, capsys):
    """Issue 36 item 17: ``deal --daily`` with a bad line deals and warns on stderr; with a list
    that cannot be read it refuses in one line, exit 2; never a traceback."""
    if how in BAD_LINES:
        folder.write_bytes(SHIPPED + BAD_LINES[how])
    else:
        make_unreadable(folder, how, monkeypatch)
    code = main(["deal", "klondike", "--daily", DAY.isoformat()])
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert len(lines) == 1 and NAME in lines[0] and "Traceback" not in err, err
    if how in BAD_LINES:
        assert code == 0 and out.startswith("deal: klondike") and lines[0].startswith("warning:")
    else:
        assert code == 2 and lines[0].startswith("error: there is no daily deal") and not out


@pytest.mark.parametrize("how", ["zero", "too large a number", "fifo", "/dev/zero"])
def test_issue_36_item_17_the_game_starts_and_tells_the_player(folder, how, tmp_path, monkeypatch):
    """Issue 36 item 17: a first-time player's Klondike opens on a deal (from the list's good lines,
    or a random one), and the table says, once, what is wrong with the list."""
    if how in BAD_LINES:
        folder.write_bytes(SHIPPED + BAD_LINES[how])
    else:
        make_unreadable(folder, how, monkeypatch)
    said: list[str] = []
    real_say = TableScene.say
    monkeypatch.setattr(TableScene, "say", lambda self, message: (said.append(message), real_say(self, message)))
    app = make_app(tmp_path / "data")
    try:
        app.open_first("klondike")
        run(app, 3)
        assert isinstance(app.stack.top, TableScene)
        deal = app.stack.top.session.deal_id
        assert deal.variant == "klondike" and 1 <= deal.number <= 2**31 - 1
        told = [message for message in said if NAME in message]
        assert len(told) == 1, said
    finally:
        app.close()


def test_issue_36_item_17_todays_deal_on_an_unreadable_list_says_why(folder, tmp_path, monkeypatch):
    """Issue 36 item 17: Today's deal on the home screen, the list a FIFO: no deal, no hang, and the
    home screen says there is no daily deal and why."""
    os.mkfifo(folder)
    app = make_app(tmp_path / "data")
    try:
        home = HomeScene(app)
        app.replace(home)
        run(app, 2)
        home.act("daily")
        assert app.stack.top is home and home.message is not None
        assert "no daily deal" in home.message[0] and NAME in home.message[0], home.message
    finally:
        app.close()


@pytest.mark.parametrize("how", ["zero", "fifo"])
def test_issue_36_item_17_the_demo_plays_on_or_is_refused_and_tells_the_player(folder, how, tmp_path, monkeypatch):
    """Issue 36 item 17: the demo of Klondike from the home screen, its list damaged: it plays a
    deal of the good lines, or has none to show and home stays; either way no traceback, and the
    player is told once."""
    from game.play.demo import Show

    if how in BAD_LINES:
        folder.write_bytes(SHIPPED + BAD_LINES[how])
    else:
        make_unreadable(folder, how, monkeypatch)
    said: list[str] = []
    for scene in (TableScene, HomeScene):
        real = scene.say
        monkeypatch.setattr(scene, "say", lambda self, message, real=real: (said.append(message), real(self, message)))
    app = make_app(tmp_path / "data")
    try:
        app.replace(HomeScene(app))
        run(app, 2)
        app.open_demo([Show("klondike", KLONDIKE)])
        run(app, 10)
        assert isinstance(app.stack.top, TableScene if how in BAD_LINES else HomeScene)
        assert len([message for message in said if NAME in message]) == 1, said
    finally:
        app.close()


def test_issue_36_item_17_a_headless_demo_says_a_damaged_list_on_stderr(folder, capsys):
    """A headless demo shows no screen: the damaged list it read was told on none (helper's note)."""
    from game.cli import main as cli_main

    folder.write_bytes(SHIPPED + BAD_LINES["zero"])
    assert cli_main(["demo", "--variant", "klondike", "--headless", "--speed", "40"]) == 0
    err = capsys.readouterr().err
    assert err.count(NAME) == 1 and err.startswith("warning: ")
