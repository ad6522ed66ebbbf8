"""An operator put the site behind nginx with HTTPS_ONLY on and forgot BEHIND_PROXY (or nginx sent no
X-Forwarded-Proto): every page answered a redirect to itself, the browser said "too many redirects",
and the log held nothing but 301s. The first such request says in the log what to set, once."""

from __future__ import annotations

import logging

import pytest
from django.test import Client, override_settings

from club import proxy_check


@pytest.fixture(autouse=True)
def _fresh():
    proxy_check._said.clear()
    yield
    proxy_check._said.clear()


def _errors(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "club.proxy" and r.levelno == logging.ERROR]


@pytest.mark.django_db
@override_settings(SECURE_SSL_REDIRECT=True, BEHIND_PROXY=False, SECURE_PROXY_SSL_HEADER=None)
def test_https_through_a_proxy_without_behind_proxy_is_said_once(caplog):
    client = Client()
    for _ in range(3):
        answer = client.get("/", HTTP_X_FORWARDED_PROTO="https")
        assert answer.status_code == 301  # still redirected: the setting decides, not the header
    said = _errors(caplog)
    assert len(said) == 1 and "Set BEHIND_PROXY=1." in said[0]


@pytest.mark.django_db
@override_settings(
    SECURE_SSL_REDIRECT=True, BEHIND_PROXY=True, SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https")
)
def test_behind_proxy_with_no_proto_header_is_said(caplog):
    assert Client().get("/").status_code == 301
    said = _errors(caplog)
    assert len(said) == 1 and "sends no X-Forwarded-Proto header" in said[0]


@pytest.mark.django_db
@override_settings(
    SECURE_SSL_REDIRECT=True, BEHIND_PROXY=True, SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https")
)
def test_a_proxy_set_up_right_says_nothing(caplog):
    Client().get("/", HTTP_X_FORWARDED_PROTO="https")
    Client().get("/", HTTP_X_FORWARDED_PROTO="http")  # a visitor on plain HTTP: redirected, rightly
    assert _errors(caplog) == []


@pytest.mark.django_db
@override_settings(SECURE_SSL_REDIRECT=True, BEHIND_PROXY=False, SECURE_PROXY_SSL_HEADER=None)
def test_plain_http_with_no_proxy_says_nothing(caplog):
    assert Client().get("/").status_code == 301
    assert _errors(caplog) == []


@pytest.mark.django_db
@override_settings(
    SECURE_SSL_REDIRECT=True, BEHIND_PROXY=True, SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https")
)
@pytest.mark.parametrize("proto", ["HTTPS", "Https", " https", "https ", "HTTPS, http"])
def test_https_in_another_case_or_spacing_is_https(caplog, proto):
    # A scheme is case-insensitive (RFC 3986): Django compares "https" exactly, so "HTTPS" from the
    # proxy redirected every request to itself, and the log said nothing.
    answer = Client().get("/", HTTP_X_FORWARDED_PROTO=proto)
    assert answer.status_code != 301


@pytest.mark.django_db
@override_settings(SECURE_SSL_REDIRECT=True, BEHIND_PROXY=False, SECURE_PROXY_SSL_HEADER=None)
@pytest.mark.parametrize("proto", ["https,http", "https, http", "HTTPS"])
def test_two_proxies_or_capitals_without_behind_proxy_are_said(caplog, proto):
    # Two proxies append their values ("https, http"): the first is the visitor's, as Django reads it.
    assert Client().get("/", HTTP_X_FORWARDED_PROTO=proto).status_code == 301
    said = _errors(caplog)
    assert len(said) == 1 and "Set BEHIND_PROXY=1." in said[0]


@pytest.mark.django_db
@override_settings(SECURE_SSL_REDIRECT=True, BEHIND_PROXY=False, SECURE_PROXY_SSL_HEADER=None)
def test_a_visitor_on_plain_http_through_two_proxies_says_nothing(caplog):
    assert Client().get("/", HTTP_X_FORWARDED_PROTO="http, https").status_code == 301
    assert _errors(caplog) == []
