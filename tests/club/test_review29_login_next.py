"""Review 29: the log-in page's ``next``.

A logged-in reader sent to ``/accounts/login/?next=/accounts/login/`` (any link may say so) got a
500: Django's LoginView, which sends a logged-in reader on to ``next``, raises on a ``next`` that is
the log-in page. And a ``next`` that is a word but no path (``next=abc``) sent the person, once
logged in, to ``/accounts/login/abc``: a 404. Both go home now, as the registration page does.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import TEST_PASSWORD

from .conftest import client_for

pytestmark = pytest.mark.django_db

GOES_HOME = ["/accounts/login/", "/accounts/login/?next=/clubs/", "abc", "0", "?x=1"]


@pytest.mark.parametrize("target", GOES_HOME)
def test_a_logged_in_reader_goes_home(make_user, target):
    client = client_for(make_user("anna"))
    client.raise_request_exception = False
    response = client.get(reverse("login"), {"next": target})
    assert response.status_code == 302
    assert response.url == reverse("home")


@pytest.mark.parametrize("target", GOES_HOME)
def test_logging_in_goes_home(make_user, target):
    make_user("anna")
    client = Client(raise_request_exception=False)
    data = {"username": "anna", "password": TEST_PASSWORD, "next": target}
    response = client.post(reverse("login"), data)
    assert response.status_code == 302
    assert response.url == reverse("home")
    assert client.get(reverse("profile")).status_code == 200


def test_a_page_of_the_site_is_still_followed(make_user):
    make_user("anna")
    response = Client().post(
        reverse("login"), {"username": "anna", "password": TEST_PASSWORD, "next": "/clubs/x/?people=2"}
    )
    assert response.url == "/clubs/x/?people=2"
    response = Client().post(
        reverse("login"), {"username": "anna", "password": TEST_PASSWORD, "next": "https://evil.example/"}
    )
    assert response.url == reverse("home")
