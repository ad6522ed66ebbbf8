"""Review 29: "Register" pressed twice (a double click, a browser retry). The browser shows the
answer to the second copy, which found the username and the address taken: "A user with that
username already exists.", not logged in, though the first copy had opened his account. The same
form again within a minute (the same username, address and password) now logs him in as the first
copy did; anything else is refused as before.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from club.models import User
from tests.conftest import TEST_PASSWORD

pytestmark = pytest.mark.django_db

FORM = {
    "username": "newbie",
    "email": "newbie@example.org",
    "display_name": "Newbie",
    "password1": TEST_PASSWORD,
    "password2": TEST_PASSWORD,
}


def _logged_in(client: Client) -> bool:
    return client.get(reverse("profile")).status_code == 200


def test_the_second_copy_of_the_form_logs_in_the_account_the_first_opened():
    first, second = Client(), Client()  # the first answer never reached the browser
    assert first.post(reverse("register"), {**FORM, "next": "/invite/abc/"}).status_code == 302
    response = second.post(reverse("register"), {**FORM, "next": "/invite/abc/"})
    assert response.status_code == 302 and response.url == "/invite/abc/"
    assert _logged_in(second)
    assert User.objects.filter(username="newbie").count() == 1


@pytest.mark.parametrize(
    "change",
    [
        {"password1": "Another-long-pass-77", "password2": "Another-long-pass-77"},
        {"email": "other@example.org"},
    ],
)
def test_another_password_or_address_is_refused_as_before(change):
    Client().post(reverse("register"), FORM)
    client = Client()
    response = client.post(reverse("register"), {**FORM, **change})
    assert response.status_code == 200
    assert "A user with that username already exists." in response.content.decode()
    assert not _logged_in(client)


def test_an_account_opened_earlier_is_not_logged_in_by_the_registration_form():
    Client().post(reverse("register"), FORM)
    User.objects.filter(username="newbie").update(date_joined=timezone.now() - timedelta(minutes=5))
    client = Client()
    response = client.post(reverse("register"), FORM)
    assert response.status_code == 200
    assert not _logged_in(client)
