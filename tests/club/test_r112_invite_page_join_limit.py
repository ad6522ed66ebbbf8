"""Review 112: an invite page offered "Join the club" to one who had joined or asked to join that club
as many times as a day allows, and the press was refused ("try again tomorrow"). The page says so
instead of offering the button, in the leave box's words."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.utils import timezone

from club import services
from tests.club.conftest import client_for

pytestmark = pytest.mark.django_db

SAID = "you can come back tomorrow"


@pytest.fixture(autouse=True)
def _no_zone_left() -> Iterator[None]:
    yield
    timezone.deactivate()


def test_an_invite_page_says_the_day_is_spent(settings, invite_club, owner, make_user):
    settings.JOINS_PER_CLUB_PER_DAY = 1
    vera = make_user("vera")
    first = services.invite_create(club=invite_club, actor=owner)
    services.invite_accept(code=first.code, user=vera)
    services.membership_leave(club=invite_club, user=vera)
    second = services.invite_create(club=invite_club, actor=owner)
    page = client_for(vera).get(second.get_absolute_url()).content.decode()
    assert SAID in page
    assert "Join the club" not in page


def test_an_invite_page_offers_the_button_otherwise(invite_club, owner, make_user):
    vera = make_user("vera")
    invite = services.invite_create(club=invite_club, actor=owner)
    page = client_for(vera).get(invite.get_absolute_url()).content.decode()
    assert "Join the club" in page and SAID not in page
