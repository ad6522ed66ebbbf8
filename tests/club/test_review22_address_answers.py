"""Whether an address has an account, asked without end (review 22).

The password-reset page never says whether an address belongs to an account (and limits its mail),
but registration answered "Another account already uses this email address" to anyone, and the
profile's email field to any logged-in person, as often as asked: a list of addresses checked one
by one against the site's accounts, with no limit (a refused form used up nothing). Past
``EMAIL_TAKEN_ANSWERS_PER_NETWORK`` such answers in an hour, a client network is told to wait,
whatever the address, before the form is checked.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from club.models import User

from .conftest import client_for

pytestmark = pytest.mark.django_db

PASSWORD = "Zq8!vbnm-long-pass"
TAKEN = "Another account already uses this email address."
WAIT = "Too many tries with addresses of other accounts came from your network"


@pytest.fixture
def accounts(make_user) -> list[User]:
    return [make_user(f"owner{n}", email=f"owner{n}@example.org") for n in range(6)]


def _register(client: Client, n: int, email: str):
    return client.post(
        reverse("register"),
        {"username": f"prober{n}", "email": email, "password1": PASSWORD, "password2": PASSWORD},
    )


def test_registration_stops_answering_which_addresses_are_taken(settings, accounts):
    settings.EMAIL_TAKEN_ANSWERS_PER_NETWORK = 3
    client = Client(REMOTE_ADDR="203.0.113.40")
    for n in range(3):
        assert TAKEN in _register(client, n, f"owner{n}@example.org").content.decode()
    taken = _register(client, 3, "owner3@example.org")
    free = _register(client, 4, "nobody-here@example.org")
    for answer in (taken, free):
        assert answer.status_code == 429
        page = answer.content.decode()
        assert TAKEN not in page
        assert WAIT in page
    assert not User.objects.filter(username__startswith="prober").exists()
    # Another network is not held back, and may register.
    assert _register(Client(REMOTE_ADDR="198.51.100.41"), 5, "new@example.org").status_code == 302


def test_the_profile_stops_answering_which_addresses_are_taken(settings, accounts, member):
    settings.EMAIL_TAKEN_ANSWERS_PER_NETWORK = 2
    client = client_for(member)
    client.defaults["REMOTE_ADDR"] = "203.0.113.42"

    def change(email: str):
        return client.post(reverse("profile"), {"display_name": "Petar", "email": email, "time_zone": "UTC"})

    for n in range(2):
        assert TAKEN in change(f"owner{n}@example.org").content.decode()
    answer = change("owner2@example.org")
    assert answer.status_code == 429
    assert TAKEN not in answer.content.decode()
    assert WAIT in answer.content.decode()
    # A change that keeps the address is not held back.
    assert (
        client.post(
            reverse("profile"), {"display_name": "Petar P", "email": member.email, "time_zone": "UTC"}
        ).status_code
        == 302
    )
    member.refresh_from_db()
    assert member.display_name == "Petar P"


def test_free_addresses_use_up_nothing(settings, accounts):
    settings.EMAIL_TAKEN_ANSWERS_PER_NETWORK = 1
    client = Client(REMOTE_ADDR="203.0.113.43")
    for n in range(3):
        assert _register(client, n, "not an address").status_code == 200
    assert TAKEN in _register(client, 3, "owner0@example.org").content.decode()
    assert _register(client, 4, "owner1@example.org").status_code == 429


def test_the_wait_is_said_in_russian_and_bulgarian(settings, accounts):
    settings.EMAIL_TAKEN_ANSWERS_PER_NETWORK = 0
    for language, words in (("ru", "Слишком много попыток"), ("bg", "Твърде много опити")):
        client = Client(REMOTE_ADDR="203.0.113.44", HTTP_ACCEPT_LANGUAGE=language)
        answer = _register(client, 0, "owner0@example.org")
        assert answer.status_code == 429
        assert words in answer.content.decode()
