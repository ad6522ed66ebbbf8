"""IPv4 clients seen through a dual-stack socket are counted one by one (review 22).

A server or proxy listening on an IPv6 socket that also takes IPv4 (daphne bound to "::", nginx on
[::] with ipv6only=off) gives an IPv4 client's address as ::ffff:a.b.c.d. The site counts an IPv6
client by its /64, and the /64 of every such address is "::": every IPv4 client of the site was one
client to the log-in lock, the spraying pause, the reset and the registration limits. Five wrong
passwords from anywhere locked a name for every IPv4 user, thirty paused every IPv4 log-in, twenty
accounts an hour closed registration to all of them.
"""

from __future__ import annotations

import pytest
from django.test import Client, override_settings
from django.urls import reverse

from club.client_ip import client_network
from tests.conftest import TEST_PASSWORD

pytestmark = pytest.mark.django_db

ATTACKER = "::ffff:198.51.100.66"
VICTIM = "::ffff:203.0.113.20"


def test_a_mapped_address_is_its_ipv4_client():
    assert client_network("::ffff:203.0.113.20") == "203.0.113.20"
    assert client_network("::ffff:203.0.113.20") != client_network("::ffff:198.51.100.66")
    assert client_network("2001:db8:1:2::a") == client_network("2001:db8:1:2:ffff::c") == "2001:db8:1:2::"
    assert client_network("203.0.113.20") == "203.0.113.20"


def _login(address: str, username: str, password: str):
    return Client(REMOTE_ADDR=address).post(reverse("login"), {"username": username, "password": password})


def test_wrong_passwords_from_one_ipv4_client_do_not_lock_the_name_for_another(make_user):
    make_user("anna")
    for _ in range(6):
        _login(ATTACKER, "anna", "not-her-password")
    assert _login(ATTACKER, "anna", TEST_PASSWORD).status_code != 302  # locked where he guessed
    assert _login(VICTIM, "anna", TEST_PASSWORD).status_code == 302


@override_settings(LOGIN_ADDRESS_FAILURE_LIMIT=6)
def test_spraying_from_one_ipv4_client_does_not_pause_another(make_user):
    make_user("anna")
    for k in range(7):
        _login(ATTACKER, f"member{k}", "Summer2026!")
    assert _login(VICTIM, "anna", TEST_PASSWORD).status_code == 302


@override_settings(REGISTRATIONS_PER_NETWORK=1)
def test_registrations_count_per_ipv4_client():
    def register(address: str, n: int):
        return Client(REMOTE_ADDR=address).post(
            reverse("register"),
            {
                "username": f"newcomer{n}",
                "email": f"newcomer{n}@example.org",
                "password1": TEST_PASSWORD,
                "password2": TEST_PASSWORD,
            },
        )

    assert register(ATTACKER, 0).status_code == 302
    assert register(ATTACKER, 1).status_code == 429
    assert register(VICTIM, 2).status_code == 302
