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
from django.utils.dateformat import format as date_pattern

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
        f"The table “Friday” is scheduled for {date_pattern(local, 'D j M Y, H:i')} (Europe/Sofia); "
        "seating opens 15 minutes before."
    ], texts


_MONTHS_RU = [
    "января",
    "февраля",
    "марта",
    "апреля",
    "мая",
    "июня",
    "июля",
    "августа",
    "сентября",
    "октября",
    "ноября",
    "декабря",
]


def test_a_russian_manager_reads_the_start_as_the_table_page_gives_it(club, owner) -> None:
    """Not "2027-01-04 20:00" (an ISO date, the left-out item of stop 26): "4 января 2027 (Пн), 20:00"."""
    owner.time_zone = "Europe/Sofia"
    owner.preferred_language = "ru"
    owner.save(update_fields=["time_zone", "preferred_language"])
    local = (timezone.now() + timedelta(days=30)).astimezone(ZoneInfo("Europe/Sofia")).replace(second=0)
    session, texts = _open(owner, club, title="Friday", starts_at=local.strftime("%Y-%m-%dT%H:%M"))
    assert session.status == TableSession.Status.SCHEDULED
    (text,) = texts
    when = f"{local.day} {_MONTHS_RU[local.month - 1]} {local.year} ("
    assert when in text and f"), {local:%H:%M} (Europe/Sofia)" in text, text
    assert f"{local:%Y-%m-%d}" not in text, text


def test_a_table_opened_now_is_said_to_be_open(club, owner) -> None:
    session, texts = _open(owner, club, title="Now")
    assert session.status == TableSession.Status.OPEN
    assert texts == ["The table “Now” is open."]
