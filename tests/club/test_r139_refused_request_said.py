"""Review 139: a person whose request to join a club by approval a manager refused came back to the
club's page and found "Ask to join", as if he had never asked: nothing said his request had been
answered, let alone refused (only a withdrawal pressed on a stale page said so, review 104). The
page now says a manager refused it; one who withdrew his request himself is told nothing of the
kind, nor is one let in and gone since."""

from __future__ import annotations

import pytest
from django.utils import timezone, translation

from club import services

from .conftest import client_for, m

pytestmark = pytest.mark.django_db

REFUSED = "A manager has refused your request to join this club."


@pytest.fixture(autouse=True)
def _no_active_timezone():
    timezone.deactivate()
    yield
    timezone.deactivate()


def _page(user, club, language="en") -> str:
    client = client_for(user)
    client.cookies.load({"django_language": language})
    response = client.get(club.get_absolute_url())
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_a_refused_request_is_said_on_the_club_page(approval_club, owner, stranger, language):
    services.membership_join(club=approval_club, user=stranger)
    services.membership_refuse(membership=m(approval_club, stranger), actor=owner)
    with translation.override(language):
        words = translation.gettext(REFUSED)
    assert (words != REFUSED) == (language != "en")
    page = _page(stranger, approval_club, language)
    assert words in page
    # He may still ask again.
    assert approval_club.get_absolute_url() + "join/" in page


def test_a_request_withdrawn_by_oneself_is_not_said_refused(approval_club, stranger):
    services.membership_join(club=approval_club, user=stranger)
    services.membership_leave(club=approval_club, user=stranger, request_only=True)
    assert REFUSED not in _page(stranger, approval_club)


def test_asking_again_after_a_refusal_is_not_said_refused(approval_club, owner, stranger):
    services.membership_join(club=approval_club, user=stranger)
    services.membership_refuse(membership=m(approval_club, stranger), actor=owner)
    services.membership_join(club=approval_club, user=stranger)
    page = _page(stranger, approval_club)
    assert REFUSED not in page
    assert "Your request to join is waiting for a manager." in page


def test_let_in_after_a_refusal_and_gone_is_not_said_refused(approval_club, owner, stranger):
    services.membership_join(club=approval_club, user=stranger)
    services.membership_refuse(membership=m(approval_club, stranger), actor=owner)
    services.membership_join(club=approval_club, user=stranger)
    services.membership_approve(membership=m(approval_club, stranger), actor=owner)
    services.membership_leave(club=approval_club, user=stranger)
    assert REFUSED not in _page(stranger, approval_club)
