"""Limits a stranger meets: failed log-ins counted per client address over every username
(password spraying), and password-reset mail per address and per client network."""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import translation

from tests.conftest import TEST_PASSWORD

pytestmark = pytest.mark.django_db


def _login(client: Client, username: str, password: str = "Summer2026!"):
    return client.post(reverse("login"), {"username": username, "password": password})


@override_settings(LOGIN_ADDRESS_FAILURE_LIMIT=6)
def test_one_address_trying_many_usernames_is_paused(make_user):
    make_user("anna")
    client = Client(REMOTE_ADDR="198.51.100.7")
    for k in range(6):  # one or two guesses per name: never five on one username
        assert _login(client, f"member{k}").status_code == 200
    response = _login(client, "anna", TEST_PASSWORD)  # even the right password of someone else
    assert response.status_code == 429
    assert "from your network" in response.content.decode()
    assert "_auth_user_id" not in client.session
    # Another address is not touched by it.
    other = Client(REMOTE_ADDR="203.0.113.9")
    assert _login(other, "anna", TEST_PASSWORD).status_code == 302


@override_settings(LOGIN_ADDRESS_FAILURE_LIMIT=6)
def test_a_few_typos_behind_one_router_do_not_pause_the_club(make_user):
    make_user("anna")
    make_user("boris")
    client = Client(REMOTE_ADDR="198.51.100.7")
    for name in ("anna", "boris", "anna", "boris", "carl"):
        _login(client, name)
    assert _login(client, "anna", TEST_PASSWORD).status_code == 302


@override_settings(LOGIN_ADDRESS_FAILURE_LIMIT=3)
def test_the_address_pause_is_said_in_the_readers_language(make_user):
    client = Client(REMOTE_ADDR="198.51.100.8", HTTP_ACCEPT_LANGUAGE="ru")
    for k in range(3):
        _login(client, f"x{k}")
    page = _login(client, "y").content.decode()
    english = "Too many failed log-ins came from your network: log-ins from it are paused."
    with translation.override("ru"):
        expected = translation.gettext(english)
    assert expected in page and expected != english


def _reset(client: Client, email: str):
    return client.post(reverse("password_reset"), {"email": email})


@override_settings(RESET_MAILS_PER_ADDRESS=3, RESET_REQUESTS_PER_NETWORK=100)
def test_one_address_gets_at_most_three_reset_mails_an_hour_and_the_page_never_tells(make_user):
    make_user("anna")
    answers = []
    for k in range(6):  # from several networks: the limit is the address's
        response = _reset(Client(REMOTE_ADDR=f"198.51.100.{k + 1}"), "anna@example.org")
        answers.append((response.status_code, response.get("Location")))
    assert len(mail.outbox) == 3
    assert len(set(answers)) == 1 and answers[0] == (302, reverse("password_reset_done"))
    # Spelled otherwise, it is the same address.
    _reset(Client(REMOTE_ADDR="198.51.100.50"), "  ANNA@example.org ")
    assert len(mail.outbox) == 3


@override_settings(RESET_MAILS_PER_ADDRESS=100, RESET_REQUESTS_PER_NETWORK=4)
def test_one_network_asking_for_many_resets_is_told_to_wait_and_nothing_is_sent(make_user):
    for k in range(6):
        make_user(f"user{k}")
    client = Client(REMOTE_ADDR="198.51.100.7")
    for k in range(4):
        assert _reset(client, f"user{k}@example.org").status_code == 302
    response = _reset(client, "user5@example.org")
    assert response.status_code == 429
    assert "Too many password reset requests" in response.content.decode()
    assert len(mail.outbox) == 4
    # An IPv6 client is one network however many addresses of its /64 it uses.
    for k in range(4):
        _reset(Client(REMOTE_ADDR=f"2001:db8:1:2::{k + 1:x}"), f"user{k}@example.org")
    assert _reset(Client(REMOTE_ADDR="2001:db8:1:2::ff"), "user5@example.org").status_code == 429
    assert _reset(Client(REMOTE_ADDR="2001:db8:1:3::1"), "user5@example.org").status_code == 302


def test_an_ipv6_client_taking_a_fresh_address_for_each_guess_is_still_locked_out(make_user):
    make_user("anna")
    for k in range(5):
        _login(Client(REMOTE_ADDR=f"2001:db8:7:7::{k + 1:x}"), "anna")
    response = _login(Client(REMOTE_ADDR="2001:db8:7:7::99"), "anna", TEST_PASSWORD)
    assert response.status_code == 429
    # Another /64 is another client.
    assert _login(Client(REMOTE_ADDR="2001:db8:7:8::1"), "anna", TEST_PASSWORD).status_code == 302
