"""UI-5, the kiosk's config against damage: nesting that would overflow the parser, junk of every
kind, a games list with one bad entry, and a path that is missing, a folder, a FIFO, a device or
unreadable. Each is one line of English for the operator, never a traceback, never a hang."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

import game.kiosk.config as kiosk_config
from game.kiosk.config import KioskConfig, load_config, parse_config

DEEP = 3000


def one_line(problems: list[str]) -> str:
    assert len(problems) == 1, problems
    assert "\n" not in problems[0] and "Traceback" not in problems[0]
    assert len(problems[0]) < 400, problems[0]
    return problems[0]


@pytest.mark.parametrize(
    "text",
    [
        "games = " + "[" * DEEP + "]" * DEEP,
        "a = " + "{b = " * DEEP + "1" + "}" * DEEP,
        'games = ["klondike"]\nidle_seconds = ' + "[" * DEEP + "1" + "]" * DEEP,
    ],
    ids=["arrays", "inline tables", "after a good key"],
)
def test_ui5_a_config_nested_thousands_deep_is_one_line_and_every_default(text):
    config, problems = parse_config(text)
    assert config == KioskConfig()
    assert "nested too deeply" in one_line(problems)


@pytest.mark.parametrize(
    "text, words",
    [
        ("a = " + "1" * 5000, "not TOML"),  # int() refuses 4300+ digits: a ValueError, not a TOMLDecodeError
        ("a = 2024-02-30", "not TOML"),
        ('a = "\x00"', "not TOML"),
        ("not = [toml", "not TOML"),
    ],
)
def test_ui5_junk_that_tomllib_refuses_in_any_way_is_one_line(text, words):
    config, problems = parse_config(text)
    assert config == KioskConfig()
    assert words in one_line(problems)


def test_ui5_a_value_deep_or_long_is_named_in_a_short_line_and_the_parser_running_out_is_one_line(monkeypatch):
    """Dotted keys build a deep table without recursion in tomllib; its message must not recurse
    (repr) nor run to kilobytes. MemoryError from the parser, too, is one line."""
    config, problems = parse_config(
        "idle_seconds" + ".a" * DEEP + " = 1\npin = " + '"' + "9" * 20000 + '"\nprompt_seconds = 0x' + "f" * 5000
    )
    assert config == KioskConfig()
    assert len(problems) == 3 and all(len(p) < 400 and "\n" not in p for p in problems), problems
    for key in ("idle_seconds", "pin", "prompt_seconds"):  # a hex number past int's 4300 digits: no repr
        assert any(p.startswith(f"kiosk config: {key}:") for p in problems), key

    def exhausted(text: str) -> dict[str, object]:
        raise MemoryError

    monkeypatch.setattr(kiosk_config.tomllib, "loads", exhausted)
    assert "too large" in one_line(parse_config("a = 1")[1])


def test_ui5_one_bad_game_is_left_out_by_name_and_the_good_ones_stay():
    config, problems = parse_config('games = ["klondike", "chess", 3, "spider:suits=9", "golf:x=1", "spider:suits"]')
    assert [o.variant for o in config.games] == ["klondike"]
    text = " | ".join(problems)
    assert len(problems) == 5, problems
    for named in ("'chess'", "3", "'spider:suits=9'", "'golf:x=1'", "'spider:suits'"):
        assert named in text, named
    assert all(p.startswith("kiosk config: games:") for p in problems)
    config, problems = parse_config('games = ["freecell", "spider:suits=1,junk", "yukon"]')
    assert [o.variant for o in config.games] == ["freecell", "yukon"] and "junk" in one_line(problems)


def test_ui5_a_games_list_with_no_good_entry_offers_every_game_and_says_so():
    config, problems = parse_config('games = ["chess", 7]')
    assert config.games == () and config == KioskConfig()
    assert len(problems) == 3 and "every game" in problems[-1], problems
    for bad in ("games = []", 'games = "klondike"', "games = 3"):
        config, problems = parse_config(bad)
        assert config.games == () and "every game" in one_line(problems), bad


def read_quickly(path: Path) -> list[str]:
    """load_config in a thread: a FIFO opened for reading would block it for ever."""
    out: list[list[str]] = []
    worker = threading.Thread(target=lambda: out.append(load_config(path)[1]), daemon=True)
    worker.start()
    worker.join(5)
    assert not worker.is_alive(), f"load_config({path}) hangs"
    return out[0]


def test_ui5_a_missing_file_a_folder_a_fifo_or_a_device_each_says_what_it_is(tmp_path):
    assert "is not found" in one_line(read_quickly(tmp_path / "missing.toml"))
    assert "is not found" in one_line(read_quickly(tmp_path / "missing" / "kiosk.toml"))
    assert "is a folder" in one_line(read_quickly(tmp_path))
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "fifo")
        assert "is not a regular file" in one_line(read_quickly(tmp_path / "fifo"))
    if Path("/dev/null").exists():
        assert "is not a regular file" in one_line(read_quickly(Path("/dev/null")))
    big = tmp_path / "big.toml"
    big.write_text("# " + "x" * 70_000)
    assert "larger than 64 KiB" in one_line(read_quickly(big))
    latin = tmp_path / "latin.toml"
    latin.write_bytes(b'language = "it" # caf\xe9\n')
    assert "not UTF-8" in one_line(read_quickly(latin))


def test_ui5_an_unreadable_config_says_permission_denied(tmp_path, monkeypatch):
    path = tmp_path / "kiosk.toml"
    path.write_text('pin = "2468"\n')
    path.chmod(0)
    if os.name != "posix" or os.geteuid() == 0:  # root reads anything: refuse the opening instead
        real_open = os.open

        def refused(file: object, *args: object, **kwargs: object) -> int:
            if Path(str(file)) == path:
                raise PermissionError(13, "Permission denied", str(file))
            return real_open(file, *args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(kiosk_config.os, "open", refused)
    try:
        assert "permission denied" in one_line(read_quickly(path))
    finally:
        path.chmod(0o644)


def test_ui5_a_config_saved_with_a_byte_order_mark_is_read():
    """Windows Notepad used to start UTF-8 files with a BOM; tomllib alone refuses it."""
    config, problems = parse_config('\ufeffpin = "2468"\n')
    assert not problems and config.pin == "2468"


def test_ui5_allowed_values_are_what_every_offer_of_a_game_pins_and_only_what_the_operator_wrote():
    spider = ("1", "2", "4")
    assert KioskConfig().allowed_values("spider", "suits", spider) == spider  # no kiosk choice: all
    config = parse_config('games = ["spider:Suits=1", "klondike:draw=3", "spider:suits=2", "golf"]')[0]
    assert [sorted(o.pinned) for o in config.games] == [["suits"], ["draw"], ["suits"], []]
    assert config.games[1].options == {"draw": "3", "redeals": "unlimited"}  # the defaults still filled in
    assert config.allowed_values("spider", "suits", spider) == ("1", "2")
    assert config.allowed_values("klondike", "draw", ("1", "3")) == ("3",)
    assert config.allowed_values("klondike", "redeals", ("unlimited", "3", "1")) == ("unlimited", "3", "1")
    free = parse_config('games = ["spider:suits=1", "spider"]')[0]
    assert free.allowed_values("spider", "suits", spider) == spider  # a plain "spider" frees the suits
