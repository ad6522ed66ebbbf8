"""Review 100: a language changed on both sides was refused saying "it is now “bg”" (the stored code,
not the choice the page lists), and one changed meanwhile to "As the browser asks" saying "it is now
“—”". The refusal now says the choice as the page's list names it."""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse

from club.models import User

from .conftest import client_for
from .test_r99_profile_stale_tab import _opened


def _refusal(make_user, now: str) -> str:
    vera = make_user("vera", preferred_language="en")
    sent = _opened(vera)
    User.objects.filter(pk=vera.pk).update(preferred_language=now)
    client = client_for(vera)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"  # the page in English, whatever is stored
    response = client.post(reverse("profile"), {**sent, "preferred_language": "ru"})
    assert response.status_code == 200
    return response.content.decode()


def test_a_language_is_named(make_user):
    assert "it is now “Bulgarian”" in _refusal(make_user, "bg")


def test_as_the_browser_asks_is_named(make_user):
    assert "it is now “As the browser asks”" in _refusal(make_user, "")
