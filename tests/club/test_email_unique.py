"""One account per email address (any case), held by the database: two registrations sent at once
both passed the form's check and made six accounts of one address."""

from __future__ import annotations

import threading

import pytest
from django.db import IntegrityError, connection, transaction
from django.test import Client
from django.urls import reverse

from club.models import User
from tests.conftest import TEST_PASSWORD

pytestmark = pytest.mark.django_db


def _register(client: Client, username: str, email: str):
    data = {
        "username": username,
        "email": email,
        "display_name": "",
        "password1": TEST_PASSWORD,
        "password2": TEST_PASSWORD,
    }
    return client.post(reverse("register"), data)


def test_the_database_refuses_a_second_account_of_one_address_in_any_case(make_user):
    make_user("anna", email="anna@example.org")
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create_user("anna2", email="ANNA@Example.org", password=TEST_PASSWORD)
    # Accounts without an address are many.
    User.objects.create_user("nomail1", email="", password=TEST_PASSWORD)
    User.objects.create_user("nomail2", email="", password=TEST_PASSWORD)


def test_a_registration_that_loses_the_race_is_told_and_makes_nothing(monkeypatch, make_user):
    from club import forms

    # The form's own check passes (as it did for each of the racing requests); the database refuses.
    monkeypatch.setattr(forms._EmailNotTaken, "clean_email", lambda self: self.cleaned_data["email"])
    make_user("anna", email="same@example.org")
    response = _register(Client(), "newbie", "Same@Example.org")
    assert response.status_code == 200
    assert "Another account already uses this email address." in response.content.decode()
    assert not User.objects.filter(username="newbie").exists()


def test_a_profile_change_that_loses_the_race_is_told_and_changes_nothing(monkeypatch, make_user):
    from club import forms

    from .conftest import client_for

    monkeypatch.setattr(forms._EmailNotTaken, "clean_email", lambda self: self.cleaned_data["email"])
    make_user("anna", email="taken@example.org")
    boris = make_user("boris", email="boris@example.org")
    response = client_for(boris).post(
        reverse("profile"),
        {
            "display_name": "",
            "email": "TAKEN@example.org",
            "preferred_language": "",
            "time_zone": "UTC",
            "current_password": TEST_PASSWORD,
        },
    )
    assert response.status_code == 200
    assert "Another account already uses this email address." in response.content.decode()
    boris.refresh_from_db()
    assert boris.email == "boris@example.org"


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_six_registrations_of_one_address_at_once_make_one_account():
    if connection.vendor != "postgresql":
        pytest.skip("races are run on PostgreSQL")
    gate = threading.Barrier(6)
    statuses: list[int] = []
    told: list[bool] = []

    def register(k: int) -> None:
        try:
            client = Client()
            gate.wait()
            response = _register(client, f"racer{k}", "Same@Example.org")
            statuses.append(response.status_code)
            told.append("Another account already uses this email address." in response.content.decode())
        finally:
            connection.close()

    threads = [threading.Thread(target=register, args=(k,)) for k in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert User.objects.filter(email__iexact="same@example.org").count() == 1
    assert sorted(statuses) == [200] * 5 + [302]
    assert sum(told) == 5  # each loser is told why, under the address, not the username


def test_an_address_typed_with_a_composed_or_a_decomposed_letter_is_one_address(make_user):
    """ "ü" of an international domain as one character (NFC) or as "u" and a combining mark (NFD) is
    one mailbox: two accounts were made of it, and the reset form (which compares them as equal)
    mailed both."""
    composed, decomposed = "anna@m\u00fcller.de", "anna@mu\u0308ller.de"
    first = _register(Client(), "muller1", decomposed)
    assert first.status_code == 302, first.content.decode()[-2000:]
    assert User.objects.get(username="muller1").email == composed  # one spelling stored
    second = _register(Client(), "muller2", composed)
    assert second.status_code == 200
    assert "Another account already uses this email address." in second.content.decode()
    # An account stored before, with the decomposed spelling, still holds its address.
    User.objects.create_user("olderacc", email="bob@cafe\u0301.fr")
    third = _register(Client(), "olderacc2", "bob@caf\u00e9.fr")
    assert third.status_code == 200
    assert not User.objects.filter(username__in=["muller2", "olderacc2"]).exists()
