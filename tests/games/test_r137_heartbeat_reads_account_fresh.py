"""Review 137: the heartbeat that finds a table socket's login over says why from the account as it is.

Its check reads the member (with his account) first and the login's session row next. An account the
site's operators switched off between the two reads (its sessions deleted with it, in one commit) was
read as still on, its session already gone: ``login_end_reason`` said "logged_out", and the tab told a
cheat shut out "You logged out: log in again to play." and sent him to a log-in that refused him (the
review 135 heartbeat test failed so now and then). The reason now reads the account again.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from club.models import User
from club.sessions import login_end_reason
from tests.conftest import TEST_PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone():
    yield
    timezone.deactivate()


def _switch_off(user_id: int) -> None:
    person = User.objects.get(pk=user_id)
    person.is_active = False
    person.save()


def test_an_account_switched_off_after_it_was_read_is_said_switched_off(players):
    vera = players[0]
    laptop = Client()
    laptop.force_login(vera, backend="django.contrib.auth.backends.ModelBackend")
    key = laptop.session.session_key
    as_read = User.objects.get(pk=vera.pk)  # the heartbeat's read, before the switch-off commits
    _switch_off(vera.pk)
    assert login_end_reason(key, as_read) == "switched_off"


def test_a_password_changed_after_it_was_read_is_said_changed(players):
    vera = players[0]
    laptop = Client()
    laptop.force_login(vera, backend="django.contrib.auth.backends.ModelBackend")
    key = laptop.session.session_key
    as_read = User.objects.get(pk=vera.pk)
    fresh = User.objects.get(pk=vera.pk)
    fresh.set_password(TEST_PASSWORD + "-new")
    fresh.save()
    assert login_end_reason(key, as_read) == "password_changed"


def test_a_logout_is_still_a_logout(players):
    vera = players[0]
    laptop = Client()
    laptop.force_login(vera, backend="django.contrib.auth.backends.ModelBackend")
    key = laptop.session.session_key
    laptop.post("/accounts/logout/")
    assert login_end_reason(key, User.objects.get(pk=vera.pk)) == "logged_out"
