"""Review 160: review 156 wrote each time of a ban's or a suspension's notice one way, the reader's
zone named, on the club page and the table's refusal page. The table's own refusals kept the old
way: Vera, suspended, pressed "Reserve" on a table page left open and came back to her club page,
which read "You are suspended from the club's tables until Dec. 9, 2026, 10:55 p.m. (Europe/Sofia)."
in its notice and, just above, "You are suspended from this club's tables until Dec. 9, 2026,
10:55 p.m. Reason: tilt" (the same sentence her table's socket sends when she is suspended there).
The table's refusals write a time as the notices do."""

from __future__ import annotations

import zoneinfo
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone, translation
from django.utils.formats import date_format

from club import services as club_services
from club.models import Membership
from games.services import table_session_create
from games.services.errors import TableError

pytestmark = pytest.mark.django_db

SOFIA = zoneinfo.ZoneInfo("Europe/Sofia")


@pytest.fixture(autouse=True)
def _no_timezone():
    timezone.deactivate()
    yield
    timezone.deactivate()


def _said(moment, language: str) -> str:
    with translation.override(language):
        return f"{date_format(moment.astimezone(SOFIA), 'DATETIME_FORMAT')} (Europe/Sofia)"


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_a_table_refusal_names_the_zone_of_its_time(language: str) -> None:
    until = timezone.now() + timedelta(days=2, minutes=7)
    with translation.override(language), timezone.override(SOFIA):
        said = TableError("suspended", until=until, reason="tilt").message
    assert _said(until, language) in said, said


def test_a_suspended_members_reserve_reads_as_her_notice(club, owner, players) -> None:
    vera = players[1]
    vera.time_zone = "Europe/Sofia"
    vera.save(update_fields=["time_zone"])
    table = table_session_create(
        club=club,
        actor=owner,
        title="Friday game",
        preset="classic",
        seat_count=4,
        stake=5,
        buy_in_min=100,
        buy_in_max=500,
        turn_seconds=30,
        starts_at=timezone.now() + timedelta(days=4),
        ends_at=timezone.now() + timedelta(days=4, hours=2),
    )
    until = timezone.now() + timedelta(days=2, minutes=13)
    membership = Membership.objects.get(club=club, user=vera)
    club_services.membership_suspend(membership=membership, actor=owner, reason="tilt", until=until)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(vera)
    page = client.post(f"/tables/{table.pk}/reserve/", {"position": "2"}, follow=True).content.decode()
    assert "You are suspended from this club" in page, page
    with translation.override("en"):
        bare = date_format(until.astimezone(SOFIA), "DATETIME_FORMAT")
    # Her notice and the refusal: the end written twice, the zone named each time.
    assert page.count(_said(until, "en")) == 2, page
    assert page.count(bare) == 2, page
