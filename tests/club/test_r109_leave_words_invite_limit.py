"""The leave box of an invite-only club said "To come back you need an invite link from a manager."
to a member who had joined it as often as a day allows: an invite is let in through the same bound
(``_require_join_budget``), so the link he held would be refused until tomorrow. Review 106's words
for the spent day were left out of invite-only clubs; they are said there too, before the link."""

from __future__ import annotations

import pytest
from django.urls import reverse

from club import services

from .conftest import client_for

pytestmark = pytest.mark.django_db


def _leave_page(user, club) -> str:
    return client_for(user).get(reverse("club_leave", args=[club.slug])).content.decode()


def test_an_invite_clubs_leave_box_says_the_link_waits_for_tomorrow(invite_club, owner, stranger, settings):
    settings.JOINS_PER_CLUB_PER_DAY = 2
    invite = services.invite_create(club=invite_club, actor=owner, max_uses=5)
    services.invite_accept(code=invite.code, user=stranger)
    page = _leave_page(stranger, invite_club)
    assert "in the last day" not in page
    assert "To come back you need an invite link from a manager." in page
    services.membership_leave(club=invite_club, user=stranger)
    services.invite_accept(code=invite.code, user=stranger)
    page = _leave_page(stranger, invite_club)
    assert (
        "You have joined or asked to join this club 2 times in the last day: you can come back tomorrow."
        in page
    )
    assert "To come back you need an invite link from a manager." in page
    # What it says is what the link he holds would answer.
    services.membership_leave(club=invite_club, user=stranger)
    with pytest.raises(services.ServiceError) as refused:
        services.invite_accept(code=invite.code, user=stranger)
    assert refused.value.code == "join_limit"
