"""Review 112: a club's name could hold private-use characters (U+E000–U+F8FF, planes 15 and 16),
which each device draws its own way (a logo, an empty box, nothing): the name every visitor reads on
the home page was not the one its owner typed. They are refused with a sentence, when a club is
opened and when it is renamed, as display names refuse them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.urls import reverse
from django.utils import timezone

from club import services
from club.errors import ServiceError
from club.models import CLUB_PRIVATE_USE_MESSAGE, Club
from tests.club.conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left() -> Iterator[None]:
    yield
    timezone.deactivate()


@pytest.mark.parametrize("name", ["Club\ue000", "\U000f0001 Night", "Poker \U00100000"])
def test_a_new_club_may_not_be_named_so(make_user, name):
    olga = make_user("olga")
    with pytest.raises(ServiceError) as refused:
        services.club_create(user=olga, name=name)
    assert refused.value.message == str(CLUB_PRIVATE_USE_MESSAGE)
    response = client_for(olga).post(reverse("club_create"), {"name": name, "join_policy": "open"})
    assert not Club.objects.exists()
    assert response.status_code in (200, 302)


def test_a_club_may_not_be_renamed_so(make_user, make_club):
    olga = make_user("olga")
    club = make_club(olga, "Plain")
    with pytest.raises(ServiceError) as refused:
        services.club_settings_check(club=club, description="", join_policy="open", name="Plain\uf8ff")
    assert refused.value.message == str(CLUB_PRIVATE_USE_MESSAGE)


def test_an_emoji_is_still_taken(make_user):
    club = services.club_create(user=make_user("olga"), name="Spades ♠️")
    assert club.name == "Spades ♠️"
