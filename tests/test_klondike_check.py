"""tools/klondike_check: the independent C search agrees with the Python solver's complete mode."""

from __future__ import annotations

import importlib.util
import random
import shutil
import sys
from pathlib import Path

import pytest
from helpers import klondike_endgame

from game.games.klondike.rules import Klondike
from game.games.klondike.solver import SOLVER
from game.solver.engine import Status

TOOL = Path(__file__).resolve().parent.parent / "tools" / "klondike_check.py"


def _tool():
    spec = importlib.util.spec_from_file_location("klondike_check", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["klondike_check"] = module
    spec.loader.exec_module(module)
    return module


def test_the_check_reads_the_position_it_is_given(capsys):
    """The text the C program reads: the draw, each column (face-down count, cards), the talon
    (waste from its bottom, then the stock from its top, and the waste's size), the foundations."""
    tool = _tool()
    s = klondike_endgame(random.Random(3), 3, None, runs=True)
    lines = tool.program_input(s).splitlines()
    assert lines[0] == "3" and len(lines) == 10
    for i, line in enumerate(lines[1:8]):
        down, n, *rest = map(int, line.split())
        assert (down, n, tuple(rest)) == (s.down[i], len(s.tableau[i]), s.tableau[i])
    n, at, *talon = map(int, lines[8].split())
    assert (n, at, talon) == (len(s.waste) + len(s.stock), len(s.waste), [*s.waste, *reversed(s.stock)])
    assert [int(h) for h in lines[9].split()] == [f % 13 + 1 for f in s.foundations]
    with pytest.raises(SystemExit) as stop:
        tool.deal_numbers("5-1")
    assert stop.value.code == 2 and "not a range of deal numbers" in capsys.readouterr().err
    for odd in ("٣", "+5", "1_000", "9" * 5000):  # the one reading of a deal number (issue 36, item 17)
        with pytest.raises(SystemExit):
            tool.deal_numbers(odd)
        assert "is not a deal number" in capsys.readouterr().err
    assert tool.deal_numbers("3,7-9") == [3, 7, 8, 9]


@pytest.mark.skipif(not (shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")), reason="no C compiler")
def test_kl2_the_c_check_and_the_complete_search_agree_on_endgames():
    """KL-2 ... KL-7: on endgames with draw 1 and draw 3, the C program and the Python solver's
    complete mode give the same verdict, and where both prove a loss they searched the same number
    of positions (the same moves, the same positions told apart); the C program's wins replay."""
    import subprocess

    tool = _tool()
    exe = tool.build()
    rng = random.Random(42)
    verdicts = {"WON": 0, "LOST": 0}
    for n in range(40):
        s = klondike_endgame(rng, 1 if n % 2 else 3, None, runs=True)
        python = SOLVER.make(s, 200_000, None, True).run()
        out = subprocess.run([str(exe), "16"], input=tool.program_input(s), capture_output=True, text=True, check=True)
        verdict, positions = out.stdout.split("\n")[0].split()
        assert python.status in (Status.SOLVED, Status.UNSOLVABLE), Klondike().to_text(s)
        assert verdict == ("WON" if python.status is Status.SOLVED else "LOST"), Klondike().to_text(s)
        if verdict == "LOST":
            assert int(positions) == python.stats.nodes
        else:
            line = [tool.KMove(*map(int, text.split())) for text in out.stdout.split("\n")[1:] if text]
            t = s
            for m in tool.to_rules_moves(s, line):
                t, _ = Klondike().apply(t, m)
            assert Klondike().is_won(t)
        verdicts[verdict] += 1
    assert verdicts["WON"] >= 5 and verdicts["LOST"] >= 5, verdicts
