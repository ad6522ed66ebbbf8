"""Review 29: an htmx request from a page whose log-in had ended is sent to the log-in page as a
whole page (``HX-Redirect``), back to the page it came from; the browser test
(tests/e2e/test_review29_htmx_after_log_in_ended.py) shows what htmx made of the plain redirect."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from django.test import Client

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
