"""Review 112: an invite page, and the club's own page, offered "Join the club" (or "Ask to join") to
one who had joined or asked to join that club as many times as a day allows, and the press was
refused ("try again tomorrow"). The pages say so instead of offering the button, in the leave box's
words."""

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


@pytest.mark.parametrize("policy", ["open", "approval"])
def test_the_club_page_says_it_too(settings, make_club, owner, make_user, policy):
    settings.JOINS_PER_CLUB_PER_DAY = 1
    club = make_club(owner, f"Spent {policy}", join_policy=policy)
    vera = make_user("vera")
    services.membership_join(club=club, user=vera)
    services.membership_leave(club=club, user=vera, request_only=policy == "approval")
    page = client_for(vera).get(club.get_absolute_url()).content.decode()
    assert SAID in page
    assert "Join the club" not in page and "Ask to join" not in page
    fresh = client_for(make_user("gleb")).get(club.get_absolute_url()).content.decode()
    assert SAID not in fresh and ("Join the club" in fresh or "Ask to join" in fresh)
