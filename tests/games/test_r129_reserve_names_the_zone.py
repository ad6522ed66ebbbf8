"""Review 129: the seat reservation's message ("Seat 2 of … is yours until it starts, Tue 8 Dec
2026, 19:00.") gave the hour without its time zone, unlike the other schedule messages ("… (Europe/
Sofia)"): a member whose profile has no zone read the site's hour and could not tell. It names the
zone now, in each language."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left() -> Iterator[None]:
    timezone.deactivate()
    yield
    timezone.deactivate()


@pytest.mark.parametrize(
    ("language", "start"),
    [("en", "Seat 2 of “classic table”"), ("ru", "Место 2 за столом"), ("bg", "Място 2")],
)
def test_the_reservation_names_the_time_zone(make_table, players, language, start):
    table = make_table(starts_at=timezone.now() + timedelta(days=1))
    players[0].preferred_language, players[0].time_zone = language, "America/New_York"
    players[0].save(update_fields=["preferred_language", "time_zone"])
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    response = client.post(f"/tables/{table.pk}/reserve/", {"position": "2"})
    texts = [str(m) for m in get_messages(response.wsgi_request)]
    assert len(texts) == 1 and texts[0].startswith(start), texts
    assert texts[0].endswith(" (America/New_York)."), texts
