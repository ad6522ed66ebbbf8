"""A scheduled table's page says when it starts, in the reader's time zone, and that seating is
not open yet (review 9: it said "Waiting for players: the first deal starts when enough people sit
down… Sit down at a free seat to play", and a sit was refused as "not open for play")."""

from __future__ import annotations

import zoneinfo
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from django.utils.dateformat import format as date_format

pytestmark = pytest.mark.django_db


def test_a_scheduled_tables_page_says_when_it_starts_in_the_readers_time_zone(make_table, players):
    starts = (timezone.now() + timedelta(days=3)).replace(second=0, microsecond=0)
    table = make_table(starts_at=starts)
    reader = players[0]
    reader.time_zone = "America/New_York"
    reader.save(update_fields=["time_zone"])
    client = Client()
    client.force_login(reader, backend="django.contrib.auth.backends.ModelBackend")
    page = client.get(f"/tables/{table.pk}/").content.decode()
    local = starts.astimezone(zoneinfo.ZoneInfo("America/New_York"))
    assert date_format(local, "H:i") in page and "America/New_York" in page
    assert "Seating is not open yet" in page
    assert "Waiting for players" not in page and "Sit down at a free seat" not in page


def test_an_open_table_page_says_nothing_of_a_start(make_table, players):
    table = make_table()
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert 'id="table-starts"' not in page and "Waiting for players" in page


def test_a_cancelled_tables_page_says_so_and_offers_no_seat(make_table, players, owner):
    from games.services.schedule import session_cancel

    table = make_table(starts_at=timezone.now() + timedelta(days=3))
    session_cancel(session_id=table.pk, actor=owner)
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert "This table was cancelled." in page
    assert "Waiting for players" not in page and "Sit down at a free seat" not in page
