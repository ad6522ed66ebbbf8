"""Review 70: "Cancel my reservation" pressed on a club page left open past the start answered "You
held no seat at this session." to a member who had held one: it had lapsed at the start (he did not
come), or it was used (he sat down). He is told which."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone

from games.services import table_sit, tables_tick
from games.services.schedule import seat_reserve

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_table(make_table):
    starts = timezone.now().replace(second=0, microsecond=0) + timedelta(minutes=10)
    table = make_table(starts_at=starts, ends_at=starts + timedelta(hours=2))
    tables_tick(timezone.now())
    return table


def _unreserve(user, table) -> list[str]:
    client = Client()
    client.force_login(user)
    response = client.post(f"/tables/{table.pk}/unreserve/")
    return [str(m) for m in get_messages(response.wsgi_request)]


def test_a_reservation_that_lapsed_at_the_start(open_table, players):
    seat_reserve(session_id=open_table.pk, user=players[0], position=2)
    tables_tick(open_table.starts_at)  # he did not come: his seat lapsed
    said = _unreserve(players[0], open_table)
    assert said == ["Your reservation lapsed when the session started: seat 3 was no longer held."], said


def test_a_reservation_he_used(open_table, players):
    seat_reserve(session_id=open_table.pk, user=players[0], position=2)
    table_sit(session_id=open_table.pk, user=players[0], position=2, buy_in=200)
    said = _unreserve(players[0], open_table)
    assert said == ["You already sit at this table."], said


def test_one_who_never_reserved(open_table, players):
    assert _unreserve(players[1], open_table) == ["You held no seat at this session."]
