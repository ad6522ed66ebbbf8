"""The leave box told a member "You can join again at any time." when he had joined or asked to join
the club as often as a day allows: coming back would be refused until tomorrow (review 104's
left-out). It now says so, in en, ru and bg; a member with joins left still reads "at any time"."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from club import services

from .conftest import client_for, m

pytestmark = pytest.mark.django_db


def _leave_page(user, club, language: str = "en") -> str:
    client = client_for(user)
    client.cookies["django_language"] = language
    with translation.override(language):
        return client.get(
            reverse("club_leave", args=[club.slug]), HTTP_ACCEPT_LANGUAGE=language
        ).content.decode()


def test_the_leave_box_says_when_coming_back_waits_for_tomorrow(club, stranger, settings):
    settings.JOINS_PER_CLUB_PER_DAY = 2
    services.membership_join(club=club, user=stranger)
    assert "You can join again at any time." in _leave_page(stranger, club)
    services.membership_leave(club=club, user=stranger)
    services.membership_join(club=club, user=stranger)
    page = _leave_page(stranger, club)
    assert (
        "You have joined or asked to join this club 2 times in the last day: you can come back tomorrow."
        in page
    )
    assert "at any time" not in page
    ru = _leave_page(stranger, club, "ru")
    said = "просили принять вас 2 раза за последние сутки: вернуться можно будет завтра"
    assert said in ru
    # What it says is what a join would answer.
    services.membership_leave(club=club, user=stranger)
    with pytest.raises(services.ServiceError) as refused:
        services.membership_join(club=club, user=stranger)
    assert refused.value.code == "join_limit"


def test_an_approval_club_still_says_a_manager_decides(approval_club, owner, stranger, settings):
    settings.JOINS_PER_CLUB_PER_DAY = 1
    services.membership_join(club=approval_club, user=stranger)
    services.membership_approve(membership=m(approval_club, stranger), actor=owner)
    page = _leave_page(stranger, approval_club)
    assert "you can come back tomorrow." in page
    assert "To come back you ask to join again, and a manager decides." in page
