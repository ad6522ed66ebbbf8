"""Review 154: the club's log row of a reservation a ban (suspension, leaving) cancelled read
"title: Tuesday Khrap; because: banned; session: 2; Seat: 2; starts_at: 2026-12-08T20:00:00+00:00"
to the managers, in every language: the service's own keys and codes, the start as ISO, and the
seat counted from 0 (the member had reserved seat 3, and his own notice says 3)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client
from django.utils import timezone, translation

from club import services as club_services
from club.models import AuditLog, Membership
from games.services import table_session_create
from games.services.schedule import seat_reserve

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_timezone():
    timezone.deactivate()
    yield
    timezone.deactivate()


def _friday(club, owner):
    now = timezone.now()
    starts = datetime(now.year, now.month, now.day, 20, 0, tzinfo=UTC) + timedelta(days=3)
    return table_session_create(
        club=club,
        actor=owner,
        title="Friday game",
        preset="classic",
        seat_count=4,
        stake=5,
        buy_in_min=100,
        buy_in_max=500,
        turn_seconds=30,
        starts_at=starts,
        ends_at=starts + timedelta(hours=2),
    )


def _ban_with_reservation(club, owner, player) -> AuditLog:
    friday = _friday(club, owner)
    seat_reserve(session_id=friday.pk, user=player, position=2)
    club_services.membership_ban(
        membership=Membership.objects.get(club=club, user=player), actor=owner, reason="rude"
    )
    return AuditLog.objects.get(action="table.reservation_cancelled")


RAW = ("title:", "because:", "session:", "starts_at:", "banned;", "+00:00")


def test_the_managers_read_the_cancelled_reservation_in_words(players, owner, club) -> None:
    _ban_with_reservation(club, owner, players[0])
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(owner)
    page = client.get(club.get_absolute_url()).content.decode()
    assert "Seat reservation cancelled" in page
    for raw in RAW[:-1]:  # the page's forms carry moments as ISO in hidden fields
        assert raw not in page, raw
    assert "Table: Friday game" in page
    assert "Seat: 3" in page
    assert "Start: " in page
    assert "Why: banned from the club" in page


@pytest.mark.parametrize(
    ("lang", "table", "seat", "why"),
    [("ru", "Стол", "Место", "Почему"), ("bg", "Маса", "Място", "Защо")],
)
def test_the_row_reads_in_the_readers_language(players, owner, club, lang, table, seat, why) -> None:
    row = _ban_with_reservation(club, owner, players[0])
    with translation.override(lang):
        text = row.details_text
    for raw in RAW:
        assert raw not in text, (raw, text)
    assert f"{table}: Friday game" in text, text
    assert f"{seat}: 3" in text, text
    assert f"{why}: " in text, text
