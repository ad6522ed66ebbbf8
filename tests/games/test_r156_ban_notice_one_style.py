"""Review 156: the notice that tells a member of his ban wrote its times three ways: the ban's start
as a date alone in the locale's long format ("С 7 декабря 2026 г."), its end as the locale's date and
time, and a reservation the ban cancelled as "Thu 10 Dec 2026, 20:00 Europe/Sofia"; the table's own
refusal wrote the end once more without a zone. Each time is now written one way, in the reader's
language and time zone, the zone named: on the club's page and on the table's page alike."""

from __future__ import annotations

import zoneinfo
from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client
from django.utils import timezone, translation
from django.utils.formats import date_format

from club import services as club_services
from club.models import Membership
from games.services import table_session_create
from games.services.schedule import seat_reserve

pytestmark = pytest.mark.django_db

SOFIA = zoneinfo.ZoneInfo("Europe/Sofia")


@pytest.fixture(autouse=True)
def _no_timezone():
    timezone.deactivate()
    yield
    timezone.deactivate()


def _said(moment: datetime, language: str) -> str:
    with translation.override(language):
        return f"{date_format(moment.astimezone(SOFIA), 'DATETIME_FORMAT')} (Europe/Sofia)"


@pytest.fixture
def banned(club, owner, players):
    now = timezone.now()
    starts = datetime(now.year, now.month, now.day, 18, 0, tzinfo=UTC) + timedelta(days=3)
    friday = table_session_create(
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
    vera = players[0]
    vera.time_zone = "Europe/Sofia"
    vera.save(update_fields=["time_zone"])
    seat_reserve(session_id=friday.pk, user=vera, position=2)
    membership = Membership.objects.get(club=club, user=vera)
    club_services.membership_ban(
        membership=membership, actor=owner, reason="rude", until=now + timedelta(days=5, minutes=7)
    )
    return vera, friday, Membership.objects.get(pk=membership.pk)


def _notice(page: str) -> str:
    start = page.index('id="banned-notice"')
    return page[start : page.index("</div>", start)]


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_every_time_of_the_notice_is_written_alike(banned, club, language) -> None:
    vera, friday, membership = banned
    client = Client()
    client.force_login(vera)
    client.cookies["django_language"] = language
    for address in (club.get_absolute_url(), f"/tables/{friday.pk}/"):
        said = _notice(client.get(address).content.decode())
        for moment in (membership.banned_at, membership.ban_until, friday.starts_at):
            assert _said(moment, language) in said, (address, moment, said)


def test_a_suspension_reads_alike_on_the_club_page_and_at_the_table(club, owner, players) -> None:
    vera = players[1]
    vera.time_zone = "Europe/Sofia"
    vera.save(update_fields=["time_zone"])
    until = timezone.now() + timedelta(days=2, minutes=13)
    membership = Membership.objects.get(club=club, user=vera)
    club_services.membership_suspend(membership=membership, actor=owner, reason="tilt", until=until)
    table = table_session_create(
        club=club,
        actor=owner,
        title="Now",
        preset="classic",
        seat_count=4,
        stake=5,
        buy_in_min=100,
        buy_in_max=500,
        turn_seconds=30,
    )
    client = Client()
    client.force_login(vera)
    for address in (club.get_absolute_url(), f"/tables/{table.pk}/"):
        page = client.get(address).content.decode()
        start = page.index('id="suspended-notice"')
        said = page[start : page.index("</div>", start)]
        assert _said(until, "en") in said and "tilt" in said, (address, said)


def test_a_suspended_managers_page_writes_his_end_once_alike(club, owner, players) -> None:
    """The notice of his suspension and his chips box's "until then you do not manage the club"
    stand on one page: they wrote the one end two ways."""
    from club.models import Membership as M

    misha = players[2]
    misha.time_zone = "Europe/Sofia"
    misha.save(update_fields=["time_zone"])
    row = M.objects.get(club=club, user=misha)
    row.role = M.Role.MANAGER
    row.save(update_fields=["role"])
    until = timezone.now() + timedelta(days=2, minutes=29)
    club_services.membership_suspend(membership=row, actor=owner, reason="tilt", until=until)
    client = Client()
    client.force_login(misha)
    page = client.get(club.get_absolute_url()).content.decode()
    assert page.count(_said(until, "en")) == 2, page
