"""Review 120: under the embedded default every server process (``make serve`` starts one per core)
runs a ticker, and each ran the nightly jobs: the stats recount and the collusion scan ran once per
process each night (a half-hour pass over the deal log, and the same corrections reported again). A
nightly job now runs under a database lock and is written down as the night's run: a second process
skips the night already done, and runs it only if the first was killed half way."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import pytest
from celery.schedules import crontab
from django.db import connection
from django.utils import timezone

from club.celery import app
from games import jobs_clock, stats, tasks  # noqa: F401  (tasks: the jobs registered)
from games.models import NightlyRun
from games.services import collusion

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

RECOUNT = {"task": "games.stats_recompute", "schedule": crontab(hour=3, minute=37)}
SCAN = {"task": "games.collusion_scan", "schedule": crontab(hour=3, minute=47)}


@pytest.fixture
def runs(monkeypatch) -> dict[str, int]:
    """The real jobs, counted, each a little slow (the first is still running when the second comes)."""
    counted = {"recount": 0, "scan": 0}
    recompute, scan_all = stats.stats_recompute, collusion.collusion_scan_all

    def slow_recompute(**kwargs):
        counted["recount"] += 1
        time.sleep(0.5)
        return recompute(**kwargs)

    def slow_scan(**kwargs):
        counted["scan"] += 1
        time.sleep(0.5)
        return scan_all(**kwargs)

    monkeypatch.setattr(stats, "stats_recompute", slow_recompute)
    monkeypatch.setattr(collusion, "collusion_scan_all", slow_scan)
    return counted


def _night(hour: int, minute: int):
    now = timezone.now()
    night = now.replace(hour=hour, minute=minute, second=0, microsecond=0)
    return night if night <= now else night - timedelta(days=1)


def test_two_processes_at_the_same_night_run_each_job_once(runs) -> None:
    assert connection.vendor == "postgresql"
    due = [
        ("stats-recompute-nightly", RECOUNT, _night(3, 37)),
        ("collusion-scan-nightly", SCAN, _night(3, 47)),
    ]
    barrier = threading.Barrier(2, timeout=30)
    errors: list[BaseException] = []

    def process() -> None:  # one server process's nightly lane, on its own connection
        try:
            barrier.wait()
            jobs_clock._jobs_run(app, list(due))
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=process, daemon=True) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors, errors
    assert runs == {"recount": 1, "scan": 1}, "a nightly job ran in each process"
    assert NightlyRun.objects.filter(finished_at__isnull=False).count() == 2


def test_a_process_that_looks_after_the_night_was_run_skips_it(settings, runs, monkeypatch) -> None:
    """The usual case: the processes' tickers look at their own moments, the first run already over."""
    settings.TABLE_CLOCK = "ticker"
    settings.CELERY_BEAT_SCHEDULE = {"stats-recompute-nightly": RECOUNT}
    yesterday = timezone.now() - timedelta(days=1, minutes=1)
    for _process in range(2):
        monkeypatch.setattr(jobs_clock, "_last_run", {"stats-recompute-nightly": yesterday})
        assert jobs_clock.jobs_tick(force=True) == 1, "the night's recount is due in each process"
        assert jobs_clock.jobs_wait(30)
    assert runs["recount"] == 1, "the second process recounted the stats again"
    # The next night is a run of its own.
    tomorrow = _night(3, 37) + timedelta(days=1)
    jobs_clock._jobs_run(app, [("stats-recompute-nightly", RECOUNT, tomorrow)])
    assert runs["recount"] == 2


def test_a_run_killed_half_way_is_run_by_the_next_process(runs) -> None:
    night = _night(3, 37)
    # The first process died in the middle of it: its row has no end, and its lock went with it.
    NightlyRun.objects.create(name="stats-recompute-nightly", due_at=night)
    jobs_clock._jobs_run(app, [("stats-recompute-nightly", RECOUNT, night)])
    assert runs["recount"] == 1
    assert NightlyRun.objects.get(name="stats-recompute-nightly", due_at=night).finished_at is not None


def test_a_process_that_starts_runs_the_night_left_unfinished_once(settings, runs, monkeypatch) -> None:
    """The only process was killed in the middle of the night's recount (a deploy, out of memory): it
    was left undone until the next night, as a process's first look starts each period at its start.
    A process that starts runs it, once: a job that kills its process every time is not made again
    at every restart."""
    settings.TABLE_CLOCK = "ticker"
    settings.CELERY_BEAT_SCHEDULE = {"stats-recompute-nightly": RECOUNT, "collusion-scan-nightly": SCAN}
    night = _night(3, 37)
    NightlyRun.objects.create(name="stats-recompute-nightly", due_at=night)
    NightlyRun.objects.create(name="collusion-scan-nightly", due_at=_night(3, 47) - timedelta(days=2))
    monkeypatch.setattr(jobs_clock, "_last_run", {})  # the process starts
    jobs_clock.jobs_tick(force=True)
    assert jobs_clock.jobs_wait(30)
    assert runs["recount"] == 1, "the night's recount left unfinished is left undone"
    # A night two days old is not run again; the last night, which no process ran, runs as its own
    # (a missed night, review 143's doubt).
    old_scan = NightlyRun.objects.get(name="collusion-scan-nightly", due_at=_night(3, 47) - timedelta(days=2))
    assert old_scan.finished_at is None and old_scan.attempts == 1
    assert runs["scan"] == 1
    assert NightlyRun.objects.get(name="collusion-scan-nightly", due_at=_night(3, 47)).finished_at is not None
    run = NightlyRun.objects.get(name="stats-recompute-nightly", due_at=night)
    assert run.finished_at is not None and run.attempts == 2
    # Killed again in the middle of that second run: the next start leaves it.
    NightlyRun.objects.filter(pk=run.pk).update(finished_at=None)
    monkeypatch.setattr(jobs_clock, "_last_run", {})
    jobs_clock.jobs_tick(force=True)
    assert jobs_clock.jobs_wait(30)
    assert runs["recount"] == 1 and runs["scan"] == 1
    # Nor is a night that was finished run again at a start.
    monkeypatch.setattr(jobs_clock, "_last_run", {})
    NightlyRun.objects.filter(pk=run.pk).update(finished_at=timezone.now(), attempts=1)
    jobs_clock.jobs_tick(force=True)
    assert jobs_clock.jobs_wait(30)
    assert runs["recount"] == 1
