"""Review 121: the registration form sent again within a minute of the account's opening (a double
click, the Back button) logs in whoever sends the account's username, address and password
(review 29). It checked the password by itself, outside django-axes: a name locked out at an address
after ``AXES_FAILURE_LIMIT`` wrong passwords still logged in through the registration form, and its
wrong guesses were never counted. It now asks as a log-in asks (``password_confirmed``)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.conftest import TEST_PASSWORD

pytestmark = pytest.mark.django_db

ADDRESS = "198.51.100.21"
FORM = {
    "username": "newbie",
    "email": "newbie@example.org",
    "display_name": "Newbie",
    "password1": TEST_PASSWORD,
    "password2": TEST_PASSWORD,
}


@pytest.fixture(autouse=True)
def _no_active_timezone():
    timezone.deactivate()
    yield
    timezone.deactivate()


def _logged_in(client: Client) -> bool:
    return client.get(reverse("profile")).status_code == 200


def test_a_locked_out_name_is_not_logged_in_by_the_registration_form_again(settings):
    assert Client(REMOTE_ADDR=ADDRESS).post(reverse("register"), FORM).status_code == 302
    for k in range(settings.AXES_FAILURE_LIMIT):
        Client(REMOTE_ADDR=ADDRESS).post(reverse("login"), {"username": "newbie", "password": f"guess{k}"})
    locked = Client(REMOTE_ADDR=ADDRESS).post(
        reverse("login"), {"username": "newbie", "password": TEST_PASSWORD}
    )
    assert locked.status_code == 429  # the log-in itself refuses the right password now
    client = Client(REMOTE_ADDR=ADDRESS)
    client.post(reverse("register"), FORM)
    assert not _logged_in(client)


def test_guesses_through_the_registration_form_count_towards_the_lock(settings):
    assert Client(REMOTE_ADDR=ADDRESS).post(reverse("register"), FORM).status_code == 302
    for k in range(settings.AXES_FAILURE_LIMIT):
        guess = f"Guess-long-pass-{k}"
        Client(REMOTE_ADDR=ADDRESS).post(
            reverse("register"), {**FORM, "password1": guess, "password2": guess}
        )
    client = Client(REMOTE_ADDR=ADDRESS)
    client.post(reverse("register"), FORM)  # the right one, after the limit
    assert not _logged_in(client)


def test_the_same_form_again_still_logs_in():
    Client(REMOTE_ADDR=ADDRESS).post(reverse("register"), FORM)
    client = Client(REMOTE_ADDR=ADDRESS)
    assert client.post(reverse("register"), FORM).status_code == 302
    assert _logged_in(client)
