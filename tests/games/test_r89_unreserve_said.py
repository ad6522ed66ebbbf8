"""Review 89: "Cancel my reservation" on a club page left open answered "You held no seat at this
session." to a member whose reservation had been used (he sat at the start, after an outage of the
table's clock too, then left) or was already cancelled (from another tab). He is told which."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone

from games.models import TableSession
from games.services import table_leave, table_sit, tables_tick
from games.services.schedule import reservation_cancel, seat_reserve

pytestmark = pytest.mark.django_db


def _unreserve(user, table) -> list[str]:
    client = Client()
    client.force_login(user)
    response = client.post(f"/tables/{table.pk}/unreserve/")
    return [str(m) for m in get_messages(response.wsgi_request)]


def test_a_reservation_used_at_a_late_start_then_left(make_table, players):
    starts = timezone.now().replace(second=0, microsecond=0) + timedelta(minutes=10)
    table = make_table(starts_at=starts, ends_at=starts + timedelta(hours=2))
    tables_tick(timezone.now())  # seating opens
    seat_reserve(session_id=table.pk, user=players[0], position=2)
    table_sit(session_id=table.pk, user=players[0], position=2, buy_in=200)
    tables_tick(starts + timedelta(minutes=20))  # the clock was down over the start; back now
    assert TableSession.objects.get(pk=table.pk).started_at is not None
    table_leave(session_id=table.pk, user=players[0])
    said = _unreserve(players[0], table)
    used = "Your reservation of seat 3 was used: you sat down at this table, and have left it since."
    assert said == [used], said


def test_a_reservation_already_cancelled(make_table, players):
    table = make_table(starts_at=timezone.now() + timedelta(days=1))
    seat_reserve(session_id=table.pk, user=players[0], position=1)
    assert reservation_cancel(session_id=table.pk, user=players[0])  # in another tab
    said = _unreserve(players[0], table)
    assert said == ["Your reservation of seat 2 is already cancelled."], said


def test_in_russian(make_table, players):
    table = make_table(starts_at=timezone.now() + timedelta(days=1))
    seat_reserve(session_id=table.pk, user=players[0], position=1)
    reservation_cancel(session_id=table.pk, user=players[0])
    players[0].preferred_language = "ru"
    players[0].save(update_fields=["preferred_language"])
    assert _unreserve(players[0], table) == ["Ваша бронь места 2 уже отменена."]
