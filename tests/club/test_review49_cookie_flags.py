"""Review 49: the cookies a log-in sets under the production settings (HTTPS_ONLY): the session's
is Secure, HttpOnly and SameSite=Lax, the form token's Secure and SameSite=Lax; and the log-in page
answers with the headers that keep it out of frames and its address out of other sites' logs."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import TEST_PASSWORD

pytestmark = pytest.mark.django_db


def test_log_in_cookies_under_https_only(settings, make_user):
    settings.SESSION_COOKIE_SECURE = settings.CSRF_COOKIE_SECURE = settings.LANGUAGE_COOKIE_SECURE = True
    make_user("vera")
    client = Client(enforce_csrf_checks=True)
    page = client.get(reverse("login"), secure=True)
    assert page["X-Frame-Options"] == "DENY"
    assert page["Referrer-Policy"] == "same-origin"
    assert page["X-Content-Type-Options"] == "nosniff"
    token = page.cookies["csrftoken"]
    assert token["secure"] and token["samesite"] == "Lax"
    answer = client.post(
        reverse("login"),
        {"username": "vera", "password": TEST_PASSWORD, "csrfmiddlewaretoken": token.value},
        secure=True,
        headers={"referer": "https://testserver/accounts/login/"},
    )
    assert answer.status_code == 302
    session = answer.cookies["sessionid"]
    assert session["secure"] and session["httponly"] and session["samesite"] == "Lax"
