"""A reset link opened after its three days said "invalid, possibly because it has already been
used": the player wondered who had used it. An expired link says it expired and for how long links
work; a used or damaged link still says what it said."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from unittest import mock

import pytest
from django.conf import settings
from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.core import mail
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

NEW = "Brand-new-pass-77"
EXPIRED = "This password reset link has expired"
USED = "possibly because it has already been used"


def _link(client: Client, email: str, *, sent_ago: timedelta = timedelta()) -> str:
    mail.outbox.clear()
    sent = datetime.now() - sent_ago
    with mock.patch.object(PasswordResetTokenGenerator, "_now", return_value=sent):
        assert client.post(reverse("password_reset"), {"email": email}).status_code == 302
    return re.search(r"https?://[^/\s]+(/accounts/reset/\S+/)", mail.outbox[-1].body).group(1)


def _said(client: Client, link: str) -> str:
    return client.get(link, follow=True).content.decode().replace("&#x27;", "'")


def test_an_expired_link_says_it_expired(make_user) -> None:
    make_user("anna", email="anna@example.org")
    client = Client()
    link = _link(client, "anna@example.org", sent_ago=timedelta(seconds=settings.PASSWORD_RESET_TIMEOUT + 60))
    page = _said(client, link)
    days = settings.PASSWORD_RESET_TIMEOUT // 86400
    assert f"{EXPIRED}: a link works for {days} days after it is sent." in page
    assert USED not in page
    ru = Client(headers={"accept-language": "ru"})
    ru_page = ru.get(link, follow=True).content.decode()
    assert "истёк" in ru_page and f"{days} дня" in ru_page


def test_a_fresh_link_works_and_a_used_or_damaged_one_is_not_called_expired(make_user) -> None:
    make_user("boris", email="boris@example.org")
    client = Client()
    link = _link(client, "boris@example.org", sent_ago=timedelta(days=1))
    form_page = client.get(link, follow=True).redirect_chain[-1][0]
    done = client.post(form_page, {"new_password1": NEW, "new_password2": NEW})
    assert done.status_code == 302
    again = _said(Client(), link)
    assert USED in again and EXPIRED not in again
    for damaged in ("/accounts/reset/MQ/bad-token/", "/accounts/reset/MQ/zzzzzzzzzzzzzzzzzzzzz-abc/"):
        page = _said(Client(), damaged)
        assert USED in page and EXPIRED not in page, damaged
