"""The language switch with a ``next`` that is no path of this site (``/i18n/setlang/?next=abc``, a
link or a typed address) ended on a 404: Django took "abc" as relative to the switch's own address
(review 29's note). Such a ``next`` is dropped and the switch goes back to the page it came from, or
home; a path of the site is followed as before, a foreign site never."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("method", ["get", "post"])
@pytest.mark.parametrize(
    ("next_url", "referer", "lands"),
    [
        ("abc", None, "/"),
        ("0", "http://testserver/fairness/", "http://testserver/fairness/"),
        ("https://evil.example/", None, "/"),
        ("/fairness/", None, "/fairness/"),
    ],
)
def test_the_switch_lands_on_a_page_of_the_site(method, next_url, referer, lands):
    client = Client()
    headers = {"Referer": referer} if referer else {}
    send = client.get if method == "get" else client.post
    response = send(reverse("set_language"), {"language": "ru", "next": next_url}, headers=headers)
    assert response.status_code == 302
    assert response["Location"] == lands
    assert client.get(response["Location"]).status_code == 200
    if method == "post":
        assert response.cookies["django_language"].value == "ru"
