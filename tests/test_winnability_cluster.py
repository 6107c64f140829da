"""tools/winnability.py on Dask distributed: a few deals through a LocalCluster write the same
result lines as the process pool, each with the solver's version, and a second run solves none
again (resumable)."""

from __future__ import annotations

import importlib.util
import json
import signal
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def winnability():
    spec = importlib.util.spec_from_file_location("winnability", ROOT / "tools" / "winnability.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_local_dask_cluster_solves_deals_and_a_second_run_solves_none_again(tmp_path):
    """(A cluster whose workers fail to start would wait for ever: the alarm makes that a failure.)"""
    signal.signal(signal.SIGALRM, lambda signum, frame: pytest.fail("the LocalCluster did not answer in 120 s"))
    signal.alarm(120)
    try:
        check_the_cluster(tmp_path)
    finally:
        signal.alarm(0)


def check_the_cluster(tmp_path: Path) -> None:
    tool = winnability()
    from game.solver.api import SOLVER_VERSION

    results = tmp_path / "results.jsonl"
    tasks = [("golf", {}, n, 30.0, 100_000, 0.0) for n in range(1, 5)]  # a node budget: the same verdict anywhere
    with tool.executor_for("local", 1) as executor:
        assert tool.run(tasks, executor, results) == 4
        assert tool.run(tasks, executor, results) == 0  # resumed: every deal is in the file
    rows = [json.loads(line) for line in results.read_text().splitlines()]
    assert sorted(r["deal"] for r in rows) == [1, 2, 3, 4]
    assert all(r["set"] == "golf" and r["solver"] == SOLVER_VERSION for r in rows)
    assert all(r["status"] in ("solved", "unsolvable", "unknown") for r in rows)
    with tool.executor_for(None, 1) as pool:  # the same deals by the process pool: the same verdicts
        again = tmp_path / "again.jsonl"
        tool.run(tasks, pool, again)
    verdicts = {json.loads(line)["deal"]: json.loads(line)["status"] for line in again.read_text().splitlines()}
    assert verdicts == {r["deal"]: r["status"] for r in rows}


def test_one_option_set_runs_by_its_label(tmp_path):
    """``--set LABEL`` runs that option set alone (a whole game's other sets may cost hours)."""
    import subprocess
    import sys

    results = tmp_path / "results.jsonl"
    label = "klondike:draw=1,redeals=unlimited"
    run = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "winnability.py"), "--set", label, "--set", "addiction:redeals=3"]
        + ["--deals", "1-2", "--jobs", "1", "--results", str(results), "--doc", ""],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    rows = [json.loads(line) for line in results.read_text().splitlines()]
    ran = {(r["set"], r["deal"]) for r in rows}
    assert ran == {(label, 1), (label, 2), ("addiction:redeals=3", 1), ("addiction:redeals=3", 2)}


def test_the_page_says_what_each_row_still_needs_towards_its_goal(tmp_path):
    """Issue 29: a row's goal is 1,000 deals, 10,000 where a deal takes milliseconds (Golf, Pyramid,
    FreeCell, Addiction with redeals, TriPeaks); the page says what each row short of it would take."""
    tool = winnability()
    results = tmp_path / "results.jsonl"
    lines = [
        {"set": name, "deal": n, "status": "solved", "seconds": 2.0, "nodes": 5, "solver": 11}
        for name in ("golf", "yukon")
        for n in range(1, 11)
    ]
    results.write_text("".join(json.dumps(line) + "\n" for line in lines))
    rows = tool.still_to_run(results, ["golf", "yukon"], 64)
    assert rows[2] == "| `golf` | 10 | 10,000 | 9990 | 2.00 | 5.5 h | 5.2 min |"
    assert rows[3] == "| `yukon` | 10 | 1,000 | 990 | 2.00 | 0.6 h | 0.5 min |"
    assert tool.goal_of("addiction:redeals=0") == 1000 and tool.goal_of("addiction:redeals=1") == 10_000
