"""Review 53: the lock-out page sends a player who forgot his password to the reset page ("Forgot
your password?"); once the mailed link has set a new password, he can log in with it."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

NEW = "Brand-new-pass-77"


def _log_in(client: Client, username: str, password: str):
    return client.post(reverse("login"), {"username": username, "password": password})


def _reset_by_mail(client: Client, email: str) -> None:
    mail.outbox.clear()
    assert client.post(reverse("password_reset"), {"email": email}).status_code == 302
    link = re.search(r"https?://[^/\s]+(/accounts/reset/\S+/)", mail.outbox[-1].body).group(1)
    form_page = client.get(link, follow=True).redirect_chain[-1][0]
    done = client.post(form_page, {"new_password1": NEW, "new_password2": NEW})
    assert done.status_code == 302 and done["Location"] == reverse("password_reset_complete")


@pytest.mark.parametrize("typed", ["anna", "ANNA"])
def test_a_locked_out_player_logs_in_with_the_password_the_reset_link_set(make_user, typed):
    make_user("Anna")
    client = Client(REMOTE_ADDR="198.51.100.7")
    for _ in range(5):
        _log_in(client, typed, "wrong-guess")
    locked = _log_in(client, typed, "wrong-guess")
    assert locked.status_code == 429
    assert reverse("password_reset") in locked.content.decode()  # the page sends him there

    _reset_by_mail(client, "Anna@example.org")

    assert _log_in(client, typed, NEW).status_code == 302
    assert client.session.get("_auth_user_id")


def test_a_reset_of_one_account_leaves_another_name_locked(make_user):
    make_user("anna")
    make_user("boris")
    client = Client(REMOTE_ADDR="198.51.100.7")
    for _ in range(6):
        _log_in(client, "boris", "wrong-guess")
    _reset_by_mail(Client(REMOTE_ADDR="203.0.113.5"), "anna@example.org")
    assert _log_in(client, "boris", "wrong-guess").status_code == 429


def test_a_link_refused_changes_nothing_and_unlocks_nothing(make_user):
    make_user("anna")
    client = Client(REMOTE_ADDR="198.51.100.7")
    for _ in range(6):
        _log_in(client, "anna", "wrong-guess")
    page = client.post("/accounts/reset/MQ/bad-token/", {"new_password1": NEW, "new_password2": NEW})
    assert page.status_code == 200
    assert _log_in(client, "anna", NEW).status_code == 429
