"""A deal that ends while the nightly dormant mark runs, after the mark has read who played: the
deal's stats count wakes its players up, but it read them as not dormant yet (the mark had not
committed) and did nothing, and they stayed marked dormant (and logged as such) for having played,
until the next night. While a mark runs the count is tried again later, as during the stats recount
(PostgreSQL, real connections)."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from club.models import AuditLog, Membership
from games import jobs_inactivity
from games.jobs_inactivity import members_mark_dormant
from games.models import Deal, DealPlayer, StatsCounted
from games.stats import StatsBusy, stats_deal_count
from tests.apart import run_apart

from .conftest import play_deal_as_people, sit_all, start_deal


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_deal_ending_during_the_dormant_mark_wakes_its_players(make_table, players, monkeypatch):
    assert connection.vendor == "postgresql"
    table = make_table()
    sit_all(table, players[:2])
    deal = play_deal_as_people(start_deal(table), players[:2])
    finished_at = Deal.objects.get(pk=deal.pk).finished_at
    # As the mark read it: the deal still running, and everyone a member for 200 days.
    Deal.objects.filter(pk=deal.pk).update(finished_at=None)
    StatsCounted.objects.filter(deal=deal).delete()
    long_ago = timezone.now() - timedelta(days=200)
    Membership.objects.filter(club=table.club).update(created_at=long_ago, dormant_since=None)
    AuditLog.objects.filter(club=table.club).update(created_at=long_ago)
    played = set(DealPlayer.objects.filter(deal=deal).values_list("member_id", flat=True))

    marked, woke = threading.Event(), threading.Event()
    write = jobs_inactivity.audit_log_write

    def slow_write(**kwargs):  # the mark has written the marks and has not committed yet
        marked.set()
        woke.wait(10)
        time.sleep(0.3)
        return write(**kwargs)

    monkeypatch.setattr(jobs_inactivity, "audit_log_write", slow_write)

    def deal_ends() -> bool:
        assert marked.wait(30)
        Deal.objects.filter(pk=deal.pk).update(finished_at=finished_at)
        try:
            return stats_deal_count(deal_id=deal.pk)
        finally:
            woke.set()

    results = run_apart(mark=members_mark_dormant, deal=deal_ends)
    assert results["mark"]["marked"] >= len(played), results
    if isinstance(results["deal"], StatsBusy):  # tried again once the mark is over (task or sweep)
        assert stats_deal_count(deal_id=deal.pk) is True
    else:
        assert results["deal"] is True, results
        assert stats_deal_count(deal_id=deal.pk) is False  # counted once
    still = Membership.objects.filter(pk__in=played, dormant_since__isnull=False)
    assert not still.exists(), "marked dormant for having played"
