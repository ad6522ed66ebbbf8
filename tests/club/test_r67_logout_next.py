"""Review 67: the log-out's ``next``, read as the log-in's is (review 29).

Django's LogoutView follows any ``next`` its host check lets through: a word with no slash
(``next=abc``, ``next=0``) sent the person, logged out, to ``/accounts/logout/abc``, a 404; ``next=//``
to an address the browser cannot open; and ``next=/accounts/logout/`` (the log-out itself) drew the
admin's "Logged out" page, with its "Log in again" to the admin. They all go home now; a page of the
site is still followed, another site never.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from .conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "target",
    ["abc", "0", "//", "%2F%2Fevil.example", "/accounts/logout/", "https://evil.example/", "//evil.example"],
)
def test_an_odd_next_goes_home(make_user, target):
    client = client_for(make_user("anna"))
    client.raise_request_exception = False
    response = client.post(reverse("logout"), {"next": target})
    assert response.status_code == 302
    assert response.url == reverse("home")
    assert client.get(reverse("profile")).status_code == 302  # logged out all the same


def test_a_page_of_the_site_is_still_followed(make_user):
    client = client_for(make_user("anna"))
    response = client.post(reverse("logout"), {"next": "/rules/?x=1"})
    assert response.status_code == 302 and response.url == "/rules/?x=1"
    assert client.get(reverse("profile")).status_code == 302
