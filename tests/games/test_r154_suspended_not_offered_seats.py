"""Review 154: a member suspended from the club's tables read "You are suspended from the club's
tables until …" at the top of the club page, and under it was offered Reserve on each coming table,
Sit down at the open ones and Open a practice table: each refused him with the same words when
used. The club page offers none of them while he is suspended; the lists stay to be read."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client
from django.utils import timezone

from club import services as club_services
from club.models import Membership
from games.services import table_session_create

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_timezone():
    timezone.deactivate()
    yield
    timezone.deactivate()


def _tables(club, owner) -> None:
    now = timezone.now()
    starts = datetime(now.year, now.month, now.day, 20, 0, tzinfo=UTC) + timedelta(days=3)
    common = dict(club=club, actor=owner, preset="classic", seat_count=4, stake=5, buy_in_min=100,
                  buy_in_max=500, turn_seconds=30)
    table_session_create(title="Friday game", starts_at=starts, ends_at=starts + timedelta(hours=2), **common)
    table_session_create(title="Open now", **common)


def _page(user, club) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client.get(club.get_absolute_url()).content.decode()


def test_a_suspended_member_is_not_offered_a_seat(players, owner, club) -> None:
    _tables(club, owner)
    before = _page(players[0], club)
    assert ">Reserve<" in before and ">Sit down<" in before and "Open a practice table" in before

    club_services.membership_suspend(
        membership=Membership.objects.get(club=club, user=players[0]),
        actor=owner,
        reason="tilt",
        until=timezone.now() + timedelta(days=1),
    )
    page = _page(players[0], club)
    assert 'id="suspended-notice"' in page
    assert "Friday game" in page and "Open now" in page  # still listed
    assert ">Reserve<" not in page
    assert ">Sit down<" not in page
    assert "Open a practice table" not in page
    # The others are offered them as before.
    other = _page(players[1], club)
    assert ">Reserve<" in other and ">Sit down<" in other and "Open a practice table" in other


def test_the_home_pages_coming_up_list_offers_no_seat_where_he_is_suspended(players, owner, club) -> None:
    _tables(club, owner)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(players[0])
    assert ">Reserve<" in client.get("/").content.decode()
    club_services.membership_suspend(
        membership=Membership.objects.get(club=club, user=players[0]),
        actor=owner,
        reason="tilt",
        until=timezone.now() + timedelta(days=1),
    )
    page = client.get("/").content.decode()
    assert "Friday game" in page  # still listed
    assert ">Reserve<" not in page
