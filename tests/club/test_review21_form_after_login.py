"""Review 21: a form sent from a page whose log-in had ended (logged out in another tab, the
password changed on another device) goes to the log-in page, which then sends the person on to the
form's address with a GET. "Join the club", "Ask the managers for chips" and "Report this deal"
accept only POST: after logging in again the person met a blank page (405, not even in his
language). Such a GET goes to the page the form was on."""

from __future__ import annotations

import pytest
from django.test import Client

from club.models import Club, Membership
from ledger.models import ChipRequest
from tests.conftest import TEST_PASSWORD

from .conftest import m

pytestmark = pytest.mark.django_db


def _login_through(client: Client, response) -> object:
    """Log in on the page the stale form was sent to, as the person would."""
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/?next=")
    return client.post(response["Location"], {"username": "sasha", "password": TEST_PASSWORD}, follow=True)


def test_join_sent_from_a_stale_page_lands_on_the_club_after_logging_in(club, stranger):
    client = Client()  # his log-in ended; the club page in his tab still shows "Join the club"
    page = _login_through(client, client.post(f"/clubs/{club.slug}/join/"))
    assert page.status_code == 200
    assert page.redirect_chain[-1][0] == f"/clubs/{club.slug}/"
    assert "Join the club" in page.content.decode()
    assert not Membership.objects.filter(club=club, user=stranger).exists()  # a GET joins nobody


def test_a_chip_request_sent_from_a_stale_page_lands_on_the_club(club, stranger):
    client = Client()
    Membership.objects.create(club=club, user=stranger, status=Membership.Status.ACTIVE)
    page = _login_through(client, client.post(f"/clubs/{club.slug}/chips/ask/", {"amount": "50"}))
    assert page.status_code == 200
    assert page.redirect_chain[-1][0] == f"/clubs/{club.slug}/"
    assert not ChipRequest.objects.filter(member=m(club, stranger)).exists()  # a GET asks for nothing


def test_the_actions_still_take_posts_only(club, stranger):
    client = Client()
    client.force_login(stranger, backend="django.contrib.auth.backends.ModelBackend")
    assert client.get(f"/clubs/{club.slug}/join/")["Location"] == f"/clubs/{club.slug}/"
    assert client.put(f"/clubs/{club.slug}/join/").status_code == 405
    assert client.delete(f"/clubs/{club.slug}/chips/ask/").status_code == 405
    assert client.get("/deals/12345/report/")["Location"] == "/deals/12345/"
    assert client.post(f"/clubs/{club.slug}/join/").status_code == 302
    assert m(club, stranger).status == Membership.Status.ACTIVE
    assert Club.objects.filter(slug=club.slug).exists()


def test_a_managers_stale_action_lands_on_the_club_after_logging_in(club, owner, member):
    """The managers' forms on the club page (approve, ban, grant chips, an invite link...) the same."""
    target = m(club, member)
    actions = [
        f"/clubs/{club.slug}/members/{target.pk}/ban/",
        f"/clubs/{club.slug}/members/{target.pk}/suspend/",
        f"/clubs/{club.slug}/invites/",
        f"/clubs/{club.slug}/chips/grant/",
        f"/clubs/{club.slug}/chips/requests/1/grant/",
        f"/clubs/{club.slug}/chips/waiting/1/approve/",
    ]
    for url in actions:
        client = Client()
        response = client.post(url, {"reason": "x"})
        page = client.post(response["Location"], {"username": "olga", "password": TEST_PASSWORD}, follow=True)
        assert page.status_code == 200, url
        assert page.redirect_chain[-1][0] == f"/clubs/{club.slug}/", url
    assert m(club, member).status == Membership.Status.ACTIVE
