"""Review 100: saving the profile put the language cookie back to the profile's language (or dropped
it) whatever was changed: a person who had picked Russian with the site's language switch and then
saved a new time zone, the language left as the page showed it, was sent back to the browser's
language (or to the profile's). The cookie now follows the profile's language only when it was
changed on the page (or the page was sent without what it was opened with, as before)."""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse

from .conftest import client_for
from .test_r99_profile_stale_tab import _opened


def test_a_time_zone_saved_keeps_the_language_switch(make_user):
    vera = make_user("vera")  # "As the browser asks"
    client = client_for(vera)
    client.post(reverse("set_language"), {"language": "ru", "next": "/"})
    response = client.post(reverse("profile"), {**_opened(vera), "time_zone": "Europe/Sofia"})
    assert response.status_code == 302
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "ru"
    assert client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="en")["Content-Language"] == "ru"


def test_nor_puts_back_the_profiles_language_over_it(make_user):
    vera = make_user("vera", preferred_language="bg")
    client = client_for(vera)
    client.post(reverse("set_language"), {"language": "ru", "next": "/"})
    client.post(reverse("profile"), {**_opened(vera), "time_zone": "Europe/Sofia"})
    assert client.get(reverse("home"))["Content-Language"] == "ru"


def test_a_language_chosen_on_the_page_still_wins(make_user):
    vera = make_user("vera")
    client = client_for(vera)
    client.post(reverse("set_language"), {"language": "ru", "next": "/"})
    client.post(reverse("profile"), {**_opened(vera), "preferred_language": "bg"})
    assert client.get(reverse("home"))["Content-Language"] == "bg"
