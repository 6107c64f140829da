"""The tools' results files damaged (issue 36 item 17): ``tools/winnability.py --results FILE`` and
``tools/bench_hints.py``'s ``tools/hint-results.jsonl``. A last line without its newline or cut
short, a line without "status", ``"deal": 1e400``, a byte that is not UTF-8, ``"seconds": "abc"``,
JSON nested thousands deep: every good line is kept, each bad one named on stderr with its number
and left in the file as it is, and the next result goes on a line of its own. The path a FIFO, a
directory, a device or refused: one line and exit 2, never a hang. And ``--results FILE`` writes
docs/winnability.md only when asked (``--doc``)."""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "winnability.py"


def tool(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(autouse=True)
def no_hang():
    signal.signal(signal.SIGALRM, lambda signum, frame: pytest.fail("the results file held the tool"))
    signal.alarm(120)
    yield
    signal.alarm(0)


def good(deal: int, **more: object) -> dict[str, object]:
    row: dict[str, object] = {"set": "yukon", "deal": deal, "status": "solved", "seconds": 0.1, "nodes": 5}
    row.update(budget=[5.0, 200_000], prove=0.0, solver=11, **more)
    return row


def line(row: dict[str, object]) -> bytes:
    return json.dumps(row).encode() + b"\n"


BAD = {
    "cut short": b'{"set": "yukon", "deal": 7, "sta\n',
    'no "status"': b'{"set": "yukon", "deal": 7, "seconds": 0.1}\n',
    '"deal": 1e400': b'{"set": "yukon", "deal": 1e400, "status": "solved", "seconds": 0.1}\n',
    "not UTF-8": b'{"set": "yukon\xff", "deal": 7, "status": "solved", "seconds": 0.1}\n',
    '"seconds": "abc"': b'{"set": "yukon", "deal": 7, "status": "solved", "seconds": "abc"}\n',
    "nested deep": b"[" * 100_000 + b"]" * 100_000 + b"\n",
    "a list": b"[1, 2]\n",
    '"deal": "7"': b'{"set": "yukon", "deal": "7", "status": "solved", "seconds": 0.1}\n',
    '"budget": 5': b'{"set": "yukon", "deal": 7, "status": "solved", "seconds": 0.1, "budget": 5}\n',
}


@pytest.mark.parametrize("bad", BAD.values(), ids=BAD.keys())
def test_issue_36_item_17_a_bad_results_line_is_named_and_left_as_it_is(tmp_path, capfd, bad):
    """Issue 36 item 17: the good lines all count, the bad one is named on stderr with its number
    (once however often the file is read) and stays in the file; its deal is solved again."""
    w = tool("winnability")
    results = tmp_path / "r.jsonl"
    text = line(good(1)) + bad + line(good(2))
    results.write_bytes(text)
    assert sorted(w.done_in(results)) == [("yukon", 1), ("yukon", 2)]
    assert w.table(results, ["yukon"], 1, 10)[-1].startswith("| `yukon` | 2 | 2 |")
    err = capfd.readouterr().err
    assert err.count("line 2 is left out") == 1 and len(err.strip().splitlines()) == 1, err
    tasks = [("yukon", {}, n, 5.0, 200_000, 0.0) for n in (1, 2, 7)]
    with ThreadPoolExecutor(1) as executor:
        assert w.run(tasks, executor, results) == 1  # deal 7 only
    after = results.read_bytes()
    assert after.startswith(text) and json.loads(after[len(text) :])["deal"] == 7


def test_issue_36_item_17_a_last_line_without_its_newline_is_not_glued_to_the_next(tmp_path):
    """Issue 36 item 17: a last line cut short, or whole but without its newline (a stop, a full
    disk): the next result begins a line of its own, so neither is lost."""
    w = tool("winnability")
    for last in (b'{"set": "yukon", "deal": 3, "stat', line(good(3)).rstrip(b"\n")):
        results = tmp_path / "r.jsonl"
        results.write_bytes(line(good(1)) + last)
        with ThreadPoolExecutor(1) as executor:
            assert w.run([("yukon", {}, 2, 5.0, 200_000, 0.0)], executor, results) == 1
        lines = results.read_bytes().split(b"\n")
        assert lines[1] == last and json.loads(lines[2])["deal"] == 2 and lines[3] == b""
        assert {deal for _, deal in w.done_in(results)} >= {1, 2}


def run_tool(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(TOOL), *args], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("how", ["fifo", "directory", "/dev/null"])
def test_issue_36_item_17_a_results_path_that_is_no_file_is_refused_at_once(tmp_path, how):
    """Issue 36 item 17: a FIFO (which hung the tool), a directory, a device: one line, exit 2,
    before any deal is run."""
    path = tmp_path / "r.jsonl"
    if how == "fifo":
        os.mkfifo(path)
    elif how == "directory":
        path.mkdir()
    else:
        path = Path(how)
    done = run_tool("--set", "golf", "--deals", "1-1", "--jobs", "1", "--results", str(path), "--doc", "")
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1 and "not a regular file" in lines[0], done.stderr
    assert "Traceback" not in done.stderr and not done.stdout


def test_issue_36_item_17_a_results_file_refused_by_the_system_is_a_clear_error(tmp_path, monkeypatch):
    """Issue 36 item 17: an unreadable results file (chmod 000 does not stop root: the refusal
    made here) is ResultsError, which the tool says in one line; a missing one is empty."""
    lines = tool("result_lines")
    path = tmp_path / "r.jsonl"
    assert lines.read_rows(path, lambda row: None, "test") == []
    path.write_bytes(line(good(1)))
    real = os.open

    def refused(file: object, flags: int, *args: object) -> int:
        if str(file) == str(path):
            raise PermissionError(13, "Permission denied")
        return real(file, flags, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", refused)
    with pytest.raises(lines.ResultsError, match="Permission denied"):
        lines.read_rows(path, lambda row: None, "test")


def test_issue_36_item_17_another_results_file_writes_the_page_only_when_asked(tmp_path):
    """Issue 36 item 17: a run on a scratch results file rewrote docs/winnability.md from it; now
    the page is written from the project's results file, or when asked with --doc."""
    w = tool("winnability")
    scratch = tmp_path / "r.jsonl"
    assert w.page_to_write(None, w.RESULTS) == w.DOC and w.page_to_write(None, scratch) is None
    assert w.page_to_write(str(w.DOC), scratch) == w.DOC and w.page_to_write("", w.RESULTS) is None
    scratch.write_bytes(line(good(1, set="golf")))  # deal 1 is there: nothing to solve
    page = tmp_path / "page.md"
    done = run_tool("--set", "golf", "--deals", "1-1", "--jobs", "1", "--results", str(scratch))
    assert done.returncode == 0 and "--doc writes it" in done.stdout and not page.exists(), done.stderr
    done = run_tool("--set", "golf", "--deals", "1-1", "--jobs", "1", "--results", str(scratch), "--doc", str(page))
    assert done.returncode == 0 and page.read_text().startswith("# Winnability"), done.stderr


def test_issue_36_item_17_the_hint_benchmark_reads_its_results_the_same_way(tmp_path, monkeypatch, capfd):
    """Issue 36 item 17: tools/bench_hints.py's results (and the winnability results it reads for
    the solver's share) keep every good line and name each bad one."""
    monkeypatch.syspath_prepend(str(ROOT / "tools"))
    bench = tool("bench_hints")
    row = {"set": "golf", "deal": 1, "end": "won", "hints": 3, "moves": 3, "times": [0.01], "slice": 0.01}
    row.update(limit=400, version=bench.HINTS_VERSION)
    results = tmp_path / "hints.jsonl"
    results.write_bytes(line(row) + b'{"set": "golf", "deal": 2, "end": "won", "times": "x", "version": 1}\n\xff\n')
    assert list(bench.done(results)) == [("golf", 1)]
    err = capfd.readouterr().err
    assert "line 2 is left out" in err and "line 3 is left out" in err, err
    ceiling = tmp_path / "w.jsonl"
    ceiling.write_bytes(line(good(1, set="golf")) + BAD['"deal": 1e400'] + BAD['no "status"'])
    monkeypatch.setattr(bench, "CEILING", ceiling)
    assert bench.ceiling("golf", set(range(1, 11))) == (1, 1)
