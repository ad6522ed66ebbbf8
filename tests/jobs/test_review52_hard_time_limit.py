"""Review 52: a job killed at its hard time limit by a real worker (prefork, the production pool of
database connections) is one failed job: one record in the admin and one line in its club's log.
Celery sends ``task_failure`` twice for a hard time limit (when the limit strikes and again when the
pool reports the process's end), and each was recorded: the club's managers read every such failure
twice. The worker's new process still keeps the tables' time afterwards."""

from __future__ import annotations

import pytest
from django.utils import timezone

from club.celery import app
from club.models import AuditLog
from games.models import Deal, DealAction, JobFailure

from .celery_procs import needs_redis, wait_until
from .conftest import sit_all, start_deal

pytestmark = [*needs_redis, pytest.mark.django_db(transaction=True)]


def test_a_job_killed_at_its_hard_time_limit_is_one_failed_job(celery_run, make_table, players):
    table = make_table(turn_seconds=600)
    sit_all(table, players[:2])
    deal = start_deal(table)
    # The production shape: a pool of database connections in every process (the tests' default is
    # none), the ticker off in the worker (no follow-up tasks: one move to wait for).
    worker = celery_run.worker(include="tests.jobs.review52_tasks", DB_POOL_SIZE="8", TABLE_CLOCK="ticker")
    worker.wait_for(" ready.")
    app.send_task("tests.r52_overrun", kwargs={"session_id": table.pk}, queue=celery_run.queue)
    worker.wait_for("Hard time limit", timeout=30)
    # The next task runs after the worker has handled the killed one's end.
    Deal.objects.filter(pk=deal.pk).update(deadline=timezone.now())
    app.send_task("games.turn_expire", kwargs={"deal_id": deal.pk, "seq": 0}, queue=celery_run.queue)
    wait_until(lambda: DealAction.objects.filter(deal=deal).exists(), timeout=30, what="the turn's move")
    failures = list(JobFailure.objects.values_list("task", "club_id", "error"))
    assert failures == [("tests.r52_overrun", table.club_id, "TimeLimitExceeded: TimeLimitExceeded(2,)")]
    assert AuditLog.objects.filter(action="club.job_failed", club=table.club).count() == 1
    assert worker.text().count("failed for good") == 1
