"""A weekly table keeps its time of day on the clock of the manager who set it, across the
daylight-saving changes of his time zone (review 9)."""

from __future__ import annotations

import zoneinfo
from datetime import datetime, time, timedelta

from django.utils import timezone

from games.models import TableSession
from games.services import tables_tick

BERLIN = zoneinfo.ZoneInfo("Europe/Berlin")


def _sunday_before_a_change() -> datetime:
    """A Sunday 19:00 in Berlin, a few days ahead, whose next Sunday has another UTC offset."""
    day = (timezone.now() + timedelta(days=2)).astimezone(BERLIN).date()
    for _ in range(400):
        here = datetime.combine(day, time(19, 0), tzinfo=BERLIN)
        there = datetime.combine(day + timedelta(days=7), time(19, 0), tzinfo=BERLIN)
        if here.utcoffset() != there.utcoffset():
            return here
        day += timedelta(days=1)
    raise AssertionError("no daylight-saving change in Berlin within a year")


def test_the_next_week_of_a_weekly_table_starts_at_the_same_local_time_after_a_dst_change(
    make_table, owner
):
    owner.time_zone = "Europe/Berlin"
    owner.save(update_fields=["time_zone"])
    starts = _sunday_before_a_change()
    table = make_table(starts_at=starts, ends_at=starts + timedelta(hours=3), repeat_weekly=True)
    tables_tick(starts - timedelta(minutes=15))
    tables_tick(starts)
    following = TableSession.objects.exclude(pk=table.pk).get(series=table)
    local_start = following.starts_at.astimezone(BERLIN)
    local_end = following.ends_at.astimezone(BERLIN)
    assert local_start.date() == starts.date() + timedelta(days=7)
    assert (local_start.hour, local_start.minute) == (19, 0)
    assert (local_end.hour, local_end.minute) == (22, 0)


def test_a_weekly_table_of_a_manager_in_utc_moves_by_seven_days(make_table):
    starts = (timezone.now() + timedelta(days=2)).replace(microsecond=0)
    table = make_table(starts_at=starts, repeat_weekly=True)
    tables_tick(starts - timedelta(minutes=15))
    tables_tick(starts)
    following = TableSession.objects.exclude(pk=table.pk).get(series=table)
    assert following.starts_at == starts + timedelta(days=7)
