"""Review 29: an htmx request from a page whose log-in had ended is sent to the log-in page as a
whole page (``HX-Redirect``), back to the page it came from; one from a page older than the last
log-in (a stale form token) reloads the page, which says why. The browser tests
(tests/e2e/test_review29_htmx_after_log_in_ended.py) show what htmx made of the plain answers."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from django.test import Client

from club import services
from club.models import Membership

from .conftest import client_for, m

pytestmark = pytest.mark.django_db


def test_an_htmx_action_after_the_log_in_ended_redirects_the_whole_page(approval_club, stranger):
    page = f"http://testserver/clubs/{approval_club.slug}/?people=2"
    response = Client().post(
        f"/clubs/{approval_club.slug}/members/1/approve/", HTTP_HX_REQUEST="true", HTTP_HX_CURRENT_URL=page
    )
    assert response.status_code == 200
    back = urlencode({"next": f"/clubs/{approval_club.slug}/?people=2"})
    assert response["HX-Redirect"] == f"/accounts/login/?{back}"


def test_a_page_of_another_site_is_not_the_way_back(approval_club):
    response = Client().get(
        f"/clubs/{approval_club.slug}/chips/?before=5",
        HTTP_HX_REQUEST="true",
        HTTP_HX_CURRENT_URL="https://evil.example/",
    )
    assert response["HX-Redirect"] == "/accounts/login/?next=%2F"


def test_a_plain_request_still_gets_the_plain_redirect(approval_club):
    response = Client().post(f"/clubs/{approval_club.slug}/members/1/approve/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=")
    assert "HX-Redirect" not in response


def test_an_htmx_action_with_a_stale_form_token_reloads_the_page_and_says_why(approval_club, owner, stranger):
    services.membership_join(club=approval_club, user=stranger)
    client = client_for(owner)
    client.handler.enforce_csrf_checks = True
    target = m(approval_club, stranger)
    response = client.post(
        f"/clubs/{approval_club.slug}/members/{target.pk}/approve/",
        HTTP_HX_REQUEST="true",
        HTTP_X_CSRFTOKEN="stale" * 6,
    )
    assert response.status_code == 200 and response["HX-Refresh"] == "true"
    assert m(approval_club, stranger).status == Membership.Status.PENDING
    page = client.get(f"/clubs/{approval_club.slug}/").content.decode()
    assert "what you clicked was not sent and nothing has changed" in page


def test_a_plain_form_with_a_stale_token_still_gets_the_403_page(approval_club, owner):
    client = client_for(owner)
    client.handler.enforce_csrf_checks = True
    response = client.post(f"/clubs/{approval_club.slug}/invites/", {"days_valid": "7", "max_uses": "1"})
    assert response.status_code == 403
    assert "The form is out of date" in response.content.decode()
