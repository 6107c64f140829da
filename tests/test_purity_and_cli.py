"""The pure layers import without pygame; the deal command works and fails cleanly."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import game.core
import game.games.index
import game.hints
import game.play
import game.records
import game.rules
import game.solver
import game.speech

ROOT = Path(__file__).resolve().parent.parent
PURE_PACKAGES = (game.core, game.rules, game.solver, game.hints, game.play, game.games, game.records, game.speech)
PURE = sorted(
    [
        m.name
        for pkg in PURE_PACKAGES
        for m in pkgutil.walk_packages(pkg.__path__, prefix=pkg.__name__ + ".")
        if not m.name.endswith(".scene")  # a game's own scene draws, as every scene does
        and not m.name.rsplit(".", 1)[1].startswith("_")  # a compiled library, loaded through ctypes
    ]
    + ["game.deals", "game.session", "game.launch", "game.settings", "game.view.layout"]
)

BLOCK_PYGAME = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name == "pygame" or name.startswith("pygame."):
            raise ImportError("pygame is not allowed in the pure layers")
sys.meta_path.insert(0, Block())
"""


def test_the_pure_layers_import_without_pygame():
    """Core, rules, solver, hints, interaction, the game records and the deal policy never need
    pygame (the records use the view's pure geometry only)."""
    assert len(PURE) >= 40
    code = BLOCK_PYGAME + "".join(f"import {name}\n" for name in PURE) + "assert 'pygame' not in sys.modules\n"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize(
    "variant, options, cards",
    [
        ("klondike", ["draw=3", "redeals=1"], 52),
        ("spider", ["suits=1"], 104),
        ("spider", ["suits=4"], 104),
        ("freecell", [], 52),
        ("pyramid", [], 52),
        ("golf", [], 52),
        ("yukon", [], 52),
        ("montana", ["redeals=0"], 48),
    ],
)
def test_deal_command_prints_every_card_and_is_deterministic(variant, options, cards):
    args = ["deal", variant, "--deal", "4242"] + [x for o in options for x in ("--option", o)]
    first, second = run(*args), run(*args)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    lines = first.stdout.splitlines()
    assert lines[0].startswith("deal: ") and ":4242:v1" in lines[0]
    tokens = [
        t
        for line in lines[1:]
        if line.startswith(("stock", "waste", "tableau", "row", "cell"))
        for t in line.split(":", 1)[1].split()
        if t != "--"
    ]
    assert len(tokens) == cards


def test_deal_command_without_a_number_picks_one_and_prints_it():
    out = run("deal", "golf")
    assert out.returncode == 0
    deal_id = out.stdout.splitlines()[0].removeprefix("deal: ")
    again = run("deal", "golf", "--deal", deal_id)
    assert again.stdout == out.stdout


def test_deal_command_accepts_a_whole_deal_id():
    out = run("deal", "klondike", "--deal", "klondike:draw=3:99")
    assert out.returncode == 0 and out.stdout.startswith("deal: klondike:draw=3,redeals=unlimited:99:v1")


@pytest.mark.parametrize(
    "args, words",
    [
        (["deal", "chess"], "unknown variant"),
        (["deal", "klondike", "--deal", "abc"], "neither a deal number nor a deal ID"),
        (["deal", "klondike", "--deal", "0"], "1 to 2147483647"),
        (["deal", "klondike", "--option", "draw=2"], "cannot be '2'"),
        (["deal", "klondike", "--option", "suits=2"], "no option 'suits'"),
        (["deal", "klondike", "--option", "draw"], "not KEY=VALUE"),
        (["deal", "klondike", "--deal", "spider:1"], "not klondike"),
        (["deal", "golf", "--format", "fcs"], "is not a form of golf's deals (its forms: text; it is freecell's)"),
        (["deal", "spider", "--daily", "2026-12-02"], "spider has no daily deal (the daily deal is of klondike"),
        (["deal", "klondike", "--daily", "2026-12-02", "--deal", "4"], "no --deal or --option with it"),
        (["demo", "--variant", "golf", "--speed", "nan", "--headless"], "--speed nan is not from"),
        (["demo", "--variant", "golf", "--speed", "0", "--headless"], "--speed 0.0 is not from"),
        (["demo", "--variant", "golf", "--deal", "", "--headless"], "--deal '' is neither"),
        (["demo", "--deal", "", "--headless"], "the deal ID is empty"),
        (["demo", "--all", "--deal", ""], "no --variant, --deal or --option"),
        (["deal", "klondike", "--deal", "99999999999999999999"], "is a whole number from 1 to 2147483647"),
        (["history", "--limit", "-5"], "is not a number of games"),
    ],
)
def test_deal_command_bad_input_is_one_clear_line(args, words):
    out = run(*args)
    assert out.returncode == 2
    assert words in out.stderr and "Traceback" not in out.stderr
    assert out.stdout == ""
