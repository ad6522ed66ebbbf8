"""Review 29: "." and ".." were usernames (Django's rule takes dots), and a link to such a player
is a path segment a browser resolves away: the leaderboard's link to "@.." opened the club page and
"My stats" of "@." the players' folder. They are refused now, with a reason, as any other name a
page could not link to; a name with dots and something else stays allowed.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from club.models import User
from tests.conftest import TEST_PASSWORD

pytestmark = pytest.mark.django_db

DOTS_ONLY = "A username cannot be only “.” or “..”: pages could not link to it. Please choose another."


def _register(username: str, language: str = "en"):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    data = {
        "username": username,
        "email": "dots@example.org",
        "password1": TEST_PASSWORD,
        "password2": TEST_PASSWORD,
    }
    return client.post(reverse("register"), data)


@pytest.mark.parametrize("name", [".", ".."])
def test_a_dot_segment_is_refused_with_a_reason_and_opens_nothing(name):
    response = _register(name)
    assert response.status_code == 200
    page = response.content.decode()
    assert "A username cannot be only" in page
    assert not User.objects.filter(username=name).exists()


def test_the_reason_is_in_the_readers_language():
    page = _register("..", language="ru").content.decode()
    with translation.override("ru"):
        assert translation.gettext(DOTS_ONLY) != DOTS_ONLY
        assert translation.gettext(DOTS_ONLY) in page
    with translation.override("bg"):
        assert translation.gettext(DOTS_ONLY) != DOTS_ONLY


@pytest.mark.parametrize("name", ["...", "a.b", ".vera"])
def test_other_names_with_dots_are_still_taken(name):
    assert _register(name).status_code == 302
    assert User.objects.filter(username=name).exists()
