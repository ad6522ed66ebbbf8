"""Review 70: seating opens 15 minutes before the start. A member who sat down then and closed the tab
to come back at the start was stood up by the inactivity sweep ten minutes later, before the table
had dealt or even started: his chips went home, and his reserved seat (used when he sat) was anyone's.
A table attends to nobody before its start: its ten minutes count from then."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.jobs_inactivity import tables_idle_due, tables_idle_sweep
from games.models import Reservation, Seat
from games.services import table_sit, tables_tick
from games.services.schedule import seat_reserve

pytestmark = pytest.mark.django_db


@pytest.fixture
def seated_early(make_table, players):
    now = timezone.now().replace(microsecond=0)
    starts = now + timedelta(minutes=14)
    table = make_table(starts_at=starts.replace(second=0), ends_at=starts + timedelta(hours=2))
    tables_tick(now)
    table.refresh_from_db()
    assert table.status == "open"
    seat_reserve(session_id=table.pk, user=players[0], position=2)
    table_sit(session_id=table.pk, user=players[0], position=2, buy_in=200)  # then closes the tab
    return table


def test_a_member_seated_early_keeps_his_seat_until_the_start(seated_early, players):
    before_start = seated_early.starts_at - timedelta(minutes=1)
    assert tables_idle_due(before_start) == []
    tables_idle_sweep(before_start)
    seat = Seat.objects.get(session=seated_early, member__user=players[0])
    assert seat.status != Seat.Status.LEFT
    assert Reservation.objects.get(session=seated_early).status == Reservation.Status.USED


def test_the_ten_minutes_count_from_the_start(seated_early, players):
    starts = seated_early.starts_at
    tables_tick(starts)
    assert tables_idle_due(starts + timedelta(minutes=9)) == []
    assert tables_idle_due(starts + timedelta(minutes=11)) == [seated_early.pk]
