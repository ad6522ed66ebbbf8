"""Review 83: a weekly table that runs through the night the clocks change ends at the hour written
on it, on the scheduler's wall clock. "Saturday 22:00 to 04:00" in Sofia ended at 05:00 the night
summer time began (and at 03:00 the night it ended), the end being the start plus the first week's
length in real hours, and every week after kept the wrong length: 22:00 to 03:00 for good."""

from __future__ import annotations

from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from games.models import TableSession
from games.services import tables_tick

SOFIA = ZoneInfo("Europe/Sofia")

pytestmark = pytest.mark.django_db


def _saturday_before(change_utc_offset_grows: bool) -> datetime:
    """22:00 Sofia time on a Saturday ahead whose next Saturday night the clocks change (forward if
    ``change_utc_offset_grows``, back otherwise)."""
    day = (timezone.now() + timedelta(days=2)).astimezone(SOFIA).date()
    for _ in range(400):
        if day.weekday() == 5:
            before = datetime.combine(day + timedelta(days=7), time(22, 0), tzinfo=SOFIA)
            after = datetime.combine(day + timedelta(days=8), time(12, 0), tzinfo=SOFIA)
            if (after.utcoffset() > before.utcoffset()) == change_utc_offset_grows and (
                after.utcoffset() != before.utcoffset()
            ):
                return datetime.combine(day, time(22, 0), tzinfo=SOFIA)
        day += timedelta(days=1)
    raise AssertionError("no change of summer time in Sofia within a year")


def _next(table: TableSession) -> TableSession:
    starts = table.starts_at
    tables_tick(starts - timedelta(minutes=15))
    tables_tick(starts)
    tables_tick(starts + timedelta(minutes=15))  # nobody came: called off, the next week stands
    return TableSession.objects.filter(series=table.series or table, starts_at__gt=starts).get()


@pytest.mark.parametrize("forward", [True, False], ids=["summer-time-begins", "summer-time-ends"])
def test_a_weekly_night_table_ends_at_its_hour_the_night_the_clocks_change(make_table, owner, forward):
    owner.time_zone = "Europe/Sofia"
    owner.save(update_fields=["time_zone"])
    first = _saturday_before(forward)
    ends = datetime.combine(first.date() + timedelta(days=1), time(4, 0), tzinfo=SOFIA)
    table = make_table(starts_at=first, ends_at=ends, repeat_weekly=True)

    week = table
    for n in (1, 2, 3):
        week = _next(week)
        start = week.starts_at.astimezone(SOFIA)
        end = week.ends_at.astimezone(SOFIA)
        assert (start.date(), start.time()) == (first.date() + timedelta(days=7 * n), time(22, 0))
        assert (end.date(), end.time()) == (first.date() + timedelta(days=7 * n + 1), time(4, 0)), n
    # The night itself is an hour shorter, or longer, in real time; the others six hours as set.
    assert week.ends_at - week.starts_at == timedelta(hours=6)


def test_a_weekly_table_at_half_past_two_keeps_its_hours_on_the_nights_of_the_change(make_table, owner):
    """02:30 to 05:30 Sofia on a Sunday: the night summer time begins, 03:00 to 04:00 is not on
    the clock, and the table still starts at 02:30 and ends at 05:30 on the wall (two real hours)."""
    owner.time_zone = "Europe/Sofia"
    owner.save(update_fields=["time_zone"])
    saturday = _saturday_before(True)
    first = datetime.combine(saturday.date() + timedelta(days=1), time(2, 30), tzinfo=SOFIA)
    table = make_table(starts_at=first, ends_at=first + timedelta(hours=3), repeat_weekly=True)
    week = _next(table)
    start, end = week.starts_at.astimezone(SOFIA), week.ends_at.astimezone(SOFIA)
    assert (start.date(), start.time()) == (first.date() + timedelta(days=7), time(2, 30))
    assert (end.date(), end.time()) == (first.date() + timedelta(days=7), time(5, 30))
    assert week.ends_at - week.starts_at == timedelta(hours=2)
    after = _next(week)
    assert after.ends_at - after.starts_at == timedelta(hours=3)
    assert after.ends_at.astimezone(SOFIA).time() == time(5, 30)
