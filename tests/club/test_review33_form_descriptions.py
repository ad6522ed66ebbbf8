"""Review 33: a screen reader never read a field's help on the site's forms: Django points each
field at its help (``aria-describedby="id_password1_helptext"``), but the site's form partial drew
the help without that id, so a newcomer registering heard no password rules, no username rules.
Every id a field is described by is on the page."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from club import services
from club.models import User

pytestmark = pytest.mark.django_db

PASSWORD = "Chips-and-Trumps-2024"


def _dangling(html: str) -> list[str]:
    ids = set(re.findall(r'\bid="([^"]+)"', html))
    missing = []
    for described in re.findall(r'aria-describedby="([^"]+)"', html):
        missing += [i for i in described.split() if i not in ids]
    return missing


def _described(html: str) -> int:
    return len(re.findall(r'aria-describedby="', html))


def test_the_register_form_points_at_help_and_errors_that_are_there():
    client = Client()
    page = client.get("/accounts/register/").content.decode()
    assert _described(page) >= 3
    assert _dangling(page) == []
    assert 'id="id_password1_helptext"' in page
    bad = client.post(
        "/accounts/register/", {"username": "a b", "email": "x", "password1": "1", "password2": "2"}
    ).content.decode()
    assert _dangling(bad) == []


def test_the_other_forms_of_a_member_point_at_what_is_there():
    user = User.objects.create_user("olga", "olga@example.org", PASSWORD)
    club = services.club_create(user=user, name="Help Texts")
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    for url in (
        "/accounts/profile/",
        "/accounts/password/change/",
        "/clubs/new/",
        f"/clubs/{club.slug}/settings/",
        f"/clubs/{club.slug}/tables/new/",
        f"/clubs/{club.slug}/",
    ):
        page = client.get(url)
        assert page.status_code == 200, url
        assert _dangling(page.content.decode()) == [], url
