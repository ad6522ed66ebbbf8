"""Review 120: ``tables_due`` (what the table clock owes now) returned the overdue turns and the tables
due to deal in whatever order the database gave them; with a backlog (after an outage, a sweep cut
short by its time limit) the oldest deadline could wait behind newer ones at tick after tick. The
longest overdue comes first now."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from games.models import Deal, TableSession
from games.services.acting import tables_due

from .conftest import sit_all, start_deal


def test_the_oldest_deadline_and_the_longest_due_table_come_first(make_table, players) -> None:
    first, second = make_table(seats=2), make_table(seats=2)
    sit_all(first, players[:2])
    sit_all(second, players[2:])
    early_deal, late_deal = start_deal(first), start_deal(second)
    idle_a, idle_b, idle_c = make_table(), make_table(), make_table()
    now = timezone.now()
    # Written in the order the database then reads them back in, the newest first.
    Deal.objects.filter(pk=early_deal.pk).update(deadline=now - timedelta(seconds=5))
    Deal.objects.filter(pk=late_deal.pk).update(deadline=now - timedelta(minutes=10))
    TableSession.objects.filter(pk=idle_a.pk).update(next_deal_at=now - timedelta(seconds=1))
    TableSession.objects.filter(pk=idle_b.pk).update(next_deal_at=now - timedelta(minutes=5))
    TableSession.objects.filter(pk=idle_c.pk).update(next_deal_at=now - timedelta(minutes=1))
    expired, to_deal = tables_due(now)
    assert [pk for pk, _seq in expired] == [late_deal.pk, early_deal.pk], "the oldest deadline first"
    assert list(to_deal) == [idle_b.pk, idle_c.pk, idle_a.pk], "the longest due table first"
