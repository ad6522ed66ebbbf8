"""Review 29: a club by approval that its owner opens to everyone. Whoever had asked to join before
kept reading "Your request to join is waiting for a manager." with only a button to withdraw it,
while anyone else joined with one click. His page now offers "Join the club", which lets him in.
"""

from __future__ import annotations

import pytest

from club import services
from club.models import Club, Membership

from .conftest import client_for, m

pytestmark = pytest.mark.django_db


@pytest.fixture
def opened(approval_club, owner, stranger) -> Club:
    services.membership_join(club=approval_club, user=stranger)
    services.club_update(club=approval_club, actor=owner, description="", join_policy=Club.JoinPolicy.OPEN)
    approval_club.refresh_from_db()
    return approval_club


def test_one_who_asked_before_the_club_opened_may_join_at_once(opened, stranger):
    client = client_for(stranger)
    page = client.get(opened.get_absolute_url()).content.decode()
    assert "Join the club" in page
    assert "Your request to join is waiting for a manager." not in page
    response = client.post(f"/clubs/{opened.slug}/join/", follow=True)
    assert m(opened, stranger).status == Membership.Status.ACTIVE
    assert f"Welcome to {opened.name}!" in response.content.decode()


def test_a_request_in_a_club_by_approval_still_waits(approval_club, stranger):
    services.membership_join(club=approval_club, user=stranger)
    page = client_for(stranger).get(approval_club.get_absolute_url()).content.decode()
    assert "Your request to join is waiting for a manager." in page
    assert "Withdraw the request" in page
    assert "Join the club" not in page


def test_the_home_page_says_the_club_he_waits_for_is_open_now(opened, stranger, owner):
    page = client_for(stranger).get("/").content.decode()
    waiting = page.split("Waiting for approval", 1)[1].split("</ul>", 1)[0]
    assert opened.name in waiting and "open to everyone now: join from its page" in waiting
    services.club_update(club=opened, actor=owner, description="", join_policy=Club.JoinPolicy.APPROVAL)
    page = client_for(stranger).get("/").content.decode()
    assert "open to everyone now" not in page
