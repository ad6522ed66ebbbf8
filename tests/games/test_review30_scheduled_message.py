"""Review 30: a manager who scheduled a table on the club page for a later day was told "The table
“Friday” is open." while the table's page (where he lands) says it starts then and seating opens 15
minutes before: members he told it was open found it closed. A scheduled table is said to be
scheduled, with its start in his time zone; a table opened now is still "open"."""

from __future__ import annotations

from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone

from games.models import TableSession

from .conftest import TABLE_FORM

pytestmark = pytest.mark.django_db


def _open(owner, club, **fields) -> tuple[TableSession, list[str]]:
    client = Client()
    client.force_login(owner)
    response = client.post(f"/clubs/{club.slug}/tables/new/", {**TABLE_FORM, **fields})
    assert response.status_code == 302
    texts = [str(m) for m in get_messages(response.wsgi_request)]
    return TableSession.objects.get(title=fields["title"]), texts


def test_a_table_scheduled_for_later_is_said_to_be_scheduled(club, owner) -> None:
    owner.time_zone = "Europe/Sofia"
    owner.save(update_fields=["time_zone"])
    local = (timezone.now() + timedelta(days=30)).astimezone(ZoneInfo("Europe/Sofia")).replace(second=0)
    session, texts = _open(owner, club, title="Friday", starts_at=local.strftime("%Y-%m-%dT%H:%M"))
    assert session.status == TableSession.Status.SCHEDULED
    assert texts == [
        f"The table “Friday” is scheduled for {local:%Y-%m-%d %H:%M} (Europe/Sofia); "
        "seating opens 15 minutes before."
    ], texts


def test_a_table_opened_now_is_said_to_be_open(club, owner) -> None:
    session, texts = _open(owner, club, title="Now")
    assert session.status == TableSession.Status.OPEN
    assert texts == ["The table “Now” is open."]
