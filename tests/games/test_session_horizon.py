"""A table's start and end have a horizon: a start a year ahead at most, an end a week after the
start at most. Year 9999 (a slip of the keyboard) gave 500s to members ahead of UTC, a year-10000 row
that PostgreSQL keeps and psycopg cannot read, and a weekly repeat that overflowed on the clock at
every tick. A row from before the check no longer stops the clock."""

from __future__ import annotations

import logging
import zoneinfo
from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client
from django.utils import timezone, translation

from club import services as club_services
from games.models import TableSession
from games.services import TableError, table_session_create, tables_tick
from games.services.schedule import session_cancel_if_empty

from .conftest import TABLE_FORM

pytestmark = pytest.mark.django_db

VALUES = {
    "title": "Far",
    "preset": "classic",
    "stake": 5,
    "seat_count": 4,
    "buy_in_min": 100,
    "buy_in_max": 500,
}
FORM = {
    **TABLE_FORM,
    "title": "Far",
    "repeat_weekly": "on",
}
#: The horizon (``games.services.sessions.MAX_START_AHEAD`` and ``MAX_LENGTH``).
MAX_START_AHEAD = timedelta(days=365)
MAX_LENGTH = timedelta(days=7)
END_OF_CALENDAR = datetime(9999, 12, 31, 22, 0, tzinfo=UTC)


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _local(moment: datetime) -> str:
    return timezone.localtime(moment).strftime("%Y-%m-%dT%H:%M")


def test_the_service_refuses_a_start_beyond_a_year_and_an_end_beyond_a_week(club, owner):
    now = timezone.now()
    pago = zoneinfo.ZoneInfo("Pacific/Pago_Pago")
    for starts_at in (
        now + MAX_START_AHEAD + timedelta(minutes=1),
        datetime(9999, 12, 31, 23, 59, tzinfo=UTC),
        datetime(9999, 12, 31, 23, 59, tzinfo=pago),  # year 10000 in UTC
    ):
        with pytest.raises(TableError) as refused:
            table_session_create(club=club, actor=owner, starts_at=starts_at, repeat_weekly=True, **VALUES)
        assert refused.value.code == "starts_too_far"
        assert "365 days ahead" in refused.value.message
    soon = now + timedelta(minutes=1)
    for starts_at, ends_at in (
        (soon, END_OF_CALENDAR),
        (soon, soon + MAX_LENGTH + timedelta(minutes=1)),
        (None, now + MAX_LENGTH + timedelta(minutes=1)),
    ):
        with pytest.raises(TableError) as refused:
            table_session_create(club=club, actor=owner, starts_at=starts_at, ends_at=ends_at, **VALUES)
        assert refused.value.code == "lasts_too_long"
        assert "7 days" in refused.value.message
    assert not TableSession.objects.exists()
    # Up to the horizon is fine (a weekly table: up to six days, test_weekly_length).
    starts = now + MAX_START_AHEAD - timedelta(minutes=1)
    ends = starts + MAX_LENGTH
    table = table_session_create(club=club, actor=owner, starts_at=starts, ends_at=ends, **VALUES)
    assert table.status == TableSession.Status.SCHEDULED


def test_the_refusal_reads_in_the_players_language(club, owner):
    error = TableError("starts_too_far", days=365)
    for language in ("ru", "bg"):
        with translation.override(language):
            text = error.message
        assert "365" in text and any("а" <= ch <= "я" for ch in text.lower()), (language, text)


@pytest.mark.parametrize("manager_zone", ["UTC", "Pacific/Pago_Pago"])
def test_the_form_refuses_year_9999_and_members_ahead_of_utc_still_see_their_pages(
    club, owner, make_user, manager_zone
):
    owner.time_zone = manager_zone
    owner.save(update_fields=["time_zone"])
    response = _client(owner).post(
        f"/clubs/{club.slug}/tables/new/", {**FORM, "starts_at": "9999-12-31T23:59"}
    )
    assert response.status_code == 422
    assert "at most 365 days ahead" in response.content.decode()
    assert not TableSession.objects.exists()
    ahead = make_user("kamchatka")
    ahead.time_zone = "Asia/Kamchatka"
    ahead.save(update_fields=["time_zone"])
    club_services.membership_join(club=club, user=ahead)
    reader = _client(ahead)
    assert reader.get("/").status_code == 200
    assert reader.get(club.get_absolute_url()).status_code == 200


