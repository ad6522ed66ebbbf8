"""Accounts one client network may open per hour (review 12).

Log-ins and password resets were limited per client, registrations not at all: one client opened
fifteen accounts in eight seconds against a running server, each a password hash (about half a second
of its CPU) and a row, and each account comes with its own sockets and log-in allowances. Past
``REGISTRATIONS_PER_NETWORK`` accounts in an hour from one network (an IPv4 address, an IPv6 /64) the
page says to try again later, in the reader's language, and opens nothing.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from club.models import User

pytestmark = pytest.mark.django_db

PASSWORD = "Zq8!vbnm-long-pass"


def _register(address: str, n: int, *, language: str = "en", email: str | None = None):
    client = Client(REMOTE_ADDR=address, HTTP_ACCEPT_LANGUAGE=language)
    return client.post(
        reverse("register"),
        {
            "username": f"newcomer{n}",
            "email": email or f"newcomer{n}@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )


def test_one_network_opens_at_most_the_limit_per_hour(settings):
    settings.REGISTRATIONS_PER_NETWORK = 3
    for n in range(3):
        assert _register("203.0.113.7", n).status_code == 302
    refused = _register("203.0.113.7", 3)
    assert refused.status_code == 429
    assert "Too many accounts were opened from your network" in refused.content.decode()
    assert not User.objects.filter(username="newcomer3").exists()
    # Another client is not held back.
    assert _register("198.51.100.9", 4).status_code == 302


def test_an_ipv6_client_counts_by_its_64(settings):
    settings.REGISTRATIONS_PER_NETWORK = 2
    assert _register("2001:db8:1:2::a", 0).status_code == 302
    assert _register("2001:db8:1:2::b", 1).status_code == 302
    assert _register("2001:db8:1:2:ffff::c", 2).status_code == 429  # a fresh address of the same /64
    assert _register("2001:db8:1:3::a", 3).status_code == 302


def test_a_refused_form_uses_up_nothing_and_the_refusal_is_translated(settings):
    settings.REGISTRATIONS_PER_NETWORK = 1
    assert _register("203.0.113.8", 0, email="not an address").status_code == 200  # the form's own error
    assert _register("203.0.113.8", 1).status_code == 302
    for language, words in (("ru", "слишком много учётных записей"), ("bg", "Твърде много профили")):
        refused = _register("203.0.113.8", 2, language=language)
        assert refused.status_code == 429 and words in refused.content.decode()
