"""Changing the account's email address asks for the current password: the address is where a
password reset goes, so anyone who found a logged-in session (a shared computer, a stolen cookie)
changed it in the profile without a password, asked for a reset and kept the account for good."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.conftest import TEST_PASSWORD

from .conftest import client_for

pytestmark = pytest.mark.django_db

PROFILE = {"display_name": "", "preferred_language": "", "time_zone": "UTC"}


def test_a_new_email_without_the_password_changes_nothing(make_user):
    anna = make_user("anna")
    response = client_for(anna).post(reverse("profile"), {**PROFILE, "email": "thief@example.org"})
    assert response.status_code == 200
    assert "Type your current password to change the email address." in response.content.decode()
    anna.refresh_from_db()
    assert anna.email == "anna@example.org"


def test_a_wrong_password_changes_nothing(make_user):
    anna = make_user("anna")
    client_for(anna).post(
        reverse("profile"), {**PROFILE, "email": "thief@example.org", "current_password": "guess"}
    )
    anna.refresh_from_db()
    assert anna.email == "anna@example.org"


def test_the_right_password_changes_the_email(make_user):
    anna = make_user("anna")
    response = client_for(anna).post(
        reverse("profile"), {**PROFILE, "email": "anna2@example.org", "current_password": TEST_PASSWORD}
    )
    assert response.status_code == 302
    anna.refresh_from_db()
    assert anna.email == "anna2@example.org"


def test_the_rest_of_the_profile_needs_no_password(make_user):
    anna = make_user("anna")
    response = client_for(anna).post(
        reverse("profile"), {**PROFILE, "email": "anna@example.org", "time_zone": "Europe/Sofia"}
    )
    assert response.status_code == 302
    anna.refresh_from_db()
    assert anna.time_zone == "Europe/Sofia"


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_the_refusal_is_in_the_readers_language(make_user, language):
    anna = make_user("anna")
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(anna, backend="django.contrib.auth.backends.ModelBackend")
    page = client.post(reverse("profile"), {**PROFILE, "email": "thief@example.org"}).content.decode()
    english = "Type your current password to change the email address."
    with translation.override(language):
        said = translation.gettext(english)
    assert said != english and said in page


@pytest.mark.parametrize(
    ("stored", "typed"),
    [
        ("vera@strasse.de", "vera@straße.de"),  # another domain (xn--strae-oqa.de), the same casefold
        ("vesa@example.org", "veſa@example.org"),  # a long s: casefolds to "s"
    ],
)
def test_an_address_that_only_casefolds_alike_is_a_new_address(make_user, stored, typed):
    """A case change needs no password (the same mailbox), but casefold() also makes ß "ss" and
    a long ſ "s": another domain, another mailbox, changed without the password."""
    anna = make_user("anna")
    anna.email = stored
    anna.save(update_fields=["email"])
    client_for(anna).post(reverse("profile"), {**PROFILE, "email": typed})
    anna.refresh_from_db()
    assert anna.email == stored


def test_a_change_of_case_alone_needs_no_password(make_user):
    anna = make_user("anna")
    response = client_for(anna).post(reverse("profile"), {**PROFILE, "email": "Anna@Example.org"})
    assert response.status_code == 302
