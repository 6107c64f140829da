"""Every script under tools/ runs (issue 37 item 6: tools/bench_render.py imported TABLEAU from
where it no longer is, a documented tool no test ran): each command answers ``--help`` with its
usage, and each helper module the commands share loads as a command would load it, with tools/
first on the path. A script whose own optional dependency is missing is skipped."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parent.parent / "tools"
SCRIPTS = sorted(p for p in TOOLS.glob("*.py"))
OPTIONAL = {"make_font": "fontTools"}  # a tool's own extra, not the game's


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_every_tool_loads(script: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    needs = OPTIONAL.get(script.stem)
    if needs is not None:
        pytest.importorskip(needs)
    monkeypatch.syspath_prepend(str(TOOLS))
    name = f"tool_{script.stem}"
    spec = importlib.util.spec_from_file_location(name, script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, name, module)  # a dataclass looks its module up while it is made
    spec.loader.exec_module(module)
    assert module.__doc__, f"{script.name} says what it is for"


COMMANDS = [p for p in SCRIPTS if '__name__ == "__main__"' in p.read_text(encoding="utf-8")]


@pytest.mark.parametrize("script", COMMANDS, ids=lambda p: p.stem)
def test_every_tool_answers_help(script: Path) -> None:
    needs = OPTIONAL.get(script.stem)
    if needs is not None:
        pytest.importorskip(needs)
    done = subprocess.run([sys.executable, str(script), "--help"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("usage:"), done.stdout[:200]


@pytest.mark.parametrize(
    "args, words",
    [
        (["--deals", "5" * 40 + "-1"], "is not a deal number"),
        (["--deals", "x"], "is not a range of deal numbers"),
        (["--games", "nosuch"], "unknown variant"),
        (["--games", "klondike:draw=7"], "cannot be '7'"),
    ],
)
def test_the_hint_benchmark_refuses_bad_input_in_one_line(args: list[str], words: str) -> None:
    """Issue 36 item 17's last finding: --deals read with int() (a traceback for 5,000 digits), a
    game or option that is none a traceback; now one line and exit 2, nothing run."""
    done = subprocess.run(
        [sys.executable, str(TOOLS / "bench_hints.py"), *args], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2 and words in done.stderr and "Traceback" not in done.stderr


# The cheap commands, each on an input small enough for a few seconds: they must run to the end
# and print what they measured, not only parse their arguments (issue 37 item 6). Each writes only
# where it is told (a temporary results file) or into a temporary folder of its own.
CHEAP = {
    "bench_rules": ["--runs", "1", "--deals", "1", "--steps", "20", "--variant", "golf"],
    "bench_render": ["--frames", "3", "--runs", "1"],
    "bench_records": ["--games", "20", "--runs", "1"],
    "bench_solver": ["--games", "golf", "--deals", "3-4", "--time-limit", "2", "--repeat", "1"],  # one won, one lost
    "bench_long_game": ["--moves", "10", "--runs", "1"],
    "fuzz": ["--actions", "20", "--seeds", "1", "--games", "golf"],
    "damage_check": ["--families", "settings", "--quick"],  # records: tests/test_records_damage.py
    "rate_seeds": ["--report"],
}  # and catalogs --check, in test_language.py (CM-15: the catalogs are current)


@pytest.mark.parametrize("name", sorted(CHEAP))
def test_the_cheap_tools_run_to_the_end_on_a_tiny_input(name: str, tmp_path: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "SOLITAIRE_DATA_DIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, str(TOOLS / f"{name}.py"), *CHEAP[name]],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=TOOLS.parent,
    )
    assert done.returncode == 0, (done.stdout[-1500:], done.stderr[-1500:])
    assert done.stdout.strip(), "it says what it measured"


def test_the_winnability_table_runs_a_tiny_range_into_its_own_results(tmp_path: Path) -> None:
    """Two Golf deals, their results in a file of the test's own: one line each, as the table reads them."""
    results = tmp_path / "results.jsonl"
    args = ["--games", "golf", "--deals", "1-2", "--time-limit", "2", "--results", str(results)]
    done = subprocess.run(
        [sys.executable, str(TOOLS / "winnability.py"), *args], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-1500:]
    lines = [json.loads(line) for line in results.read_text(encoding="utf-8").splitlines()]
    assert sorted(line["deal"] for line in lines) == [1, 2]
    assert all(line["status"] in ("solved", "unsolvable", "unknown") for line in lines)
