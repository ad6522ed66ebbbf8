"""The nightly jobs' lock is held on a connection of its own.

It was taken on Django's connection, the one the job itself runs on. A job that fails closes that
connection (``job_failure_record``), and a closed connection lets its session lock go while the job
still runs, so a second process took the lock and ran the night's job as well; with the connection
pool (``DB_POOL_SIZE``) the connection went back to the pool holding the lock instead, and every
process's nightly lane waited on it for the pooled connection's life. The lock now lives on a
connection the job never sees, closed when the run ends."""

from __future__ import annotations

from datetime import timedelta

import psycopg
import pytest
from django.db import connection
from django.utils import timezone

from games import jobs_clock

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

NAME = "stats-recompute-nightly"


def _free_elsewhere() -> bool:
    """Whether another process could take the job's lock now (it is given back at once if so)."""
    with psycopg.connect(**connection.get_connection_params(), autocommit=True) as other:
        key = [jobs_clock.NIGHTLY_LOCK, jobs_clock._lock_key(NAME)]
        taken = other.execute("SELECT pg_try_advisory_lock(%s, %s)", key).fetchone()[0]
        if taken:
            other.execute("SELECT pg_advisory_unlock(%s, %s)", key)
        return bool(taken)


def test_a_job_closing_its_connection_keeps_the_nights_lock(monkeypatch) -> None:
    assert connection.vendor == "postgresql"
    seen: dict[str, bool] = {}

    def job(app, entry) -> None:
        seen["before"] = _free_elsewhere()
        connection.close()  # as a failing job's record does
        seen["after"] = _free_elsewhere()

    monkeypatch.setattr(jobs_clock, "_job_apply", job)
    due_at = (timezone.now() - timedelta(hours=1)).replace(microsecond=0)
    assert jobs_clock._nightly_run(None, NAME, {"task": "games.stats_recompute"}, due_at)
    assert seen == {"before": False, "after": False}, "another process could run the night's job too"
    assert _free_elsewhere(), "the lock outlived the run"
