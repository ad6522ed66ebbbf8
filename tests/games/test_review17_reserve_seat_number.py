"""Reserving a seat by the plain form: the message named the seat as it was typed ("Seat 002 is
yours") while the seat held was seat 2 (review 17, a form sent with a padded number)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone

from games.models import Reservation

pytestmark = pytest.mark.django_db


def test_the_message_names_the_seat_held(make_table, players):
    table = make_table(starts_at=timezone.now() + timedelta(days=1))
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    response = client.post(f"/tables/{table.pk}/reserve/", {"position": "002"})
    assert response.status_code == 302
    assert Reservation.objects.get(session=table).position == 1  # seat 2, counted from 0
    texts = [str(m) for m in get_messages(response.wsgi_request)]
    assert texts == ["Seat 2 is yours until the session starts."]
