"""A scheduled table whose start fell in an outage of the clock (every server down, or the worker
and beat down while the pages ran): the first tick after it opened the table and called it off as a
no-show in the same tick, before anyone could sit. The fifteen minutes of grace count from when play
started (on time, that is the start written on the table), and so do the reservations of a table
started late."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Reservation, TableSession
from games.services import TableError, table_sit, tables_tick
from games.services.schedule import seat_reserve

pytestmark = pytest.mark.django_db

T0 = timezone.now().replace(microsecond=0) + timedelta(days=1)


def _status(table: TableSession) -> str:
    table.refresh_from_db()
    return table.status


def test_a_table_whose_start_fell_in_an_outage_waits_for_its_players(make_table, players):
    evening = make_table(starts_at=T0, ends_at=T0 + timedelta(hours=2), repeat_weekly=True)
    tables_tick(T0 - timedelta(minutes=20))
    assert _status(evening) == TableSession.Status.SCHEDULED
    back = T0 + timedelta(minutes=20)  # nothing ran the clock from T0 - 20 min to here
    tables_tick(back)
    tables_tick(back + timedelta(seconds=2))
    assert _status(evening) == TableSession.Status.OPEN
    assert evening.started_at == back + timedelta(seconds=2)  # opened, then started
    tables_tick(evening.started_at + timedelta(minutes=14))
    assert _status(evening) == TableSession.Status.OPEN
    table_sit(session_id=evening.pk, user=players[0], position=0, buy_in=200)
    tables_tick(evening.started_at + timedelta(minutes=16))
    assert _status(evening) == TableSession.Status.OPEN


def test_a_table_nobody_came_to_is_still_cancelled_fifteen_minutes_after_play_started(make_table):
    evening = make_table(starts_at=T0, ends_at=T0 + timedelta(hours=2), repeat_weekly=True)
    tables_tick(T0 - timedelta(minutes=15))
    tables_tick(T0)
    tables_tick(T0 + timedelta(minutes=14))
    assert _status(evening) == TableSession.Status.OPEN
    tables_tick(T0 + timedelta(minutes=15))
    assert _status(evening) == TableSession.Status.CANCELLED
    assert TableSession.objects.filter(series=evening, starts_at=T0 + timedelta(days=7)).count() == 1


def test_the_weeks_that_went_by_in_an_outage_are_not_made(make_table):
    """A weekly table's clock stood still for three weeks: the next week made is the first still to
    come, not each week that went by (each was opened and called off, or sat at, in turn)."""
    evening = make_table(starts_at=T0, ends_at=T0 + timedelta(hours=2), repeat_weekly=True)
    tables_tick(T0 - timedelta(minutes=20))
    back = T0 + timedelta(days=21, hours=1)
    for seconds in range(0, 8, 2):
        tables_tick(back + timedelta(seconds=seconds))
    later = TableSession.objects.filter(series=evening).exclude(pk=evening.pk)
    assert list(later.values_list("starts_at", "status")) == [
        (T0 + timedelta(days=28), TableSession.Status.SCHEDULED)
    ]
    assert _status(evening) == TableSession.Status.FINISHED  # its end had passed too
    tables_tick(back + timedelta(minutes=30))
    assert later.count() == 1


def test_reservations_of_a_table_started_late_hold_through_the_grace(make_table, players):
    """The same outage: the reservations lapsed at the late start, in the tick that opened seating,
    before their holders could sit. They hold until the no-show grace is over."""
    evening = make_table(starts_at=T0, ends_at=T0 + timedelta(hours=2))
    tables_tick(T0 - timedelta(minutes=20))
    for position, user in enumerate(players[:2]):
        seat_reserve(session_id=evening.pk, user=user, position=position)
    back = T0 + timedelta(minutes=20)
    tables_tick(back)
    tables_tick(back + timedelta(seconds=2))
    evening.refresh_from_db()
    assert evening.started_at is not None
    held = Reservation.objects.filter(session=evening)
    assert set(held.values_list("status", flat=True)) == {Reservation.Status.HELD}
    table_sit(session_id=evening.pk, user=players[0], position=0, buy_in=200)
    with pytest.raises(TableError):  # Gleb's seat is still his
        table_sit(session_id=evening.pk, user=players[2], position=1, buy_in=200)
    tables_tick(evening.started_at + timedelta(minutes=16))
    assert dict(held.values_list("member__user", "status")) == {
        players[0].pk: Reservation.Status.USED,
        players[1].pk: Reservation.Status.LAPSED,
    }
    table_sit(session_id=evening.pk, user=players[2], position=1, buy_in=200)


def test_reservations_of_a_table_started_on_time_lapse_at_the_start(make_table, players):
    evening = make_table(starts_at=T0, ends_at=T0 + timedelta(hours=2))
    seat_reserve(session_id=evening.pk, user=players[1], position=1)
    tables_tick(T0 - timedelta(minutes=15))
    tables_tick(T0 + timedelta(seconds=3))
    assert Reservation.objects.get(session=evening).status == Reservation.Status.LAPSED
