"""A weekly table lasted up to a week, like a one-off: one ending a week after its start was still
running when next week's table opened its seats (15 minutes before its start), so a member could sit
at both, and a change of the clocks made that week an hour longer still. A weekly table lasts at most
six days; a one-off keeps its week (stop 37's left-out, from review 127)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone, translation

from games.models import TableSession
from games.services import TableError, table_session_create, tables_tick

from .conftest import TABLE_FORM

pytestmark = pytest.mark.django_db

VALUES = {
    "title": "Weekly",
    "preset": "classic",
    "stake": 5,
    "seat_count": 4,
    "buy_in_min": 100,
    "buy_in_max": 500,
}


@pytest.fixture(autouse=True)
def _no_active_zone():
    timezone.deactivate()


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _local(moment) -> str:
    return timezone.localtime(moment).strftime("%Y-%m-%dT%H:%M")


def test_the_service_refuses_a_weekly_table_longer_than_six_days(club, owner):
    starts = timezone.now() + timedelta(hours=1)
    for ends in (starts + timedelta(days=7), starts + timedelta(days=6, minutes=1)):
        with pytest.raises(TableError) as refused:
            table_session_create(
                club=club, actor=owner, starts_at=starts, ends_at=ends, repeat_weekly=True, **VALUES
            )
        assert refused.value.code == "weekly_too_long"
        assert "6 days" in refused.value.message and "next one opens its seats" in refused.value.message
    assert not TableSession.objects.exists()
    weekly = table_session_create(
        club=club,
        actor=owner,
        starts_at=starts,
        ends_at=starts + timedelta(days=6),
        repeat_weekly=True,
        **VALUES,
    )
    once = table_session_create(
        club=club,
        actor=owner,
        starts_at=starts,
        ends_at=starts + timedelta(days=7),
        **{**VALUES, "title": "Once"},
    )
    assert weekly.repeat_weekly and not once.repeat_weekly


def test_the_form_says_it_beside_the_end_and_keeps_what_was_typed(club, owner):
    starts = timezone.now() + timedelta(days=1)
    form = {
        **TABLE_FORM,
        "title": "Long weekend",
        "repeat_weekly": "on",
        "starts_at": _local(starts),
        "ends_at": _local(starts + timedelta(days=7)),
    }
    response = _client(owner).post(f"/clubs/{club.slug}/tables/new/", form)
    assert response.status_code == 422
    page = response.content.decode()
    assert "A weekly table can last at most 6 days from its start" in page
    assert 'value="Long weekend"' in page
    errors = response.context["form"].errors
    assert list(errors) == ["ends_at"], errors
    assert not TableSession.objects.exists()


def test_the_admin_refuses_it_too(club, owner):
    starts = timezone.now() + timedelta(days=1)
    response = _client(owner).post(
        "/admin/games/tablesession/add/",
        {
            **TABLE_FORM,
            "club": club.pk,
            "overrides": "",
            "title": "Admin weekly",
            "repeat_weekly": "on",
            "starts_at": _local(starts),
            "ends_at": _local(starts + timedelta(days=6, hours=12)),
        },
    )
    assert response.status_code == 200
    assert "A weekly table can last at most 6 days" in response.content.decode()
    assert not TableSession.objects.exists()


def test_the_refusal_reads_in_russian_and_bulgarian():
    for language in ("ru", "bg"):
        with translation.override(language):
            text = TableError("weekly_too_long", days=6).message
        assert "6" in text and any("а" <= ch <= "я" for ch in text.lower()), (language, text)


def test_a_series_scheduled_before_the_limit_gets_six_day_weeks(club, owner):
    """Made before the limit (its first week a full seven days), a series went on making weeks that
    ran until the next one opened its seats: the weeks after are held to six days."""
    starts = timezone.now().replace(microsecond=0) + timedelta(hours=1)
    first = table_session_create(
        club=club,
        actor=owner,
        starts_at=starts,
        ends_at=starts + timedelta(days=6),
        repeat_weekly=True,
        **VALUES,
    )
    TableSession.objects.filter(pk=first.pk).update(ends_at=starts + timedelta(days=7))  # as saved back then
    tables_tick(starts - timedelta(minutes=15))
    tables_tick(starts)
    following = TableSession.objects.get(series=first, starts_at=starts + timedelta(days=7))
    assert following.ends_at == following.starts_at + timedelta(days=6)
    # A series within the limit keeps its hours.
    second = table_session_create(
        club=club,
        actor=owner,
        starts_at=starts,
        ends_at=starts + timedelta(hours=3),
        repeat_weekly=True,
        **{**VALUES, "title": "Evening"},
    )
    tables_tick(starts + timedelta(seconds=1))  # seating opens
    tables_tick(starts + timedelta(seconds=2))  # play starts: next week on the calendar
    assert TableSession.objects.get(series=second, starts_at=starts + timedelta(days=7)).ends_at == (
        starts + timedelta(days=7, hours=3)
    )
