"""Review 53: a person whose account was switched off, typing his right password, was told "Please
enter a correct username and password": he tried again, reset a password (no mail comes for an
account switched off) and never learnt why. With the right password he is told his account is
switched off, in his language; with a wrong one he learns nothing more than anyone."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from club.forms import ACCOUNT_SWITCHED_OFF
from club.models import User
from tests.conftest import TEST_PASSWORD

pytestmark = pytest.mark.django_db


def _switched_off(make_user, name: str = "anna") -> User:
    user = make_user(name)
    user.is_active = False
    user.save()
    return user


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_the_right_password_of_a_switched_off_account_is_told_so(make_user, language):
    _switched_off(make_user)
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    page = client.post(reverse("login"), {"username": "Anna", "password": TEST_PASSWORD})
    assert page.status_code == 200
    with translation.override(language):
        told = str(ACCOUNT_SWITCHED_OFF)
    assert escape(told) in page.content.decode()
    with translation.override("en"):
        english = str(ACCOUNT_SWITCHED_OFF)
    assert (told != english) == (language != "en")
    assert "_auth_user_id" not in client.session


def test_a_wrong_password_of_a_switched_off_account_reads_as_any_wrong_password(make_user):
    _switched_off(make_user)
    page = Client().post(reverse("login"), {"username": "anna", "password": "not-her-password"})
    text = page.content.decode()
    assert escape(str(ACCOUNT_SWITCHED_OFF)) not in text
    assert "Please enter a correct username and password" in text


def test_an_active_account_logs_in_as_before(make_user):
    make_user("anna")
    client = Client()
    assert client.post(reverse("login"), {"username": "anna", "password": TEST_PASSWORD}).status_code == 302
    assert client.session.get("_auth_user_id")