def test_the_form_refuses_an_end_at_the_calendars_end(club, owner):
    client = _client(owner)
    starts = timezone.now() + timedelta(minutes=2)
    response = client.post(
        f"/clubs/{club.slug}/tables/new/",
        {**FORM, "starts_at": _local(starts), "ends_at": "9999-12-31T22:00"},
    )
    assert response.status_code == 422
    assert "at most 7 days from its start" in response.content.decode()
    assert not TableSession.objects.exists()
    # A week ahead and two hours long is what the form is for.
    evening = timezone.now() + timedelta(days=7)
    response = client.post(
        f"/clubs/{club.slug}/tables/new/",
        {**FORM, "starts_at": _local(evening), "ends_at": _local(evening + timedelta(hours=2))},
    )
    assert response.status_code == 302
    assert TableSession.objects.filter(title="Far").count() == 1


def test_the_admin_form_refuses_year_9999(club, owner):
    response = _client(owner).post(
        "/admin/games/tablesession/add/",
        {**FORM, "club": club.pk, "overrides": "", "starts_at": "9999-12-31T23:59"},
    )
    assert response.status_code == 200
    assert "at most 365 days ahead" in response.content.decode()
    assert not TableSession.objects.exists()


def _weekly_ending_at_the_calendars_end(club, owner) -> TableSession:
    """A weekly table saved before the horizon was checked: it ends in year 9999."""
    table = table_session_create(
        club=club, actor=owner, starts_at=timezone.now() + timedelta(minutes=1), repeat_weekly=True, **VALUES
    )
    TableSession.objects.filter(pk=table.pk).update(ends_at=END_OF_CALENDAR)
    return table


def test_a_weekly_table_ending_in_year_9999_starts_and_stops_repeating(club, owner, caplog):
    table = _weekly_ending_at_the_calendars_end(club, owner)
    later = timezone.now() + timedelta(minutes=2)
    with caplog.at_level(logging.WARNING, logger="games"):
        tables_tick(later)
        tables_tick(later + timedelta(seconds=1))
    table.refresh_from_db()
    assert table.started_at == later
    assert not table.repeat_weekly
    assert TableSession.objects.filter(series=table).count() == 1  # itself only
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
    assert len([r for r in caplog.records if "repeat ended" in r.getMessage()]) == 1


def test_a_no_show_of_a_weekly_table_ending_in_year_9999_is_cancelled(club, owner):
    table = _weekly_ending_at_the_calendars_end(club, owner)
    # Play started a while ago: a no-show's fifteen minutes count from then (review 20).
    TableSession.objects.filter(pk=table.pk).update(started_at=timezone.now())
    assert session_cancel_if_empty(session_id=table.pk, now=timezone.now() + timedelta(minutes=20))
    table.refresh_from_db()
    assert table.status == TableSession.Status.CANCELLED
    assert not table.repeat_weekly


@pytest.mark.postgres
def test_rows_stored_past_the_year_9999_before_the_bounds_are_brought_back_by_the_migration(make_table):
    """PostgreSQL kept such rows and no page listing them could be read; the migration mends them."""
    import importlib

    from django.db import DataError, connection

    migration = importlib.import_module("games.migrations.0009_unreadable_dates")
    waiting = make_table(starts_at=timezone.now() + timedelta(days=1), repeat_weekly=True)
    running = make_table()
    fine = make_table(starts_at=timezone.now() + timedelta(days=2))
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE games_tablesession SET starts_at = TIMESTAMPTZ '10000-01-01 04:00:00+00', "
            "ends_at = TIMESTAMPTZ '10000-01-01 06:00:00+00' WHERE id = %s",
            [waiting.pk],
        )
        cursor.execute(
            "UPDATE games_tablesession SET status = 'running', "
            "ends_at = TIMESTAMPTZ '10000-01-01 06:00:00+00' WHERE id = %s",
            [running.pk],
        )
    with pytest.raises(DataError):  # psycopg: timestamp too large (after year 10K)
        list(TableSession.objects.filter(pk=waiting.pk).values_list("starts_at", flat=True))
    with connection.schema_editor() as editor:
        migration.forwards(None, editor)
    waiting.refresh_from_db()
    running.refresh_from_db()
    fine_before = fine.starts_at, fine.ends_at, fine.status
    fine.refresh_from_db()
    assert waiting.status == TableSession.Status.CANCELLED
    assert waiting.starts_at.year == 9999 and not waiting.repeat_weekly and waiting.next_deal_at is None
    assert running.status == TableSession.Status.RUNNING
    assert running.ends_at == running.starts_at + timedelta(days=7)
    assert (fine.starts_at, fine.ends_at, fine.status) == fine_before
    assert TableSession.objects.filter(starts_at__year__gte=9999).count() == 1
