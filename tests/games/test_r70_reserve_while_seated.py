"""Review 70: a member who sat down once seating opened (he had reserved nothing) still saw "Reserve"
and the free seats on the club page; pressing it told him "That seat is taken." of a free seat."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.models import Reservation
from games.services import TableError, table_sit, tables_tick
from games.services.schedule import seat_reserve

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_table(make_table):
    starts = timezone.now().replace(second=0, microsecond=0) + timedelta(minutes=10)
    table = make_table(starts_at=starts, ends_at=starts + timedelta(hours=2))
    tables_tick(timezone.now())
    table.refresh_from_db()
    assert table.status == "open"
    return table


def test_a_seated_member_is_not_offered_a_reservation(open_table, players):
    table_sit(session_id=open_table.pk, user=players[0], position=0, buy_in=200)
    client = Client()
    client.force_login(players[0])
    page = client.get(open_table.club.get_absolute_url()).content.decode()
    assert f'action="/tables/{open_table.pk}/reserve/"' not in page
    assert "you sit at seat 1" in page


def test_reserving_while_seated_says_he_sits_there(open_table, players):
    table_sit(session_id=open_table.pk, user=players[0], position=0, buy_in=200)
    with pytest.raises(TableError) as refused:
        seat_reserve(session_id=open_table.pk, user=players[0], position=2)
    assert refused.value.code == "already_seated"
    client = Client()
    client.force_login(players[0])
    response = client.post(f"/tables/{open_table.pk}/reserve/", {"position": "3"}, follow=True)
    assert "You already sit at this table." in response.content.decode()
    assert not Reservation.objects.filter(session=open_table).exists()
