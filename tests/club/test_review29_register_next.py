"""Review 29: the registration page's ``next`` that is a local address but no path.

``redirect()`` reads a word without a slash or a dot as the name of a page: ``?next=0`` (or
``next=abc``) answered a logged-in reader with a 500, and a newcomer who registered from such an
address had his account opened and was shown the error page. Such a ``next`` now goes home, as a
foreign one does.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from club.models import User
from tests.conftest import TEST_PASSWORD

from .conftest import client_for

pytestmark = pytest.mark.django_db

NOT_A_PATH = ["0", "abc", "ledger_my_chips", "home", "?x=1", "#top"]


@pytest.mark.parametrize("target", NOT_A_PATH)
def test_a_logged_in_reader_with_a_next_that_is_no_path_goes_home(make_user, target):
    client = client_for(make_user("anna"))
    client.raise_request_exception = False
    response = client.get(reverse("register"), {"next": target})
    assert response.status_code == 302
    assert response.url == reverse("home")


@pytest.mark.parametrize("target", NOT_A_PATH)
def test_registering_with_a_next_that_is_no_path_opens_the_account_and_goes_home(target):
    client = Client(raise_request_exception=False)
    data = {
        "username": "newbie",
        "email": "newbie@example.org",
        "display_name": "Newbie",
        "password1": TEST_PASSWORD,
        "password2": TEST_PASSWORD,
        "next": target,
    }
    response = client.post(reverse("register"), data)
    assert response.status_code == 302
    assert response.url == reverse("home")
    assert User.objects.filter(username="newbie").exists()


def test_a_local_path_is_still_followed(make_user):
    client = client_for(make_user("anna"))
    assert client.get(reverse("register"), {"next": "/clubs/x/?people=2"}).url == "/clubs/x/?people=2"
    page = Client().get(reverse("register"), {"next": "abc"}).content.decode()
    assert 'name="next" value="/"' in page  # the form carries home, not the word
