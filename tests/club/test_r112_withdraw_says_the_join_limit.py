"""Review 112: withdrawing a request to join said nothing of the day's join limit, though asking again
would then be refused until tomorrow (the leave box says so for a member who leaves). Beside the
withdraw button, and in the words after it, the person now reads that he can ask again only
tomorrow, when that is so; otherwise nothing is added."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import timezone

from club import services
from tests.club.conftest import client_for

pytestmark = pytest.mark.django_db

BESIDE = "if you withdraw this request, you can ask again only tomorrow"
AFTER = "you can come back tomorrow"


@pytest.fixture(autouse=True)
def _no_zone_left() -> Iterator[None]:
    yield
    timezone.deactivate()


@pytest.fixture
def asking(settings, approval_club, make_user):
    settings.JOINS_PER_CLUB_PER_DAY = 2
    vera = make_user("vera")
    services.membership_join(club=approval_club, user=vera)
    return vera


def _pages(club, user) -> list[str]:
    client = client_for(user)
    return [
        client.get(reverse("club_detail", args=[club.slug])).content.decode(),
        client.get(reverse("club_leave", args=[club.slug])).content.decode(),
    ]


def _withdraw(club, user) -> list[str]:
    form = {"confirm": "1", "withdraw": "1"}
    response = client_for(user).post(reverse("club_leave", args=[club.slug]), form)
    return [str(m) for m in get_messages(response.wsgi_request)]


def test_with_the_day_spent_the_withdraw_says_tomorrow(approval_club, asking):
    services.membership_leave(club=approval_club, user=asking, request_only=True)
    services.membership_join(club=approval_club, user=asking)  # the day's second, its last
    for page in _pages(approval_club, asking):
        assert "Withdraw the request" in page
        assert BESIDE in page
    said = _withdraw(approval_club, asking)
    assert len(said) == 1 and said[0].startswith("Your request to join By Request has been withdrawn.")
    assert AFTER in said[0]


def test_with_asks_left_nothing_is_added(approval_club, asking):
    for page in _pages(approval_club, asking):
        assert "Withdraw the request" in page
        assert BESIDE not in page
    assert _withdraw(approval_club, asking) == ["Your request to join By Request has been withdrawn."]
