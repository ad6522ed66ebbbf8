"""A night's job that fell due while no server process ran (the site down over 03:37) was not run
until the next night: the counters waited a day more, the books went a night unchecked (review 143's
doubt). A process that starts runs it once, as that night's; a new site starts with its next night."""

from __future__ import annotations

from datetime import timedelta

import pytest
from celery.schedules import crontab
from django.utils import timezone

from club.celery import app
from games import jobs_clock, stats, tasks  # noqa: F401  (tasks: the jobs registered)
from games.models import NightlyRun

NAME = "stats-recompute-nightly"
RECOUNT = {"task": "games.stats_recompute", "schedule": crontab(hour=3, minute=37)}

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def runs(monkeypatch) -> list[int]:
    ran: list[int] = []
    monkeypatch.setattr(stats, "stats_recompute", lambda **kwargs: ran.append(1) or {})
    return ran


def _last_night():
    now = app.now()
    night = now.replace(hour=3, minute=37, second=0, microsecond=0)
    return night if night <= now else night - timedelta(days=1)


def test_a_night_missed_while_the_site_was_down_runs_when_a_process_starts(runs) -> None:
    night = _last_night()
    NightlyRun.objects.create(name=NAME, due_at=night - timedelta(days=1), finished_at=timezone.now())
    assert jobs_clock._nightly_run(app, NAME, RECOUNT, jobs_clock.UNFINISHED)
    assert runs == [1]
    run = NightlyRun.objects.get(name=NAME, due_at=night)
    assert run.finished_at is not None
    # A second process starting, or this one again: that night is done.
    assert not jobs_clock._nightly_run(app, NAME, RECOUNT, jobs_clock.UNFINISHED)
    assert runs == [1]


def test_a_night_run_as_usual_is_not_run_again(runs) -> None:
    NightlyRun.objects.create(name=NAME, due_at=_last_night(), finished_at=timezone.now())
    assert not jobs_clock._nightly_run(app, NAME, RECOUNT, jobs_clock.UNFINISHED)
    assert runs == []


def test_a_new_site_starts_with_its_next_night(runs) -> None:
    assert not jobs_clock._nightly_run(app, NAME, RECOUNT, jobs_clock.UNFINISHED)
    assert runs == [] and not NightlyRun.objects.exists()
