"""Review 135: a ``next`` with a space (or a tab) before its path, " /clubs/open-table/" (a link
pasted with the space that came before it, a mail program's line break), passed the check of a page
of this site, as browsers read such an address without it, but was sent on as it came: the answer's
Location was "%20/clubs/open-table/", an address relative to the page, and the person landed, once
logged in (or registered, logged out, or his language switched), on a 404 such as
/accounts/login/%20/clubs/open-table/. It is now followed as the browser reads it: the page named."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.conftest import TEST_PASSWORD

from .conftest import client_for

pytestmark = pytest.mark.django_db

TARGETS = [" /clubs/", "\t/clubs/", "/clubs/ ", " \n/clubs/\r\n"]


@pytest.fixture(autouse=True)
def _no_zone():
    yield
    timezone.deactivate()


@pytest.mark.parametrize("target", TARGETS)
def test_logging_in_goes_to_the_page(make_user, target):
    make_user("anna")
    data = {"username": "anna", "password": TEST_PASSWORD, "next": target}
    response = Client().post(reverse("login"), data)
    assert (response.status_code, response.url) == (302, "/clubs/")


@pytest.mark.parametrize("target", TARGETS)
def test_a_logged_in_reader_of_the_login_page_goes_to_the_page(make_user, target):
    response = client_for(make_user("anna")).get(reverse("login"), {"next": target})
    assert (response.status_code, response.url) == (302, "/clubs/")


@pytest.mark.parametrize("target", TARGETS)
def test_logging_out_goes_to_the_page(make_user, target):
    response = client_for(make_user("anna")).post(reverse("logout"), {"next": target})
    assert (response.status_code, response.url) == (302, "/clubs/")


@pytest.mark.parametrize("target", TARGETS)
def test_registering_goes_to_the_page(target):
    data = {
        "username": "newbie",
        "email": "newbie@example.org",
        "password1": "a-Long-enough-pass-42",
        "password2": "a-Long-enough-pass-42",
        "next": target,
    }
    response = Client().post(reverse("register"), data)
    assert (response.status_code, response.url) == (302, "/clubs/")


@pytest.mark.parametrize("target", TARGETS)
def test_the_language_switch_goes_to_the_page(target):
    response = Client().post(reverse("set_language"), {"language": "ru", "next": target})
    assert (response.status_code, response.url) == (302, "/clubs/")
