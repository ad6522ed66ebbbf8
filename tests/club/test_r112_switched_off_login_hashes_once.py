"""Review 112: a log-in to an account switched off hashed the typed password twice (Django's backend
once, then the form again to tell whether it was the right one), where any other log-in hashes it
once: the time the answer took told an attacker which usernames were switched-off accounts. Every
log-in hashes once now, and the right password of a switched-off account is still told so."""

from __future__ import annotations

from collections.abc import Iterator
from unittest import mock

import pytest
from django.contrib.auth import base_user, hashers
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from club.forms import ACCOUNT_SWITCHED_OFF
from tests.conftest import TEST_PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left() -> Iterator[None]:
    yield
    timezone.deactivate()


def _hashes_of(username: str, password: str) -> tuple[int, str]:
    """How many times the password was hashed for one log-in, and the page."""
    count = 0
    checked, made = base_user.check_password, hashers.make_password

    def counting_check(*args, **kwargs):
        nonlocal count
        count += 1
        return checked(*args, **kwargs)

    def counting_make(*args, **kwargs):
        nonlocal count
        count += 1
        return made(*args, **kwargs)

    with (
        mock.patch.object(base_user, "check_password", counting_check),
        mock.patch.object(base_user, "make_password", counting_make),
    ):
        page = Client().post(reverse("login"), {"username": username, "password": password})
    return count, page.content.decode()


@pytest.fixture
def accounts(make_user) -> None:
    make_user("anna")
    off = make_user("boris")
    off.is_active = False
    off.save()


@pytest.mark.parametrize(
    ("username", "password"),
    [
        ("anna", "not-her-password"),  # active, wrong
        ("boris", "not-his-password"),  # switched off, wrong
        ("boris", TEST_PASSWORD),  # switched off, right
        ("nobody", "anything-at-all"),  # no such account
    ],
)
def test_every_refused_log_in_hashes_the_password_once(accounts, username, password):
    count, _page = _hashes_of(username, password)
    assert count == 1


def test_the_right_password_of_a_switched_off_account_is_still_told(accounts):
    _count, page = _hashes_of("Boris", TEST_PASSWORD)
    assert escape(str(ACCOUNT_SWITCHED_OFF)) in page
    _count, page = _hashes_of("boris", "not-his-password")
    assert escape(str(ACCOUNT_SWITCHED_OFF)) not in page
    assert "Please enter a correct username and password" in page
