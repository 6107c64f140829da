"""``python -m game hint`` (CM-20): a deal's hint, or the hint after a line of moves in their text
form, as the window gives it (move, share of the worlds, reason); with ``--follow`` the deal played
by its hints, each printed, and one last line that begins won, stuck or out of hints. Junk is one
clear line and exit status 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "game", "hint", *args], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def test_cm20_the_hint_for_a_position_after_a_line_of_moves():
    """Klondike deal 44 after seven stock turns: the ace of diamonds on the waste goes home."""
    out = run("klondike", "--deal", "44", "--after", "draw draw draw draw draw draw draw")
    assert out.returncode == 0, out.stderr
    deal, hint = out.stdout.splitlines()
    assert deal == "deal: klondike:draw=1,redeals=unlimited:44:v1"
    assert hint.split()[:2] == ["1", "w>f1"] and "foundation" in hint


def test_cm20_a_deal_followed_by_its_hints_ends_on_won_stuck_or_out_of_hints():
    out = run("freecell", "--deal", "1", "--follow", "300", "--lang", "it")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "deal: freecell:1:v1" and lines[-1].startswith("won after")
    assert all(line.split()[0].isdigit() for line in lines[1:-1])
    assert any("Porta alla vittoria." in line for line in lines)  # the words are the game's, in Italian


def test_cm20_a_range_of_deals_followed_two_at_a_time():
    out = run("freecell", "--deal", "1-2", "--follow", "300", "--jobs", "2")
    assert out.returncode == 0, out.stderr
    ends = [line for line in out.stdout.splitlines() if line.startswith(("won", "stuck", "out of hints"))]
    deals = [line for line in out.stdout.splitlines() if line.startswith("deal: ")]
    assert deals == ["deal: freecell:1:v1", "deal: freecell:2:v1"] and len(ends) == 2


@pytest.mark.parametrize(
    "args, words",
    [
        (["chess", "--deal", "1"], "unknown variant"),
        (["klondike", "--deal", "0"], "1 to 2147483647"),
        (["klondike", "--deal", "1-5"], "--deal '1-5' is not a deal number"),
        (["klondike", "--deal", "1", "--after", "t9>t1"], "cannot be replayed"),
        (["klondike", "--deal", "1", "--after", "banana"], "is not a move"),
        (["klondike", "--deal", "1", "--follow", "0"], "--follow 0 is not from 1"),
        (["klondike", "--deal", "1", "--follow", "5", "--jobs", "0"], "--jobs 0 is not from 1"),
        (["klondike", "--deal", "1", "--option", "draw=2"], "cannot be '2'"),
    ],
)
def test_cm20_junk_is_one_clear_line_and_exit_2(args, words):
    out = run(*args)
    assert out.returncode == 2 and words in out.stderr and "Traceback" not in out.stderr
    assert out.stdout == ""
