"""Review 135: a password changed on another device (by him, a reset, or someone else) ends the login
of every other browser of his. The next page he opened on his laptop sent him to the log-in page,
which said nothing: he read that he had been logged out, for no reason, and typed the old password.
The log-in page now says that his password was changed and to log in with the new one (or reset it
if he did not change it). A log-out, or a log-in as someone else, is said as before: nothing."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.conftest import TEST_PASSWORD

from .conftest import client_for

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "another-long-password-2026"
SAID = "Your password was changed"


@pytest.fixture(autouse=True)
def _no_zone():
    yield
    timezone.deactivate()


def _changed_on(phone: Client) -> None:
    answer = phone.post(
        reverse("password_change"),
        {"old_password": TEST_PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert answer.status_code == 302


def test_the_other_browser_is_told_its_password_changed(make_user):
    vera = make_user("vera")
    laptop, phone = client_for(vera), client_for(vera)
    _changed_on(phone)
    page = laptop.get(reverse("profile"), follow=True)
    assert page.request["PATH_INFO"] == reverse("login")
    assert SAID in page.content.decode()
    # Said once: the log-in page opened again says nothing more.
    assert SAID not in laptop.get(reverse("login")).content.decode()
    # The browser that changed it is still logged in.
    assert phone.get(reverse("profile")).status_code == 200


def test_it_is_said_in_the_readers_language(make_user):
    vera = make_user("vera", preferred_language="ru")
    laptop, phone = client_for(vera), client_for(vera)
    _changed_on(phone)
    laptop.cookies["django_language"] = "ru"
    page = laptop.get(reverse("profile"), follow=True).content.decode()
    assert "Ваш пароль был изменён" in page and SAID not in page


def test_a_log_out_says_nothing_of_a_password(make_user):
    laptop = client_for(make_user("vera"))
    laptop.post(reverse("logout"))
    assert SAID not in laptop.get(reverse("login")).content.decode()


def test_a_log_in_as_someone_else_says_nothing_of_a_password(make_user):
    make_user("gleb")
    browser = client_for(make_user("vera"))
    browser.post(reverse("logout"))
    browser.post(reverse("login"), {"username": "gleb", "password": TEST_PASSWORD})
    browser.post(reverse("logout"))
    assert SAID not in browser.get(reverse("login")).content.decode()
