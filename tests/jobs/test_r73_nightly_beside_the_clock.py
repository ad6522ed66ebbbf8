"""Review 73: under the embedded default (no Redis, ``TABLE_CLOCK=ticker``) the nightly jobs ran in the
table clock's own thread: while the reconciliation, the stats recount or the collusion scan ran (a
whole pass over the books and the deal log), no turn expired, no bot moved and no table opened, at
every table of the site. The fault the nightly queue mended for Celery (README, "Background jobs").
They now run in a thread of their own, one job at a time, and the clock goes on ticking beside them.
"""

from __future__ import annotations

import threading

import pytest

from games import jobs_clock, tasks, ticker

pytestmark = pytest.mark.django_db


def test_a_long_nightly_job_does_not_stop_the_tables_clock(settings, monkeypatch) -> None:
    settings.TABLE_CLOCK = "ticker"
    settings.CELERY_BEAT_SCHEDULE = {"recount": {"task": "games.stats_recompute", "schedule": 0.05}}

    release, started = threading.Event(), threading.Event()
    runs: list[int] = []

    def long_job(*args, **kwargs) -> None:
        runs.append(1)
        started.set()
        release.wait(10)

    monkeypatch.setattr(tasks.stats_recompute_job, "apply", long_job)
    ticks = threading.Semaphore(0)
    monkeypatch.setattr("games.services.tables_tick", lambda *a, **kw: ticks.release())
    monkeypatch.setattr(jobs_clock, "_last_run", {})
    monkeypatch.setattr(jobs_clock, "CHECK_EVERY", 0.0)
    stop = threading.Event()
    clock = threading.Thread(target=ticker._run, args=(0.01, stop))
    clock.start()
    try:
        assert started.wait(5), "the job ran"
        while ticks.acquire(blocking=False):
            pass
        # The job is still running: the tables' clock ticks on beside it, and the job is not started
        # a second time while it runs, however often the clock looks.
        assert ticks.acquire(timeout=2), "the tables' clock stood still while a nightly job ran"
        for _ in range(5):
            assert ticks.acquire(timeout=2)
        assert runs == [1]
    finally:
        release.set()
        stop.set()
        clock.join(5)
        jobs_clock.jobs_wait(5)
    assert not clock.is_alive()


def test_the_minute_sweeps_go_on_while_a_nightly_job_runs(settings, monkeypatch) -> None:
    """As on Celery, where the nightly jobs have a queue of their own: the idle tables' and the lost
    stats' sweeps waited behind a half-hour recount."""
    settings.TABLE_CLOCK = "ticker"
    settings.CELERY_BEAT_SCHEDULE = {
        "recount": {"task": "games.stats_recompute", "schedule": 0.05},
        "idle": {"task": "games.tables_idle_sweep", "schedule": 0.05},
    }
    release, started = threading.Event(), threading.Event()
    swept = threading.Semaphore(0)

    def long_job(*args, **kwargs) -> None:
        started.set()
        release.wait(10)

    monkeypatch.setattr(tasks.stats_recompute_job, "apply", long_job)
    monkeypatch.setattr(tasks.tables_idle_sweep_job, "apply", lambda *a, **kw: swept.release())
    monkeypatch.setattr("games.services.tables_tick", lambda *a, **kw: None)
    monkeypatch.setattr(jobs_clock, "_last_run", {})
    monkeypatch.setattr(jobs_clock, "CHECK_EVERY", 0.0)
    stop = threading.Event()
    clock = threading.Thread(target=ticker._run, args=(0.01, stop))
    clock.start()
    try:
        assert started.wait(5)
        while swept.acquire(blocking=False):
            pass
        assert swept.acquire(timeout=2), "the idle sweep waited for the nightly recount"
        assert swept.acquire(timeout=2)
    finally:
        release.set()
        stop.set()
        clock.join(5)
        jobs_clock.jobs_wait(5)
