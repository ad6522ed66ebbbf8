"""Review 70: a club night's repeats and crossings on real PostgreSQL connections: "I'm back" from two
tabs at once, the holder sitting down as the start comes, two members taking the last free seat, a
reservation and a sit of the same seat by two members, and "Leave" from two tabs while away."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from club.errors import ServiceError
from games.models import Reservation, Seat
from games.services import table_away, table_back, table_leave, table_sit, tables_tick
from games.services.schedule import seat_reserve
from ledger.services import account_wallet, ledger_verify

from .conftest import sit_all, start_deal
from .races import race as _race

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _codes(results: list[object]) -> list[str]:
    return sorted(r.code if isinstance(r, ServiceError) else "ok" for r in results if not isinstance(r, str))


@pytest.fixture
def open_table(make_table):
    starts = timezone.now().replace(second=0, microsecond=0) + timedelta(minutes=10)
    table = make_table(starts_at=starts, ends_at=starts + timedelta(hours=2), min_players=2)
    tables_tick(timezone.now())
    return table


def test_im_back_from_two_tabs_at_once(make_table, players):
    table = make_table()
    sit_all(table, players)
    start_deal(table)
    table_away(session_id=table.pk, user=players[0])
    results = _race(*[lambda: table_back(session_id=table.pk, user=players[0])] * 2)
    assert _codes(results) == ["not_away", "ok"], results
    assert next(r for r in results if isinstance(r, ServiceError)).done
    assert Seat.objects.get(session=table, member__user=players[0]).status == Seat.Status.SITTING


def test_leave_from_two_tabs_at_once_while_away(make_table, players, club):
    table = make_table()
    sit_all(table, players)
    table_away(session_id=table.pk, user=players[0])
    results = _race(*[lambda: table_leave(session_id=table.pk, user=players[0])] * 2)
    assert _codes(results) == ["not_seated", "ok"], results
    assert next(r for r in results if isinstance(r, ServiceError)).done
    member = Seat.objects.get(session=table, member__user=players[0]).member
    assert account_wallet(membership=member).balance == 1000  # every chip home, once
    assert ledger_verify()[0] == []


def test_the_holder_sits_as_the_start_comes(open_table, players):
    seat_reserve(session_id=open_table.pk, user=players[0], position=2)
    starts = open_table.starts_at
    results = _race(
        lambda: table_sit(session_id=open_table.pk, user=players[0], position=2, buy_in=200),
        lambda: tables_tick(starts),
    )
    assert not [r for r in results if isinstance(r, str | ServiceError)], results
    seat = Seat.objects.get(session=open_table, member__user=players[0])
    assert seat.position == 2
    assert Reservation.objects.get(session=open_table).status in (
        Reservation.Status.USED,
        Reservation.Status.LAPSED,  # the start came first: it lapsed, and the seat was still free
    )


def test_the_last_free_seat_reserved_and_taken_at_once(open_table, players):
    for position, user in enumerate(players[:3]):
        seat_reserve(session_id=open_table.pk, user=user, position=position)
    results = _race(
        lambda: seat_reserve(session_id=open_table.pk, user=players[3], position=3),
        lambda: table_sit(session_id=open_table.pk, user=players[0], position=3, buy_in=200),
    )
    taken = Seat.objects.filter(session=open_table, position=3).exclude(status=Seat.Status.LEFT)
    held = Reservation.objects.filter(session=open_table, position=3, status=Reservation.Status.HELD)
    assert taken.count() + held.count() == 1, results
    assert all(not isinstance(r, str) for r in results), results
