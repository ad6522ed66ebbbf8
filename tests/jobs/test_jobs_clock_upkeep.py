"""Two slow leaks of the in-process clock's jobs (stop 37's left-outs): while the jobs could not be
looked at (a tasks module that does not import, a database that is down) the failure was logged whole
every second for as long as it lasted; and one ``NightlyRun`` row a job a night was kept for ever."""

from __future__ import annotations

import logging
from datetime import timedelta

import pytest
from celery.schedules import crontab
from django.utils import timezone

from club.celery import app
from games import jobs_clock, stats, tasks  # noqa: F401  (tasks: the jobs registered)
from games.models import NightlyRun

RECOUNT = {"task": "games.stats_recompute", "schedule": crontab(hour=3, minute=37)}


@pytest.mark.django_db
def test_a_lasting_failure_to_look_at_the_jobs_is_logged_once_then_a_line_a_minute(
    settings, monkeypatch, caplog
) -> None:
    settings.TABLE_CLOCK = "ticker"
    monkeypatch.setattr(jobs_clock, "_checked", [0.0, 0.0])
    monkeypatch.setattr(jobs_clock, "_failing", [0.0])
    monkeypatch.setattr(jobs_clock, "_last_run", {})

    def broken() -> None:
        raise ImportError("no module named games.tasks_typo")

    monkeypatch.setattr(app.loader, "import_default_modules", broken)
    caplog.set_level(logging.INFO, logger="games.jobs")
    for _ in range(5):
        assert jobs_clock.jobs_tick(force=True) == 0
    records = [r for r in caplog.records if r.name == "games.jobs"]
    assert len(records) == 1, [r.getMessage() for r in records]
    assert records[0].exc_info is not None, "the first failure is logged with its traceback"

    # A minute on, one short line says it still fails.
    jobs_clock._failing[0] -= jobs_clock.FAILURE_LOG_EVERY
    jobs_clock.jobs_tick(force=True)
    jobs_clock.jobs_tick(force=True)
    records = [r for r in caplog.records if r.name == "games.jobs"]
    assert len(records) == 2 and "still" in records[1].getMessage() and not records[1].exc_info

    # Mended: the jobs are looked at again, and it is said once.
    monkeypatch.setattr(app.loader, "import_default_modules", lambda: None)
    settings.CELERY_BEAT_SCHEDULE = {}
    jobs_clock.jobs_tick(force=True)
    jobs_clock.jobs_tick(force=True)
    records = [r for r in caplog.records if r.name == "games.jobs"]
    assert [r.getMessage() for r in records[2:]] == ["the periodic jobs are looked at again"]
    assert jobs_clock._failing[0] == 0.0


@pytest.mark.django_db(transaction=True)
def test_a_nightly_run_drops_the_runs_of_its_job_older_than_two_months(monkeypatch) -> None:
    monkeypatch.setattr(stats, "stats_recompute", lambda **kwargs: {})
    night = (timezone.now() - timedelta(hours=1)).replace(microsecond=0)
    old = NightlyRun.objects.create(name="stats-recompute-nightly", due_at=night - timedelta(days=61))
    kept = NightlyRun.objects.create(name="stats-recompute-nightly", due_at=night - timedelta(days=59))
    other = NightlyRun.objects.create(name="ledger-reconcile-nightly", due_at=night - timedelta(days=90))
    jobs_clock._jobs_run(app, [("stats-recompute-nightly", RECOUNT, night)])
    names = set(NightlyRun.objects.values_list("pk", flat=True))
    assert old.pk not in names, "a run of the same job two months old is dropped"
    assert {kept.pk, other.pk} <= names, "newer runs, and other jobs' runs, are kept"
    assert NightlyRun.objects.get(name="stats-recompute-nightly", due_at=night).finished_at is not None
