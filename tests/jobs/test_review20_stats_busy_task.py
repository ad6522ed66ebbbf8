"""A deal that ends while the nightly recount holds the stats, counted by the Celery task: the task
retries while the recount runs, and when its retries are spent (about a minute; a recount may take
half an hour) it leaves the deal to the stats sweep, as the in-process count does. It failed for
good instead: a "failed background job" and an audit row for the club's managers for every deal that
ended during the recount, although nothing was lost (the sweep counted the deal afterwards)."""

from __future__ import annotations

import pytest

from club.models import AuditLog
from games import stats
from games.models import JobFailure, PlayerStats, StatsCounted
from games.tasks import stats_count_job, stats_sweep_job

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


def test_a_deal_counted_during_a_long_recount_is_left_to_the_sweep(make_table, players, monkeypatch):
    table = make_table()
    sit_all(table, players[:2])
    deal = play_deal_as_people(start_deal(table), players[:2])
    StatsCounted.objects.filter(deal=deal).delete()
    PlayerStats.objects.all().delete()
    tries: list[bool] = []

    def recount_running(*, exclusive: bool) -> None:
        tries.append(exclusive)
        raise stats.StatsBusy("the nightly recount is running")

    monkeypatch.setattr(stats, "_lock", recount_running)
    failures, audits = JobFailure.objects.count(), AuditLog.objects.count()
    result = stats_count_job.apply(kwargs={"deal_id": deal.pk}, throw=False)
    assert not result.failed() and result.get() is False
    assert len(tries) == stats_count_job.max_retries + 1  # retried all the same
    assert JobFailure.objects.count() == failures
    assert AuditLog.objects.count() == audits
    assert not StatsCounted.objects.filter(deal=deal).exists()

    monkeypatch.undo()  # the recount is over: the sweep counts the deal once
    from django.utils import timezone

    from games import tasks

    monkeypatch.setattr(tasks, "STATS_SWEEP_GRACE", timezone.timedelta(0))
    assert stats_sweep_job.apply().get() == 1
    assert StatsCounted.objects.filter(deal=deal).exists() and PlayerStats.objects.exists()
