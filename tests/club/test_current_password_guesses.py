"""The forms that ask for the current password count wrong ones as the log-in does (review 12).

Changing the email address asks for the current password, so that whoever found a logged-in session
cannot point the password reset at his own mailbox; changing the password asks for the old one. Both
were checked without a count: against a running server twelve guesses in a row on each were answered
as the first, and the right one after them was taken. The log-in locks a name at an address after
``AXES_FAILURE_LIMIT`` wrong passwords; these forms now count towards that same lock, and a locked name
is refused whatever is typed.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import TEST_PASSWORD

pytestmark = pytest.mark.django_db

PROFILE = {"display_name": "", "preferred_language": "", "time_zone": "UTC"}


def _session(user, address: str = "198.51.100.20") -> Client:
    client = Client(REMOTE_ADDR=address)
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _new_email(client: Client, password: str):
    return client.post(
        reverse("profile"), {**PROFILE, "email": "thief@example.org", "current_password": password}
    )


def _new_password(client: Client, old: str):
    return client.post(
        reverse("password_change"),
        {"old_password": old, "new_password1": "Zq8!vbnm-long-pass", "new_password2": "Zq8!vbnm-long-pass"},
    )


def test_guessing_the_password_to_change_the_email_stops_at_the_lock(make_user, settings):
    anna = make_user("anna")
    client = _session(anna)
    for k in range(settings.AXES_FAILURE_LIMIT):
        _new_email(client, f"guess{k}")
    response = _new_email(client, TEST_PASSWORD)  # the right one, after the limit
    assert response.status_code == 429
    anna.refresh_from_db()
    assert anna.email == "anna@example.org"
    # The same lock the log-in form keeps: the name is locked at this address there too.
    login = Client(REMOTE_ADDR="198.51.100.20").post(
        reverse("login"), {"username": "anna", "password": TEST_PASSWORD}
    )
    assert login.status_code == 429


def test_guessing_the_old_password_to_change_it_stops_at_the_lock(make_user, settings):
    anna = make_user("anna")
    client = _session(anna)
    for k in range(settings.AXES_FAILURE_LIMIT):
        assert _new_password(client, f"guess{k}").status_code in (200, 429)
    response = _new_password(client, TEST_PASSWORD)
    assert response.status_code == 429
    anna.refresh_from_db()
    assert anna.check_password(TEST_PASSWORD)


def test_the_right_passwords_still_work_and_a_few_typos_do_not_lock(make_user):
    anna = make_user("anna")
    client = _session(anna)
    assert _new_email(client, "typo").status_code == 200
    response = _new_email(client, TEST_PASSWORD)
    assert response.status_code == 302
    anna.refresh_from_db()
    assert anna.email == "thief@example.org"
    assert _new_password(client, "typo").status_code == 200
    assert _new_password(client, TEST_PASSWORD).status_code == 302
    anna.refresh_from_db()
    assert anna.check_password("Zq8!vbnm-long-pass")
