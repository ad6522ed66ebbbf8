"""Review 83: a start typed with seconds ("2027-01-10 20:00:37" in the admin's field, or a browser
that sends them) was kept to the second, while every page shows minutes: the table read "20:00" and
dealt at 20:00:37, every week of a weekly one too, and "Move the start" to the 20:00 it showed moved
it (by 37 seconds), told "the table now starts … 20:00" and logged a move from 20:00 to 20:00. The
forms read a time to the minute, as they show it."""

from __future__ import annotations

import zoneinfo
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.models import TableSession
from games.services import TableError
from games.services.schedule import session_move

from .conftest import TABLE_FORM

pytestmark = pytest.mark.django_db


def test_a_start_and_an_end_typed_with_seconds_are_kept_to_the_minute(club, owner):
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    # In his time zone, which the form reads: the zone active in this thread may be another test's.
    zone = zoneinfo.ZoneInfo(owner.time_zone)
    evening = (timezone.now().astimezone(zone) + timedelta(days=5)).replace(
        hour=20, minute=0, second=0, microsecond=0
    )
    response = client.post(
        f"/clubs/{club.slug}/tables/new/",
        {
            **TABLE_FORM,
            "starts_at": evening.strftime("%Y-%m-%dT%H:%M:37"),
            "ends_at": (evening + timedelta(hours=3)).strftime("%Y-%m-%d %H:%M:59"),
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    table = TableSession.objects.get(club=club)
    assert table.starts_at == evening
    assert table.ends_at == evening + timedelta(hours=3)
    with pytest.raises(TableError) as same:
        session_move(session_id=table.pk, actor=owner, starts_at=evening)
    assert same.value.code == "move_same"
