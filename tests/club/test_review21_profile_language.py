"""Review 21: choosing "As the browser asks" in the profile after a language had been chosen (there
or with the language switch) changed nothing: the language cookie the earlier choice left kept the
old language on every page."""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse

from club.models import User

from .conftest import client_for


def _profile(user: User, language: str) -> dict[str, str]:
    return {"display_name": "", "email": user.email, "preferred_language": language, "time_zone": "UTC"}


def test_as_the_browser_asks_drops_the_earlier_choice(make_user):
    vera = make_user("vera")
    client = client_for(vera)
    client.post(reverse("profile"), _profile(vera, "ru"))
    assert client.get(reverse("profile"), HTTP_ACCEPT_LANGUAGE="bg")["Content-Language"] == "ru"

    response = client.post(reverse("profile"), _profile(vera, ""), HTTP_ACCEPT_LANGUAGE="bg", follow=True)
    assert User.objects.get(pk=vera.pk).preferred_language == ""
    # The page after the save, its message too, is in the browser's language already.
    assert response["Content-Language"] == "bg"
    assert "Профилът ви е запазен." in response.content.decode()
    assert client.get(reverse("profile"), HTTP_ACCEPT_LANGUAGE="bg")["Content-Language"] == "bg"
    assert client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="en")["Content-Language"] == "en"


def test_as_the_browser_asks_after_the_language_switch(make_user):
    vera = make_user("vera")
    client = client_for(vera)
    client.post(reverse("set_language"), {"language": "ru", "next": "/"})
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "ru"
    client.post(reverse("profile"), _profile(vera, ""))
    assert client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="bg")["Content-Language"] == "bg"


def test_a_chosen_language_still_wins_over_the_browser(make_user):
    vera = make_user("vera")
    client = client_for(vera)
    client.post(reverse("profile"), _profile(vera, "bg"), HTTP_ACCEPT_LANGUAGE="ru")
    assert client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="ru")["Content-Language"] == "bg"
