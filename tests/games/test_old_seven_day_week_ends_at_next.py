"""A week of a weekly table saved before the six-day limit, seven days long, ran a day into the next
week's, both open at once: a member could sit at both and the club listed the table twice (review
145's left-out; the weeks made after it are six days). As the next week's seats open, the earlier week
of the series still running past that moment now ends then, as an endless week does."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from club.models import AuditLog
from games.models import Deal, TableSession
from games.services import tables_tick

from .conftest import play_deal_as_people, sit_all

pytestmark = pytest.mark.django_db

T0 = timezone.now().replace(microsecond=0) + timedelta(days=1)
NEXT_OPENS = T0 + timedelta(days=7) - timedelta(minutes=15)


def test_a_seven_day_week_ends_when_the_next_week_opens(make_table, players):
    first = make_table(starts_at=T0, ends_at=T0 + timedelta(days=6), repeat_weekly=True, min_players=4)
    TableSession.objects.filter(pk=first.pk).update(ends_at=T0 + timedelta(days=7))  # as saved back then
    tables_tick(T0 - timedelta(minutes=15))
    sit_all(first, players, buy_in=200)
    tables_tick(T0)
    following = TableSession.objects.get(series=first, starts_at=T0 + timedelta(days=7))
    for deal in Deal.objects.filter(session=first, finished_at__isnull=True):
        play_deal_as_people(deal, players)

    tables_tick(NEXT_OPENS)
    following.refresh_from_db()
    first.refresh_from_db()
    assert following.status == TableSession.Status.OPEN
    assert first.ends_at == NEXT_OPENS, "the old week still ran into the next one"
    assert AuditLog.objects.filter(action="table.ended_by_next_week", data__table=first.pk).count() == 1
    for deal in Deal.objects.filter(session=first, finished_at__isnull=True):
        play_deal_as_people(deal, players)
    tables_tick(NEXT_OPENS + timedelta(seconds=1))
    first.refresh_from_db()
    assert first.status == TableSession.Status.FINISHED


def test_a_week_that_ends_before_the_next_opens_keeps_its_end(make_table, players):
    first = make_table(starts_at=T0, ends_at=T0 + timedelta(hours=3), repeat_weekly=True, min_players=4)
    tables_tick(T0 - timedelta(minutes=15))
    tables_tick(T0)
    tables_tick(NEXT_OPENS)
    first.refresh_from_db()
    assert first.ends_at == T0 + timedelta(hours=3)
    assert not AuditLog.objects.filter(action="table.ended_by_next_week").exists()
