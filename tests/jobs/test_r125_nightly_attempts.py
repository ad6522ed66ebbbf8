"""Review 125: a nightly job that kills its process (out of memory) was run again by every other
server process in turn: each waited on the job's lock, found the run unfinished and ran it, and died
of it too, so one bad night took every process of the site down. A process that finds the night's
run unfinished after as many attempts as a process start may make leaves it to the next night too."""

from __future__ import annotations

from datetime import timedelta

import pytest
from celery.schedules import crontab
from django.utils import timezone

from club.celery import app
from games import jobs_clock, stats, tasks  # noqa: F401  (tasks: the jobs registered)
from games.models import NightlyRun

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

RECOUNT = {"task": "games.stats_recompute", "schedule": crontab(hour=3, minute=37)}


def test_a_run_that_killed_its_process_twice_is_not_run_by_a_waiting_process(monkeypatch) -> None:
    ran = []
    monkeypatch.setattr(stats, "stats_recompute", lambda **kwargs: ran.append(kwargs) or {})
    night = (timezone.now() - timedelta(hours=1)).replace(microsecond=0)
    # Two processes took the night's run and died in it (attempts: 2, no end).
    NightlyRun.objects.create(name="stats-recompute-nightly", due_at=night, attempts=2)
    # A third process, which waited on the lock meanwhile, comes to it.
    jobs_clock._jobs_run(app, [("stats-recompute-nightly", RECOUNT, night)])
    assert ran == [], "a job that killed two processes was run by a third"
    run = NightlyRun.objects.get(name="stats-recompute-nightly", due_at=night)
    assert run.finished_at is None and run.attempts == 2


def test_a_run_killed_once_is_still_run_by_the_next_process(monkeypatch) -> None:
    ran = []
    monkeypatch.setattr(stats, "stats_recompute", lambda **kwargs: ran.append(kwargs) or {})
    night = (timezone.now() - timedelta(hours=1)).replace(microsecond=0)
    NightlyRun.objects.create(name="stats-recompute-nightly", due_at=night)
    jobs_clock._jobs_run(app, [("stats-recompute-nightly", RECOUNT, night)])
    assert len(ran) == 1
    run = NightlyRun.objects.get(name="stats-recompute-nightly", due_at=night)
    assert run.finished_at is not None and run.attempts == 2
