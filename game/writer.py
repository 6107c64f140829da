"""The background writer: the disk's work done off the frame, and never far behind it (SPEC UI-11).

Saves, settings and records are handed over as jobs, each under a key: a newer job for a key
replaces the one still waiting (a game saved after every move writes only its latest state), and
keeps the time the first of them was queued, so the deadline is the oldest change not yet on disk.
One thread does the jobs, oldest first. Two things bound how far it can fall behind:

- the thread starts a job as soon as it is queued, and a job only writes bytes made before it
  was queued (the caller encodes; the writer writes, syncs and renames, all of which release the
  GIL), so the frame's own work cannot starve it;
- :meth:`Writer.keep_up`, called every frame, does the waiting jobs itself when the oldest has
  waited :data:`LATE` seconds and no job is under way — a safety net, counted in ``late``, that
  the measurements never saw used (``tools/bench_save_lag.py``).

:meth:`Writer.flush` does everything waiting at once, in the caller's thread (on quit, on focus
loss, before a screen reads what was written).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable

Job = Callable[[], None]
LATE = 0.25  # seconds: the frame takes over a job that waited this long (UI-11 allows 0.5 s)
IDLE_EXIT = 5.0  # seconds without work before the thread ends (the next job starts another)


class Writer:
    def __init__(self, report: Callable[[BaseException], None], clock: Callable[[], float] = time.monotonic) -> None:
        """``report`` hears of a job that raised (the job itself should report what it can)."""
        self._report, self._clock = report, clock
        self._jobs: dict[Hashable, tuple[Job, float]] = {}  # key -> the latest job, when the first was queued
        self._lock = threading.Lock()  # guards _jobs and _thread
        self._wake = threading.Condition(self._lock)
        self._io = threading.Lock()  # one job at a time, by the thread, a flush or keep_up
        self._thread: threading.Thread | None = None
        self.late = 0  # jobs the frame did because the thread had fallen LATE behind

    def later(self, key: Hashable, job: Job) -> None:
        """Do ``job`` soon, off the caller's thread; it replaces a job of ``key`` still waiting."""
        with self._lock:
            _, queued = self._jobs.pop(key, (job, self._clock()))
            self._jobs[key] = (job, queued)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._loop, name="writer", daemon=True)
                self._thread.start()
            self._wake.notify()

    def pending(self) -> int:
        with self._lock:
            return len(self._jobs)

    def flush(self) -> None:
        """Do every waiting job now, in this thread, after the one under way (if any)."""
        with self._io:
            self._run_waiting()

    def keep_up(self) -> None:
        """The frame's safety net: when the oldest waiting job has waited :data:`LATE` seconds and
        no job is under way, do the waiting jobs here. A job under way is never waited for."""
        with self._lock:
            if not self._jobs or self._clock() - min(t for _, t in self._jobs.values()) < LATE:
                return
        if not self._io.acquire(blocking=False):
            return
        try:
            self.late += self._run_waiting()
        finally:
            self._io.release()

    def _take(self) -> Job | None:
        with self._lock:
            if not self._jobs:
                return None
            key = next(iter(self._jobs))
            return self._jobs.pop(key)[0]

    def _run_waiting(self) -> int:
        done = 0
        while (job := self._take()) is not None:
            self._do(job)
            done += 1
        return done

    def _do(self, job: Job) -> None:
        try:
            job()
        except Exception as e:  # a job's failure is reported, and the writer goes on
            self._report(e)

    def _loop(self) -> None:
        while True:
            with self._lock:
                while not self._jobs:
                    if not self._wake.wait(timeout=IDLE_EXIT) and not self._jobs:
                        self._thread = None
                        return
            with self._io:  # taken under the write lock: a flush never races an older job
                job = self._take()
                if job is not None:
                    self._do(job)
