"""Review 135: a password that reads like the person's display name was taken. Django's similarity
check compares a password with the username, the names and the address, never the display name,
which is the name every other player of his clubs reads beside him at the tables: "Gorgeous
Petrovna" registered with the password "GorgeousPetrovna", and anyone who had played with her could
guess it. It is refused now as one like the username is, at registration, on the password change
and on a reset."""

from __future__ import annotations

import pytest
from django.contrib.auth.tokens import default_token_generator
from django.test import Client
from django.utils import timezone, translation
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from club.models import User
from tests.conftest import TEST_PASSWORD

from .conftest import client_for

LIKE_THE_NAME = "GorgeousPetrovna"


@pytest.fixture(autouse=True)
def _no_zone():
    yield
    timezone.deactivate()


def _refusals(response) -> str:
    assert response.status_code == 200, "taken"
    return " ".join(str(e) for errors in response.context["form"].errors.values() for e in errors)


def _refused_as_like_the_name(response) -> bool:
    return "too similar to the display name" in _refusals(response)


@pytest.mark.django_db
def test_registration_refuses_a_password_like_the_display_name():
    response = Client().post(
        "/accounts/register/",
        {
            "username": "zhenya77",
            "email": "z77@example.org",
            "display_name": "Gorgeous Petrovna",
            "password1": LIKE_THE_NAME,
            "password2": LIKE_THE_NAME,
        },
    )
    assert _refused_as_like_the_name(response)
    assert not User.objects.filter(username="zhenya77").exists()


@pytest.mark.django_db
def test_registration_says_it_in_russian():
    with translation.override("ru"):
        response = Client(headers={"accept-language": "ru"}).post(
            "/accounts/register/",
            {
                "username": "zhenya77",
                "email": "z77@example.org",
                "display_name": "Gorgeous Petrovna",
                "password1": LIKE_THE_NAME,
                "password2": LIKE_THE_NAME,
            },
        )
    assert "отображаемое имя" in _refusals(response)


@pytest.mark.django_db
def test_password_change_refuses_a_password_like_the_display_name(make_user):
    person = make_user("zhenya77", display_name="Gorgeous Petrovna")
    response = client_for(person).post(
        "/accounts/password/change/",
        {"old_password": TEST_PASSWORD, "new_password1": LIKE_THE_NAME, "new_password2": LIKE_THE_NAME},
    )
    assert _refused_as_like_the_name(response)
    person.refresh_from_db()
    assert not person.check_password(LIKE_THE_NAME)


@pytest.mark.django_db
def test_reset_refuses_a_password_like_the_display_name(make_user):
    person = make_user("zhenya77", display_name="Gorgeous Petrovna")
    uid = urlsafe_base64_encode(force_bytes(person.pk))
    client = Client()
    opened = client.get(f"/accounts/reset/{uid}/{default_token_generator.make_token(person)}/")
    assert opened.status_code == 302
    typed = {"new_password1": LIKE_THE_NAME, "new_password2": LIKE_THE_NAME}
    response = client.post(opened.headers["Location"], typed)
    assert _refused_as_like_the_name(response)
    person.refresh_from_db()
    assert not person.check_password(LIKE_THE_NAME)


@pytest.mark.django_db
def test_a_password_unlike_the_display_name_is_taken():
    response = Client().post(
        "/accounts/register/",
        {
            "username": "zhenya77",
            "email": "z77@example.org",
            "display_name": "Gorgeous Petrovna",
            "password1": "a-Long-enough-pass-42",
            "password2": "a-Long-enough-pass-42",
        },
    )
    assert response.status_code == 302
