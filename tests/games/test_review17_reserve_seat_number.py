"""Reserving a seat by the plain form: the message named the seat as it was typed ("Seat 002 is
yours") while the seat held was seat 2 (review 17, a form sent with a padded number)."""

from __future__ import annotations

import zoneinfo
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
    assert len(texts) == 1, texts
    assert texts[0].startswith("Seat 2 of “classic table” is yours until it starts, "), texts


def test_the_message_says_the_start_as_it_is_now_in_his_zone_and_language(make_table, players, owner):
    from games.services.schedule import session_move

    start = (timezone.now() + timedelta(days=2)).replace(second=0, microsecond=0)
    table = make_table(starts_at=start - timedelta(days=1))
    players[0].preferred_language, players[0].time_zone = "ru", "America/New_York"
    players[0].save(update_fields=["preferred_language", "time_zone"])
    session_move(session_id=table.pk, actor=owner, starts_at=start)  # moved after his page was shown
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    response = client.post(f"/tables/{table.pk}/reserve/", {"position": "3"})
    texts = [str(m) for m in get_messages(response.wsgi_request)]
    local = timezone.localtime(start, zoneinfo.ZoneInfo("America/New_York"))
    assert len(texts) == 1 and texts[0].startswith("Место 3 за столом «classic table»"), texts
    assert local.strftime("%H:%M") in texts[0] and str(local.day) in texts[0], texts
