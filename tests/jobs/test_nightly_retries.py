"""README: a task's database errors are retried "six times, three for the nightly jobs". Two of the
four nightly jobs (dormant members, the collusion scan) kept Celery's default of six."""

from __future__ import annotations

from celery import current_app
from django.conf import settings

import games.tasks  # noqa: F401  (registers the tasks)


def test_every_nightly_job_retries_three_times_and_the_others_six() -> None:
    nightly = {
        entry["task"] for name, entry in settings.CELERY_BEAT_SCHEDULE.items() if name.endswith("-nightly")
    }
    assert len(nightly) == 4, nightly
    for name in sorted(nightly):
        assert current_app.tasks[name].max_retries == 3, name
    for name in ("games.turn_expire", "games.deal_if_due", "games.stats_count"):
        assert current_app.tasks[name].max_retries == 6, name


def test_a_worker_waits_out_a_long_redis_outage() -> None:
    """Celery's default of 100 reconnects (about 45 minutes) ended the worker, and with it the
    tables' clock under `make serve` (review 52's note): it tries for as long as Redis is away."""
    assert current_app.conf.broker_connection_max_retries is None
    assert current_app.conf.broker_connection_retry_on_startup is True
