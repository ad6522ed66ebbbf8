"""Review 131: ``next`` (and the language switch's Referer) spelled the ways that lead browsers to
another site: protocol-relative, backslashes, a tab or a control character first, an encoded slash,
a user-info "@", ideographic and fullwidth dots and slashes. The log-in, the registration (for one
logged in already), the log-out and the language switch each stay on this site. Checked for review
131: no fault found."""

from __future__ import annotations

from urllib.parse import quote, urlsplit

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.conftest import TEST_PASSWORD

pytestmark = pytest.mark.django_db

ELSEWHERE = [
    "//evil.example/",
    "/\\evil.example/",
    "\\\\evil.example",
    "/\t/evil.example",
    "/%09/evil.example",
    "https:evil.example",
    "https:/evil.example",
    " //evil.example",
    "\x01//evil.example",
    "///evil.example",
    "/.//evil.example",
    "http://testserver@evil.example/",
    "//evil.example%2F@testserver/",
    "//evil。example/",
    "／／evil.example",
]


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def _leaves(response) -> bool:
    """Would a browser following this answer land on another host?"""
    where = (response.get("Location") or response.get("HX-Redirect") or "").strip().replace("\\", "/")
    parts = urlsplit(where)
    return where.startswith("//") or bool(parts.netloc and parts.netloc != "testserver")


@pytest.mark.parametrize("target", ELSEWHERE)
def test_no_next_leads_to_another_site(make_user, target):
    make_user("anna")
    client = Client()
    answers = {
        "login": client.post(
            reverse("login"), {"username": "anna", "password": TEST_PASSWORD, "next": target}
        ),
        "register": client.get(f"{reverse('register')}?next={quote(target)}"),
        "setlang": client.post("/i18n/setlang/", {"language": "ru", "next": target}),
        "setlang referer": client.post("/i18n/setlang/", {"language": "en"}, HTTP_REFERER=target),
        "logout": client.post(reverse("logout"), {"next": target}),
    }
    assert answers["login"].status_code == 302
    assert not [name for name, response in answers.items() if _leaves(response)], target
