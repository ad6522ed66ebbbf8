"""A deal that ends while the nightly recount holds the stats (embedded default: counted in-process
on commit) is left to the sweep, as the Celery task retries it: no "failed background job" for the
club's managers, no audit row, no ERROR log, and the sweep counts it once afterwards."""

from __future__ import annotations

import threading

import pytest
from django.db import transaction

from club.models import AuditLog
from games.jobs import deal_finished_on_commit
from games.models import JobFailure, PlayerStats, StatsCounted
from games.stats import STATS_LOCK, deals_uncounted, stats_deal_count
from tests.games.conftest import IS_SQLITE, play_deal_as_people, sit_all, start_deal


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_deal_ending_during_the_recount_is_no_failed_job(make_table, players, settings) -> None:
    assert not IS_SQLITE
    table = make_table()
    sit_all(table, players[:2])
    deal = play_deal_as_people(start_deal(table), players[:2])
    StatsCounted.objects.filter(deal=deal).delete()
    PlayerStats.objects.all().delete()
    holding, release = threading.Event(), threading.Event()

    def recount() -> None:
        from django.db import connection as thread_connection

        with transaction.atomic():
            with thread_connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_xact_lock(%s)", [STATS_LOCK])
            holding.set()
            release.wait(10)
        thread_connection.close()

    failures, audits = JobFailure.objects.count(), AuditLog.objects.count()
    thread = threading.Thread(target=recount)
    thread.start()
    try:
        assert holding.wait(10)
        with transaction.atomic():
            deal_finished_on_commit(deal)  # the in-process count runs as this commits
    finally:
        release.set()
        thread.join()
    assert JobFailure.objects.count() == failures
    assert AuditLog.objects.count() == audits
    assert deals_uncounted(before=deal.finished_at.replace(year=9999)) == [deal.pk]
    assert stats_deal_count(deal_id=deal.pk) is True
    assert PlayerStats.objects.exists()
