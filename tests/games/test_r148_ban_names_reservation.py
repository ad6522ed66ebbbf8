"""Review 148: a ban cancels the member's reservations (``member_leave_tables``), and the notice
that tells him of the ban (the club's page) did not say so: he learnt that he had lost his seat of
Friday's game only by looking for it. The notice names each reservation the ban cancelled: the
table, its start and the seat."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client
from django.utils import timezone, translation
from django.utils.formats import date_format

from club import services as club_services
from club.models import AuditLog, Membership
from games.services.schedule import reservation_cancel, seat_reserve

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_timezone():
    timezone.deactivate()
    yield
    timezone.deactivate()


@pytest.fixture
def make_titled(club, owner):
    from games.services import table_session_create

    def make(title: str, days: int):
        now = timezone.now()
        starts = datetime(now.year, now.month, now.day, 20, 0, tzinfo=UTC) + timedelta(days=days)
        return table_session_create(
            club=club,
            actor=owner,
            title=title,
            preset="classic",
            seat_count=4,
            stake=5,
            buy_in_min=100,
            buy_in_max=500,
            turn_seconds=30,
            starts_at=starts,
            ends_at=starts + timedelta(hours=2),
        )

    return make


def _page(user, club) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client.get(club.get_absolute_url()).content.decode()


def test_the_ban_notice_names_the_reservation_it_cancelled(make_titled, players, owner, club):
    friday = make_titled("Friday game", 3)
    other = make_titled("Sunday game", 5)
    seat_reserve(session_id=friday.pk, user=players[0], position=2)
    seat_reserve(session_id=other.pk, user=players[0], position=0)
    reservation_cancel(session_id=other.pk, user=players[0])  # his own doing, before the ban
    club_services.membership_ban(
        membership=Membership.objects.get(club=club, user=players[0]), actor=owner, reason="rude"
    )
    page = _page(players[0], club)
    assert "You are banned from this club." in page
    # Written as the notice's other times are since review 156 (``moment``).
    with translation.override("en"):
        when = date_format(friday.starts_at, "DATETIME_FORMAT")
    assert f"Your reservation of seat 3 at “Friday game” for {when} (UTC) was cancelled with the ban." in page
    assert "Sunday game" not in page  # not the ban's doing
    row = AuditLog.objects.get(action="table.reservation_cancelled")
    assert row.target_user == players[0] and row.data["session"] == friday.pk


def test_a_member_with_no_reservation_reads_no_such_line(make_titled, players, owner, club):
    make_titled("Friday game", 3)
    club_services.membership_ban(
        membership=Membership.objects.get(club=club, user=players[1]), actor=owner, reason="rude"
    )
    page = _page(players[1], club)
    assert "You are banned from this club." in page
    assert "was cancelled with the ban" not in page


def test_the_reserved_tables_own_page_names_it_too(make_titled, players, owner, club):
    friday = make_titled("Friday game", 3)
    seat_reserve(session_id=friday.pk, user=players[0], position=1)
    club_services.membership_ban(
        membership=Membership.objects.get(club=club, user=players[0]), actor=owner, reason="rude"
    )
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(players[0])
    answer = client.get(f"/tables/{friday.pk}/")
    assert answer.status_code == 403
    assert "Your reservation of seat 2 at “Friday game”" in answer.content.decode()
