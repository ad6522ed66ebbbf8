"""Review 139: leaving a club withdraws the member's open request for chips (review 112) and a grant
to him that waits for a second manager's approval (review 121), but the leave confirmation said only
"Your chips stay yours: you find them here again if you come back": he left expecting the chips he
had asked for, or had been granted, and read on coming back that they were withdrawn. The box now
says what his leaving withdraws (en, ru, bg); a member with nothing waiting reads nothing of it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from club import services as club_services
from club.models import Club, Membership
from ledger.models import Adjustment
from ledger.services import chips_adjust, chips_request
from tests.club.conftest import client_for

pytestmark = pytest.mark.django_db

ASKED = "Your request for 50 chips, not yet answered, is withdrawn."
GRANTED = "The 150 chips a manager granted you, still waiting for a second manager's approval, are withdrawn."


@pytest.fixture(autouse=True)
def _no_zone_left() -> Iterator[None]:
    timezone.deactivate()
    yield
    timezone.deactivate()


@pytest.fixture
def setting(make_user, make_club):
    owner = make_user("olga", display_name="Olga")
    club = make_club(owner, "Gone")
    Club.objects.filter(pk=club.pk).update(four_eyes_above=100)
    club.refresh_from_db()
    petar = make_user("petar", display_name="Petar")
    club_services.membership_join(club=club, user=petar)
    return owner, club, petar


def _leave_box(user, club, language="en") -> str:
    client = client_for(user)
    client.cookies.load({"django_language": language})
    response = client.get(reverse("club_leave", args=[club.slug]))
    assert response.status_code == 200
    return response.content.decode()


def _said(text: str, language: str) -> str:
    with translation.override(language):
        words = translation.ngettext(
            "Your request for %(counter)s chip, not yet answered, is withdrawn.",
            "Your request for %(counter)s chips, not yet answered, is withdrawn.",
            50,
        ) % {"counter": 50} if text == ASKED else translation.ngettext(
            "The %(counter)s chip a manager granted you, still waiting for a second manager's approval, "
            "is withdrawn.",
            "The %(counter)s chips a manager granted you, still waiting for a second manager's approval, "
            "are withdrawn.",
            150,
        ) % {"counter": 150}
    assert (words != text) == (language != "en"), words
    return words


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_the_leave_box_says_an_open_request_for_chips_is_withdrawn(setting, language):
    _owner, club, petar = setting
    chips_request(member=Membership.objects.get(club=club, user=petar), amount=50, note="please")
    page = _leave_box(petar, club, language)
    assert _said(ASKED, language) in page.replace("&#x27;", "'")


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_the_leave_box_says_a_grant_waiting_for_a_second_manager_is_withdrawn(setting, language):
    owner, club, petar = setting
    chips_adjust(
        member=Membership.objects.get(club=club, user=petar),
        kind=Adjustment.Kind.GRANT,
        amount=150,
        actor=owner,
        reason="welcome",
        idempotency_key="r139-grant",
    )
    assert Adjustment.objects.filter(status=Adjustment.Status.PENDING).count() == 1
    page = _leave_box(petar, club, language).replace("&#x27;", "'")
    assert _said(GRANTED, language) in page


def test_nothing_waiting_is_said_of_a_member_with_nothing_waiting(setting):
    _owner, club, petar = setting
    page = _leave_box(petar, club)
    assert "not yet answered" not in page
    assert "second manager" not in page
