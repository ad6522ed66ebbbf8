"""The password-reset page answers as fast for an address with an account as for one without
(review 22).

The page's words never say whether an address has an account, but it sent the mail before it
answered: an address with an account was answered as much later as the mail server took to take the
mail (up to seconds over SMTP), one without at once. The mail now goes out beside
the answer (``RESET_MAIL_IN_BACKGROUND``, on outside the tests).
"""

from __future__ import annotations

import threading
import time
from typing import ClassVar

import pytest
from django.core import mail
from django.core.mail.backends.locmem import EmailBackend
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

HOLD_SECONDS = 5.0


class HeldMailServer(EmailBackend):
    """A mail server that takes a mail only once the page has answered. Sent before the answer (the
    page waiting for the mail server), the mail waits in vain and says so: the order is checked, not
    a time, which a loaded machine stretches."""

    answered = threading.Event()
    after_answer: ClassVar[list[bool]] = []

    def send_messages(self, messages):
        self.after_answer.append(self.answered.wait(HOLD_SECONDS))
        return super().send_messages(messages)


@pytest.fixture
def held_mail(settings):
    settings.EMAIL_BACKEND = f"{__name__}.HeldMailServer"
    settings.RESET_MAIL_IN_BACKGROUND = True
    HeldMailServer.answered.clear()
    HeldMailServer.after_answer.clear()
    mail.outbox = []


def _timed_reset(address: str, email: str) -> float:
    client = Client(REMOTE_ADDR=address)
    started = time.monotonic()
    response = client.post(reverse("password_reset"), {"email": email})
    assert response.status_code == 302
    return time.monotonic() - started


def test_an_address_with_an_account_is_answered_before_the_mail_is_sent(held_mail, make_user):
    make_user("vera", email="vera@example.org")
    _timed_reset("203.0.113.60", "vera@example.org")
    _timed_reset("203.0.113.61", "nobody@example.org")
    HeldMailServer.answered.set()
    deadline = time.monotonic() + 10
    while not mail.outbox and time.monotonic() < deadline:
        time.sleep(0.05)
    assert [m.to for m in mail.outbox] == [["vera@example.org"]]
    assert "/accounts/reset/" in mail.outbox[0].body
    assert HeldMailServer.after_answer == [True], "the page waited for the mail server"


def test_a_mail_server_that_fails_is_logged_not_raised(settings, make_user, caplog):
    settings.EMAIL_BACKEND = "tests.club.test_review22_reset_timing.BrokenMailServer"
    settings.RESET_MAIL_IN_BACKGROUND = False
    make_user("vera", email="vera@example.org")
    assert _timed_reset("203.0.113.62", "vera@example.org") < 5
    assert "Failed to send password reset email" in caplog.text


class BrokenMailServer(EmailBackend):
    def send_messages(self, messages):
        raise ConnectionRefusedError("no mail server")
