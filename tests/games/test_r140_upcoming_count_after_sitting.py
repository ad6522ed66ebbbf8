"""A table coming up whose seating had opened counted only the seats still held: each member who
had reserved and then sat down took one off "2 of 4 seats reserved", and a table its members had
filled read "0 of 4 seats reserved" with no seat left to reserve. The seats sat in count too."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.services import table_sit, tables_tick
from games.services.schedule import seat_reserve

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_timezone():
    timezone.deactivate()
    yield
    timezone.deactivate()


@pytest.fixture
def open_table(make_table):
    starts = timezone.now().replace(second=0, microsecond=0) + timedelta(minutes=10)
    table = make_table(starts_at=starts, ends_at=starts + timedelta(hours=2))
    tables_tick(timezone.now())
    table.refresh_from_db()
    assert table.status == "open"
    return table


def test_a_reserved_seat_sat_in_still_counts(open_table, players):
    seat_reserve(session_id=open_table.pk, user=players[0], position=0)
    seat_reserve(session_id=open_table.pk, user=players[1], position=1)
    table_sit(session_id=open_table.pk, user=players[0], position=0, buy_in=200)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(players[3])
    page = client.get(open_table.club.get_absolute_url()).content.decode()
    assert "2 of 4 seats reserved" in page, page[page.find('id="upcoming"') :][:2000]


def test_a_full_table_is_not_read_as_empty(open_table, players):
    for position, user in enumerate(players[:3]):
        seat_reserve(session_id=open_table.pk, user=user, position=position)
        table_sit(session_id=open_table.pk, user=user, position=position, buy_in=200)
    table_sit(session_id=open_table.pk, user=players[3], position=3, buy_in=200)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(players[3])
    page = client.get(open_table.club.get_absolute_url()).content.decode()
    assert "4 of 4 seats reserved" in page
