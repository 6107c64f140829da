"""The writer's queue, whatever does the work (SPEC UI-11).

Saves, settings and records are handed over as jobs, each under a key: a newer job for a key
replaces the one still waiting (a game saved after every move writes only its latest state), and
keeps the time the first of them was queued, so the deadline is the oldest change not yet on disk.
Jobs are done oldest first, one at a time. :meth:`JobQueue.flush` does everything waiting at once,
in the caller's thread (on quit, on focus loss, before a screen reads what was written);
:meth:`JobQueue.keep_up`, called every frame, does the waiting jobs once the oldest has waited
``late`` seconds and no job is under way. On the desktop a thread does the jobs as they come and
``keep_up`` is only a safety net (``desktop.Writer``); in a browser, with no threads, ``keep_up``
is where they are done, after each frame is drawn (``browser.Writer``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from typing import Any, Protocol

Job = Callable[[], None]


class Lock(Protocol):
    """What the queue needs of a lock (``threading.Lock`` on the desktop; a stand-in without threads)."""

    def acquire(self, blocking: bool = True, timeout: float = -1) -> bool: ...

    def release(self) -> None: ...

    def __enter__(self) -> bool: ...

    def __exit__(self, kind: Any, value: Any, trace: Any, /) -> None: ...


class JobQueue:
    late = 0.25  # seconds the oldest job may wait before keep_up does it (UI-11 allows 0.5 s)

    def __init__(
        self,
        report: Callable[[BaseException], None],
        lock: Callable[[], Lock],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """``report`` hears of a job that raised (the job itself should report what it can)."""
        self._report, self._clock = report, clock
        self._jobs: dict[Hashable, tuple[Job, float]] = {}  # key -> the latest job, when the first was queued
        self._lock = lock()  # guards _jobs
        self._io = lock()  # one job at a time
        self.late_jobs = 0  # jobs keep_up did because they had waited ``late`` seconds

    def later(self, key: Hashable, job: Job) -> None:
        """Do ``job`` soon; it replaces a job of ``key`` still waiting."""
        with self._lock:
            _, queued = self._jobs.pop(key, (job, self._clock()))
            self._jobs[key] = (job, queued)
            self._queued()

    def _queued(self) -> None:
        """A job was queued (the lock held): a worker may be woken here."""

    def pending(self) -> int:
        with self._lock:
            return len(self._jobs)

    def flush(self) -> None:
        """Do every waiting job now, in this thread, after the one under way (if any)."""
        with self._io:
            self._run_waiting()

    def keep_up(self) -> None:
        """Do the waiting jobs here once the oldest has waited ``late`` seconds and no job is
        under way (a job under way is never waited for)."""
        with self._lock:
            if not self._jobs or self._clock() - min(t for _, t in self._jobs.values()) < self.late:
                return
        if not self._io.acquire(blocking=False):
            return
        try:
            self.late_jobs += self._run_waiting()
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
        except Exception as e:  # a job's failure is reported, and the queue goes on
            self._report(e)
