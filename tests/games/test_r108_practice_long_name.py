"""Review 108: a new player with a long username could not open a practice table.

A practice table is titled "Practice: <his name>", and a table's title holds at most 80 characters. A
username may have 150 (Django's own limit, which registration keeps); with no display name it is the
name the site shows. A player who signed up as such, joined a club and pressed "Practice" was told "A
table needs a title of 1 to 80 characters." — a title he never typed — and could not practise at all.
Found opening practice tables as new players. The name is now cut short in the title (with "…"), and
the table opens."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import translation

from club.services import membership_join
from games.models import TableSession

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
@pytest.mark.parametrize("length", [70, 71, 150])
def test_a_long_username_opens_a_practice_table(make_user, club, language: str, length: int) -> None:
    user = make_user("n" * (length - 3) + language)
    membership_join(club=club, user=user)
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    response = client.post(f"/clubs/{club.slug}/tables/practice/", {"preset": "classic"})
    told = [str(m) for m in get_messages(response.wsgi_request)]
    table = TableSession.objects.filter(created_by=user, practice=True).first()
    assert table is not None, told
    assert response.url == f"/tables/{table.pk}/"
    assert len(table.title) <= 80
    with translation.override(language):
        from django.utils.translation import gettext

        start = gettext("Practice: %(name)s") % {"name": ""}
    assert table.title.startswith(start + "nnnnnnnnnn")
    assert table.title == start + user.username or table.title.endswith("…")


def test_a_name_that_fits_is_whole(make_user, club) -> None:
    user = make_user("short_name")
    membership_join(club=club, user=user)
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    client.post(f"/clubs/{club.slug}/tables/practice/", {"preset": "classic"})
    assert TableSession.objects.get(created_by=user, practice=True).title == "Practice: short_name"
