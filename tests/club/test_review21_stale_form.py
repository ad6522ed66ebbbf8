"""Review 21: a form kept open in one tab while its reader logged in again in another (a log-in
changes the form token) was answered with Django's bare CSRF page: English title and lang="en",
"More information is available with DEBUG=True", no way back to the site, its inline style blocked
by the site's Content-Security-Policy. It is the site's own page now, in the reader's language,
saying what happened and what to do."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from club.models import Membership
from tests.conftest import TEST_PASSWORD

pytestmark = pytest.mark.django_db


def _token(html: str) -> str:
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)[1]


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("bg", "Този формуляр е отворен, преди да влезете или излезете"),
        ("ru", "Эта форма была открыта до того, как вы вошли или вышли"),
        ("en", "This form was opened before you logged in or out"),
    ],
)
def test_a_form_from_before_a_log_in_gets_the_sites_page(club, stranger, language, words):
    client = Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE=language)
    login_page = client.get("/accounts/login/").content.decode()
    client.post(
        "/accounts/login/",
        {"username": "sasha", "password": TEST_PASSWORD, "csrfmiddlewaretoken": _token(login_page)},
    )
    stale = _token(client.get(f"/clubs/{club.slug}/").content.decode())  # the tab left open
    # Logged out and in again in another tab: a new form token.
    client.post("/accounts/logout/", {"csrfmiddlewaretoken": stale})
    login_page = client.get("/accounts/login/").content.decode()
    client.post(
        "/accounts/login/",
        {"username": "sasha", "password": TEST_PASSWORD, "csrfmiddlewaretoken": _token(login_page)},
    )

    response = client.post(f"/clubs/{club.slug}/join/", {"csrfmiddlewaretoken": stale})
    assert response.status_code == 403
    html = response.content.decode()
    assert words in html
    assert f'<html lang="{language}">' in html
    assert "DEBUG" not in html and "<style>" not in html
    assert 'class="site-header"' in html and 'href="/"' in html
    assert not Membership.objects.filter(club=club, user=stranger).exists()
