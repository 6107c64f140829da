"""UI-11: nothing on the frame waits for the disk, and a move older than half a second is on disk.
The background writer (game/platform: its queue in jobs.py, its thread in desktop.py) does saves,
settings and records off the frame; the frame's ``keep_up`` takes over when the writer has fallen
behind. Time is a fake clock here: no test waits."""

from __future__ import annotations

import json
import threading

import pytest

from game.platform.desktop import Writer
from game.platform.jobs import JobQueue
from game.records.stats import WON
from game.settings import Settings
from game.store import Store
from tests.scene_helpers import make_app, open_scene, run

LATE = JobQueue.late


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def stalled(monkeypatch: pytest.MonkeyPatch) -> None:
    """A writer thread that never gets to run (starved, or its thread could not start)."""
    monkeypatch.setattr(threading.Thread, "start", lambda self: None)
    monkeypatch.setattr(threading.Thread, "is_alive", lambda self: True)


def test_ui11_a_newer_job_replaces_a_waiting_one_but_keeps_its_deadline(stalled):
    clock, done = Clock(), []
    writer = Writer(report=lambda e: None, clock=clock)
    writer.later("save", lambda: done.append(1))
    clock.now += LATE * 0.8
    writer.later("save", lambda: done.append(2))  # the first change is still not on disk
    writer.keep_up()
    assert done == []
    clock.now += LATE * 0.3  # the first change has waited LATE: the frame writes the latest
    writer.keep_up()
    assert done == [2] and writer.late_jobs == 1 and writer.pending() == 0


def test_ui11_keep_up_never_waits_for_a_job_under_way(stalled):
    clock, done = Clock(), []
    writer = Writer(report=lambda e: None, clock=clock)
    writer.later("save", lambda: done.append(1))
    clock.now += LATE * 2
    with writer._io:  # the writer is writing (a slow disk): the frame does not queue behind it
        writer.keep_up()
    assert done == [] and writer.pending() == 1
    writer.flush()
    assert done == [1]


def test_ui11_a_failing_job_is_reported_and_the_writer_goes_on():
    reported: list[BaseException] = []
    done: list[int] = []
    writer = Writer(report=reported.append)

    def fails() -> None:
        raise RuntimeError("boom")

    writer.later("a", fails)
    writer.later("b", lambda: done.append(1))
    writer.flush()
    assert done == [1] and [str(e) for e in reported] == ["boom"]


def test_ui11_a_move_is_on_disk_within_half_a_second_even_when_the_writer_thread_stalls(tmp_path, stalled):
    app = make_app(tmp_path)
    clock = Clock()
    app.store.writer._clock = clock  # the writer's own clock, moved by hand
    scene = open_scene(app, "freecell", 3)
    assert scene.play(scene.session.legal[0])
    run(app, 2)
    path = tmp_path / "save-freecell.json"
    assert not path.exists()  # the stalled thread wrote nothing, and the frame has not taken over yet
    clock.now += LATE
    run(app, 1)  # the next frame (at rest: at most 0.25 s later) writes it itself
    assert json.loads(path.read_text())["cursor"] == 1
    assert app.store.writer.late_jobs >= 1
    app.close()


def test_ui11_settings_and_records_are_written_by_the_writer_not_the_frame(tmp_path, monkeypatch):
    writers: list[str] = []
    real_write = Store._write_bytes

    def spy_write(self, name, data):
        writers.append(f"{name}@{threading.current_thread().name}")
        real_write(self, name, data)

    monkeypatch.setattr(Store, "_write_bytes", spy_write)
    app = make_app(tmp_path)
    keeps: list[str] = []
    real_keep = app.records._write

    def spy_keep(row):
        keeps.append(threading.current_thread().name)
        return real_keep(row)

    monkeypatch.setattr(app.records, "_write", spy_keep)
    scene = open_scene(app, "golf", 4)
    app.store.flush()
    app.settings.animation = "fast"
    app.settings.save(app.store)
    assert scene.play(scene.session.legal[0])
    scene.table.end(WON)  # a game kept in the records
    # no frame runs from here: a frame's keep_up would take over a job its thread had not yet begun
    deadline = 0
    while app.store.writer.pending() and deadline < 2000:  # up to 20 s on a loaded machine
        threading.Event().wait(0.01)  # the writer's thread at work, as a real second would give it
        deadline += 1
    app.store.flush()
    assert "settings@writer" in writers and keeps == ["writer"]
    assert Settings.load(Store(tmp_path)).animation == "fast"
    app.close()
