"""A weekly table keeps its hour on the clock of the manager who scheduled it: across a change of
summer time, "Friday 20:00" in Sofia stays 20:00 there (it used to move to 21:00 or 19:00, the start
being the same UTC instant plus seven days)."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from games.models import TableSession
from games.services import tables_tick

SOFIA = ZoneInfo("Europe/Sofia")

pytestmark = pytest.mark.django_db


def _evening_before_a_clock_change() -> datetime:
    """20:00 Sofia time on the last week before summer time starts or ends (within half a year)."""
    day = timezone.now().astimezone(SOFIA).date() + timedelta(days=2)
    start = datetime(day.year, day.month, day.day, 20, 0, tzinfo=SOFIA)
    for _ in range(30):
        following = (start.replace(tzinfo=None) + timedelta(days=7)).replace(tzinfo=SOFIA)
        if following.utcoffset() != start.utcoffset():
            return start
        start = following
    raise AssertionError("no change of summer time in Sofia within 30 weeks")


def _week_after(table: TableSession, now: datetime) -> TableSession:
    tables_tick(now - timedelta(minutes=15))
    tables_tick(now)
    tables_tick(now + timedelta(minutes=15))  # nobody came: cancelled, next week scheduled
    table.refresh_from_db()
    assert table.status == TableSession.Status.CANCELLED
    return (
        TableSession.objects.filter(series=table.series or table)
        .exclude(pk=table.pk)
        .get(starts_at__gt=table.starts_at, status=TableSession.Status.SCHEDULED)
    )


def test_a_weekly_table_keeps_its_local_hour_across_a_change_of_summer_time(make_table, owner):
    owner.time_zone = "Europe/Sofia"
    owner.save(update_fields=["time_zone"])
    starts = _evening_before_a_clock_change()
    table = make_table(starts_at=starts, ends_at=starts + timedelta(hours=2), repeat_weekly=True)

    following = _week_after(table, starts)
    local = following.starts_at.astimezone(SOFIA)
    assert (local.weekday(), local.hour, local.minute) == (starts.weekday(), 20, 0)
    assert local.date() == starts.date() + timedelta(days=7)
    assert following.ends_at - following.starts_at == timedelta(hours=2)

    # And the week after that, from the new offset, stays on 20:00 too.
    third = _week_after(following, following.starts_at)
    local = third.starts_at.astimezone(SOFIA)
    assert (local.hour, local.minute) == (20, 0)
    assert local.date() == starts.date() + timedelta(days=14)


def test_a_weekly_table_of_a_manager_in_utc_moves_by_exactly_a_week(make_table, owner):
    starts = timezone.now().replace(microsecond=0) + timedelta(days=1)
    table = make_table(starts_at=starts, ends_at=starts + timedelta(hours=2), repeat_weekly=True)
    following = _week_after(table, starts)
    assert following.starts_at == starts + timedelta(days=7)
    assert following.ends_at == starts + timedelta(days=7, hours=2)


def test_the_series_keeps_the_zone_it_was_set_in_when_the_manager_moves(make_table, owner):
    """Review 8 left out: a manager who later set another time zone in his profile moved every
    following week of his series with it (Sofia's 20:00 became Tokyo's)."""
    owner.time_zone = "Europe/Sofia"
    owner.save(update_fields=["time_zone"])
    starts = _evening_before_a_clock_change()  # Tokyo keeps no summer time: its week would move
    table = make_table(starts_at=starts, ends_at=starts + timedelta(hours=2), repeat_weekly=True)
    assert table.time_zone == "Europe/Sofia"
    owner.time_zone = "Asia/Tokyo"
    owner.save(update_fields=["time_zone"])
    following = _week_after(table, starts)
    local = following.starts_at.astimezone(SOFIA)
    assert (local.hour, local.minute) == (20, 0) and following.time_zone == "Europe/Sofia"
