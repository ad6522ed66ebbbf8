"""A scheduled table whose only comer sat down while seating was open and left before anyone
played is called off as a no-show (review 31). The no-show check asked whether anybody had ever
sat there, not whether anybody sits: the table stayed "open" with nobody at it, in the club's list,
until its end, or for good when it had none; a weekly one had made its next week all the same."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Deal, Reservation, TableSession
from games.services import table_leave, table_sit, tables_tick
from games.services.schedule import seat_reserve

pytestmark = pytest.mark.django_db

T0 = timezone.now().replace(microsecond=0) + timedelta(days=1)


def _status(table) -> str:
    table.refresh_from_db()
    return table.status


@pytest.mark.parametrize("ends", [True, False])
@pytest.mark.parametrize("leaves", ["before the start", "after the start"])
def test_a_table_left_empty_before_any_deal_is_a_no_show(make_table, players, ends, leaves):
    table = make_table(starts_at=T0, ends_at=T0 + timedelta(hours=2) if ends else None, min_players=4)
    seat_reserve(session_id=table.pk, user=players[1], position=1)
    tables_tick(T0 - timedelta(minutes=15))
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=200)
    if leaves == "before the start":
        assert table_leave(session_id=table.pk, user=players[0]) is True
    tables_tick(T0)
    if leaves == "after the start":
        assert table_leave(session_id=table.pk, user=players[0]) is True
    tables_tick(T0 + timedelta(minutes=14))
    assert _status(table) == TableSession.Status.OPEN
    tables_tick(T0 + timedelta(minutes=15))
    assert _status(table) == TableSession.Status.CANCELLED
    assert not Reservation.objects.filter(session=table, status=Reservation.Status.HELD).exists()


def test_a_table_with_someone_seated_or_a_deal_played_is_no_no_show(make_table, players):
    table = make_table(starts_at=T0, ends_at=T0 + timedelta(hours=2), min_players=4)
    tables_tick(T0 - timedelta(minutes=15))
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=200)
    tables_tick(T0)
    tables_tick(T0 + timedelta(minutes=16))
    assert _status(table) == TableSession.Status.OPEN  # he waits for players: his table stays
    assert not Deal.objects.filter(session=table).exists()
